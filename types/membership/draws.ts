import { Type, type Static } from 'typebox'
import { Nullable } from '../common'
import { RedemptionStatusSchema } from './redemption'

/**
 * Lucky draws (spec §1 "lucky draws (blind box and wheel)", §4 "Lucky-draw activity: period limit",
 * "A lucky-draw order without an address expires after 14 days", §8 "Lucky draw: not in activity time
 * or not started, no prizes left, not enough points, exceeded draw limit or period limit, black list").
 *
 * The server decides every draw (window, black list, limits, stock, points and the prize, picked with
 * a CSPRNG by weight); the app only animates to the prize the server returned.
 */

/** the three kinds of activity: a lucky draw (a grid of prizes), a blind box and a wheel */
export const DrawKindSchema = Type.Union([Type.Literal('lucky'), Type.Literal('blind_box'), Type.Literal('wheel')])
export type DrawKind = Static<typeof DrawKindSchema>

/** the period of an activity's period limit */
export const DrawPeriodSchema = Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')])
export type DrawPeriod = Static<typeof DrawPeriodSchema>

/** 'none': the "thanks for taking part" slot (no prize, unlimited stock); 'points': points credited at once; 'physical': a gift shipped from a prize order */
export const PrizeKindSchema = Type.Union([Type.Literal('none'), Type.Literal('points'), Type.Literal('physical')])
export type PrizeKind = Static<typeof PrizeKindSchema>

/** an activity's state, from its window (the server's clock) */
export const DrawActivityStatusSchema = Type.Union([Type.Literal('not_started'), Type.Literal('running'), Type.Literal('over')])
export type DrawActivityStatus = Static<typeof DrawActivityStatusSchema>

export function drawActivityStatus(a: { startAt: Date; endAt: Date }, now: Date): DrawActivityStatus {
  if (now.getTime() < a.startAt.getTime()) return 'not_started'
  if (now.getTime() >= a.endAt.getTime()) return 'over'
  return 'running'
}

/**
 * Section 8's lucky-draw refusals, each a distinct reason, checked in this order (the first that
 * applies answers): not started, not in activity time (over), black list, exceeded draw limit (the
 * activity's overall limit), exceeded period limit, no prizes left, not enough points.
 * "No prizes left" means every prize other than the thanks-for-taking-part slot is out of stock: the
 * member is not charged for a draw that cannot win anything.
 */
export const DRAW_REFUSALS = [
  'DRAW_NOT_STARTED', 'DRAW_NOT_IN_TIME', 'DRAW_BLACKLISTED', 'DRAW_LIMIT_EXCEEDED', 'DRAW_PERIOD_LIMIT_EXCEEDED',
  'DRAW_NO_PRIZES_LEFT', 'DRAW_NOT_ENOUGH_POINTS',
] as const
export type DrawRefusal = (typeof DRAW_REFUSALS)[number]

export interface DrawCheckInput {
  status: DrawActivityStatus
  blacklisted: boolean
  /** the member's draws in this activity so far, and in the current period */
  usedTotal: number
  usedInPeriod: number
  totalLimit: number
  periodLimit: number
  /** prizes other than 'none' with stock left (null stock = unlimited) */
  realPrizesLeft: number
  balance: number
  pointsPerDraw: number
}

/** The first refusal that applies, or null when the member may draw. Pure: the server runs it under the member's lock. */
export function drawRefusal(i: DrawCheckInput): DrawRefusal | null {
  if (i.status === 'not_started') return 'DRAW_NOT_STARTED'
  if (i.status === 'over') return 'DRAW_NOT_IN_TIME'
  if (i.blacklisted) return 'DRAW_BLACKLISTED'
  if (i.usedTotal >= i.totalLimit) return 'DRAW_LIMIT_EXCEEDED'
  if (i.usedInPeriod >= i.periodLimit) return 'DRAW_PERIOD_LIMIT_EXCEEDED'
  if (i.realPrizesLeft <= 0) return 'DRAW_NO_PRIZES_LEFT'
  if (i.balance < i.pointsPerDraw) return 'DRAW_NOT_ENOUGH_POINTS'
  return null
}

/** UTC offsets of the two countries' business time (neither has daylight saving) */
export const BUSINESS_OFFSET_MINUTES: Record<'cn' | 'in', number> = { cn: 8 * 60, in: 5 * 60 + 30 }

/**
 * The key of the period `now` falls in, in the country's business time: day '2026-11-23', week
 * '2026-W48' (ISO week, Monday first), month '2026-11'. Draws of one member in one activity with the
 * same key count against the period limit.
 */
export function periodKey(period: DrawPeriod | 'daily' | 'monthly', now: Date, country: 'cn' | 'in'): string {
  const local = new Date(now.getTime() + BUSINESS_OFFSET_MINUTES[country] * 60_000)
  const y = local.getUTCFullYear()
  const m = String(local.getUTCMonth() + 1).padStart(2, '0')
  const d = String(local.getUTCDate()).padStart(2, '0')
  if (period === 'day' || period === 'daily') return `${y}-${m}-${d}`
  if (period === 'month' || period === 'monthly') return `${y}-${m}`
  // ISO week: the Thursday of this week decides the year
  const day = (local.getUTCDay() + 6) % 7
  const thursday = new Date(Date.UTC(y, local.getUTCMonth(), local.getUTCDate() - day + 3))
  const jan4 = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4))
  const week = 1 + Math.round(((thursday.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7)
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/**
 * The weighted pick: among `prizes` with stock left (stock null = unlimited, > 0 = left), prize i
 * wins with probability weight_i / sum of weights. `randomInt(n)` returns an integer in [0, n) — the
 * server passes node:crypto's randomInt (a CSPRNG); tests inject a fixed source. Returns null when no
 * prize has stock.
 */
export function pickPrize<P extends { weight: number; stock: number | null }>(prizes: P[], randomInt: (n: number) => number): P | null {
  const open = prizes.filter((p) => p.weight > 0 && (p.stock === null || p.stock > 0))
  const total = open.reduce((s, p) => s + p.weight, 0)
  if (total <= 0) return null
  let r = randomInt(total)
  if (!Number.isInteger(r) || r < 0 || r >= total) throw new Error(`pickPrize: random source returned ${r} outside [0, ${total})`)
  for (const p of open) {
    if (r < p.weight) return p
    r -= p.weight
  }
  return null
}

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

export const DrawIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }) })

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

export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
})
export type PageQuery = Static<typeof PageQuerySchema>

export const GiftBagSchema = Type.Object({
  items: Type.Array(PrizeOrderSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
})
export type GiftBag = Static<typeof GiftBagSchema>

export const PrizeOrderIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9]+$' }) })
export const PrizeAddressBodySchema = Type.Object({ shipTo: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false })
export type PrizeAddressBody = Static<typeof PrizeAddressBodySchema>
