import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** Account domain (issue 4): addresses, credit, invoices and AR, supply centre, notifications, onboarding. */
export async function accountRoutes(_app: FastifyInstance, _opts: { db: Kysely<DB> }) {}
