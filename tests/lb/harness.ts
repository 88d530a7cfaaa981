/**
 * Issue 14's load-balancer layer: two real server processes (server/index.ts, as `npm start` runs it) on one
 * PostgreSQL database and one Redis, behind a real HAProxy (Debian's package), round-robin.
 *
 *   const lb = await startLb()      // temp database, own redis-server, two instances, HAProxy; all healthy
 *   await lb.client.get('/api/health')   // through HAProxy; each answer says which instance served it
 *   await lb.stop()                 // kills everything it started and drops the database (also after a failure)
 *
 * Which instance answered: HAProxy itself sets `x-instance: <server name>` on every response
 * (`http-response set-header x-instance %[srv_name]`), so the server needs no change for it and the header
 * names the instance HAProxy really used (after a retry or a redispatch too).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createPostgresDb, type DbHandle } from '../../server/db'
import { POSTGRES_URL, createTempPostgresDb, dropTempPostgresDb, withDatabase } from '../server/helpers'
import { freePort, startRedis } from '../support/redis-server'

export const ROOT = path.resolve(__dirname, '..', '..')
export const LB_JWT_SECRET = 'lb-layer-secret-shared-by-both-instances-0123456789'
export const INSTANCES = ['app1', 'app2'] as const
export type InstanceName = (typeof INSTANCES)[number]

const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0
export const HAPROXY = fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : has('haproxy') ? 'haproxy' : null
export const REDIS_SERVER = has('redis-server') ? 'redis-server' : null

/** Why the layer cannot run here, or null. */
export function skipReason(): string | false {
  if (!POSTGRES_URL) return 'DATABASE_URL is not set (the layer runs on PostgreSQL)'
  if (!HAPROXY) return 'haproxy is not installed (apt-get install haproxy)'
  if (!REDIS_SERVER) return 'redis-server is not installed'
  return false
}

export { freePort }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function status(url: string): Promise<number> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(1000) })
    await r.arrayBuffer()
    return r.status
  } catch {
    return 0
  }
}

/** Polls every 100 ms until `ok()` or the deadline; `alive()` false stops early with its message. */
async function waitFor(
  what: string,
  ok: () => Promise<boolean>,
  timeoutMs: number,
  dead?: () => string | null,
): Promise<void> {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (await ok()) return
    const d = dead?.()
    if (d) throw new Error(`${what}: ${d}`)
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(100)
  }
}

export interface Instance {
  name: InstanceName
  origin: string
  child: ChildProcess
  output: string[]
  /** resolves with the exit code once the process has exited */
  exited: Promise<number | null>
}

export interface Answer {
  status: number
  /** the instance HAProxy sent the request to (x-instance) */
  instance: string | null
  headers: Headers
  body: any
  text: string
}

/** Requests through the load balancer; `served` counts the instances that answered. */
export class LbClient {
  readonly served: Record<string, number> = {}
  constructor(readonly origin: string) {}

  async request(
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { countrycode: 'cn', languagecode: 'en', ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(new URL(url, this.origin), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      redirect: 'manual',
    })
    const text = await res.text()
    const instance = res.headers.get('x-instance')
    if (instance) this.served[instance] = (this.served[instance] ?? 0) + 1
    let body: any = null
    try {
      body = JSON.parse(text)
    } catch {
      /* not JSON */
    }
    return { status: res.status, instance, headers: res.headers, body, text }
  }

  get = (url: string, opts: { token?: string; headers?: Record<string, string> } = {}) => this.request('GET', url, opts)
  post = (url: string, body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) =>
    this.request('POST', url, { ...opts, body })
}

export interface Lb {
  origin: string
  statsUrl: string
  dbUrl: string
  redisUrl: string
  handle: DbHandle
  instances: Record<InstanceName, Instance>
  client: LbClient
  /** HAProxy's view of a server: UP, DOWN, MAINT, … (first word of its status column) */
  serverStatus(name: InstanceName): Promise<string>
  /** HAProxy's runtime API: `maint` takes a server out of the rotation (the benches' one-instance runs), `ready` puts it back */
  setServerState(name: InstanceName, state: 'ready' | 'maint'): Promise<void>
  /** output of the processes (for failure messages) */
  logs(): string
  stop(): Promise<void>
}

function haproxyConfig(
  lbPort: number,
  statsPort: number,
  adminSocket: string,
  servers: { name: string; port: number }[],
): string {
  return `global
  maxconn 4096
  stats socket ${adminSocket} mode 600 level admin

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 5s
  # without it a check times out after "inter" (100 ms): a busy instance would be taken out under load
  timeout check 2s
  timeout queue 30s
  option forwardfor
  # a request whose connection failed goes to the other server (never sent: always safe); one whose server
  # closed without answering (an idle keep-alive connection of an instance that just closed its listener)
  # is resent only when replaying it is harmless: GET/HEAD, or a write carrying an Idempotency-Key
  # (orders, flash-buy placements); the backend turns the layer-7 retry off for every other request
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend web
  bind 127.0.0.1:${lbPort}
  # every test client connects from 127.0.0.1; a client that stands for another buyer's address names it in
  # x-lb-test-client, and HAProxy takes it as the connection's source (set-src), as if it had connected from
  # there: it is what HAProxy appends to X-Forwarded-For. Test-only: a real balancer sees real addresses.
  http-request set-src req.hdr_ip(x-lb-test-client) if { req.hdr(x-lb-test-client) -m found }
  http-request del-header x-lb-test-client
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  # at most 100 requests at once per instance, the rest wait in HAProxy's queue (timeout queue): a crowd of
  # 1,000 connections does not pile onto one Node process, whose health check would then wait behind it
  default-server check inter 100ms fastinter 100ms downinter 100ms fall 2 rise 2 maxconn 100
  acl replay_safe method GET HEAD
  acl replay_safe req.hdr(idempotency-key) -m found
  http-request disable-l7-retry unless replay_safe
  http-response set-header x-instance %[srv_name]
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`
}

/** Registered processes are killed at exit however the run ends (a failed before(), an uncaught error). */
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})

function track(child: ChildProcess): ChildProcess {
  live.add(child)
  child.once('exit', () => live.delete(child))
  return child
}

export interface LbOptions {
  /** SHUTDOWN_DRAIN_MS of the instances (default 1000: ten health-check intervals) */
  drainMs?: number
  env?: Record<string, string>
}

export async function startLb(opts: LbOptions = {}): Promise<Lb> {
  const stops: (() => Promise<void> | void)[] = []
  const output: string[] = []
  const stop = async () => {
    for (const s of stops.splice(0).reverse())
      await Promise.resolve()
        .then(s)
        .catch((e) => console.error('lb teardown:', e))
  }
  try {
    // a seeded template of the layer (tests/server/shared-seed.ts) when the runner made one; else the instances seed
    const dbName = await createTempPostgresDb('sf_lb', process.env.TEST_PG_TEMPLATE || undefined)
    stops.push(() => dropTempPostgresDb(dbName))
    const dbUrl = withDatabase(POSTGRES_URL!, dbName)

    const redis = await startRedis(REDIS_SERVER!)
    stops.push(redis.stop)

    const [lbPort, statsPort, p1, p2] = await Promise.all([freePort(), freePort(), freePort(), freePort()])
    const origin = `http://127.0.0.1:${lbPort}`

    const instances = {} as Record<InstanceName, Instance>
    const ports = [p1, p2]
    INSTANCES.forEach((name, i) => {
      const out: string[] = []
      const child = track(
        spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')], {
          cwd: ROOT,
          env: {
            ...process.env,
            DATABASE_URL: dbUrl,
            REDIS_URL: redis.url,
            PORT: String(ports[i]),
            HOST: '127.0.0.1',
            JWT_SECRET: LB_JWT_SECRET,
            TRUST_PROXY: '127.0.0.1', // HAProxy's address: only its X-Forwarded-For entry is believed
            // the issuer and redirect URIs are the address browsers use: the load balancer's
            PUBLIC_URL: origin,
            APP_URL: origin,
            SHUTDOWN_DRAIN_MS: String(opts.drainMs ?? 1000),
            LOG_LEVEL: 'warn',
            STATIC_DIR: path.join(os.tmpdir(), 'no-h5-here'),
            PGLITE_TEMPLATE_DIR: '0',
            ...opts.env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      )
      child.stdout!.on('data', (d) => out.push(String(d)))
      child.stderr!.on('data', (d) => out.push(String(d)))
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
      instances[name] = { name, origin: `http://127.0.0.1:${ports[i]}`, child, output: out, exited }
      stops.push(async () => {
        if (child.exitCode !== null || child.signalCode !== null) return
        child.kill('SIGKILL')
        await exited
      })
    })
    const logs = () =>
      INSTANCES.map((n) => `--- ${n}\n${instances[n].output.join('').slice(-4000)}`).join('\n') +
      `\n--- haproxy\n${output.join('').slice(-2000)}`

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-haproxy-'))
    stops.push(() => fs.rmSync(dir, { recursive: true, force: true }))
    const cfg = path.join(dir, 'haproxy.cfg')
    const adminSocket = path.join(dir, 'admin.sock')
    fs.writeFileSync(
      cfg,
      haproxyConfig(
        lbPort,
        statsPort,
        adminSocket,
        INSTANCES.map((name, i) => ({ name, port: ports[i] })),
      ),
    )
    // -db: stay in the foreground (no daemon), so the child is the process to stop
    const haproxy = track(spawn(HAPROXY!, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] }))
    haproxy.stdout!.on('data', (d) => output.push(String(d)))
    haproxy.stderr!.on('data', (d) => output.push(String(d)))
    stops.push(async () => {
      if (haproxy.exitCode !== null || haproxy.signalCode !== null) return
      const done = new Promise((r) => haproxy.once('exit', r))
      haproxy.kill('SIGKILL')
      await done
    })
    const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`
    const serverStatus = async (name: InstanceName) => {
      const csv = await (await fetch(statsUrl)).text()
      const head = csv.split('\n')[0].replace(/^# /, '').split(',')
      const row = csv
        .split('\n')
        .map((l) => l.split(','))
        .find((c) => c[0] === 'api' && c[1] === name)
      return row ? row[head.indexOf('status')].split(' ')[0] : 'MISSING'
    }

    const setServerState = async (name: InstanceName, state: 'ready' | 'maint') => {
      const answer = await new Promise<string>((resolve, reject) => {
        const c = net.connect(adminSocket)
        let out = ''
        c.on('data', (d) => {
          out += d
        })
        c.once('error', reject)
        c.once('end', () => resolve(out))
        c.end(`set server api/${name} state ${state}\n`)
      })
      if (answer.trim()) throw new Error(`haproxy: ${answer.trim()}`)
      if (state === 'ready')
        await waitFor(`haproxy: ${name} UP`, async () => (await serverStatus(name)) === 'UP', 10_000)
    }

    // both instances answer healthy themselves (one of them migrated and seeded, under the advisory lock) ...
    for (const name of INSTANCES) {
      const inst = instances[name]
      await waitFor(
        `instance ${name}`,
        async () => (await status(`${inst.origin}/api/health`)) === 200,
        120_000,
        () => (inst.child.exitCode !== null ? `exited with ${inst.child.exitCode}\n${logs()}` : null),
      )
    }
    // ... and HAProxy's checks have marked both UP
    await waitFor(
      'haproxy: both servers UP',
      async () => {
        try {
          return (await serverStatus('app1')) === 'UP' && (await serverStatus('app2')) === 'UP'
        } catch {
          return false
        }
      },
      10_000,
      () => (haproxy.exitCode !== null ? `haproxy exited with ${haproxy.exitCode}\n${output.join('')}` : null),
    )

    const handle = createPostgresDb(dbUrl, { max: 4 })
    // closed before the database is dropped (stops run in reverse)
    stops.push(() => handle.close())
    return {
      origin,
      statsUrl,
      dbUrl,
      redisUrl: redis.url,
      handle,
      instances,
      client: new LbClient(origin),
      serverStatus,
      setServerState,
      logs,
      stop,
    }
  } catch (e) {
    await stop()
    throw e
  }
}
