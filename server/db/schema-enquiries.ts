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
  /** the staff member who wrote a staff entry (migration 0022); null for the buyer's and the seeded entries */
  staff_id: ColumnType<string | null, string | null | undefined, string | null>
}

/** A file of a staff reply (migration 0022), kept in the database; request_id repeats the interaction's. */
export interface RequestInteractionFileTable {
  id: Generated<number>
  interaction_id: number
  request_id: string
  file_name: string
  mime: 'image/jpeg' | 'image/png' | 'application/pdf'
  size: number
  sha256: string
  content: Buffer | Uint8Array
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
  request_interaction_files: RequestInteractionFileTable
  order_confirmations: OrderConfirmationTable
}
