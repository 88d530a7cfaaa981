import type { ColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>

/** Tables of the flash-buy domain (migration 0009_flashbuy). Money is integer minor units. */
export interface FlashSaleTable {
  id: string
  country: 'cn' | 'in'
  product_id: number
  currency: 'CNY' | 'INR'
  flash_price: number
  /** shown instead of the price while the sale is coming soon ("Starts 25 Nov 10:00") */
  display_text_en: string
  display_text_zh: string
  start_at: Timestamp
  end_at: Timestamp
  total_qty: number
  /** 0 <= remain_qty <= total_qty (check constraint) */
  remain_qty: number
  min_order_qty: number
  max_order_qty: number
  account_purchase_limit_qty: number
  delivery_channel: 'SC' | 'TFS'
  coupon: string | null
  sort_order: number
  updated_at: UpdatedAt
  /** the staff member who changed it last (migration 0023; null: the seed, or the demo operator endpoint of before) */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>
  /** when staff ended it (0023): its window was closed then, and the buyers' sale list leaves it out */
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** What an account has bought of a sale; the per-account limit is a conditional upsert on this row. */
export interface FlashSaleLedgerTable {
  flash_sale_id: string
  account_id: number
  purchased_qty: number
  updated_at: UpdatedAt
}

export interface FlashBuyTables {
  flash_sales: FlashSaleTable
  flash_sale_ledger: FlashSaleLedgerTable
}
