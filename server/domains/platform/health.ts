import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { dbKind } from '../../db'
import { ApiError, ok, unavailableBody, UNAVAILABLE_RETRY_AFTER_S } from '../../errors'
import { messageLanguage } from '../../lib/schema-errors'
import type { Health } from '../../../types'
import { platformEndpoints } from '../../../types/platform/endpoints'
import { serveEndpoint } from '../../lib/endpoint-route'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * draining: set by the process on SIGTERM (server/index.ts): the instance is finishing its work and leaving.
     * starting: set by the process while it waits for its database at start (server/index.ts): every request
     * is answered 503 SERVICE_UNAVAILABLE with Retry-After, /api/health included, until the database is there.
     */
    lifecycle: { draining: boolean; starting: boolean }
  }
}

/** Decorates the root app with its lifecycle state (buildApp calls it before any route). */
export function registerLifecycle(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false, starting: false })
  app.addHook('onRequest', async (req, reply) => {
    if (!app.lifecycle.starting) return
    const language = messageLanguage(
      String(req.headers.languagecode ?? '')
        .trim()
        .toLowerCase(),
    )
    return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S)).send(unavailableBody(language))
  })
}

/**
 * GET /api/health: the load balancer's readiness check. 200 while the instance takes work and its
 * database answers; 503 SERVICE_UNAVAILABLE once it drains (SIGTERM), so the balancer sends it nothing
 * new while the requests it has finish, while it waits for its database at start, and while the database
 * does not answer (the error handler maps that to 503, server/db/availability.ts).
 */
export async function healthRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  serveEndpoint(app, platformEndpoints.health, null, async () => {
    if (app.lifecycle.draining) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'This instance is shutting down')
    await sql`select 1`.execute(opts.db)
    const data: Health = { db: dbKind(opts.db) }
    return ok(data)
  })
}
