import { get, post } from '../endpoint'
import { PointsEntriesPageSchema, PointsEntriesQuerySchema, PointsSummarySchema } from './points-schemas'
import {
  FeedbackBodySchema,
  FeedbackListSchema,
  FeedbackSchema,
  GiftIdParamsSchema,
  GiftListSchema,
  GiftSchema,
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
 * history, invitations. Staff ship redemptions and resolve feedback through ./staff-endpoints.ts.
 */
export const membershipEndpoints = {
  points: get('/membership/points', PointsSummarySchema),
  pointsEntries: get('/membership/points/entries', PointsEntriesPageSchema, { query: PointsEntriesQuerySchema }),
  gifts: get('/membership/gifts', GiftListSchema),
  gift: get('/membership/gifts/:id', GiftSchema, { params: GiftIdParamsSchema }),
  /** with the header Idempotency-Key */
  redeemGift: post('/membership/gifts/redeem', RedeemResultSchema, { body: RedeemBodySchema }),
  redemptions: get('/membership/redemptions', RedemptionPageSchema, { query: PageQuerySchema }),
  redemption: get('/membership/redemptions/:redemptionNumber', RedemptionSchema, {
    params: RedemptionNumberParamsSchema,
  }),
  feedback: get('/membership/redemption-feedback', FeedbackListSchema),
  postFeedback: post('/membership/redemption-feedback', FeedbackSchema, { body: FeedbackBodySchema }),
  draws: get('/membership/draws', DrawListSchema),
  /** with the header Idempotency-Key */
  draw: post('/membership/draws/:id/draw', DrawResultSchema, { params: DrawIdParamsSchema, body: PlayEmptyBodySchema }),
  giftBag: get('/membership/giftbag', GiftBagSchema, { query: PageQuerySchema }),
  prizeAddress: post('/membership/giftbag/:id/address', PrizeOrderSchema, {
    params: PrizeOrderIdParamsSchema,
    body: PrizeAddressBodySchema,
  }),
  tasks: get('/membership/tasks', TaskListSchema),
  claimTask: post('/membership/tasks/:code/claim', TaskClaimResultSchema, {
    params: TaskCodeParamsSchema,
    body: PlayEmptyBodySchema,
  }),
  interactions: get('/membership/interactions', MemberInteractionPageSchema, { query: PageQuerySchema }),
  invitations: get('/membership/invitations', InvitationListSchema),
  redeemInvitation: post('/membership/invitations/redeem', InviteRedeemResultSchema, { body: InviteRedeemBodySchema }),
}
export type MembershipEndpoints = typeof membershipEndpoints
