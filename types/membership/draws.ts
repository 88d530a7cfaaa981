import { Type, type Static } from 'typebox'
import { Closed, Literals, Nullable, Paged } from '../common'
import { RedemptionShipmentSchema, RedemptionStatusSchema } from './redemption'
import type { DrawActivityStatus } from './play-rules'

/**
 * Lucky draws (spec §1 "lucky draws (blind box and wheel)", §4 "Lucky-draw activity: period limit",
 * "A lucky-draw order without an address expires after 14 days", §8 "Lucky draw: not in activity time
 * or not started, no prizes left, not enough points, exceeded draw limit or period limit, black list").
 *
 * The server decides every draw (window, black list, limits, stock, points and the prize, picked with
 * a CSPRNG by weight); the app only animates to the prize the server returned.
 */

/** the three kinds of activity: a lucky draw (a grid of prizes), a blind box and a wheel */
export const DrawKindSchema = Literals(['lucky', 'blind_box', 'wheel'])
export type DrawKind = Static<typeof DrawKindSchema>

/** the period of an activity's period limit */
export const DrawPeriodSchema = Literals(['day', 'week', 'month'])
export type DrawPeriod = Static<typeof DrawPeriodSchema>

/** 'none': the "thanks for taking part" slot (no prize, unlimited stock); 'points': points credited at once; 'physical': a gift shipped from a prize order */
export const PrizeKindSchema = Literals(['none', 'points', 'physical'])
export type PrizeKind = Static<typeof PrizeKindSchema>

/** an activity's state, from its window (the server's clock) */
export const DrawActivityStatusSchema = Literals<DrawActivityStatus>(['not_started', 'running', 'over'])
export const DrawPrizeSchema = Type.Object({
  id: Type.Integer(),
  /** the prize's place on the wheel / in the grid (0-based, in display order) */
  slot: Type.Integer(),
  kind: PrizeKindSchema,
  name: Type.String(),
  /** points credited by a points prize; null otherwise */
  points: Nullable(Type.Integer()),
  /** false when a limited prize is gone */
  available: Type.Boolean(),
})
export type DrawPrize = Static<typeof DrawPrizeSchema>

export const DrawActivitySchema = Type.Object({
  id: Type.String(),
  kind: DrawKindSchema,
  name: Type.String(),
  rules: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  status: DrawActivityStatusSchema,
  pointsPerDraw: Type.Integer(),
  period: DrawPeriodSchema,
  periodLimit: Type.Integer(),
  totalLimit: Type.Integer(),
  /** the caller's draws in the current period and overall */
  usedInPeriod: Type.Integer(),
  usedTotal: Type.Integer(),
  prizes: Type.Array(DrawPrizeSchema),
})
export type DrawActivity = Static<typeof DrawActivitySchema>

export const DrawListSchema = Type.Object({ balance: Type.Integer(), activities: Type.Array(DrawActivitySchema) })
export type DrawList = Static<typeof DrawListSchema>

/** the body of a POST whose subject is all in its path (a draw, a task claim): an empty JSON object */
export const PlayEmptyBodySchema = Closed({})

export const DrawIdParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }),
})

export const PrizeOrderSchema = Type.Object({
  id: Type.String(),
  orderNumber: Type.String(),
  activityId: Type.String(),
  activityName: Type.String(),
  prizeName: Type.String(),
  status: RedemptionStatusSchema,
  createdAt: Type.String(),
  /** spec §9 "A lucky-draw order address is due within 14 days, else the order expires." */
  addressDueAt: Type.String(),
  /** the ship-to put on the order (its address key and a one-line label), null until submitted */
  shipTo: Nullable(Type.Object({ addressKey: Type.String(), label: Type.String() })),
  /** the carrier and tracking number once staff shipped it */
  shipment: Type.Optional(RedemptionShipmentSchema),
})
export type PrizeOrder = Static<typeof PrizeOrderSchema>

export const DrawResultSchema = Type.Object({
  drawId: Type.String(),
  activityId: Type.String(),
  prize: DrawPrizeSchema,
  pointsSpent: Type.Integer(),
  /** the balance after the draw (and after a points prize was credited) */
  balance: Type.Integer(),
  usedInPeriod: Type.Integer(),
  usedTotal: Type.Integer(),
  /** a physical prize's order in the gift bag */
  prizeOrder: Nullable(PrizeOrderSchema),
  /** true when this answer replays an earlier draw with the same Idempotency-Key (nothing charged again) */
  replay: Type.Boolean(),
  createdAt: Type.String(),
})
export type DrawResult = Static<typeof DrawResultSchema>

export const GiftBagSchema = Paged(PrizeOrderSchema)
export type GiftBag = Static<typeof GiftBagSchema>

export const PrizeOrderIdParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$' }),
})
export const PrizeAddressBodySchema = Closed({ shipTo: Type.String({ minLength: 1, maxLength: 64 }) })
export type PrizeAddressBody = Static<typeof PrizeAddressBodySchema>
