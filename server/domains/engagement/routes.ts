import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** wishlist, browsing history, operation log */
export async function engagementRoutes(_app: FastifyInstance, _opts: { db: Kysely<DB> }) {}
