import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { LoginErrorCode } from '../../../types'
import { ApiError } from '../../errors'

/** Rate limit of the login API (app.login.limiters.api, per IP and route): 429 TOO_MANY_REQUESTS. */
export function apiLimit(app: FastifyInstance, name: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const r = app.login.limiters.api.hit(`${name}|${req.ip}`)
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter))
      throw new ApiError(429, 'TOO_MANY_REQUESTS', `Too many login attempts. Please wait ${r.retryAfter} seconds and try again.`)
    }
  }
}

/** Same limit for browser redirects: over it, the browser goes to the app's error route instead. */
export function redirectLimit(app: FastifyInstance, name: string, errorRoute: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const r = app.login.limiters.api.hit(`${name}|${req.ip}`)
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter))
      return appRedirect(app, reply, errorRoute, { error: 'rate_limited' satisfies LoginErrorCode })
    }
  }
}

/** 302 to an app route (APP_URL or same origin) with query parameters. */
export function appRedirect(app: FastifyInstance, reply: FastifyReply, route: string, params: Record<string, string | undefined | null>) {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, v)
  reply.header('cache-control', 'no-store')
  reply.header('referrer-policy', 'no-referrer')
  return reply.redirect(`${app.login.cfg.appUrl}${route}?${q}`, 302)
}
