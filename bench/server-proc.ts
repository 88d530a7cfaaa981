/**
 * The memory and cold-start benches' view of a server: a separate process (as `npm start` runs it),
 * its resident memory read from /proc (VmRSS, VmHWM) together with the child processes it keeps, and
 * temporary PostgreSQL databases for the PostgreSQL runs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require('../tests/support/server-process.js') as { freePort: () => Promise<number> }
export { tempPostgres } from './temp-db'

export const ROOT = path.resolve(__dirname, '..')
const MB = 1024

export function buildServerBundle(): void {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (r.status !== 0) throw new Error('npm run build:server failed')
}

/** dist/h5 as `npm start` would build it, when missing (a few minutes). */
export function ensureH5Build(): void {
  if (fs.existsSync(path.join(ROOT, 'dist', 'h5', 'index.html'))) return
  const r = spawnSync('npm', ['run', 'build:h5'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (r.status !== 0) throw new Error('npm run build:h5 failed')
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))
    return m ? Number(m[1]) : 0
  } catch {
    return 0 // exited
  }
}

/** pid and all its living descendants */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)])
    } catch {
      /* gone */
    }
  }
  const out: number[] = []
  const walk = (p: number) => {
    out.push(p)
    for (const c of children.get(p) ?? []) walk(c)
  }
  walk(pid)
  return out
}

/**
 * CPU seconds (user + system) used so far by the process tree, children that exited and were reaped
 * included: unlike wall time, barely changed by other work on a shared machine.
 */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ') // f[0] is field 3 (state)
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) // utime stime cutime cstime
    } catch {
      /* gone */
    }
  }
  return ticks / 100 // USER_HZ (getconf CLK_TCK) is 100 on Linux
}

/** MB resident: the process and the children it keeps */
export const treeRssMb = (pid: number): number => processTree(pid).reduce((s, p) => s + statusKb(p, 'VmRSS'), 0) / MB
/** MB: the highest resident size of the process itself since start (or since resetPeak) */
export const peakRssMb = (pid: number): number => statusKb(pid, 'VmHWM') / MB
/** Resets VmHWM of the process tree to its current RSS (Linux: clear_refs 5), to measure a later peak. */
export function resetPeak(pid: number): void {
  for (const p of processTree(pid)) {
    try {
      fs.writeFileSync(`/proc/${p}/clear_refs`, '5')
    } catch {
      /* not permitted: the peak then includes the start */
    }
  }
}

/** Samples the tree's RSS every 100 ms until stop() and returns the highest (children that exit included). */
export function sampleTreePeak(pid: number): { stop: () => number } {
  let peak = treeRssMb(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(pid))
  }, 100)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, treeRssMb(pid))
    },
  }
}

export async function httpOk(url: string, headers: Record<string, string> = {}): Promise<string | null> {
  try {
    const r = await fetch(url, { headers, signal: AbortSignal.timeout(5000) })
    const body = await r.text()
    return r.ok ? body : null
  } catch {
    return null
  }
}

export interface ServerProc {
  child: ChildProcess
  origin: string
  output: string[]
  stop(): Promise<void>
}

/** Spawns `node <args>` with PORT/HOST set; the caller waits for readiness. */
export async function spawnServer(args: string[], env: Record<string, string>): Promise<ServerProc> {
  const port = await freePort()
  const output: string[] = []
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => output.push(String(d)))
  child.stderr!.on('data', (d) => output.push(String(d)))
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Resolves when every URL answers 200 (and `check` accepts the bodies); rejects if the process exits or after timeoutMs. */
export async function waitUntil(
  s: ServerProc,
  paths: string[],
  check: (bodies: string[]) => boolean = () => true,
  timeoutMs = 180_000,
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (s.child.exitCode !== null) throw new Error(`server exited with ${s.child.exitCode}\n${s.output.join('')}`)
    const bodies = await Promise.all(paths.map((p) => httpOk(s.origin + p, { accept: 'text/html,application/json' })))
    if (bodies.every((b) => b !== null) && check(bodies as string[])) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`server not ready within ${timeoutMs} ms\n${s.output.join('')}`)
}
