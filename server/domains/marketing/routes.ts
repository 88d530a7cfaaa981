import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** marketing API under /api/mkt, and /get/promotionById */
export async function marketingRoutes(_app: FastifyInstance, _opts: { db: Kysely<DB> }) {}
