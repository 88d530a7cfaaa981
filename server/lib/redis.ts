import type { FastifyInstance } from 'fastify'
import { Redis, type RedisOptions } from 'ioredis'

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Redis connection (REDIS_URL, BuildAppOptions.redisUrl); null = one instance, state in process. */
    redis: Redis | null
  }
}

/**
 * Redis as the store uses it: a command fails within half a second rather than waiting for a connection
 * (no offline queue, no retries per command), and the client keeps reconnecting in the background (at most
 * every second). Every caller has its answer for Redis being down (the flash-buy gate, the login limits).
 */
export const FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 500,
  connectTimeout: 500,
  retryStrategy: (times) => Math.min(100 * times, 1000),
}

/**
 * One Redis connection per app for state that every API instance must share (issue 14): the login
 * rate-limit windows (server/domains/auth/rate-limit.ts) and the user-cache invalidations
 * (server/domains/auth/plugin.ts). Without a URL nothing connects and app.redis is null: the embedded
 * default (npm start, PGlite, one process) needs nothing installed.
 *
 * With FAIL_FAST, as the flash-buy gate (server/domains/flashbuy/place/gate.ts): commands fail fast while
 * Redis is unreachable and the connection comes back in the background; each user of app.redis decides
 * what a failure means (both above carry on without it).
 * app.ready() waits for the first connection (bounded: REDIS_START_WAIT_MS, default 5 s, one budget for all of
 * the app's connections), so a fresh instance never serves the shared login limits from its in-process fallback
 * merely because its connection was not up yet (issue 22 #26: it gave up after 1 s, or at the first connect
 * timeout while start-up kept the event loop busy). Errors meanwhile are retried, not taken as "Redis is down";
 * when the bound passes, one warning is logged and the instance starts without Redis (it connects later).
 * Closed on app close.
 */
export function registerRedis(app: FastifyInstance, url: string | null | undefined, startWaitMs = 5000) {
  if (!url) {
    app.decorate('redis', null)
    return
  }
  startWait.set(app, startWaitMs)
  const redis = new Redis(url, FAIL_FAST)
  logErrors(
    app,
    redis,
    'Redis unavailable (login limits count in this instance only; user cache falls back to its TTL)',
  )
  app.decorate('redis', redis)
  app.addHook('onReady', () => firstConnection(app, redis, 'Redis'))
  app.addHook('onClose', async () => {
    redis.disconnect()
  })
}

/**
 * A subscriber connection of its own (a connection in subscribe mode runs no other command) on `channel`
 * of app.redis's server. `onResync` runs when the subscription comes back after a drop: messages sent
 * meanwhile are lost, so the caller forgets what they would have told it. Closed on app close.
 */
export function redisSubscribe(
  app: FastifyInstance,
  channel: string,
  onMessage: (message: string) => void,
  onResync: () => void,
) {
  const main = app.redis
  if (!main) return
  // the offline queue on: SUBSCRIBE waits for the connection, and is sent again on every reconnect
  const sub = main.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null })
  logErrors(app, sub, `Redis subscriber on ${channel} unavailable`)
  let subscribedOnce = false
  sub.on('message', (ch: string, message: string) => {
    if (ch === channel) onMessage(message)
  })
  sub.on('ready', () => {
    if (subscribedOnce) onResync()
  })
  sub.subscribe(channel).then(
    () => {
      subscribedOnce = true
    },
    (err: unknown) => app.log.warn({ err }, `Redis: could not subscribe to ${channel}`),
  )
  app.addHook('onReady', () => firstConnection(app, sub, `Redis subscriber on ${channel}`))
  app.addHook('onClose', async () => {
    sub.disconnect()
  })
}

function logErrors(app: FastifyInstance, redis: Redis, what: string) {
  let last = 0
  redis.on('error', (err: Error) => {
    if (Date.now() - last < 5000) return
    last = Date.now()
    app.log.warn({ err }, what)
  })
}

/** How long app.ready() waits for the app's Redis connections in all (REDIS_START_WAIT_MS, given to registerRedis). */
const startWait = new WeakMap<FastifyInstance, number>()
/** One start-up deadline per app: the first connection to wait sets it, the others share what is left of it. */
const startDeadline = new WeakMap<FastifyInstance, number>()

/**
 * Resolves when `redis` is ready, or when the app's start-up budget is spent (then warns once and resolves: the
 * instance starts on its fallbacks and the connection keeps retrying in the background). Connection errors in
 * between are not the end of the wait: ioredis retries them.
 */
function firstConnection(app: FastifyInstance, redis: Redis, what: string): Promise<void> {
  const waitMs = startWait.get(app) ?? 5000
  if (!startDeadline.has(app)) startDeadline.set(app, Date.now() + waitMs)
  if (redis.status === 'ready') return Promise.resolve()
  const ms = Math.max(0, startDeadline.get(app)! - Date.now())
  return new Promise<void>((resolve) => {
    const done = (timedOut: boolean) => {
      clearTimeout(t)
      redis.off('ready', onReady)
      if (timedOut)
        app.log.warn(
          `${what}: not connected after ${waitMs} ms at start; starting without it (retrying in the background)`,
        )
      resolve()
    }
    const onReady = () => done(false)
    const t = setTimeout(() => done(redis.status !== 'ready'), ms)
    redis.once('ready', onReady)
  })
}
