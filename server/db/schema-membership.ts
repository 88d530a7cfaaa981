import type { ColumnType } from 'kysely'

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** Tables of migration 0013_points_ledger (issue 13). */

/** One change of a member's points (append-only; the balance is their sum). */
export interface PointsEntryTable {
  id: ColumnType<string, never, never>
  user_id: string
  kind: 'earned' | 'spent' | 'expired' | 'reversed'
  points: number
  source: 'order' | 'redemption' | 'draw' | 'task' | 'invitation' | 'expiry' | 'adjustment'
  source_ref: string | null
  note: string | null
  reverses_id: string | null
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  created_at: CreatedAt
}

export interface MembershipTables {
  points_entries: PointsEntryTable
}
