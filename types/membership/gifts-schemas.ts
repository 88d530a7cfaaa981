import { Type, type Static } from 'typebox'
import { Closed, Literals, Nullable, Paged } from '../common'
import { ExchangeStatusSchema, RedemptionShipmentSchema, RedemptionStatusSchema } from './redemption'
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, FEEDBACK_TYPES, GIFT_LIMIT_PERIOD, MAX_REDEEM_QTY } from './gifts'
import { REMARK_MAX } from '../order/totals'

/** The gift-centre calls' contract; the rules are gifts.ts (no schema library: the app imports it). */

export const FeedbackCategorySchema = Literals(FEEDBACK_CATEGORIES)
export const FeedbackTypeSchema = Literals(FEEDBACK_TYPES)
export const FeedbackStatusSchema = Literals(FEEDBACK_STATUSES)

export const GiftSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: Type.String(),
  image: Nullable(Type.String()),
  /** points per unit */
  points: Type.Integer(),
  stock: Type.Integer(),
  minQty: Type.Integer(),
  limitQty: Nullable(Type.Integer()),
  limitPeriod: Type.Literal(GIFT_LIMIT_PERIOD),
  drawOnly: Type.Boolean(),
  redeemedThisPeriod: Type.Integer(),
  exchangeStatus: ExchangeStatusSchema,
})
export type Gift = Static<typeof GiftSchema>

export const GiftListSchema = Type.Object({ balance: Type.Integer(), gifts: Type.Array(GiftSchema) })
export type GiftList = Static<typeof GiftListSchema>

export const GiftIdParamsSchema = Type.Object({ id: Type.String({ pattern: '^[A-Z0-9-]{3,32}$' }) })
export const RedemptionNumberParamsSchema = Type.Object({
  redemptionNumber: Type.String({ pattern: '^RD-[0-9]{6,12}$' }),
})

export const ContactSchema = Closed({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  phone: Type.String({ minLength: 5, maxLength: 30 }),
})

export const RedeemBodySchema = Closed({
  giftId: Type.String({ pattern: '^[A-Z0-9-]{3,32}$' }),
  quantity: Type.Integer({ minimum: 1, maximum: MAX_REDEEM_QTY }),
  /** the member's own ship-to (its address key) */
  addressKey: Type.String({ minLength: 1, maxLength: 64 }),
  contact: ContactSchema,
  // spec §9 "Remark | max 100 characters"
  remark: Type.Optional(Type.String({ maxLength: REMARK_MAX })),
})
export type RedeemBody = Static<typeof RedeemBodySchema>

export const RedemptionLineSchema = Type.Object({
  giftId: Type.String(),
  name: Type.String(),
  image: Nullable(Type.String()),
  quantity: Type.Integer(),
  unitPoints: Type.Integer(),
  points: Type.Integer(),
})

export const RedemptionShipToSchema = Type.Object({
  addressKey: Type.String(),
  attentionTo: Nullable(Type.String()),
  company: Nullable(Type.String()),
  address: Type.String(),
  phone: Nullable(Type.String()),
})

export const RedemptionSchema = Type.Object({
  redemptionNumber: Type.String(),
  status: RedemptionStatusSchema,
  points: Type.Integer(),
  lines: Type.Array(RedemptionLineSchema),
  shipTo: RedemptionShipToSchema,
  contact: Type.Object({ name: Type.String(), phone: Type.String() }),
  remark: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** the carrier and tracking number once staff shipped it (absent from answers stored before issue 24) */
  shipment: Type.Optional(RedemptionShipmentSchema),
})
export type Redemption = Static<typeof RedemptionSchema>

export const RedeemResultSchema = Type.Object({ redemption: RedemptionSchema, balance: Type.Integer() })
export type RedeemResult = Static<typeof RedeemResultSchema>

export const RedemptionSummarySchema = Type.Object({
  redemptionNumber: Type.String(),
  status: RedemptionStatusSchema,
  points: Type.Integer(),
  giftName: Type.String(),
  image: Nullable(Type.String()),
  quantity: Type.Integer(),
  createdAt: Type.String(),
})
export type RedemptionSummary = Static<typeof RedemptionSummarySchema>

export const RedemptionPageSchema = Paged(RedemptionSummarySchema)
export type RedemptionPage = Static<typeof RedemptionPageSchema>

export const FeedbackBodySchema = Closed({
  category: FeedbackCategorySchema,
  type: FeedbackTypeSchema,
  /** the redemption number the feedback is about */
  number: Type.String({ pattern: '^RD-[0-9]{6,12}$' }),
  description: Type.String({ minLength: 1, maxLength: 500 }),
})
export type FeedbackBody = Static<typeof FeedbackBodySchema>

export const FeedbackSchema = Type.Object({
  id: Type.String(),
  category: FeedbackCategorySchema,
  type: FeedbackTypeSchema,
  number: Type.String(),
  description: Type.String(),
  status: FeedbackStatusSchema,
  /** the handling result, once there is one */
  result: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type Feedback = Static<typeof FeedbackSchema>
export const FeedbackListSchema = Type.Array(FeedbackSchema)
