import type { StaffSamples } from './types'

/** Sample requests for the flashbuy domain's staff routes (types/flashbuy/staff-endpoints.ts). */
export const flashbuySamples: StaffSamples = {}
