import { sql, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { PlaceOrderResult } from '../../../../types'
import type { LoadedLines } from './load-lines'

/**
 * Step 5 of placement, with the orders written: the ordered cart lines and the cart's codes leave the
 * cart (lines not in the buyer's skuList stay); an S-quote becomes 'ordered' (ordered once, naming
 * the TFS order, else the SC order); the answer is stored with the placement, so its key replays it.
 */
export async function clearCart(
  trx: Transaction<DB>,
  loaded: Pick<LoadedLines, 'lines' | 'cartId' | 'staticQuoteId'>,
  answer: PlaceOrderResult,
): Promise<void> {
  if (loaded.staticQuoteId) {
    const named =
      answer.orders.find((p) => p.deliveryChannel === 'TFS') ?? answer.orders.find((p) => p.deliveryChannel === 'SC')
    await trx
      .updateTable('quotes')
      .set({ status: 'ordered', ordered_order_number: named!.orderNumber })
      .where('static_quote_id', '=', loaded.staticQuoteId)
      .execute()
  }
  const store = sql`UPDATE order_placements SET response = ${JSON.stringify(answer)}::jsonb WHERE id = ${answer.placementId}::uuid`
  if (loaded.cartId) {
    const ids = loaded.lines.map((l) => l.cartItemId).filter((x): x is number => x !== null)
    await sql`WITH d AS (DELETE FROM cart_items WHERE cart_id = ${loaded.cartId}::uuid AND id = ANY(${ids}::int[])),
      c AS (DELETE FROM cart_coupons WHERE cart_id = ${loaded.cartId}::uuid),
      t AS (UPDATE carts SET updated_at = now() WHERE id = ${loaded.cartId}::uuid)
      ${store}`.execute(trx)
  } else {
    await store.execute(trx)
  }
}
