import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/** Login routes under /api (issue 4): OIDC client, login tickets, WeChat login. */
export async function authRoutes(_app: FastifyInstance, _opts: { db: Kysely<DB> }) {}
