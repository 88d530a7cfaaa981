import type { AvailabilityStatus } from '../../../types/catalog/availability'

export { availabilityStatus, type AvailabilityStatus } from '../../../types/catalog/availability'

/** Spec section 4: OUT_OF_STOCK (red), IN_STOCK (green), PARTIALLY_IN_STOCK (orange). */
export const AVAILABILITY_COLOR: Record<AvailabilityStatus, 'green' | 'orange' | 'red'> = {
  IN_STOCK: 'green',
  PARTIALLY_IN_STOCK: 'orange',
  OUT_OF_STOCK: 'red',
}

/** Spec section 7: availability is asked for "quantity 1 for the Web channel". */
export const availabilityQuantity = (channel: string, desired: number) => (channel === 'Web' ? 1 : desired)
