import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../errors'
import { verifyAccessToken } from './tokens'
import { createTtlCache } from './user-cache'
import { redisSubscribe } from '../../lib/redis'

/**
 * The user behind a token is cached in-process for AUTH_USER_CACHE_TTL_MS (default 30 s, at most 5000
 * users), so most authenticated requests skip the users/accounts join. Code that changes a users or
 * accounts row calls app.invalidateUser(id): this instance drops the entry at once and, with Redis
 * (REDIS_URL), publishes the user id on USER_INVALIDATION_CHANNEL so every other instance drops it too
 * (a subscriber connection per app; after the subscription drops and comes back, the whole cache is
 * dropped, as messages sent meanwhile are lost). Without Redis, or while it is down, another instance
 * still serves its entry until the TTL: a deleted or changed user is seen there at most 30 s later.
 */
export const USER_CACHE_MAX_ENTRIES = 5000
/** Redis pub/sub channel of user-cache invalidations: each message is one user id ('*' = every user). */
export const USER_INVALIDATION_CHANNEL = 'auth:user-invalidate'

export interface AuthUser {
  id: string
  userName: string
  accountId: number
  accountNumber: string | null
  accountType: 'customer' | 'distributor' | 'agent' | 'special'
  registrationStatus: 'Siebel Approved' | 'Partially Registered'
  country: string
  language: string
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest) => Promise<void>
    optionalUser: (req: FastifyRequest) => Promise<void>
    /** Drops the cached user (all users without an id) on every instance: call after changing a users/accounts row. */
    invalidateUser: (userId?: string) => void
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization
  if (!h) return null
  const m = /^Bearer\s+(\S+)$/i.exec(h)
  return m ? m[1] : ''
}

/** Decorates the app with `requireUser` (401 on missing/tampered/expired) and `optionalUser` preHandlers. */
export function registerAuth(app: FastifyInstance, db: Kysely<DB>, secret: string) {
  app.decorateRequest('user', null)
  const cache = createTtlCache<AuthUser>({
    ttlMs: app.config.AUTH_USER_CACHE_TTL_MS,
    maxEntries: USER_CACHE_MAX_ENTRIES,
  })
  app.decorate('invalidateUser', (userId?: string) => {
    cache.invalidate(userId)
    const redis = app.redis
    if (!redis) return
    // the other instances: best effort (Redis down → their TTL bounds the staleness)
    redis.publish(USER_INVALIDATION_CHANNEL, userId ?? '*').catch((err: unknown) => {
      app.log.warn({ err, userId }, 'user cache: could not publish the invalidation (other instances rely on the TTL)')
    })
  })
  redisSubscribe(
    app,
    USER_INVALIDATION_CHANNEL,
    (userId) => cache.invalidate(userId === '*' ? undefined : userId),
    () => cache.invalidate(),
  )

  async function load(userId: string): Promise<AuthUser | null> {
    const cached = cache.get(userId)
    if (cached) return { ...cached } // a copy: a route that edits req.user never edits the cache
    const user = await loadFromDb(userId)
    if (user) cache.set(userId, user)
    return user
  }

  async function loadFromDb(userId: string): Promise<AuthUser | null> {
    const row = await db
      .selectFrom('users as u')
      .innerJoin('accounts as a', 'a.id', 'u.account_id')
      .select([
        'u.id',
        'u.user_name',
        'u.account_id',
        'a.account_number',
        'a.account_type',
        'u.registration_status',
        'u.country',
        'u.language',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst()
    if (!row) return null
    return {
      id: row.id,
      userName: row.user_name,
      accountId: row.account_id,
      accountNumber: row.account_number,
      accountType: row.account_type,
      registrationStatus: row.registration_status,
      country: row.country,
      language: row.language,
    }
  }

  async function resolve(req: FastifyRequest): Promise<AuthUser> {
    const token = bearer(req)
    if (token === null) throw new ApiError(401, 'TOKEN_INVALID', 'Missing bearer token')
    if (token === '') throw new ApiError(401, 'TOKEN_INVALID', 'Malformed Authorization header')
    const v = await verifyAccessToken(secret, token)
    if (!v.ok) {
      if (v.reason === 'expired') throw new ApiError(401, 'TOKEN_EXPIRED', 'Token has expired')
      throw new ApiError(401, 'TOKEN_INVALID', 'Token is invalid')
    }
    const user = await load(v.claims.userId)
    if (!user) throw new ApiError(401, 'TOKEN_INVALID', 'Token user no longer exists')
    return user
  }

  app.decorate('requireUser', async (req: FastifyRequest) => {
    req.user = await resolve(req)
  })
  app.decorate('optionalUser', async (req: FastifyRequest) => {
    if (!req.headers.authorization) return
    try {
      req.user = await resolve(req)
    } catch (e) {
      if (e instanceof ApiError) {
        req.user = null // a bad token on an optional route is treated as anonymous
        return
      }
      throw e
    }
  })
}
