import type { Kysely } from 'kysely'
import type { DB } from '../../../server/db/schema'

/**
 * A sample request for one staff route ('METHOD /api/admin/...'), used by the role matrix
 * (tests/server/staff-roles.test.ts): every role calls it; the first allowed call must answer 200, so the sample
 * must name seeded records that the decision applies to. Later allowed calls may answer 409 (already decided)
 * or 404, never 401 or 403.
 */
export interface StaffSample {
  url: string
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  /** makes the record the first allowed call decides, when the seed has none (run once, after the refused calls) */
  prepare?: (db: Kysely<DB>) => Promise<void>
}
export type StaffSamples = Record<string, StaffSample>
