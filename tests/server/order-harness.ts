/**
 * What the order tests (order.test.ts, order-idempotency.test.ts) set up against a seeded database: a
 * product with stock, a user's emptied cart, order counts, and placing orders through the API.
 */
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { apiCaller, type TestContext } from './helpers'

export const EN = { countrycode: 'cn', languagecode: 'en' }

/**
 * The product at `offset` (by id) among the active, orderable products with a CNY list price and at least
 * `min` in stock; `pricedInInr` keeps only those with an INR list price too.
 */
export async function productWithStock(
  ctx: TestContext,
  min: number,
  offset = 0,
  opts: { pricedInInr?: boolean } = {},
): Promise<{ id: number; catalogNumber: string; stock: number }> {
  let q = ctx.db
    .selectFrom('products as p')
    .innerJoin('product_sales as s', 's.product_id', 'p.id')
    .innerJoin('product_stock as st', 'st.product_id', 'p.id')
    .select(['p.id', 'p.catalog_number', 'st.quantity'])
    .where('s.sales_status', '=', 'active')
    .where('p.lead_target', '=', false)
    .where('p.list_price_cny', 'is not', null)
  if (opts.pricedInInr) q = q.where('p.list_price_inr', 'is not', null)
  const row = await q.where('st.quantity', '>=', min).orderBy('p.id').offset(offset).limit(1).executeTakeFirstOrThrow()
  return { id: row.id, catalogNumber: row.catalog_number, stock: row.quantity }
}

export async function userRow(ctx: TestContext, userName: string) {
  return ctx.db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow()
}

/** the user's cart without lines or coupons */
export async function clearCart(ctx: TestContext, userName: string) {
  const u = await userRow(ctx, userName)
  await sql`DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ${u.id})`.execute(ctx.db)
  await sql`DELETE FROM cart_coupons WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ${u.id})`.execute(ctx.db)
}

export const countOrders = async (ctx: TestContext) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`.execute(ctx.db)).rows[0].n
export const countPlacements = async (ctx: TestContext) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_placements`.execute(ctx.db)).rows[0].n

/**
 * The calls of a buyer (English, China unless other headers are given): `place` posts /order/placeOrder with a
 * fresh Idempotency-Key unless given one (null: none); `addToCart` must succeed and gives the cart.
 */
export function orderApi(ctx: () => TestContext) {
  const call = apiCaller(ctx, EN)
  let keyN = 0
  const newKey = () => `order-key-${process.pid}-${Date.now()}-${++keyN}`
  const place = (token: string, body: unknown, key: string | null = newKey(), headers = EN) =>
    call('POST', '/order/placeOrder', {
      token,
      body,
      headers: key === null ? headers : { ...headers, 'idempotency-key': key },
    })
  const addToCart = async (token: string, items: { catalogNumber: string; quantity: number }[]) => {
    const r = await call('POST', '/cart/addItems', { token, body: { items } })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    return r.body.data.cart
  }
  return { call, newKey, place, addToCart }
}
