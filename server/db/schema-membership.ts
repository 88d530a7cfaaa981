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

/** What a draw activity and an invitation activity both have: a country, bilingual name and rules, a window. */
interface PlayActivityColumns {
  id: string
  country: 'cn' | 'in'
  name_en: string
  name_zh: string
  rules_en: string
  rules_zh: string
  start_at: Timestamp
  end_at: Timestamp
  sort_order: ColumnType<number, number | undefined, number>
}

export interface DrawActivityTable extends PlayActivityColumns {
  kind: 'lucky' | 'blind_box' | 'wheel'
  points_per_draw: number
  period: 'day' | 'week' | 'month'
  period_limit: number
  total_limit: number
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

/** Migration 0025: how staff shipped a gift redemption or a prize order (null until shipped). */
export interface ShipmentColumns {
  carrier: ColumnType<string | null, string | null | undefined, string | null>
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>
  shipped_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** the staff id */
  shipped_by: ColumnType<string | null, string | null | undefined, string | null>
}

export interface PrizeOrderTable extends ShipmentColumns {
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

export interface InvitationActivityTable extends PlayActivityColumns {
  inviter_points: number
  invitee_points: number
  use_limit: number
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
  /** migration 0025, the schedule: listed and redeemable from start_at until end_at (null: open-ended) */
  start_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  end_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface GiftRedemptionTable extends ShipmentColumns {
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
  status: ColumnType<
    'pending' | 'In-Progress' | 'completed',
    'pending' | 'In-Progress' | 'completed' | undefined,
    'pending' | 'In-Progress' | 'completed'
  >
  result: string | null
  /** migration 0025: the staff member who resolved it, and when */
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>
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
