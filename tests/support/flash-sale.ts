/**
 * An open flash sale in China (started a minute ago, ends in an hour, TFS, ¥19.90) of one product, for the tests
 * and benchmarks that crowd one sale (tests/lb/lb.test.ts, tests/server/flashbuy-concurrency.test.ts,
 * bench/flashbuy.ts, bench/lb.ts).
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db'

export interface OpenSale {
  id: string
  productId: number
  stock: number
  /** units one account may buy */
  limit: number
  /** units one order may take */
  maxOrder: number
  /** the display text, English and Chinese */
  text: string
}

export async function openFlashSale(db: Kysely<DB>, s: OpenSale): Promise<string> {
  await db
    .insertInto('flash_sales')
    .values({
      id: s.id,
      country: 'cn',
      product_id: s.productId,
      currency: 'CNY',
      flash_price: 1990,
      display_text_en: s.text,
      display_text_zh: s.text,
      start_at: new Date(Date.now() - 60_000),
      end_at: new Date(Date.now() + 3_600_000),
      total_qty: s.stock,
      remain_qty: s.stock,
      min_order_qty: 1,
      max_order_qty: s.maxOrder,
      account_purchase_limit_qty: s.limit,
      delivery_channel: 'TFS',
      coupon: null,
      sort_order: 0,
    })
    .execute()
  return s.id
}

/** the first product with a price in China: the one such a sale sells */
export async function firstPricedProductId(db: Kysely<DB>): Promise<number> {
  return (
    await db
      .selectFrom('products')
      .select('id')
      .where('list_price_cny', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id
}

/** a buyer's order of `quantity` of the sale to the ship-to `addressKey` (POST /api/flashbuy/place/order's body) */
export const flashOrderBody = (saleId: string, quantity: number, addressKey: string) => ({
  flashBuyId: saleId,
  quantity,
  addressKey,
  termsAccepted: true,
  receiver: { name: 'A', phone: '13800138000' },
  invoiceReceiver: { name: 'B', phone: '13800138000' },
})

/** an account has already bought `qty` of a sale (its ledger row) */
export const setFlashLedger = (db: Kysely<DB>, saleId: string, accountId: number, qty: number) =>
  db
    .insertInto('flash_sale_ledger')
    .values({ flash_sale_id: saleId, account_id: accountId, purchased_qty: qty })
    .execute()

/** what an account has bought of a sale forgotten: its ledger rows gone (a test puts the sale back as it found it) */
export const clearFlashLedger = (db: Kysely<DB>, saleId: string, accountId: number) =>
  db.deleteFrom('flash_sale_ledger').where('flash_sale_id', '=', saleId).where('account_id', '=', accountId).execute()
