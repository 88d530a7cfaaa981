/**
 * A redis-server of a test's own on a free port (never the machine's shared Redis at 127.0.0.1:6379, which
 * other work uses): no persistence, killed with stop() or when the test process exits.
 */
import net from 'node:net'
import { spawn, type ChildProcess } from 'node:child_process'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port
      s.close(() => resolve(p))
    })
  })
}

/** true once the server answers PING (a raw RESP exchange: no client library needed) */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1')
    s.once('connect', () => s.write('PING\r\n'))
    s.once('data', (d) => {
      s.destroy()
      resolve(String(d).startsWith('+PONG'))
    })
    s.once('error', () => resolve(false))
  })
}

export interface OwnRedis {
  url: string
  proc: ChildProcess
  /** kills it (SIGKILL: a crash, as the tests that stop Redis midway want) */
  stop: () => void
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL')
})

export async function startRedis(bin = 'redis-server'): Promise<OwnRedis> {
  const port = await freePort()
  const proc = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  })
  running.add(proc)
  proc.once('exit', () => running.delete(proc))
  const stop = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL')
  }
  for (let i = 0; i < 100; i++) {
    if (await pong(port)) return { url: `redis://127.0.0.1:${port}`, proc, stop }
    if (proc.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 100))
  }
  stop()
  throw new Error(`redis-server did not answer on port ${port} (exit ${proc.exitCode})`)
}
