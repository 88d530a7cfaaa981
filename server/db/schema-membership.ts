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

/** Tables of migration 0014_gifts (issue 13: gifts, redemptions, redemption feedback). */

export interface GiftTable {
  id: string
  country: 'cn' | 'in'
  name_en: string
  name_zh: string
  description_en: string
  description_zh: string
  category: string
  image: string | null
  /** points per unit */
  points: number
  stock: number
  min_qty: ColumnType<number, number | undefined, number>
  /** per member per calendar month (UTC); null: no limit */
  limit_qty: number | null
  draw_only: ColumnType<boolean, boolean | undefined, boolean>
  on_sale: ColumnType<boolean, boolean | undefined, boolean>
  sort_order: ColumnType<number, number | undefined, number>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface GiftRedemptionTable {
  id: ColumnType<string, never, never>
  redemption_number: string
  user_id: string
  account_id: number
  country: string
  status: 'created' | 'submitted' | 'shipped' | 'cancelled' | 'partial_shipped' | 'pending_shipped' | 'expired'
  points_total: number
  /** the 'spent' entry that paid for it */
  points_entry_id: string | null
  ship_to_key: string
  ship_to_snapshot: ColumnType<Record<string, unknown>, string, string>
  contact: ColumnType<{ name: string; phone: string }, string, string>
  remark: string | null
  idempotency_key: string | null
  request_hash: string | null
  response: ColumnType<unknown, string | null | undefined, string | null>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface GiftRedemptionLineTable {
  id: ColumnType<string, never, never>
  redemption_id: string
  gift_id: string
  name_en: string
  name_zh: string
  image: string | null
  quantity: number
  unit_points: number
  line_points: number
}

export interface GiftRedemptionFeedbackTable {
  id: ColumnType<string, never, never>
  user_id: string
  redemption_id: string
  category: string
  type: string
  description: string
  status: ColumnType<'pending' | 'In-Progress' | 'completed', 'pending' | 'In-Progress' | 'completed' | undefined, 'pending' | 'In-Progress' | 'completed'>
  result: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

// (declaration merging: the gift tables join MembershipTables without touching its first declaration)
export interface MembershipTables {
  gifts: GiftTable
  gift_redemptions: GiftRedemptionTable
  gift_redemption_lines: GiftRedemptionLineTable
  gift_redemption_feedback: GiftRedemptionFeedbackTable
}
