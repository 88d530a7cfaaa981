import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { dbKind } from '../../db'
import { ApiError, ok } from '../../errors'
import type { Health } from '../../../types'
import { HealthSchema } from '../../../types'
import { okReply } from '../../lib/openapi'

declare module 'fastify' {
  interface FastifyInstance {
    /** set by the process on SIGTERM (server/index.ts): the instance is finishing its work and leaving */
    lifecycle: { draining: boolean }
  }
}

/** Decorates the root app with its lifecycle state (buildApp calls it before any route). */
export function registerLifecycle(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false })
}

/**
 * GET /api/health: the load balancer's readiness check. 200 while the instance takes work and its
 * database answers; 503 SERVICE_UNAVAILABLE once it drains (SIGTERM), so the balancer sends it nothing
 * new while the requests it has finish.
 */
export async function healthRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  app.get('/health', { schema: { response: okReply(HealthSchema) } }, async () => {
    if (app.lifecycle.draining) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'This instance is shutting down')
    await sql`select 1`.execute(opts.db)
    const data: Health = { db: dbKind(opts.db) }
    return ok(data)
  })
}
