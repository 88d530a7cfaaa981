import type { StaffSamples } from './types'

/** Sample requests for the catalog domain's staff routes (types/catalog/staff-endpoints.ts). */
export const catalogSamples: StaffSamples = {}
