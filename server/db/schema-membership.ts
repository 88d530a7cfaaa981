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

type Timestamp = ColumnType<Date, Date | string, Date | string>
type Serial<T> = ColumnType<T, never, never>

/** Tables of migration 0015_member_play (issue 13, draws, the gift bag's prize orders, invitations). */

export interface DrawActivityTable {
  id: string
  country: 'cn' | 'in'
  kind: 'lucky' | 'blind_box' | 'wheel'
  name_en: string
  name_zh: string
  rules_en: string
  rules_zh: string
  start_at: Timestamp
  end_at: Timestamp
  points_per_draw: number
  period: 'day' | 'week' | 'month'
  period_limit: number
  total_limit: number
  sort_order: ColumnType<number, number | undefined, number>
}

export interface DrawPrizeTable {
  id: Serial<number>
  activity_id: string
  slot: number
  kind: 'none' | 'points' | 'physical'
  name_en: string
  name_zh: string
  points: number | null
  weight: number
  /** null = unlimited */
  stock: number | null
}

export interface DrawBlacklistTable {
  user_id: string
  note: string | null
  created_at: CreatedAt
}

export interface DrawRecordTable {
  id: Serial<string>
  activity_id: string
  user_id: string
  prize_id: number
  period_key: string
  points_spent: number
  idempotency_key: string
  created_at: CreatedAt
}

export interface PrizeOrderTable {
  id: Serial<string>
  order_number: string
  user_id: string
  draw_id: string
  prize_id: number
  status: 'created' | 'submitted' | 'shipped' | 'cancelled' | 'partial_shipped' | 'pending_shipped' | 'expired'
  address_due_at: Timestamp
  ship_to_id: number | null
  ship_to_label: string | null
  ship_to_key: string | null
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  expired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  created_at: CreatedAt
}

export interface InvitationActivityTable {
  id: string
  country: 'cn' | 'in'
  name_en: string
  name_zh: string
  rules_en: string
  rules_zh: string
  start_at: Timestamp
  end_at: Timestamp
  inviter_points: number
  invitee_points: number
  use_limit: number
  sort_order: ColumnType<number, number | undefined, number>
}

export interface InvitationCodeTable {
  code: string
  activity_id: string
  user_id: string
  uses: ColumnType<number, number | undefined, number>
}

export interface InvitationUseTable {
  id: Serial<string>
  activity_id: string
  code: string
  inviter_id: string
  invitee_id: string
  inviter_points: number
  invitee_points: number
  created_at: CreatedAt
}

// declaration merging: the play tables join the membership tables of the DB interface
export interface MembershipTables {
  draw_activities: DrawActivityTable
  draw_prizes: DrawPrizeTable
  draw_blacklist: DrawBlacklistTable
  draw_records: DrawRecordTable
  prize_orders: PrizeOrderTable
  invitation_activities: InvitationActivityTable
  invitation_codes: InvitationCodeTable
  invitation_uses: InvitationUseTable
}
