import { carrierName } from '../../../types/order/carriers'
import type { RedemptionShipment } from '../../../types/membership/redemption'

/**
 * What the buyer sees of how staff shipped a gift redemption or a prize order (issue 24): the carrier in the
 * request's language and the tracking number, or null until it is shipped.
 */
export function buyerShipment(
  row: { carrier: string | null; tracking_number: string | null; shipped_at: Date | string | null },
  language: 'en' | 'zh',
): RedemptionShipment {
  if (!row.carrier || !row.tracking_number || !row.shipped_at) return null
  return {
    carrier: carrierName(row.carrier, language),
    trackingNumber: row.tracking_number,
    shippedAt: new Date(row.shipped_at).toISOString(),
  }
}
