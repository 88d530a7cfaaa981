/**
 * A PostgreSQL server of a test's own (issue 22 #29: the database-fault layer restarts, crashes and stops it, so
 * it can never be the machine's shared PostgreSQL): initdb in a temporary folder, on a free port, no fsync, trust
 * authentication for the `postgres` role on 127.0.0.1 only. initdb and the server refuse to run as root, so as
 * root they run as the `postgres` system user (runuser), which owns the temporary folder. Removed by remove()
 * or when the test process exits.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { freePort } from './redis-server'

/** The newest /usr/lib/postgresql/<version>/bin with initdb and pg_ctl (PG_BIN_DIR overrides), or null. */
export function postgresBinDir(): string | null {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => path.join('/usr/lib/postgresql', v, 'bin'))
      : []
  return candidates.find((d) => fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'pg_ctl'))) ?? null
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

/** Why this machine cannot run a PostgreSQL of a test's own, or null when it can. */
export function postgresUnavailableReason(): string | null {
  if (!postgresBinDir())
    return 'PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb; apt-get install postgresql, or set PG_BIN_DIR)'
  if (isRoot() && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'running as root and there is no `postgres` system user to run initdb as'
  return null
}

export interface OwnPostgres {
  port: number
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  /** pg_ctl start (resolves when it accepts connections) */
  start(): Promise<void>
  /** pg_ctl stop -m fast|immediate (immediate: a crash, recovery at the next start) */
  stop(mode: 'fast' | 'immediate'): Promise<void>
  /** pg_ctl restart -m fast (resolves when it accepts connections again) */
  restart(): Promise<void>
  /** stops it (immediate) and deletes its folder */
  remove(): void
}

const live = new Set<OwnPostgres>()
process.once('exit', () => {
  for (const p of live) p.remove()
})

export async function initPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir()
  if (!bin) throw new Error(postgresUnavailableReason() ?? 'no PostgreSQL')
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-pg-'))
  const data = path.join(dir, 'data')
  const log = path.join(dir, 'server.log')
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    fs.chownSync(dir, uid, gid)
  }
  /** runs a PostgreSQL program as the user the server must run as (asynchronously: the test's clients keep going) */
  const run = (prog: string, args: string[], allowFail = false) =>
    new Promise<void>((resolve, reject) => {
      const [cmd, argv] = isRoot()
        ? ['runuser', ['-u', 'postgres', '--', path.join(bin, prog), ...args]]
        : [path.join(bin, prog), args]
      execFile(cmd, argv, { cwd: dir, encoding: 'utf8' }, (err, stdout, stderr) => {
        if (!err || allowFail) return resolve()
        const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : ''
        reject(new Error(`${prog} ${args.join(' ')}: ${err.message}\n${stdout}\n${stderr}\n${tail}`))
      })
    })
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'])
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off -c max_connections=60`
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', log, '-o', opts, '-t', '120', ...args])
  let removed = false
  const own: OwnPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl('-w', 'start'),
    stop: (mode) => ctl('-w', '-m', mode, 'stop'),
    restart: () => ctl('-w', '-m', 'fast', 'restart'),
    remove() {
      if (removed) return
      removed = true
      live.delete(own)
      // synchronous: it also runs in the process's 'exit' handler
      const argv = ['-D', data, '-m', 'immediate', 'stop']
      if (isRoot()) spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...argv])
      else spawnSync(path.join(bin, 'pg_ctl'), argv)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
  live.add(own)
  return own
}
