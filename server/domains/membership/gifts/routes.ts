import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ok } from '../../../errors'
import { IDEMPOTENCY_KEY, routeOf } from '../../../lib/openapi'
import { membershipEndpoints } from '../../../../types/membership/endpoints'
import { opsToken } from '../../../lib/ops-guard'
import { pointsRoutes } from '../points/routes'
import { giftDetail, listGifts } from './catalog'
import { redeemGift } from './redeem'
import { listFeedback, listRedemptions, redemptionDetail, submitFeedback } from './redemptions'
import { registerGiftOps } from './ops'

export type MemberRouteOpts = { db: Kysely<DB>; requireMember: (req: FastifyRequest) => Promise<void> }

/**
 * Points and gifts (docs/membership.md). Every route is the member's
 * (requireMember: 401 without login, 403 MEMBERSHIP_BLOCKED for distributor, agent and special
 * accounts) and reads req.user only. The point rules need no call: the rules page states
 * types/membership/points.ts.
 */
export async function giftRoutes(app: FastifyInstance, opts: MemberRouteOpts) {
  const { db, requireMember } = opts
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const member = { preHandler: requireMember }

  await pointsRoutes(app, opts)

  r.route({ ...routeOf(membershipEndpoints.gifts), ...member, handler: async (req) => ok(await listGifts(db, req)) })
  r.route({
    ...routeOf(membershipEndpoints.gift),
    ...member,
    handler: async (req) => ok(await giftDetail(db, req, req.params.id)),
  })
  r.route({
    ...routeOf(membershipEndpoints.redeemGift),
    ...member,
    ...IDEMPOTENCY_KEY,
    handler: async (req) => ok(await redeemGift(db, req, req.body)),
  })

  r.route({
    ...routeOf(membershipEndpoints.redemptions),
    ...member,
    handler: async (req) => ok(await listRedemptions(db, req, req.query.page ?? 1, req.query.pageSize ?? 20)),
  })
  r.route({
    ...routeOf(membershipEndpoints.redemption),
    ...member,
    handler: async (req) => ok(await redemptionDetail(db, req, req.params.redemptionNumber)),
  })

  r.route({
    ...routeOf(membershipEndpoints.feedback),
    ...member,
    handler: async (req) => ok(await listFeedback(db, req)),
  })
  r.route({
    ...routeOf(membershipEndpoints.postFeedback),
    ...member,
    handler: async (req) => ok(await submitFeedback(db, req, req.body)),
  })

  const token = opsToken(app.config)
  if (token) registerGiftOps(app, db, token)
}
