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
 * app.ready() waits up to 1 s for the first connection, so a fresh instance starts with Redis in use.
 * Closed on app close.
 */
export function registerRedis(app: FastifyInstance, url: string | null | undefined) {
  if (!url) {
    app.decorate('redis', null)
    return
  }
  const redis = new Redis(url, FAIL_FAST)
  logErrors(app, redis, 'Redis unavailable (login limits count in this instance only; user cache falls back to its TTL)')
  app.decorate('redis', redis)
  app.addHook('onReady', () => firstConnection(redis, 1000))
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
    () => { subscribedOnce = true },
    (err: unknown) => app.log.warn({ err }, `Redis: could not subscribe to ${channel}`),
  )
  app.addHook('onReady', () => firstConnection(sub, 1000))
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

function firstConnection(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve()
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t)
      redis.off('ready', done)
      redis.off('error', done)
      resolve()
    }
    const t = setTimeout(done, ms)
    redis.once('ready', done)
    redis.once('error', done)
  })
}
