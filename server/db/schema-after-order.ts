import type { ColumnType, Generated } from 'kysely'

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

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
