/**
 * The points rules of the membership programme (issue 13: "Orders earn points by a rule stated in
 * README"). Pure, shared by the server (what it credits and expires) and the app (the point-rules
 * page states the same numbers). The spec does not show points values ("Points values and gift
 * limits are not shown"): these are ours, stated in docs/membership.md.
 */

/**
 * EARNING: 1 point per full CNY 1,000 (100,000 fen) or INR 10,000 (1,000,000 paise) of an order's
 * goods value before tax (orders.total_amount: what the buyer pays for the goods, before tax and
 * handling). Orders of a lab supplier's business accounts are large (the seeded history's median
 * order is about CNY 43,000): this keeps a year of orders in the thousands of points.
 */
export const MINOR_PER_POINT: Record<'CNY' | 'INR', number> = { CNY: 100_000, INR: 1_000_000 }
/** the same in major units, for the rules page: CNY 1,000, INR 10,000 */
export const MAJOR_PER_POINT: Record<'CNY' | 'INR', number> = { CNY: 1_000, INR: 10_000 }

export function orderPoints(currency: 'CNY' | 'INR', goodsMinor: number): number {
  if (!Number.isFinite(goodsMinor) || goodsMinor <= 0) return 0
  return Math.floor(goodsMinor / MINOR_PER_POINT[currency])
}

/** An order's points are credited once it has left the warehouse: shipped, waiting for delivery or completed. */
export const ORDER_CREDIT_STATUSES = ['SHIPPED', 'Waiting for Delivery', 'COMPLETED'] as const
/** ... and taken back (one 'reversed' entry) if such an order is later cancelled. */
export const ORDER_REVERSAL_STATUSES = ['CANCELLED'] as const

/**
 * EXPIRY: the points of an order count as earned in the calendar year (UTC) the order was placed, and
 * expire at the end of the following calendar year: earned any day of 2025, they expire at
 * 2027-01-01T00:00:00Z (the end of 31 Dec 2026). Points earned without an expiry never expire.
 */
export function lotExpiresAt(earnedAt: Date | string): Date {
  const y = new Date(earnedAt).getUTCFullYear()
  return new Date(Date.UTC(y + 2, 0, 1))
}

/** The earned, not reversed points of one expiry date (null: never expires). */
export interface PointsLot {
  expiresAt: Date | string | null
  points: number
}

/**
 * FIFO: whatever has left the balance (spent, net of refunds, and already expired) is taken from the
 * lots that expire first. Returns each lot's points still unused, in expiry order (never-expiring last).
 */
export function remainingLots(lots: PointsLot[], consumed: number): { expiresAt: Date | null; points: number }[] {
  const ms = (d: Date | string | null) => (d === null ? Number.POSITIVE_INFINITY : new Date(d).getTime())
  const sorted = [...lots].sort((a, b) => ms(a.expiresAt) - ms(b.expiresAt))
  let left = Math.max(0, consumed)
  return sorted.map((l) => {
    const take = Math.min(left, Math.max(0, l.points))
    left -= take
    return { expiresAt: l.expiresAt === null ? null : new Date(l.expiresAt), points: Math.max(0, l.points) - take }
  })
}

/**
 * What must expire now: the unused points of every lot whose expiry has passed. Equal to
 * max(0, points of expired lots − (spent − refunded) − already expired), which is the same thing
 * written on totals. Idempotent: once that amount is written as an 'expired' entry, it counts as
 * consumed and the next call answers 0.
 */
export function expiryDue(lots: PointsLot[], consumed: number, now: Date | number): number {
  const t = new Date(now).getTime()
  return remainingLots(lots, consumed)
    .filter((l) => l.expiresAt !== null && l.expiresAt.getTime() <= t)
    .reduce((s, l) => s + l.points, 0)
}

/** The next points to expire after `now` and when (all unused points of the earliest expiry date still ahead), or null. */
export function nextExpiry(
  lots: PointsLot[],
  consumed: number,
  now: Date | number,
): { points: number; expiresAt: Date } | null {
  const t = new Date(now).getTime()
  const ahead = remainingLots(lots, consumed).filter(
    (l) => l.points > 0 && l.expiresAt !== null && l.expiresAt.getTime() > t,
  )
  if (!ahead.length) return null
  const at = ahead[0].expiresAt!
  return {
    expiresAt: at,
    points: ahead.filter((l) => l.expiresAt!.getTime() === at.getTime()).reduce((s, l) => s + l.points, 0),
  }
}
