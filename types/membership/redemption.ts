import { Type, type Static } from 'typebox'
import { Literals, Nullable } from '../common'

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

/**
 * How a gift redemption or a prize order was shipped (issue 24: staff ship it with a carrier and a tracking
 * number): the carrier in the request's language (types/order/carriers.ts carrierName). null until shipped.
 */
export const RedemptionShipmentSchema = Nullable(
  Type.Object({ carrier: Type.String(), trackingNumber: Type.String(), shippedAt: Type.String() }),
)
export type RedemptionShipment = Static<typeof RedemptionShipmentSchema>
