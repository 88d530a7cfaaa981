import type { ColumnType, Generated, JSONColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/**
 * Tables of the cart and order domains (migration 0007_cart_order). Money is integer minor units
 * (fen / paise). Flash buy (issue 11), after-order (issue 12) and membership redemption (issue 13)
 * reuse orders / order_lines / shipments with their own `source`.
 */

/** Sales status of a product (cart refusals): active, discontinued, notOnline ("not orderable online"). */
export interface ProductSalesTable {
  product_id: number
  sales_status: 'active' | 'discontinued' | 'notOnline'
}

/** TaqMan-style assay ids (Hs00187842_m1) that resolve to a product (/cart/assayId). */
export interface ProductAssayTable {
  assay_id: string
  product_id: number
}

/** Stock held at a supply centre (SC channel); warehouse (TFS) stock is product_stock. */
export interface SupplyCenterStockTable {
  supply_center_id: string
  product_id: number
  quantity: number
}

/**
 * One cart per user (user_id) or per anonymous visitor (gc_id). A merged anonymous cart keeps its
 * row with status 'merged' and merged_into_user_id, so a second merge of the same gcId is a no-op
 * and the gcId is dead for further use.
 */
export interface CartTable {
  id: Generated<string>
  user_id: string | null
  gc_id: string | null
  status: Generated<'active' | 'merged'>
  merged_into_user_id: string | null
  merged_at: Timestamp | null
  order_preference: Generated<'SMART_DISTRIBUTION' | 'SC_PRIORITY'>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface CartItemTable {
  id: Generated<number>
  cart_id: string
  product_id: number
  /** 1..999 (check constraint) */
  quantity: number
  source: string
  added_at: CreatedAt
  updated_at: CreatedAt
}

export interface CartCouponTable {
  cart_id: string
  code: string
  applied_at: CreatedAt
}

/**
 * Promotion codes of types P, D, R, M, T (types/cart/coupons.ts). percent_off in basis points
 * (1000 = 10 %), or amount_off in minor units on the eligible lines; skus: catalogue numbers it
 * applies to (empty = all). account_id null = any account of the country.
 */
export interface CouponTable {
  code: string
  coupon_type: 'P' | 'D' | 'R' | 'M' | 'T'
  country: 'cn' | 'in'
  account_id: number | null
  description_en: string
  description_zh: string
  percent_off: number | null
  amount_off: number | null
  min_amount: number
  valid_from: Timestamp
  valid_to: Timestamp
  skus: JSONColumnType<string[], string, string>
  active: boolean
  /** migration 0023 (staff edit coupons): the last change and its staff member */
  updated_at: CreatedAt
  updated_by: ColumnType<string | null, string | null | undefined, string | null>
}

/**
 * One placement = one checkout submit = one or two orders (SC and TFS). idempotency_key is unique
 * per user; request_hash is the body's sha256 (server/lib/idempotency.ts requestHash); response the first answer, returned on a
 * replay. It commits in the same transaction as its orders: a placement exists exactly when its
 * orders do.
 */
export interface OrderPlacementTable {
  id: Generated<string>
  user_id: string
  account_id: number
  idempotency_key: string | null
  request_hash: string
  response: JSONColumnType<Record<string, unknown>, string, string>
  created_at: CreatedAt
}

export interface OrderTable {
  id: Generated<number>
  order_number: string
  sales_order_number: string
  placement_id: string | null
  account_id: number
  user_id: string
  order_type: 'D1' | 'D2' | 'CR' | 'ZOR'
  delivery_channel: 'SC' | 'TFS'
  supply_center_id: string | null
  /** spec §4 status code (SUBMITTED … 'Waiting for Delivery') */
  status: string
  /** 30 = approved account and active ship-to, 270 = pending (spec §4) */
  status_code: number
  source: string
  po_number: string | null
  remark: string | null
  additional_emails: JSONColumnType<string[], string, string>
  ship_to_key: string
  ship_to_account_number: string | null
  bill_to_number: string | null
  /** the address as it was when ordered */
  ship_to_snapshot: JSONColumnType<Record<string, unknown>, string, string>
  currency: 'CNY' | 'INR'
  /** list total, to pay before tax, tax, handling (minor units) */
  total_price_amount: number
  total_amount: number
  taxes: number
  handling_charge: number
  promo_codes: JSONColumnType<string[], string, string>
  static_quote_id: string | null
  order_preference: string
  /** the flash sale a flash-buy order (source 'flashbuy') bought from (migration 0009) */
  flash_sale_id: ColumnType<string | null, string | null | undefined, string | null>
  /** receiver and invoice receiver of a flash-buy order: { receiver: {name, phone}, invoiceReceiver: {name, phone}, invoiceAddress, invoiceTitle } */
  contacts: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>
  created_at: CreatedAt
  updated_at: CreatedAt
  /** a staff hold (migration 0021): the status it was held in (null: not held); no status change applies while set */
  held_from: ColumnType<string | null, string | null | undefined, string | null>
  held_reason: ColumnType<string | null, string | null | undefined, string | null>
  held_by: ColumnType<string | null, string | null | undefined, string | null>
  held_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** One status change of an order (migration 0021), written by server/domains/order/status-change.ts. */
export interface OrderStatusHistoryTable {
  id: Generated<number>
  order_id: number
  from_status: string
  to_status: string
  /** 'staff:<id>', 'erp:<client>', 'buyer:<user id>'; 'system': the status timer of before issue 24 (removed) */
  actor: string
  note: string | null
  at: CreatedAt
}

export interface OrderLineTable {
  id: Generated<number>
  order_id: number
  line_number: number
  product_id: number
  sku: string
  catalog_number: string
  title_en: string
  title_zh: string
  size: string
  image: string | null
  quantity: number
  allocated_qty: number
  backordered_qty: number
  estimated_ship_date: Timestamp | null
  list_price: number | null
  unit_price: number
  final_price: number
  line_total: number
  delivery_channel: 'SC' | 'TFS'
  promo_codes: JSONColumnType<string[], string, string>
}

export interface OrderChargeTable {
  id: Generated<number>
  order_id: number
  kind: 'HandlingCharge' | 'Tax' | 'Discount'
  amount: number
}

export interface ShipmentTable {
  id: Generated<number>
  order_id: number
  carrier: string
  express_number: string
  shipped_at: Timestamp
  signed_at: Timestamp | null
  package_status: string
}

export interface QuoteTable {
  static_quote_id: string
  quote_number: string
  account_id: number
  user_id: string | null
  currency: 'CNY' | 'INR'
  delivery_channel: 'SP' | 'SC' | 'Web'
  status: 'active' | 'ordered'
  created_at: CreatedAt
  expires_at: Timestamp
  ordered_order_number: string | null
}

export interface QuoteLineTable {
  id: Generated<number>
  static_quote_id: string
  line_number: number
  product_id: number
  quantity: number
  list_price: number
  unit_price: number
  final_price: number
}

export interface LeadCartTable {
  lead_cart_id: string
  user_id: string | null
  created_at: CreatedAt
  submitted_request_id: string | null
}

export interface LeadItemTable {
  id: Generated<number>
  lead_cart_id: string
  catalog_number: string
  item_name: string
  item_count: number
  price_status: string | null
  product_flag: string | null
}

/** Requests and enquiries (issue 12 lists them): leads and quote requests made from the app. */
export interface ServiceRequestTable {
  id: Generated<number>
  /** 'RQ-000001', from a sequence */
  request_id: Generated<string>
  kind: 'lead' | 'quote'
  user_id: string | null
  account_id: number | null
  lead_cart_id: string | null
  contact_name: string
  phone: string
  email: string
  company_or_institution: string
  city: string | null
  remark: string | null
  items: JSONColumnType<{ catalogNumber: string; itemName: string; itemCount: number }[], string, string>
  status: 'pending' | 'in_progress' | 'completed'
  created_at: CreatedAt
  /** a lead turned into an S-quote by staff (migration 0022): the quote, when and by whom */
  static_quote_id: ColumnType<string | null, string | null | undefined, string | null>
  quoted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  quoted_by: ColumnType<string | null, string | null | undefined, string | null>
}

/** A one-time order export download (migration 0017, issue 14), stored by the SHA-256 of the ticket. */
export interface OrderExportTicketTable {
  ticket_hash: string
  user_id: string
  account_id: number
  country: string
  range_from: string
  range_to: string
  format: 'xlsx' | 'csv'
  lang: 'en' | 'zh'
  expires_at: Timestamp
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** One export email of a user (migration 0017, issue 14): the per-hour limit counts these. */
export interface OrderExportEmailTable {
  id: Generated<string>
  user_id: string
  sent_at: Timestamp
}

export interface OrderTables {
  product_sales: ProductSalesTable
  product_assays: ProductAssayTable
  supply_center_stock: SupplyCenterStockTable
  carts: CartTable
  cart_items: CartItemTable
  cart_coupons: CartCouponTable
  coupons: CouponTable
  order_placements: OrderPlacementTable
  orders: OrderTable
  order_status_history: OrderStatusHistoryTable
  order_lines: OrderLineTable
  order_charges: OrderChargeTable
  shipments: ShipmentTable
  quotes: QuoteTable
  quote_lines: QuoteLineTable
  lead_carts: LeadCartTable
  lead_items: LeadItemTable
  service_requests: ServiceRequestTable
  order_export_tickets: OrderExportTicketTable
  order_export_emails: OrderExportEmailTable
}
