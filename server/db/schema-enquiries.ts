import type { ColumnType, Generated, JSONColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** Tables of migration 0011_enquiries_confirmations (issue 12). */

/** One entry of a request's interaction history (spec §3 "Interaction: status, comments, attachments"). */
export interface RequestInteractionTable {
  id: Generated<number>
  request_id: string
  author: 'customer' | 'staff'
  status: 'pending' | 'approved' | 'rejected' | 'autoApproved'
  comment: string | null
  attachments: JSONColumnType<{ name: string; url: string | null }[], string | undefined, string>
  created_at: CreatedAt
}

/** An order's confirmation link; token_hash = sha256(token) in hex, the token itself is never stored. */
export interface OrderConfirmationTable {
  token_hash: string
  order_id: number
  kind: 'order' | 'preorder'
  state: ColumnType<
    'pending' | 'confirmed' | 'cancelled' | 'failed',
    'pending' | 'confirmed' | 'cancelled' | 'failed' | undefined,
    'pending' | 'confirmed' | 'cancelled' | 'failed'
  >
  expires_at: Timestamp
  created_at: CreatedAt
  decided_at: Timestamp | null
}

export interface EnquiryTables {
  request_interactions: RequestInteractionTable
  order_confirmations: OrderConfirmationTable
}
