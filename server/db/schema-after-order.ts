import type { ColumnType, Generated } from 'kysely'

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>
/** a column added later: null until set, optional on insert */
type NullableColumn<S, I = S> = ColumnType<S | null, I | null | undefined, I | null>

/** Tables of the after-order requests (migration 0010_order_requests). */
export interface OrderRequestTable {
  id: Generated<number>
  request_number: Generated<string>
  kind: 'cancel' | 'return'
  order_id: number
  account_id: number
  user_id: string | null
  category: string
  sub_category: string
  contact_name: string
  phone: string
  email: string
  remark: string | null
  status: Generated<'pending' | 'in_progress' | 'completed' | 'rejected'>
  created_at: CreatedAt
  follow_up_by: ColumnType<Date, Date | string, Date | string>
  /** the staff decision (migration 0021): who ('staff:<id>'), when, the note told to the buyer */
  decided_by: NullableColumn<string>
  decided_at: NullableColumn<Date, Date | string>
  decision_note: NullableColumn<string>
  /** a return's goods back at the warehouse */
  goods_received_by: NullableColumn<string>
  goods_received_at: NullableColumn<Date, Date | string>
  goods_received_note: NullableColumn<string>
}

export interface OrderRequestFileTable {
  id: Generated<number>
  request_id: number
  file_name: string
  mime: string
  size: number
  sha256: string
  content: Buffer | Uint8Array
  created_at: CreatedAt
}

export interface AfterOrderTables {
  order_requests: OrderRequestTable
  order_request_files: OrderRequestFileTable
}
