import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import {
  DrawIdParamsSchema, DrawListSchema, PlayEmptyBodySchema, DrawResultSchema, GiftBagSchema, InvitationListSchema, InviteRedeemBodySchema,
  InviteRedeemResultSchema, MemberInteractionPageSchema, PageQuerySchema, PrizeAddressBodySchema, PrizeOrderIdParamsSchema,
  PrizeOrderSchema, TaskClaimResultSchema, TaskCodeParamsSchema, TaskListSchema,
} from '../../../../types'
import { ok } from '../../../errors'
import { okReply, IDEMPOTENCY_KEY } from '../../../lib/openapi'
import { IDEMPOTENCY_KEY_PATTERN } from '../../order/place'
import { draw, expirePrizeOrders, giftBag, listDraws, setPrizeAddress } from './draws'
import { interactions } from './interactions'
import { listInvitations, redeemInvitation } from './invitations'
import * as M from './messages'
import { claimTask, listTasks } from './tasks'

export type MemberRouteOpts = { db: Kysely<DB>; requireMember: (req: FastifyRequest) => Promise<void> }

/** how often the server sweeps expired prize orders besides the sweep before each gift-bag read (ms; 0 = never) */
const SWEEP_MS = Number(process.env.PRIZE_ORDER_SWEEP_MS ?? 15 * 60_000)

/**
 * The play half of the membership domain (issue 13): lucky draws / blind boxes / wheels and the gift
 * bag, earn points by tasks, the interaction history, invitations and referrals. Every route is
 * account-scoped and runs requireMember (401 without login, 403 MEMBERSHIP_BLOCKED for distributor,
 * agent and special accounts); every read and write is filtered by the token's user.
 */
export async function playRoutes(app: FastifyInstance, opts: MemberRouteOpts) {
  const { db } = opts
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const member = { preHandler: opts.requireMember }
  const paging = (q: { page?: number; pageSize?: number }) => [q.page ?? 1, q.pageSize ?? 20] as const

  // ---- lucky draws (spec §4, §8) and the gift bag
  r.get('/membership/draws', { ...member, schema: { response: okReply(DrawListSchema) } }, async (req) => ok(await listDraws(db, req)))
  r.post('/membership/draws/:id/draw', { ...member, ...IDEMPOTENCY_KEY, schema: { params: DrawIdParamsSchema, body: PlayEmptyBodySchema, response: okReply(DrawResultSchema) } }, async (req) => {
    const raw = req.headers['idempotency-key']
    const key = Array.isArray(raw) ? raw[0] : raw
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw M.keyInvalid(req)
    return ok(await draw(db, req, req.params.id, key))
  })
  r.get('/membership/giftbag', { ...member, schema: { querystring: PageQuerySchema, response: okReply(GiftBagSchema) } }, async (req) =>
    ok(await giftBag(db, req, ...paging(req.query))))
  r.post('/membership/giftbag/:id/address', { ...member, schema: { params: PrizeOrderIdParamsSchema, body: PrizeAddressBodySchema, response: okReply(PrizeOrderSchema) } }, async (req) =>
    ok(await setPrizeAddress(db, req, req.params.id, req.body.shipTo)))

  // ---- earn points by tasks
  r.get('/membership/tasks', { ...member, schema: { response: okReply(TaskListSchema) } }, async (req) => ok(await listTasks(db, req)))
  r.post('/membership/tasks/:code/claim', { ...member, schema: { params: TaskCodeParamsSchema, body: PlayEmptyBodySchema, response: okReply(TaskClaimResultSchema) } }, async (req) =>
    ok(await claimTask(db, req, req.params.code)))

  // ---- the interaction history
  r.get('/membership/interactions', { ...member, schema: { querystring: PageQuerySchema, response: okReply(MemberInteractionPageSchema) } }, async (req) =>
    ok(await interactions(db, req, ...paging(req.query))))

  // ---- invitations and referrals
  r.get('/membership/invitations', { ...member, schema: { response: okReply(InvitationListSchema) } }, async (req) => ok(await listInvitations(db, req)))
  r.post('/membership/invitations/redeem', { ...member, schema: { body: InviteRedeemBodySchema, response: okReply(InviteRedeemResultSchema) } }, async (req) =>
    ok(await redeemInvitation(db, req, req.body.activityId, req.body.code)))

  // the interval sweep of prize orders whose address is overdue (the reads sweep too)
  if (SWEEP_MS > 0) {
    const timer = setInterval(() => { expirePrizeOrders(db).catch((e) => app.log.warn({ err: e }, 'prize order sweep failed')) }, SWEEP_MS)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  }
}
