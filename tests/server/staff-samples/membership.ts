import type { StaffSamples } from './types'

/** Sample requests for the membership domain's staff routes (types/membership/staff-endpoints.ts). */
export const membershipSamples: StaffSamples = {}
