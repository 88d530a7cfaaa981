import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** catalogue: category tree, search, product page, prices, availability, documents, selection tools, dual-origin list */
export async function catalogRoutes(_app: FastifyInstance, _opts: { db: Kysely<DB> }) {}
