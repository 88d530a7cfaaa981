import type { FastifyInstance, FastifyRequest } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import type { RateLimits } from './config'

/**
 * The login rate limits (issue 4 "Login has rate limits"; issue 14: shared by every API instance),
 * counted by @fastify/rate-limit in fixed windows of rateLimits.windowMs:
 * - passwordIpUser: sign-in form password posts per IP + username (rateLimits.passwordPerIpUser)
 * - passwordUser: sign-in form password posts per username from any IP (rateLimits.passwordPerUser)
 * - api: login API calls, authorize redirects and registrations per IP and route (rateLimits.apiPerIp)
 *
 * With app.redis (REDIS_URL) the windows live in Redis (the plugin's Redis store, keys login-rl:<limiter>|…),
 * so the instances behind a load balancer count together. Without it, the plugin's in-process store
 * (an LRU of at most 10,000 keys): each process counts alone, which is all the embedded default needs.
 *
 * Redis down (refused, timed out, or not connected yet): a login must not fail because Redis is down,
 * and must not go unlimited either, so the hit is counted in this instance's in-process store instead
 * (fail-open to per-instance limits; a warning is logged at most every 5 s) until Redis answers again.
 * skipOnError stays on for both stores: an error inside a store lets the request through rather than 500.
 */
export type LimiterName = 'passwordIpUser' | 'passwordUser' | 'api'

export type LimitResult = { allowed: true } | { allowed: false; retryAfter: number }

export interface LoginLimiter {
  /** Counts one hit of `key` (e.g. `${req.ip}|${username}`) for this request. */
  hit(req: FastifyRequest, key: string): Promise<LimitResult>
}

export type LoginLimiters = Record<LimiterName, LoginLimiter>

type Check = (
  req: FastifyRequest,
) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>

export const RATE_LIMIT_NAMESPACE = 'login-rl:'
const LOCAL_KEYS = 10_000

export function createLoginLimiters(app: FastifyInstance, limits: RateLimits): LoginLimiters {
  const maxOf: Record<LimiterName, number> = {
    passwordIpUser: limits.passwordPerIpUser,
    passwordUser: limits.passwordPerUser,
    api: limits.apiPerIp,
  }
  // the key of the hit being counted: set around the call, which reads it at once (the plugin calls
  // keyGenerator before its first await), so two checks of one request never see each other's key
  const pending = new WeakMap<FastifyRequest, string>()
  const run = (c: Check, req: FastifyRequest, key: string) => {
    pending.set(req, key)
    try {
      return c(req)
    } finally {
      pending.delete(req)
    }
  }
  const options = {
    global: false,
    timeWindow: limits.windowMs,
    max: (_req: FastifyRequest, key: string) => maxOf[key.slice(0, key.indexOf('|')) as LimiterName] ?? 0,
    keyGenerator: (req: FastifyRequest) => pending.get(req) ?? '', // '' (a bug) has max 0: refused
    skipOnError: true,
    cache: LOCAL_KEYS,
  }

  // one plugin instance per store, each in a context of its own (the plugin decorates the context it is registered in)
  let local: Check | null = null
  let remote: Check | null = null
  app.register(async (ctx) => {
    await ctx.register(rateLimit, options)
    local = ctx.createRateLimit()
  })
  const redis = app.redis
  if (redis) {
    app.register(async (ctx) => {
      await ctx.register(rateLimit, { ...options, skipOnError: false, redis, nameSpace: RATE_LIMIT_NAMESPACE })
      remote = ctx.createRateLimit()
    })
  }

  let lastWarn = 0
  async function check(req: FastifyRequest, key: string) {
    if (remote && redis!.status === 'ready') {
      try {
        return await run(remote, req, key)
      } catch (err) {
        if (Date.now() - lastWarn > 5000) {
          lastWarn = Date.now()
          req.log.warn({ err }, 'login rate limits: Redis unavailable, counting in this instance only')
        }
      }
    } else if (remote && Date.now() - lastWarn > 5000) {
      lastWarn = Date.now()
      req.log.warn(`login rate limits: Redis ${redis!.status}, counting in this instance only`)
    }
    if (!local) throw new Error('login rate limits used before app.ready()')
    return await run(local, req, key)
  }

  const limiter = (name: LimiterName): LoginLimiter => ({
    async hit(req, key) {
      const r = await check(req, `${name}|${key}`)
      if (r.isAllowed || !r.isExceeded) return { allowed: true }
      return { allowed: false, retryAfter: Math.max(1, r.ttlInSeconds) }
    },
  })
  return { passwordIpUser: limiter('passwordIpUser'), passwordUser: limiter('passwordUser'), api: limiter('api') }
}
