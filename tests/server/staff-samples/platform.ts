import type { StaffSamples } from './types'

/** Sample requests for the platform domain's staff routes (types/platform/staff-endpoints.ts). */
export const platformSamples: StaffSamples = {}
