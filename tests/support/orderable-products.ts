/**
 * The products a buyer can put in a cart and order, as the API tests, the load tests and the benches pick them:
 * on sale (`sales_status` active), not lead-only (a lead-only product is quoted, never ordered: spec section 4)
 * and with a list price in the buyer's currency. Callers add their own joins, columns, order and limit.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'

/** `products as p` joined to `product_sales as s`, orderable in China (CNY) or India (INR) */
export function orderableProducts(db: Kysely<DB>, country: 'cn' | 'in' = 'cn') {
  return db
    .selectFrom('products as p')
    .innerJoin('product_sales as s', 's.product_id', 'p.id')
    .where('s.sales_status', '=', 'active')
    .where('p.lead_target', '=', false)
    .where(country === 'cn' ? 'p.list_price_cny' : 'p.list_price_inr', 'is not', null)
}

/** orderableProducts with their warehouse stock (`product_stock as st`), at least `min` of it */
export function orderableInStock(db: Kysely<DB>, min: number, country: 'cn' | 'in' = 'cn') {
  return orderableProducts(db, country)
    .innerJoin('product_stock as st', 'st.product_id', 'p.id')
    .where('st.quantity', '>=', min)
}
