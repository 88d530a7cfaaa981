import type { StaffSamples } from './types'

/** Sample requests for the service domain's staff routes (types/service/staff-endpoints.ts). */
export const serviceSamples: StaffSamples = {}
