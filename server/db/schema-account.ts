import type { ColumnType, Generated, JSONColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/**
 * Invoice and statement settings of one bill-to account number (spec section 9: "Invoice and AR
 * frequency: daily, monthly"; "Invoice types: general or special"). Money is integer minor units.
 */
export interface BillToSettingsTable {
  bill_to_number: string
  account_id: number
  currency: 'CNY' | 'INR'
  invoice_frequency: 'daily' | 'monthly'
  statement_frequency: 'daily' | 'monthly'
  credit_limit: number
  /** the buyer's registered name printed on invoices */
  invoice_title: string
  /** CN: unified social credit code (18 chars); IN: GSTIN (15 chars) */
  tax_number: string
  bank: string
  bank_account: string
}

export interface InvoiceTable {
  id: Generated<number>
  bill_to_number: string
  invoice_number: string
  invoice_code: string
  kind: 'general' | 'special'
  medium: 'e-invoice' | 'paper'
  title: string
  tax_number: string
  bank: string
  bank_account: string
  /** minor units (fen / paise) */
  amount: number
  currency: 'CNY' | 'INR'
  status: 'issued' | 'delivered' | 'paid' | 'overdue' | 'cancelled'
  delivery_number: string | null
  sales_order_number: string | null
  issue_date: Timestamp
  due_date: Timestamp
}

/** Accounts-receivable ledger: invoices (debit), payments and credit notes (credit). */
export interface ArLineTable {
  id: Generated<number>
  bill_to_number: string
  posted_at: Timestamp
  document_number: string
  line_type: 'invoice' | 'payment' | 'credit_note'
  /** the invoice an invoice line posts, or the one a payment / credit note settles */
  invoice_number: string | null
  description_en: string
  description_zh: string
  /** minor units */
  debit: number
  credit: number
  due_date: Timestamp | null
}

/** Supply centres a ship-to can apply for (GET /api/sc/options). */
export interface SupplyCenterOptionTable {
  supply_center_id: string
  country: 'cn' | 'in'
  name_en: string
  name_zh: string
  city_en: string
  city_zh: string
  operation_status: string
  sort_order: number
}

export interface SupplyCenterRequestTable {
  id: Generated<number>
  /** 'SCR-000001' / 'OB-000001', from a sequence */
  request_id: Generated<string>
  account_id: number
  user_id: string
  ship_to_id: number
  ship_to_num: string
  supply_center_id: string
  kind: 'apply' | 'change'
  reason: string
  status: 'PENDING' | 'APPROVED' | 'REJECTED'
  submitted_at: CreatedAt
  review_due_by: Timestamp
  /** issue 24: the staff decision (migration 0020): the reason told to the buyer, who decided and when */
  decision_reason: ColumnType<string | null, string | null | undefined, string | null>
  decided_by: ColumnType<string | null, string | null | undefined, string | null>
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface NotificationTable {
  /** e.g. 'N-000123' */
  id: string
  user_id: string
  category: 'order' | 'promotion' | 'account' | 'system'
  title_en: string
  title_zh: string
  /** plain text */
  body_en: string
  body_zh: string
  link_route: string | null
  link_params: JSONColumnType<Record<string, string>, string, string> | null
  created_at: Timestamp
}

export interface OnboardingRequestTable {
  id: Generated<number>
  /** 'SCR-000001' / 'OB-000001', from a sequence */
  request_id: Generated<string>
  user_id: string
  kind: 'link-account' | 'address'
  status: 'PENDING' | 'APPROVED' | 'REJECTED'
  /** link-account: what the user typed (never checked against accounts in the response) */
  account_number: string | null
  company_or_institution: string | null
  zip_code: string | null
  /** address: the PENDING ship-to it is about */
  ship_to_id: number | null
  submitted_at: CreatedAt
  review_due_by: Timestamp
  /** issue 24: the staff decision (migration 0020): the reason told to the buyer, who decided and when */
  decision_reason: ColumnType<string | null, string | null | undefined, string | null>
  decided_by: ColumnType<string | null, string | null | undefined, string | null>
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** link-account: the account an approval linked the user to */
  linked_account_id: ColumnType<number | null, number | null | undefined, number | null>
}

/**
 * The review of a new ship-to (issue 24, migration 0020): one row per submitted address, then its decision. A
 * rejection removes the ship-to from the address book (ship_to_id becomes null); `address` keeps what was decided.
 */
export interface ShipToReviewTable {
  id: Generated<number>
  ship_to_id: number | null
  account_id: number
  /** who added the address: told of the decision */
  user_id: string | null
  web_reference: string
  status: 'PENDING' | 'APPROVED' | 'REJECTED'
  submitted_at: CreatedAt
  review_due_by: Timestamp
  address: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>
  /** the ship-to number given on approval */
  account_number: ColumnType<string | null, string | null | undefined, string | null>
  /** issue 24: the staff decision (migration 0020): the reason told to the buyer, who decided and when */
  decision_reason: ColumnType<string | null, string | null | undefined, string | null>
  decided_by: ColumnType<string | null, string | null | undefined, string | null>
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Tables of the account domain (issue 4). */
export interface AccountTables {
  bill_to_settings: BillToSettingsTable
  invoices: InvoiceTable
  ar_lines: ArLineTable
  supply_center_options: SupplyCenterOptionTable
  supply_center_requests: SupplyCenterRequestTable
  notifications: NotificationTable
  onboarding_requests: OnboardingRequestTable
  ship_to_reviews: ShipToReviewTable
}
