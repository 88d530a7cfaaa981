import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { tagRoutes } from '../../../lib/openapi'
import { shipToDecisionRoutes } from './ship-tos'
import { onboardingDecisionRoutes } from './onboarding'
import { supplyCentreDecisionRoutes } from './supply-centre'
import { accountReadRoutes } from './accounts'

/**
 * The account domain's staff routes under /api/admin (issue 24; docs/admin-api/account.md): the queues and decisions
 * of new ship-tos, onboarding requests and supply-centre requests; and (issue 25) the accounts with their buyers,
 * invoices and AR statements, read-only (./accounts.ts). Each is served behind its entry's permission.
 */
export async function accountStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'staff')
  shipToDecisionRoutes(app, opts.db)
  onboardingDecisionRoutes(app, opts.db)
  supplyCentreDecisionRoutes(app, opts.db)
  accountReadRoutes(app, opts.db)
}
