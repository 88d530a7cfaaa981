/**
 * What the order tests (order.test.ts, order-idempotency.test.ts) set up against a seeded database: a
 * product with stock, a user's emptied cart, order counts, and placing orders through the API.
 */
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { apiCaller, tokenFor, userRow, type TestContext } from './helpers'
import { orderableInStock } from '../support/orderable-products'

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
  let q = orderableInStock(ctx.db, min).select(['p.id', 'p.catalog_number', 'st.quantity'])
  if (opts.pricedInInr) q = q.where('p.list_price_inr', 'is not', null)
  const row = await q.orderBy('p.id').offset(offset).limit(1).executeTakeFirstOrThrow()
  return { id: row.id, catalogNumber: row.catalog_number, stock: row.quantity }
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
 * fresh Idempotency-Key unless given one (null: none); `addToCart` must succeed and gives the cart; `cartOfOne`
 * readies a buyer's cart.
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
  /**
   * `userName`'s token and a cart of only `quantity` of one product with at least 60 in stock (productWithStock at
   * `offset`, a product no other test of the file orders).
   */
  const cartOfOne = async (userName: string, offset: number, quantity = 1) => {
    const t = await tokenFor(ctx(), userName)
    await clearCart(ctx(), userName)
    const p = await productWithStock(ctx(), 60, offset)
    await addToCart(t, [{ catalogNumber: p.catalogNumber, quantity }])
    return { t, p }
  }
  return { call, newKey, place, addToCart, cartOfOne }
}

/** the product is no longer sold (after it went into a cart): a line of it blocks the placement */
export const discontinue = (ctx: TestContext, productId: number) =>
  ctx.db
    .updateTable('product_sales')
    .set({ sales_status: 'discontinued' })
    .where('product_id', '=', productId)
    .execute()
