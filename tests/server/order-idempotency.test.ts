import { it } from 'node:test'
import assert from 'node:assert/strict'
import { describeEachDb, tokenFor } from './helpers'
import { productWithStock, clearCart, countOrders, countPlacements, orderApi, discontinue } from './order-harness'

/**
 * POST /order/placeOrder and its Idempotency-Key: a retried, doubled or concurrent submission places
 * one order and gets the first answer; the key is the caller's own; a placement that failed left no
 * trace, so the same key places the order once the problem is fixed.
 */

const BODY = { addressKey: 'ST-3000001-01', termsAccepted: true as const }

describeEachDb('order idempotency', (ctx) => {
  const { call, newKey, place, addToCart, cartOfOne } = orderApi(ctx)

  it('Idempotency-Key: required; same key and body → the first answer and one order; another body → 409', async () => {
    const { t } = await cartOfOne('distributor.cn', 13)
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
    const { t } = await cartOfOne('distributor.cn', 14)
    const key = newKey()
    const before = await countOrders(ctx())
    const rs = await Promise.all(
      Array.from({ length: 5 }, () => place(t, { addressKey: 'ST-3000001-01', termsAccepted: true }, key)),
    )
    for (const r of rs) assert.equal(r.status, 200, JSON.stringify(r.body))
    for (const r of rs) assert.deepEqual(r.body, rs[0].body)
    assert.equal(await countOrders(ctx()), before + 1)
  })

  it('two keys submitting the same cart concurrently give one order; the other finds the cart empty', async () => {
    const { t } = await cartOfOne('distributor.cn', 15)
    const before = await countOrders(ctx())
    const rs = await Promise.all([
      place(t, { addressKey: 'ST-3000001-01', termsAccepted: true }),
      place(t, { addressKey: 'ST-3000001-01', termsAccepted: true }),
    ])
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
    const { t, p } = await cartOfOne('distributor.cn', 30)
    await discontinue(ctx(), p.id)
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
    const add = await call('POST', '/cart/addItems', {
      token: b,
      body: { items: [{ catalogNumber: (await productWithStock(ctx(), 60, 32)).catalogNumber, quantity: 1 }] },
      headers: IN,
    })
    assert.equal(add.status, 200, JSON.stringify(add.body))
    const rb = await place(b, { addressKey: 'ST-5000001-01', termsAccepted: true }, key, IN)
    assert.equal(rb.status, 200, JSON.stringify(rb.body))
    assert.notEqual(rb.body.data.placementId, ra.body.data.placementId)
    assert.notEqual(rb.body.data.salesOrderNumber, ra.body.data.salesOrderNumber)
  })
})
