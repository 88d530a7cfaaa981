import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** Customer-service chat (issue 4). */
export async function chatRoutes(_app: FastifyInstance, _opts: { db: Kysely<DB> }) {}
