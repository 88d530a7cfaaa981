import type { Static } from 'typebox'
import { Literals } from '../common'

/**
 * Spec §4 "Redemption: created, submitted, shipped, cancelled, partial_shipped, pending_shipped,
 * expired." Used by gift redemptions (gift centre) and by lucky-draw prize orders (gift bag) alike.
 */
export const RedemptionStatusSchema = Literals([
  'created',
  'submitted',
  'shipped',
  'cancelled',
  'partial_shipped',
  'pending_shipped',
  'expired',
])
export type RedemptionStatus = Static<typeof RedemptionStatusSchema>

/** Spec §4 "Exchange status: normal, out of stock, exceeds limit, insufficient points, draw-only." */
export const ExchangeStatusSchema = Literals([
  'normal',
  'out_of_stock',
  'exceeds_limit',
  'insufficient_points',
  'draw_only',
])
export type ExchangeStatus = Static<typeof ExchangeStatusSchema>

/** Spec §4 "A lucky-draw order without an address expires after 14 days." (§9: "A lucky-draw order address is due within 14 days, else the order expires.") */
export const DRAW_ORDER_ADDRESS_DAYS = 14
