import { it, before, after } from 'node:test'
import net from 'node:net'
import assert from 'node:assert/strict'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { buildApp } from '../../server/app'
import { RATE_LIMIT_NAMESPACE } from '../../server/domains/auth/rate-limit'
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import type { AuthUser } from '../../server/domains/auth'
import { auth, authUser, describeEachDb, TEST_JWT_SECRET, tokenFor } from './helpers'
import { freePort, startRedis } from '../support/redis-server'

/**
 * Issue 14: "With DATABASE_URL (and REDIS_URL where it serves better), every piece of shared state lives
 * in PostgreSQL or Redis ... (@fastify/rate-limit with its Redis store in place of server/domains/auth/rate-limit.ts)
 * ... rate-limit windows ... Caches that stay in process are bounded and invalidated across instances
 * (for example through Redis pub/sub) ... The embedded default (npm start, PGlite, one process) keeps
 * working with nothing installed."
 *
 * Two API instances (buildApp) on one database, with a redis-server of this test's own on a free port
 * (never the shared 127.0.0.1:6379), as a deployment behind a load balancer would run them.
 */

/** the account's type, as the user cache tests change it (and put it back) */
const setAccountType = (db: Kysely<DB>, accountId: number, type: AuthUser['accountType']) =>
  db.updateTable('accounts').set({ account_type: type }).where('id', '=', accountId).execute()

/** Log lines (JSON) of an app, to see what it warns about. */
function logSink() {
  const lines: { level: number; msg: string }[] = []
  return {
    lines,
    logger: {
      level: 'warn',
      stream: {
        write: (s: string) => {
          lines.push(JSON.parse(s))
        },
      },
    },
  }
}

/**
 * A TCP relay to `upstream` that holds every connection until open() is called: a Redis that is slow to answer
 * while an instance starts (a busy machine, Redis starting beside the instances).
 */
async function gatedRelay(upstream: string) {
  const target = new URL(upstream)
  const held: net.Socket[] = []
  const sockets = new Set<net.Socket>()
  let isOpen = false
  const relay = (client: net.Socket) => {
    const up = net.connect(Number(target.port), target.hostname)
    sockets.add(up)
    client.pipe(up).pipe(client)
    up.on('error', () => client.destroy())
    client.on('error', () => up.destroy())
    client.on('close', () => up.destroy())
  }
  const server = net.createServer((client) => {
    sockets.add(client)
    client.on('error', () => {})
    if (isOpen) relay(client)
    else held.push(client)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `redis://127.0.0.1:${port}`,
    open() {
      isOpen = true
      for (const c of held.splice(0)) if (!c.destroyed) relay(c)
    },
    close() {
      for (const s of sockets) s.destroy()
      server.close()
    },
  }
}

const badTicket = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { ticket: 'x'.repeat(43) },
    headers: { languagecode: 'en' },
  })

describeEachDb('one store on several API instances: login rate limits and the user cache (issue 14)', (ctx) => {
  let redis: Awaited<ReturnType<typeof startRedis>>
  const apps: FastifyInstance[] = []
  const instance = async (opts: {
    redisUrl: string | null
    apiPerIp?: number
    publicUrl?: string
    logger?: object
  }) => {
    const app = buildApp({
      db: ctx().db,
      jwtSecret: TEST_JWT_SECRET,
      redisUrl: opts.redisUrl,
      logger: opts.logger ?? false,
      auth: { publicUrl: opts.publicUrl, rateLimits: { apiPerIp: opts.apiPerIp ?? 30 } },
    })
    apps.push(app)
    await app.ready()
    return app
  }

  // ready() waits for the Redis connection (issue 22 #26); how long this machine takes to connect is not under test
  const prevWait = process.env.REDIS_START_WAIT_MS
  before(async () => {
    process.env.REDIS_START_WAIT_MS = '60000'
    redis = await startRedis()
  })
  after(async () => {
    for (const a of apps) await a.close()
    redis?.stop()
    if (prevWait === undefined) delete process.env.REDIS_START_WAIT_MS
    else process.env.REDIS_START_WAIT_MS = prevWait
  })

  it('with REDIS_URL, the login limit counts across both instances: 4 allowed hits split over A and B, then 429 on either', async () => {
    const a = await instance({ redisUrl: redis.url, apiPerIp: 4 })
    const b = await instance({ redisUrl: redis.url, apiPerIp: 4 })
    // issue 22 #26: ready() returns with the Redis connection up, so no hit is counted in a local fallback
    assert.equal(a.redis?.status, 'ready')
    assert.equal(b.redis?.status, 'ready')
    const codes: number[] = []
    for (const app of [a, b, a, b]) codes.push((await badTicket(app)).statusCode)
    assert.deepEqual(codes, [401, 401, 401, 401], 'under the limit: the wrong ticket is refused on its merits')
    for (const app of [a, b]) {
      const res = await badTicket(app)
      assert.equal(res.statusCode, 429)
      assert.equal(res.json().code, 'TOO_MANY_REQUESTS')
      assert.match(res.json().message, /Too many login attempts\. Please wait \d+ seconds and try again\./)
      const retry = Number(res.headers['retry-after'])
      assert.ok(retry > 0 && retry <= 60, `Retry-After ${retry}`)
    }
    // the window is in Redis, under the login limits' own prefix
    const probe = new Redis(redis.url)
    try {
      assert.equal(await probe.get(`${RATE_LIMIT_NAMESPACE}api|auth-token|127.0.0.1`), '6')
    } finally {
      probe.disconnect()
    }
  })

  it('issue 22 #26: an instance whose Redis answers late at start waits for it (bounded) and counts its first logins in the shared window', async () => {
    // "An instance must not serve the shared limit from its local fallback before its Redis connection is up."
    // The relay holds the instance's connections until its ready() has returned, or for 3 s (longer than the
    // 1 s the start used to wait), so the test asks only what ready() waited for, never how fast this machine is.
    const own = await startRedis() // a window of its own: the other tests count on the same key
    const gate = await gatedRelay(own.url)
    try {
      const app = buildApp({
        db: ctx().db,
        jwtSecret: TEST_JWT_SECRET,
        redisUrl: gate.url,
        logger: false,
        auth: { rateLimits: { apiPerIp: 2 } },
      })
      apps.push(app)
      const t = setTimeout(() => gate.open(), 3000)
      await app.ready()
      clearTimeout(t)
      const upWhenReady = app.redis?.status
      gate.open()
      assert.equal(upWhenReady, 'ready', 'ready() returned before the Redis connection was up')
      // the hits of this instance are in Redis, where the other instances see them
      const codes: number[] = []
      for (let i = 0; i < 3; i++) codes.push((await badTicket(app)).statusCode)
      assert.deepEqual(codes, [401, 401, 429])
      const probe = new Redis(own.url)
      try {
        assert.equal(
          await probe.get(`${RATE_LIMIT_NAMESPACE}api|auth-token|127.0.0.1`),
          '3',
          'the window is counted in Redis',
        )
      } finally {
        probe.disconnect()
      }
    } finally {
      gate.close()
      own.stop()
    }
  })

  it('without REDIS_URL (the embedded default) each instance still limits, on its own count', async () => {
    const a = await instance({ redisUrl: null, apiPerIp: 2 })
    const b = await instance({ redisUrl: null, apiPerIp: 2 })
    assert.equal(a.redis, null)
    const codes: number[] = []
    for (let i = 0; i < 3; i++) codes.push((await badTicket(a)).statusCode)
    assert.deepEqual(codes, [401, 401, 429])
    assert.equal((await badTicket(b)).statusCode, 401, 'B has counted nothing yet')
  })

  it('Redis killed midway: logins still work (fail-open to per-instance limits), and the instance says so in its log', async () => {
    const own = await startRedis()
    try {
      // A serves the WeChat stand-in at its own origin, so the mini-program login is a real login end to end
      const port = await freePort()
      const origin = `http://127.0.0.1:${port}`
      const log = logSink()
      const a = await instance({ redisUrl: own.url, apiPerIp: 3, publicUrl: origin, logger: log.logger })
      await a.listen({ port, host: '127.0.0.1' })
      const b = await instance({ redisUrl: own.url, apiPerIp: 3, publicUrl: origin })
      const login = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/wechat/login/miniprogram',
          payload: { code: 'standin:oStandin-approved-cn' },
        })

      assert.equal((await login(a)).statusCode, 200)
      assert.equal((await login(b)).statusCode, 200)
      own.stop()
      await new Promise<void>((resolve) =>
        own.proc.exitCode !== null ? resolve() : own.proc.once('exit', () => resolve()),
      )

      // the shared count (2 of 3) is out of reach: A counts alone from here, and still logs users in
      const after: number[] = []
      for (let i = 0; i < 4; i++) after.push((await login(a)).statusCode)
      assert.deepEqual(after, [200, 200, 200, 429], 'logins go on, and the limit still holds in this instance')
      assert.ok(
        log.lines.some((l) => l.level === 40 && /Redis/.test(l.msg)),
        `a warning about Redis in the log: ${JSON.stringify(log.lines.map((l) => l.msg))}`,
      )
    } finally {
      own.stop()
    }
  })

  it('user cache: B caches a user, A changes it and invalidates, B sees the change at once through Redis pub/sub (no TTL wait)', async () => {
    const a = await instance({ redisUrl: redis.url })
    const b = await instance({ redisUrl: redis.url })
    const db = ctx().db
    const token = await tokenFor(db, 'approved.cn')
    const u = await authUser(db, 'approved.cn')
    const accountTypeOn = async (app: FastifyInstance) => {
      const res = await app.inject({ url: '/api/users/info', headers: auth(token) })
      assert.equal(res.statusCode, 200, res.body)
      return res.json().data.userRoles.accountType as string
    }
    const changed = u.accountType === 'distributor' ? 'customer' : 'distributor'
    try {
      assert.equal(await accountTypeOn(b), u.accountType) // B caches the user
      await setAccountType(db, u.accountId, changed)
      assert.equal(
        await accountTypeOn(b),
        u.accountType,
        'B serves its cached entry (so what follows is the invalidation, not a miss)',
      )

      a.invalidateUser(u.id) // what the code changing a users/accounts row on A does
      assert.equal(await accountTypeOn(a), changed, 'A at once')
      // the message reaches B in milliseconds; wait for it (at most 5 s, far below the 30 s TTL)
      let seen = await accountTypeOn(b)
      for (let i = 0; i < 100 && seen !== changed; i++) {
        await new Promise((r) => setTimeout(r, 50))
        seen = await accountTypeOn(b)
      }
      assert.equal(seen, changed, 'B dropped its entry on the invalidation from A')
    } finally {
      await setAccountType(db, u.accountId, u.accountType)
      a.invalidateUser(u.id)
    }
  })

  it('user cache without Redis: an invalidation on A leaves B its entry until the TTL (the staleness README states)', async () => {
    const a = await instance({ redisUrl: null })
    const b = await instance({ redisUrl: null })
    const db = ctx().db
    const token = await tokenFor(db, 'approved.cn')
    const u = await authUser(db, 'approved.cn')
    const accountTypeOn = async (app: FastifyInstance) =>
      (await app.inject({ url: '/api/users/info', headers: auth(token) })).json().data.userRoles.accountType as string
    const changed = u.accountType === 'distributor' ? 'customer' : 'distributor'
    try {
      assert.equal(await accountTypeOn(b), u.accountType)
      await setAccountType(db, u.accountId, changed)
      a.invalidateUser(u.id)
      assert.equal(await accountTypeOn(a), changed)
      assert.equal(await accountTypeOn(b), u.accountType, 'B keeps its entry: only the TTL bounds it')
      b.invalidateUser(u.id)
      assert.equal(await accountTypeOn(b), changed)
    } finally {
      await setAccountType(db, u.accountId, u.accountType)
    }
  })
})
