import type { StaffSamples } from './types'

/** Sample requests for the order domain's staff routes (types/order/staff-endpoints.ts). */
export const orderSamples: StaffSamples = {}
