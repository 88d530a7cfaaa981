import type { StaffSamples } from './types'

/** Sample requests for the marketing domain's staff routes (types/marketing/staff-endpoints.ts). */
export const marketingSamples: StaffSamples = {}
