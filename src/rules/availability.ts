/**
 * Spec section 4, availability by quantity:
 * "Zero or negative: OUT_OF_STOCK (red). At or above the desired quantity: IN_STOCK (green).
 *  Otherwise: PARTIALLY_IN_STOCK (orange)."
 */
export type AvailabilityStatus = 'IN_STOCK' | 'PARTIALLY_IN_STOCK' | 'OUT_OF_STOCK'

export const AVAILABILITY_COLOR: Record<AvailabilityStatus, 'green' | 'orange' | 'red'> = {
  IN_STOCK: 'green',
  PARTIALLY_IN_STOCK: 'orange',
  OUT_OF_STOCK: 'red'
}

export function availabilityStatus(availableQuantity: number, desiredQuantity: number): AvailabilityStatus {
  if (!(availableQuantity > 0)) return 'OUT_OF_STOCK'
  if (availableQuantity >= desiredQuantity) return 'IN_STOCK'
  return 'PARTIALLY_IN_STOCK'
}

/** Spec section 7: availability is asked for "quantity 1 for the Web channel". */
export const availabilityQuantity = (channel: string, desired: number) => (channel === 'Web' ? 1 : desired)
