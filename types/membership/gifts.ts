import type { ExchangeStatus, RedemptionStatus } from './redemption'

/**
 * Gifts and their redemption (spec §4 "Gift: points, stock, limit per period, minimum exchange
 * quantity." "Exchange status: normal, out of stock, exceeds limit, insufficient points, draw-only."
 * §8 "Redeem: gift missing, off sale, out of stock, over limit, below minimum, insufficient points,
 * black-listed user."). The rules are pure and shared: the server refuses with them, the app shows
 * each gift's status with them.
 */

/** The period of a gift's limit: the calendar month (UTC). */
export const GIFT_LIMIT_PERIOD = 'month' as const
export function periodStart(now: Date | number): Date {
  const d = new Date(now)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))
}

/** The most of one gift one redemption may take. */
export const MAX_REDEEM_QTY = 99

export interface GiftFacts {
  onSale: boolean
  drawOnly: boolean
  stock: number
  minQty: number
  /** per member per calendar month; null: no limit */
  limitQty: number | null
  /** points per unit */
  points: number
}
export interface MemberFacts {
  balance: number
  /** units of this gift the member has redeemed this period (cancelled and expired redemptions not counted) */
  redeemedInPeriod: number
}

/** The refusals of a redemption, in the order they are checked (the gift missing is the server's 404 before these; a black-listed user is refused before anything). */
export const REDEEM_REFUSALS = [
  'off_sale',
  'draw_only',
  'below_minimum',
  'out_of_stock',
  'over_limit',
  'insufficient_points',
] as const
export type RedeemRefusal = (typeof REDEEM_REFUSALS)[number]

/**
 * THE rule: may the member redeem `quantity` of the gift? The first failing check, in this order:
 * off sale; draw-only (won in a lucky draw, never exchanged); below the minimum exchange quantity;
 * out of stock (stock < quantity); over the limit (redeemed this month + quantity > limit);
 * insufficient points (balance < points × quantity). null: it may.
 */
export function redeemRefusal(g: GiftFacts, m: MemberFacts, quantity: number): RedeemRefusal | null {
  if (!g.onSale) return 'off_sale'
  if (g.drawOnly) return 'draw_only'
  if (!Number.isInteger(quantity) || quantity < g.minQty) return 'below_minimum'
  if (g.stock < quantity) return 'out_of_stock'
  if (g.limitQty !== null && m.redeemedInPeriod + quantity > g.limitQty) return 'over_limit'
  if (m.balance < g.points * quantity) return 'insufficient_points'
  return null
}

const STATUS_OF: Record<RedeemRefusal, ExchangeStatus> = {
  off_sale: 'out_of_stock',
  draw_only: 'draw_only',
  below_minimum: 'exceeds_limit',
  out_of_stock: 'out_of_stock',
  over_limit: 'exceeds_limit',
  insufficient_points: 'insufficient_points',
}

/** A gift's exchange status for the member: the same rule at the gift's minimum exchange quantity. */
export function exchangeStatus(g: GiftFacts, m: MemberFacts): ExchangeStatus {
  const r = redeemRefusal(g, m, g.minQty)
  return r === null ? 'normal' : STATUS_OF[r]
}

/**
 * How an operator moves a redemption (spec §4 "Redemption: created, submitted, shipped, cancelled,
 * partial_shipped, pending_shipped, expired."). A gift redemption is written 'submitted' (created and
 * submitted in one transaction); 'created' is where a draw prize order waits for its address.
 * cancelled and expired return the points and the stock; shipped, cancelled and expired are final.
 */
export const REDEMPTION_MOVES: Record<RedemptionStatus, readonly RedemptionStatus[]> = {
  created: ['submitted', 'cancelled', 'expired'],
  submitted: ['pending_shipped', 'partial_shipped', 'shipped', 'cancelled'],
  pending_shipped: ['partial_shipped', 'shipped', 'cancelled'],
  partial_shipped: ['shipped'],
  shipped: [],
  cancelled: [],
  expired: [],
}
export const canMoveRedemption = (from: RedemptionStatus, to: RedemptionStatus) => REDEMPTION_MOVES[from].includes(to)
/** statuses whose points and stock went back: they do not count towards the period limit */
export const RELEASED_REDEMPTION_STATUSES: readonly RedemptionStatus[] = ['cancelled', 'expired']

// ---- redemption feedback (issue 13: "redemption feedback (category, type, number, result; pending or In-Progress, completed)")

export const FEEDBACK_CATEGORIES = ['logistics', 'gift_quality', 'wrong_item', 'points', 'other'] as const
export const FEEDBACK_TYPES = ['complaint', 'enquiry', 'suggestion'] as const
/** the spec's words: pending, In-Progress, completed */
export const FEEDBACK_STATUSES = ['pending', 'In-Progress', 'completed'] as const
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number]
export const FEEDBACK_MOVES: Record<FeedbackStatus, readonly FeedbackStatus[]> = {
  pending: ['In-Progress', 'completed'],
  'In-Progress': ['completed'],
  completed: [],
}
