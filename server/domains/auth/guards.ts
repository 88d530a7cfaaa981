import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { LoginErrorCode } from '../../../types'
import { ApiError } from '../../errors'
import { localized } from '../../locale'

/**
 * Rate limit of the login API (app.login.limiters.api, per IP and route; shared by the instances through
 * Redis when there is one): 429 TOO_MANY_REQUESTS with Retry-After, in the request's language.
 */
export function apiLimit(app: FastifyInstance, name: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const r = await app.login.limiters.api.hit(req, `${name}|${req.ip}`)
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter))
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        localized(
          req,
          `Too many login attempts. Please wait ${r.retryAfter} seconds and try again.`,
          `登录尝试过于频繁，请 ${r.retryAfter} 秒后再试。`,
        ),
      )
    }
  }
}

/** Same limit for browser redirects: over it, the browser goes to the app's error route instead. */
export function redirectLimit(app: FastifyInstance, name: string, errorRoute: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const r = await app.login.limiters.api.hit(req, `${name}|${req.ip}`)
    if (!r.allowed) {
      reply.header('retry-after', String(r.retryAfter))
      return appRedirect(app, reply, errorRoute, { error: 'rate_limited' satisfies LoginErrorCode })
    }
  }
}

/** The answer of a failed browser login step: 302 to the app's route with `?error=<code>`. */
export const loginFailure = (app: FastifyInstance, route: string) => (reply: FastifyReply, error: LoginErrorCode) =>
  appRedirect(app, reply, route, { error })

/** 302 to an app route (APP_URL or same origin) with query parameters. */
export function appRedirect(
  app: FastifyInstance,
  reply: FastifyReply,
  route: string,
  params: Record<string, string | undefined | null>,
) {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, v)
  reply.header('cache-control', 'no-store')
  reply.header('referrer-policy', 'no-referrer')
  return reply.redirect(`${app.login.cfg.appUrl}${route}?${q}`, 302)
}
