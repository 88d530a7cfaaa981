import { endpoint } from '../endpoint'
import { PointsEntriesPageSchema, PointsEntriesQuerySchema, PointsSummarySchema } from './points-schemas'
import {
  FeedbackBodySchema,
  FeedbackListSchema,
  FeedbackSchema,
  GiftIdParamsSchema,
  GiftListSchema,
  GiftSchema,
  OpsFeedbackMovedSchema,
  OpsFeedbackMoveSchema,
  OpsFeedbackParamsSchema,
  OpsRedemptionMovedSchema,
  OpsRedemptionMoveSchema,
  RedeemBodySchema,
  RedeemResultSchema,
  RedemptionNumberParamsSchema,
  RedemptionPageSchema,
  RedemptionSchema,
} from './gifts-schemas'
import {
  DrawIdParamsSchema,
  DrawListSchema,
  DrawResultSchema,
  GiftBagSchema,
  PlayEmptyBodySchema,
  PrizeAddressBodySchema,
  PrizeOrderIdParamsSchema,
  PrizeOrderSchema,
} from './draws'
import { TaskClaimResultSchema, TaskCodeParamsSchema, TaskListSchema } from './tasks'
import { InvitationListSchema, InviteRedeemBodySchema, InviteRedeemResultSchema } from './invitations'
import { MemberInteractionPageSchema } from './interactions'
import { PageQuerySchema } from './paging'

/**
 * The membership centre's endpoints: points, gifts and redemption, lucky draws and the gift bag, tasks, the interaction
 * history, invitations; and the operator endpoints (x-ops-token) that move a redemption or a feedback.
 */
export const membershipEndpoints = {
  points: endpoint('GET', '/membership/points', { answer: PointsSummarySchema }),
  pointsEntries: endpoint('GET', '/membership/points/entries', {
    query: PointsEntriesQuerySchema,
    answer: PointsEntriesPageSchema,
  }),
  gifts: endpoint('GET', '/membership/gifts', { answer: GiftListSchema }),
  gift: endpoint('GET', '/membership/gifts/:id', { params: GiftIdParamsSchema, answer: GiftSchema }),
  /** with the header Idempotency-Key */
  redeemGift: endpoint('POST', '/membership/gifts/redeem', { body: RedeemBodySchema, answer: RedeemResultSchema }),
  redemptions: endpoint('GET', '/membership/redemptions', { query: PageQuerySchema, answer: RedemptionPageSchema }),
  redemption: endpoint('GET', '/membership/redemptions/:redemptionNumber', {
    params: RedemptionNumberParamsSchema,
    answer: RedemptionSchema,
  }),
  feedback: endpoint('GET', '/membership/redemption-feedback', { answer: FeedbackListSchema }),
  postFeedback: endpoint('POST', '/membership/redemption-feedback', {
    body: FeedbackBodySchema,
    answer: FeedbackSchema,
  }),
  draws: endpoint('GET', '/membership/draws', { answer: DrawListSchema }),
  /** with the header Idempotency-Key */
  draw: endpoint('POST', '/membership/draws/:id/draw', {
    params: DrawIdParamsSchema,
    body: PlayEmptyBodySchema,
    answer: DrawResultSchema,
  }),
  giftBag: endpoint('GET', '/membership/giftbag', { query: PageQuerySchema, answer: GiftBagSchema }),
  prizeAddress: endpoint('POST', '/membership/giftbag/:id/address', {
    params: PrizeOrderIdParamsSchema,
    body: PrizeAddressBodySchema,
    answer: PrizeOrderSchema,
  }),
  tasks: endpoint('GET', '/membership/tasks', { answer: TaskListSchema }),
  claimTask: endpoint('POST', '/membership/tasks/:code/claim', {
    params: TaskCodeParamsSchema,
    body: PlayEmptyBodySchema,
    answer: TaskClaimResultSchema,
  }),
  interactions: endpoint('GET', '/membership/interactions', {
    query: PageQuerySchema,
    answer: MemberInteractionPageSchema,
  }),
  invitations: endpoint('GET', '/membership/invitations', { answer: InvitationListSchema }),
  redeemInvitation: endpoint('POST', '/membership/invitations/redeem', {
    body: InviteRedeemBodySchema,
    answer: InviteRedeemResultSchema,
  }),
  opsMoveRedemption: endpoint('POST', '/ops/gift-redemptions/:redemptionNumber/status', {
    params: RedemptionNumberParamsSchema,
    body: OpsRedemptionMoveSchema,
    answer: OpsRedemptionMovedSchema,
  }),
  opsMoveFeedback: endpoint('POST', '/ops/redemption-feedback/:id', {
    params: OpsFeedbackParamsSchema,
    body: OpsFeedbackMoveSchema,
    answer: OpsFeedbackMovedSchema,
  }),
}
export type MembershipEndpoints = typeof membershipEndpoints
