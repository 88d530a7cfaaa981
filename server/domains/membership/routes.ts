import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { tagRoutes } from '../../lib/openapi'
import { memberGuard } from './guard'
import { giftRoutes } from './gifts/routes'
import { playRoutes } from './play/routes'
import { membershipStaffRoutes } from './staff/routes'

/**
 * Membership domain (spec §1, §2, §4, §6, §8, §9): the points ledger, gifts and redemption (gifts/),
 * lucky draws, tasks, invitations and the interaction history (play/).
 */
export async function membershipRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'membership')
  const requireMember = memberGuard(app)
  await giftRoutes(app, { db: opts.db, requireMember })
  await playRoutes(app, { db: opts.db, requireMember })
  // the staff decisions on membership (issue 24), under /api/admin
  await app.register(membershipStaffRoutes, opts)
}
