import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'

export type MemberRouteOpts = { db: Kysely<DB>; requireMember: (req: FastifyRequest) => Promise<void> }

// scaffold: the routes arrive with issue 13's work
export async function giftRoutes(_app: FastifyInstance, _opts: MemberRouteOpts) {}
