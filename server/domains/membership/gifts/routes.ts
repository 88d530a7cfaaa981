import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ok } from '../../../errors'
import { IDEMPOTENCY_KEY } from '../../../lib/openapi'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { membershipEndpoints } from '../../../../types/membership/endpoints'
import { pointsRoutes } from '../points/routes'
import { giftDetail, listGifts } from './catalog'
import { redeemGift } from './redeem'
import { listFeedback, listRedemptions, redemptionDetail, submitFeedback } from './redemptions'

export type MemberRouteOpts = { db: Kysely<DB>; requireMember: (req: FastifyRequest) => Promise<void> }

/**
 * Points and gifts (docs/membership.md). Every route is the member's
 * (requireMember: 401 without login, 403 MEMBERSHIP_BLOCKED for distributor, agent and special
 * accounts) and reads req.user only. The point rules need no call: the rules page states
 * types/membership/points.ts.
 */
export async function giftRoutes(app: FastifyInstance, opts: MemberRouteOpts) {
  const { db, requireMember } = opts

  await pointsRoutes(app, opts)

  serveEndpoint(app, membershipEndpoints.gifts, requireMember, async (req) => ok(await listGifts(db, req)))
  serveEndpoint(app, membershipEndpoints.gift, requireMember, async (req) =>
    ok(await giftDetail(db, req, req.params.id)),
  )
  serveEndpoint(
    app,
    membershipEndpoints.redeemGift,
    requireMember,
    async (req) => ok(await redeemGift(db, req, req.body)),
    IDEMPOTENCY_KEY,
  )

  serveEndpoint(app, membershipEndpoints.redemptions, requireMember, async (req) =>
    ok(await listRedemptions(db, req, req.query.page ?? 1, req.query.pageSize ?? 20)),
  )
  serveEndpoint(app, membershipEndpoints.redemption, requireMember, async (req) =>
    ok(await redemptionDetail(db, req, req.params.redemptionNumber)),
  )

  serveEndpoint(app, membershipEndpoints.feedback, requireMember, async (req) => ok(await listFeedback(db, req)))
  serveEndpoint(app, membershipEndpoints.postFeedback, requireMember, async (req) =>
    ok(await submitFeedback(db, req, req.body)),
  )
}
