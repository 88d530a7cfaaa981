import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import {
  FeedbackBodySchema, FeedbackListSchema, FeedbackSchema, GiftIdParamsSchema, GiftListSchema, GiftSchema, PageQuerySchema,
  RedeemBodySchema, RedeemResultSchema, RedemptionNumberParamsSchema, RedemptionPageSchema, RedemptionSchema,
} from '../../../../types'
import { ok } from '../../../errors'
import { okReply, IDEMPOTENCY_KEY } from '../../../lib/openapi'
import { opsToken } from '../../../lib/ops-guard'
import { pointsRoutes } from '../points/routes'
import { giftDetail, listGifts } from './catalog'
import { redeemGift } from './redeem'
import { listFeedback, listRedemptions, redemptionDetail, submitFeedback } from './redemptions'
import { registerGiftOps } from './ops'

export type MemberRouteOpts = { db: Kysely<DB>; requireMember: (req: FastifyRequest) => Promise<void> }

/**
 * Points and gifts (issue 13; README "Membership: points and gifts"). Every route is the member's
 * (requireMember: 401 without login, 403 MEMBERSHIP_BLOCKED for distributor, agent and special
 * accounts) and reads req.user only. The point rules need no call: the rules page states
 * types/membership/points.ts.
 */
export async function giftRoutes(app: FastifyInstance, opts: MemberRouteOpts) {
  const { db, requireMember } = opts
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const member = { preHandler: requireMember }

  await pointsRoutes(app, opts)

  r.get('/membership/gifts', { ...member, schema: { response: okReply(GiftListSchema) } }, async (req) => ok(await listGifts(db, req)))
  r.get('/membership/gifts/:id', { ...member, schema: { params: GiftIdParamsSchema, response: okReply(GiftSchema) } }, async (req) =>
    ok(await giftDetail(db, req, req.params.id)))
  r.post('/membership/gifts/redeem', { ...member, ...IDEMPOTENCY_KEY, schema: { body: RedeemBodySchema, response: okReply(RedeemResultSchema) } }, async (req) =>
    ok(await redeemGift(db, req, req.body)))

  r.get('/membership/redemptions', { ...member, schema: { querystring: PageQuerySchema, response: okReply(RedemptionPageSchema) } }, async (req) =>
    ok(await listRedemptions(db, req, req.query.page ?? 1, req.query.pageSize ?? 20)))
  r.get('/membership/redemptions/:redemptionNumber', { ...member, schema: { params: RedemptionNumberParamsSchema, response: okReply(RedemptionSchema) } }, async (req) =>
    ok(await redemptionDetail(db, req, req.params.redemptionNumber)))

  r.get('/membership/redemption-feedback', { ...member, schema: { response: okReply(FeedbackListSchema) } }, async (req) => ok(await listFeedback(db, req)))
  r.post('/membership/redemption-feedback', { ...member, schema: { body: FeedbackBodySchema, response: okReply(FeedbackSchema) } }, async (req) =>
    ok(await submitFeedback(db, req, req.body)))

  const token = opsToken()
  if (token) registerGiftOps(app, db, token)
}
