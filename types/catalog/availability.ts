/**
 * Spec section 4, availability by quantity:
 * "Zero or negative: OUT_OF_STOCK (red). At or above the desired quantity: IN_STOCK (green).
 *  Otherwise: PARTIALLY_IN_STOCK (orange)."
 * Shared: the server labels cart lines with it, the app colours badges with it.
 */
export type AvailabilityStatus = 'IN_STOCK' | 'PARTIALLY_IN_STOCK' | 'OUT_OF_STOCK'

export function availabilityStatus(availableQuantity: number, desiredQuantity: number): AvailabilityStatus {
  if (!(availableQuantity > 0)) return 'OUT_OF_STOCK'
  if (availableQuantity >= desiredQuantity) return 'IN_STOCK'
  return 'PARTIALLY_IN_STOCK'
}
