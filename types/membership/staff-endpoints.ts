import { Type, type Static } from 'typebox'
import { get, permitted, post, withPermission } from '../endpoint'
import { contentEndpoints } from '../staff/content-endpoints'
import { Closed, CountryCodeSchema, Literals, Nullable, Paged, pageQueryFields } from '../common'
import { RedemptionStatusSchema } from './redemption'
import { FeedbackCategorySchema, FeedbackStatusSchema, FeedbackTypeSchema } from './gifts-schemas'
import { DrawKindSchema, DrawPeriodSchema, PrizeKindSchema } from './draws'
import { MAX_GIFT_IMAGE_LENGTH, TRACKING_NUMBER_PATTERN } from './staff-rules'

/**
 * The membership domain's staff endpoints (issue 24): each under /admin/ with the permission its route needs
 * (`withPermission`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 * The rules they check are types/membership/staff-rules.ts; the routes server/domains/membership/staff/.
 */

/** An ISO 8601 instant (2026-11-27T10:00:00Z or with an offset). */
const InstantSchema = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$',
  description: 'an ISO 8601 instant with its offset',
})
/** Text a buyer reads: not blank (the server also refuses only spaces). */
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength })

// ---------------- gift redemptions and prize orders

/** A gift redemption's number (RD-000001) or a prize order's (LD000000001): their own id spaces, told apart by form. */
export const ShipmentNumberParamsSchema = Closed({
  number: Type.String({ pattern: '^(RD-[0-9]{6,12}|LD[0-9]{9,15})$' }),
})

export const AdminShipmentSchema = Type.Object({
  carrier: Type.String(),
  trackingNumber: Type.String(),
  shippedAt: Type.String(),
  shippedBy: Type.String(),
})

export const AdminRedemptionKindSchema = Literals(['gift', 'prize'])
export const AdminRedemptionSchema = Type.Object({
  kind: AdminRedemptionKindSchema,
  /** RD-… for a gift redemption, LD… for a prize order */
  number: Type.String(),
  status: RedemptionStatusSchema,
  member: Type.Object({ userId: Type.String(), userName: Type.String(), accountNumber: Nullable(Type.String()) }),
  /** the ship-to as the buyer gave it: its address key and one line; null while a prize order waits for it */
  address: Nullable(Type.Object({ addressKey: Type.String(), label: Type.String() })),
  contact: Nullable(Type.Object({ name: Type.String(), phone: Type.String() })),
  items: Type.Array(Type.Object({ name: Type.String(), quantity: Type.Integer() })),
  /** points paid (a prize order: the draw's cost) */
  points: Type.Integer(),
  createdAt: Type.String(),
  shipment: Nullable(AdminShipmentSchema),
})
export type AdminRedemption = Static<typeof AdminRedemptionSchema>

export const AdminRedemptionQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  /** 'toShip': what may be shipped now (submitted, pending_shipped, partial_shipped); else one status */
  status: Type.Optional(Type.Union([Type.Literal('toShip'), RedemptionStatusSchema])),
  kind: Type.Optional(AdminRedemptionKindSchema),
})

export const ShipBodySchema = Closed({
  /** a carrier of types/order/carriers.ts, by either of its names */
  carrier: Type.String({ minLength: 1, maxLength: 40 }),
  trackingNumber: Type.String({ pattern: TRACKING_NUMBER_PATTERN }),
})
export type ShipBody = Static<typeof ShipBodySchema>

/** A gift redemption's number only: a prize order (LD…) is not cancelled by staff. */
export const GiftRedemptionNumberParamsSchema = Closed({ number: Type.String({ pattern: '^RD-[0-9]{6,12}$' }) })
/** why customer service cancels it: the buyer reads it in their notification */
export const CancelRedemptionBodySchema = Closed({ reason: Text(500) })
export type CancelRedemptionBody = Static<typeof CancelRedemptionBodySchema>

// ---------------- redemption feedback

export const AdminFeedbackSchema = Type.Object({
  id: Type.String(),
  number: Type.String(),
  member: Type.Object({ userId: Type.String(), userName: Type.String() }),
  category: FeedbackCategorySchema,
  type: FeedbackTypeSchema,
  description: Type.String(),
  status: FeedbackStatusSchema,
  result: Nullable(Type.String()),
  resolvedAt: Nullable(Type.String()),
  resolvedBy: Nullable(Type.String()),
  createdAt: Type.String(),
})
export type AdminFeedback = Static<typeof AdminFeedbackSchema>

export const AdminFeedbackQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  /** 'open': pending or In-Progress */
  status: Type.Optional(Type.Union([Type.Literal('open'), FeedbackStatusSchema])),
})
export const FeedbackIdParamsSchema = Closed({ id: Type.String({ pattern: '^[0-9]{1,15}$' }) })
export const ResolveFeedbackBodySchema = Closed({ note: Text(500) })

// ---------------- gifts

export const AdminGiftStateSchema = Literals(['scheduled', 'live', 'ended'])
export const AdminGiftSchema = Type.Object({
  id: Type.String(),
  country: CountryCodeSchema,
  nameEn: Type.String(),
  nameZh: Type.String(),
  descriptionEn: Type.String(),
  descriptionZh: Type.String(),
  category: Type.String(),
  image: Nullable(Type.String()),
  points: Type.Integer(),
  /** what is left to redeem (each redemption takes from it, a cancelled one gives back) */
  stock: Type.Integer(),
  minQty: Type.Integer(),
  limitQty: Nullable(Type.Integer()),
  drawOnly: Type.Boolean(),
  sortOrder: Type.Integer(),
  startAt: Nullable(Type.String()),
  endAt: Nullable(Type.String()),
  state: AdminGiftStateSchema,
  /** units in redemptions that were not cancelled or expired */
  redeemed: Type.Integer(),
})
export type AdminGift = Static<typeof AdminGiftSchema>

export const GiftCategorySchema = Literals(['lab', 'office', 'lifestyle', 'voucher', 'equipment'])
const giftFields = {
  nameEn: Text(120),
  nameZh: Text(120),
  descriptionEn: Type.String({ maxLength: 1000 }),
  descriptionZh: Type.String({ maxLength: 1000 }),
  category: GiftCategorySchema,
  /** a path of our own media, /media/... (staff-rules.ts safeGiftImage) */
  image: Nullable(Type.String({ minLength: 1, maxLength: MAX_GIFT_IMAGE_LENGTH })),
  points: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  stock: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  minQty: Type.Integer({ minimum: 1, maximum: 99 }),
  limitQty: Nullable(Type.Integer({ minimum: 1, maximum: 99 })),
  drawOnly: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
  startAt: Nullable(InstantSchema),
  endAt: Nullable(InstantSchema),
}
export const CreateGiftBodySchema = Closed({ country: CountryCodeSchema, ...giftFields })
export type CreateGiftBody = Static<typeof CreateGiftBodySchema>
/** a change names every field (what the form shows), the country excepted */
export const ChangeGiftBodySchema = Closed(giftFields)
export type ChangeGiftBody = Static<typeof ChangeGiftBodySchema>
export const AdminGiftIdParamsSchema = Closed({ id: Type.String({ pattern: '^[A-Z0-9-]{3,32}$' }) })
export const AdminGiftQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  country: Type.Optional(CountryCodeSchema),
  state: Type.Optional(AdminGiftStateSchema),
})

// ---------------- lucky draws

export const AdminPrizeSchema = Type.Object({
  id: Type.Integer(),
  slot: Type.Integer(),
  kind: PrizeKindSchema,
  nameEn: Type.String(),
  nameZh: Type.String(),
  points: Nullable(Type.Integer()),
  weight: Type.Integer(),
  stock: Nullable(Type.Integer()),
  /** times it was won */
  won: Type.Integer(),
})
export const AdminDrawSchema = Type.Object({
  id: Type.String(),
  country: CountryCodeSchema,
  kind: DrawKindSchema,
  nameEn: Type.String(),
  nameZh: Type.String(),
  rulesEn: Type.String(),
  rulesZh: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  state: Literals(['not_started', 'running', 'over']),
  pointsPerDraw: Type.Integer(),
  period: DrawPeriodSchema,
  periodLimit: Type.Integer(),
  totalLimit: Type.Integer(),
  sortOrder: Type.Integer(),
  draws: Type.Integer(),
  /** in slot order: the slot is the place in this list */
  prizes: Type.Array(AdminPrizeSchema),
})
export type AdminDraw = Static<typeof AdminDrawSchema>

/** A prize as staff send it: `id` names an existing prize of the draw (kept), none a new one; the list order is the slot order. */
export const PrizeInputSchema = Closed({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  kind: PrizeKindSchema,
  nameEn: Text(80),
  nameZh: Text(80),
  points: Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  weight: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  /** null: unlimited (the thanks-for-taking-part slot must be) */
  stock: Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
})
export type PrizeInput = Static<typeof PrizeInputSchema>

const drawFields = {
  kind: DrawKindSchema,
  nameEn: Text(80),
  nameZh: Text(80),
  rulesEn: Text(2000),
  rulesZh: Text(2000),
  startAt: InstantSchema,
  endAt: InstantSchema,
  pointsPerDraw: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  period: DrawPeriodSchema,
  periodLimit: Type.Integer({ minimum: 1, maximum: 1000 }),
  totalLimit: Type.Integer({ minimum: 1, maximum: 100_000 }),
  sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
  prizes: Type.Array(PrizeInputSchema, { minItems: 2, maxItems: 12 }),
}
export const CreateDrawBodySchema = Closed({ country: CountryCodeSchema, ...drawFields })
export type CreateDrawBody = Static<typeof CreateDrawBodySchema>
export const ChangeDrawBodySchema = Closed(drawFields)
export type ChangeDrawBody = Static<typeof ChangeDrawBodySchema>
export const AdminDrawIdParamsSchema = Closed({
  id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }),
})
export const AdminDrawQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  country: Type.Optional(CountryCodeSchema),
})

// ---------------- points

export const AdjustPointsBodySchema = Closed({
  userId: Type.String({ minLength: 1, maxLength: 64 }),
  /** a non-zero integer: added (> 0) or taken (< 0) */
  delta: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
  /** shown to the member on the ledger line */
  reason: Text(200),
})
export type AdjustPointsBody = Static<typeof AdjustPointsBodySchema>
export const PointsAdjustedSchema = Type.Object({
  userId: Type.String(),
  entryId: Type.String(),
  delta: Type.Integer(),
  reason: Type.String(),
  balance: Type.Integer(),
})

/** Gifts and draws: list, create, change, end (an end takes an empty body); staff read one in the list. */
export const giftEndpoints = contentEndpoints('gift.manage', '/admin/gifts', {
  key: 'id',
  item: AdminGiftSchema,
  query: AdminGiftQuerySchema,
  params: AdminGiftIdParamsSchema,
  create: CreateGiftBodySchema,
  change: ChangeGiftBodySchema,
  endBody: Closed({}),
})
export const drawEndpoints = contentEndpoints('draw.manage', '/admin/draws', {
  key: 'id',
  item: AdminDrawSchema,
  query: AdminDrawQuerySchema,
  params: AdminDrawIdParamsSchema,
  create: CreateDrawBodySchema,
  change: ChangeDrawBodySchema,
  endBody: Closed({}),
})

export const membershipStaffEndpoints = {
  ...permitted('redemption.ship', {
    membershipRedemptions: get('/admin/redemptions', Paged(AdminRedemptionSchema), {
      query: AdminRedemptionQuerySchema,
    }),
    membershipShip: post('/admin/redemptions/:number/ship', AdminRedemptionSchema, {
      params: ShipmentNumberParamsSchema,
      body: ShipBodySchema,
    }),
    membershipCancelRedemption: post('/admin/redemptions/:number/cancel', AdminRedemptionSchema, {
      params: GiftRedemptionNumberParamsSchema,
      body: CancelRedemptionBodySchema,
    }),
    membershipFeedback: get('/admin/redemption-feedback', Paged(AdminFeedbackSchema), {
      query: AdminFeedbackQuerySchema,
    }),
    membershipResolveFeedback: post('/admin/redemption-feedback/:id/resolve', AdminFeedbackSchema, {
      params: FeedbackIdParamsSchema,
      body: ResolveFeedbackBodySchema,
    }),
  }),
  membershipGifts: giftEndpoints.list,
  membershipCreateGift: giftEndpoints.create,
  membershipChangeGift: giftEndpoints.change,
  membershipEndGift: giftEndpoints.end,
  membershipDraws: drawEndpoints.list,
  membershipCreateDraw: drawEndpoints.create,
  membershipChangeDraw: drawEndpoints.change,
  membershipEndDraw: drawEndpoints.end,
  membershipAdjustPoints: withPermission(
    'points.adjust',
    post('/admin/points/adjust', PointsAdjustedSchema, { body: AdjustPointsBodySchema }),
  ),
}
