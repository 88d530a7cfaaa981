import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { describeEachDb, tokenFor, auth, type TestContext } from './helpers'

/**
 * POST /order/placeOrder and its Idempotency-Key: a retried, doubled or concurrent submission places
 * one order and gets the first answer; the key is the caller's own; a placement that failed left no
 * trace, so the same key places the order once the problem is fixed.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const BODY = { addressKey: 'ST-3000001-01', termsAccepted: true as const }

async function productWithStock(ctx: TestContext, min: number, offset = 0): Promise<{ id: number; catalogNumber: string }> {
  const row = await ctx.db.selectFrom('products as p').innerJoin('product_sales as s', 's.product_id', 'p.id').innerJoin('product_stock as st', 'st.product_id', 'p.id')
    .select(['p.id', 'p.catalog_number'])
    .where('s.sales_status', '=', 'active').where('p.lead_target', '=', false).where('p.list_price_cny', 'is not', null)
    .where('st.quantity', '>=', min).orderBy('p.id').offset(offset).limit(1).executeTakeFirstOrThrow()
  return { id: row.id, catalogNumber: row.catalog_number }
}

async function clearCart(ctx: TestContext, userName: string) {
  const u = await ctx.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()
  await sql`DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ${u.id})`.execute(ctx.db)
  await sql`DELETE FROM cart_coupons WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ${u.id})`.execute(ctx.db)
}

const countOrders = async (ctx: TestContext) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`.execute(ctx.db)).rows[0].n
const countPlacements = async (ctx: TestContext) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_placements`.execute(ctx.db)).rows[0].n

describeEachDb('order idempotency', (ctx) => {
  const call = async (method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const base = { ...(opts.headers ?? EN) }
    const res = await ctx().app.inject({ method, url: `/api${url}`, headers: opts.token ? auth(opts.token, base) : base, payload: opts.body as object | undefined })
    return { status: res.statusCode, body: res.json() }
  }
  let keyN = 0
  const newKey = () => `idem-key-${process.pid}-${Date.now()}-${++keyN}`
  const place = (token: string, body: unknown, key: string | null = newKey(), headers = EN) =>
    call('POST', '/order/placeOrder', { token, body, headers: key === null ? headers : { ...headers, 'idempotency-key': key } })
  const addToCart = async (token: string, items: { catalogNumber: string; quantity: number }[]) => {
    const r = await call('POST', '/cart/addItems', { token, body: { items } })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    return r.body.data.cart
  }

  it('Idempotency-Key: required; same key and body → the first answer and one order; another body → 409', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    await clearCart(ctx(), 'distributor.cn')
    const p = await productWithStock(ctx(), 60, 13)
    await addToCart(t, [{ catalogNumber: p.catalogNumber, quantity: 1 }])
    const body = { addressKey: 'ST-3000001-01', termsAccepted: true }
    assert.equal((await place(t, body, null)).status, 400)
    assert.equal((await place(t, body, 'short')).status, 400)
    const key = newKey()
    const before = await countOrders(ctx())
    const a = await place(t, body, key)
    assert.equal(a.status, 200)
    const b = await place(t, body, key)
    assert.equal(b.status, 200)
    assert.deepEqual(b.body, a.body)
    assert.equal(await countOrders(ctx()), before + 1)
    const c = await place(t, { ...body, poNumber: 'other' }, key)
    assert.equal(c.status, 409)
    assert.equal(c.body.reason, 'IDEMPOTENCY_KEY_REUSED')
    assert.equal(await countOrders(ctx()), before + 1)
  })

  it('5 concurrent requests with the same key make one order and the same answer', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    await clearCart(ctx(), 'distributor.cn')
    const p = await productWithStock(ctx(), 60, 14)
    await addToCart(t, [{ catalogNumber: p.catalogNumber, quantity: 1 }])
    const key = newKey()
    const before = await countOrders(ctx())
    const rs = await Promise.all(Array.from({ length: 5 }, () => place(t, { addressKey: 'ST-3000001-01', termsAccepted: true }, key)))
    for (const r of rs) assert.equal(r.status, 200, JSON.stringify(r.body))
    for (const r of rs) assert.deepEqual(r.body, rs[0].body)
    assert.equal(await countOrders(ctx()), before + 1)
  })

  it('two keys submitting the same cart concurrently give one order; the other finds the cart empty', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    await clearCart(ctx(), 'distributor.cn')
    const p = await productWithStock(ctx(), 60, 15)
    await addToCart(t, [{ catalogNumber: p.catalogNumber, quantity: 1 }])
    const before = await countOrders(ctx())
    const rs = await Promise.all([place(t, { addressKey: 'ST-3000001-01', termsAccepted: true }), place(t, { addressKey: 'ST-3000001-01', termsAccepted: true })])
    const statuses = rs.map((r) => r.status).sort()
    assert.deepEqual(statuses, [200, 409])
    assert.equal(rs.find((r) => r.status === 409)!.body.reason, 'CART_EMPTY')
    assert.equal(await countOrders(ctx()), before + 1)
  })

  it('a key that is too long or has other characters is refused (400) before anything is read', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    const before = await countPlacements(ctx())
    for (const key of ['x'.repeat(129), 'has space-123', 'semi;colon-123', '1234567']) {
      const r = await place(t, BODY, key)
      assert.equal(r.status, 400, key)
      assert.equal(r.body.reason, 'IDEMPOTENCY_KEY_INVALID')
    }
    assert.equal(await countPlacements(ctx()), before)
  })

  it('a placement that failed leaves no trace under its key: the same key places the order once the cart is fixed', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    await clearCart(ctx(), 'distributor.cn')
    const p = await productWithStock(ctx(), 60, 30)
    await addToCart(t, [{ catalogNumber: p.catalogNumber, quantity: 1 }])
    await ctx().db.updateTable('product_sales').set({ sales_status: 'discontinued' }).where('product_id', '=', p.id).execute()
    const key = newKey()
    const first = await place(t, BODY, key)
    assert.equal(first.status, 409)
    assert.equal(first.body.reason, 'LINE_BLOCKED')
    await ctx().db.updateTable('product_sales').set({ sales_status: 'active' }).where('product_id', '=', p.id).execute()
    const before = await countOrders(ctx())
    const second = await place(t, BODY, key)
    assert.equal(second.status, 200, JSON.stringify(second.body))
    assert.equal(await countOrders(ctx()), before + 1)
    assert.deepEqual((await place(t, BODY, key)).body, second.body)
  })

  it('a key belongs to its user: another user with the same key places their own order and never sees the first answer', async () => {
    const key = newKey()
    const a = await tokenFor(ctx(), 'distributor.cn')
    await clearCart(ctx(), 'distributor.cn')
    await addToCart(a, [{ catalogNumber: (await productWithStock(ctx(), 60, 31)).catalogNumber, quantity: 1 }])
    const ra = await place(a, BODY, key)
    assert.equal(ra.status, 200, JSON.stringify(ra.body))
    const b = await tokenFor(ctx(), 'approved.in')
    await clearCart(ctx(), 'approved.in')
    const IN = { countrycode: 'in', languagecode: 'en' }
    const add = await call('POST', '/cart/addItems', { token: b, body: { items: [{ catalogNumber: (await productWithStock(ctx(), 60, 32)).catalogNumber, quantity: 1 }] }, headers: IN })
    assert.equal(add.status, 200, JSON.stringify(add.body))
    const rb = await place(b, { addressKey: 'ST-5000001-01', termsAccepted: true }, key, IN)
    assert.equal(rb.status, 200, JSON.stringify(rb.body))
    assert.notEqual(rb.body.data.placementId, ra.body.data.placementId)
    assert.notEqual(rb.body.data.salesOrderNumber, ra.body.data.salesOrderNumber)
  })
})
