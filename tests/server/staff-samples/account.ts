import type { StaffSamples } from './types'

/** Sample requests for the account domain's staff routes (types/account/staff-endpoints.ts). */
export const accountSamples: StaffSamples = {}
