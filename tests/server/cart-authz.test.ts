import { it } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { sql } from 'kysely'
import { describeEachDb, tokenFor, type TestContext, apiCaller } from './helpers'
import { orderableProducts } from '../support/orderable-products'

/**
 * The cart IDOR matrix (issue 9: "an IDOR matrix for carts, quotes and orders (another user's gcId,
 * cart line id, quote id, order number)"): the token decides whose cart, quote or order a call
 * reaches; every refusal leaves the database as it was. Orders and quotes are inserted here, so the
 * matrix does not depend on the order-history seed.
 */

const CN = { countrycode: 'cn', languagecode: 'en' }

async function accountOf(ctx: TestContext, userName: string) {
  return ctx.db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow()
}

/** Orderable products (active, priced, not quote-only), in a stable order. */
async function orderable(ctx: TestContext, n: number, offset = 0) {
  return orderableProducts(ctx.db)
    .select(['p.id', 'p.sku', 'p.catalog_number', 'p.title_en', 'p.title_zh', 'p.size', 'p.list_price_cny'])
    .orderBy('p.id')
    .offset(offset)
    .limit(n)
    .execute()
}

/** A placed order of the user's account with the given lines (quantities). */
async function insertOrder(
  ctx: TestContext,
  userName: string,
  lines: { productOffset: number; quantity: number }[],
): Promise<string> {
  const u = await accountOf(ctx, userName)
  const orderNumber = `T${crypto.randomInt(1e9, 9e9)}`
  const products = await Promise.all(lines.map((l) => orderable(ctx, 1, l.productOffset).then((r) => r[0])))
  const total = products.reduce((s, p, i) => s + p.list_price_cny! * lines[i].quantity, 0)
  const order = await ctx.db
    .insertInto('orders')
    .values({
      order_number: orderNumber,
      sales_order_number: `S${orderNumber}`,
      account_id: u.account_id,
      user_id: u.id,
      order_type: 'ZOR',
      delivery_channel: 'TFS',
      status: 'COMPLETED',
      status_code: 40,
      source: 'test',
      ship_to_key: 'test',
      ship_to_snapshot: JSON.stringify({}),
      currency: 'CNY',
      total_price_amount: total,
      total_amount: total,
      taxes: 0,
      handling_charge: 0,
      promo_codes: '[]',
      additional_emails: '[]',
      order_preference: 'SMART_DISTRIBUTION',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await ctx.db
    .insertInto('order_lines')
    .values(
      products.map((p, i) => ({
        order_id: order.id,
        line_number: i + 1,
        product_id: p.id,
        sku: p.sku,
        catalog_number: p.catalog_number,
        title_en: p.title_en,
        title_zh: p.title_zh,
        size: p.size,
        quantity: lines[i].quantity,
        allocated_qty: lines[i].quantity,
        backordered_qty: 0,
        list_price: p.list_price_cny,
        unit_price: p.list_price_cny!,
        final_price: p.list_price_cny!,
        line_total: p.list_price_cny! * lines[i].quantity,
        delivery_channel: 'TFS' as const,
        promo_codes: '[]',
      })),
    )
    .execute()
  return orderNumber
}

/** An S-quote of the user's account: one line at a tenth of the list price, expiring in `days`. */
async function insertQuote(ctx: TestContext, userName: string, days: number, status: 'active' | 'ordered' = 'active') {
  const u = await accountOf(ctx, userName)
  const [p] = await orderable(ctx, 1, 20)
  const id = `TQ${crypto.randomInt(1e9, 9e9)}`
  await ctx.db
    .insertInto('quotes')
    .values({
      static_quote_id: id,
      quote_number: id,
      account_id: u.account_id,
      user_id: u.id,
      currency: 'CNY',
      delivery_channel: 'Web',
      status,
      expires_at: new Date(Date.now() + days * 86_400_000),
    })
    .execute()
  const list = p.list_price_cny!
  const final = Math.max(1, Math.round(list / 10))
  await ctx.db
    .insertInto('quote_lines')
    .values({
      static_quote_id: id,
      line_number: 1,
      product_id: p.id,
      quantity: 2,
      list_price: list,
      unit_price: final,
      final_price: final,
    })
    .execute()
  return { id, catalogNumber: p.catalog_number, final }
}

describeEachDb("cart: one user can never reach another's cart, quote or order", (ctx) => {
  const call = apiCaller(ctx, CN)
  const snapshot = async () =>
    JSON.stringify(
      await sql`select c.id, c.user_id, c.gc_id, c.status, c.merged_into_user_id, i.id as item, i.quantity,
      (select json_agg(code order by code) from cart_coupons k where k.cart_id = c.id) as codes
    from carts c left join cart_items i on i.cart_id = c.id order by c.id, i.id`
        .execute(ctx().db)
        .then((r) => r.rows),
    )

  it("another user's cart line id, another visitor's gcId, another account's quote id and order number are refused and change nothing", async () => {
    const a = await tokenFor(ctx(), 'approved.cn')
    const b = await tokenFor(ctx(), 'distributor.cn')
    const [p] = await orderable(ctx(), 1, 6)
    const aCart = (
      await call('POST', '/cart/addItems', {
        token: a,
        body: { items: [{ catalogNumber: p.catalog_number, quantity: 2 }] },
      })
    ).body.data.cart
    const aLine = aCart.cartItems[0].id
    const visitor = (
      await call('POST', '/cart/addItems', { body: { items: [{ catalogNumber: p.catalog_number, quantity: 5 }] } })
    ).body.data
    const orderNumber = await insertOrder(ctx(), 'approved.cn', [{ productOffset: 7, quantity: 3 }])
    const quote = await insertQuote(ctx(), 'approved.cn', 30)
    const before = await snapshot()
    // B cannot change A's line, even by naming A's cart line id
    const q = await call('POST', '/cart/quantity', { token: b, body: { id: aLine, quantity: 9 } })
    assert.deepEqual([q.status, q.body.reason], [404, 'CART_LINE_NOT_FOUND'])
    assert.equal((await call('POST', '/cart/deleteItems', { token: b, body: { items: [{ id: aLine }] } })).status, 404)
    // ... nor price it at checkout
    assert.equal(
      (
        await call('POST', '/order/applyPromotions', {
          token: b,
          body: { skuList: [{ cartItemId: aLine, quantity: 2 }] },
        })
      ).status,
      404,
    )
    // a gcId next to a token is ignored: B's query with the visitor's gcId shows B's cart, not the visitor's
    const bView = (await call('GET', `/cart/query?gcId=${visitor.gcId}`, { token: b })).body.data
    assert.ok(!bView.cartItems.some((i: { id: number }) => i.id === visitor.cart.cartItems[0].id))
    assert.notEqual(bView.id, visitor.cart.id)
    // ... and B's writes with it go to B's own cart (checked by the snapshot: nothing written here)
    // a visitor cannot touch A's line with a gcId
    assert.equal(
      (await call('POST', '/cart/quantity', { body: { gcId: visitor.gcId, id: aLine, quantity: 9 } })).status,
      404,
    )
    assert.equal(
      (await call('POST', '/cart/deleteItems', { body: { gcId: visitor.gcId, items: [{ id: aLine }] } })).status,
      404,
    )
    // A's quote and order, asked for by B
    const qr = await call('POST', '/order/applyPromotions', {
      token: b,
      body: { squoteDetail: { staticQuoteId: quote.id } },
    })
    assert.deepEqual([qr.status, qr.body.reason], [404, 'QUOTE_NOT_FOUND'])
    const or = await call('POST', '/cart/reorder', { token: b, body: { orderNumber } })
    assert.deepEqual([or.status, or.body.reason], [404, 'ORDER_NOT_FOUND'])
    // a visitor cannot reorder or read a quote at all
    assert.equal((await call('POST', '/cart/reorder', { body: { orderNumber } })).status, 401)
    assert.equal(
      (await call('POST', '/order/applyPromotions', { body: { squoteDetail: { staticQuoteId: quote.id } } })).status,
      401,
    )
    assert.equal(await snapshot(), before)
  })

  it('"After a merge the anonymous id is dead": the visitor holding it, and any other user, reach nothing through it', async () => {
    const a = await tokenFor(ctx(), 'approved.cn')
    const b = await tokenFor(ctx(), 'distributor.cn')
    const [p, p2] = await orderable(ctx(), 2, 30)
    const visitor = (
      await call('POST', '/cart/addItems', { body: { items: [{ catalogNumber: p.catalog_number, quantity: 4 }] } })
    ).body.data
    const gcId = visitor.gcId
    assert.equal((await call('GET', `/cart/merge?gcId=${gcId}`, { token: a })).body.data.mergedLines, 1)
    const aLine = (await call('GET', '/cart/query', { token: a })).body.data.cartItems.find(
      (i: { catalogNumber: string }) => i.catalogNumber === p.catalog_number,
    ).id
    const before = await snapshot()
    // the anonymous caller with the merged gcId: an empty cart, never A's, and no writes
    const dead = await call('GET', `/cart/query?gcId=${gcId}`)
    assert.deepEqual([dead.status, dead.body.data.itemCount, dead.body.data.gcId], [200, 0, null])
    for (const [url, body] of [
      ['/cart/addItems', { gcId, items: [{ catalogNumber: p2.catalog_number, quantity: 1 }] }],
      ['/cart/quickAdd', { gcId, lines: [{ catalogNumber: p2.catalog_number, quantity: 1 }] }],
      ['/cart/quantity', { gcId, id: aLine, quantity: 7 }],
      ['/cart/deleteItems', { gcId, items: [{ id: aLine }] }],
      ['/cart/preference', { gcId, orderPreference: 'SC_PRIORITY' }],
    ] as const) {
      const r = await call('POST', url, { body })
      assert.deepEqual([url, r.status], [url, 404], JSON.stringify(r.body))
      assert.ok(['CART_NOT_FOUND', 'CART_LINE_NOT_FOUND'].includes(r.body.reason), r.body.reason)
    }
    const priced = await call('POST', '/order/applyPromotions', { body: { gcId } })
    assert.deepEqual([priced.status, priced.body.data.itemList.length], [200, 0])
    // user B presenting A's merged gcId: B's own cart; merging it gives nothing
    const bQuery = (await call('GET', `/cart/query?gcId=${gcId}`, { token: b })).body.data
    assert.ok(!bQuery.cartItems.some((i: { id: number }) => i.id === aLine))
    const bMerge = await call('GET', `/cart/merge?gcId=${gcId}`, { token: b })
    assert.deepEqual([bMerge.status, bMerge.body.data.mergedLines, bMerge.body.data.alreadyMerged], [200, 0, false])
    assert.ok(!bMerge.body.data.cart.cartItems.some((i: { id: number }) => i.id === aLine))
    assert.equal(await snapshot(), before)
  })

  it("reorder: the lines of one of the account's own orders enter the cart at their quantities and today's prices", async () => {
    const token = await tokenFor(ctx(), 'distributor.cn')
    const orderNumber = await insertOrder(ctx(), 'distributor.cn', [
      { productOffset: 40, quantity: 3 },
      { productOffset: 41, quantity: 11 },
    ])
    const lines = await ctx()
      .db.selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.catalog_number', 'l.quantity'])
      .where('o.order_number', '=', orderNumber)
      .orderBy('l.line_number')
      .execute()
    const r = await call('POST', '/cart/reorder', { token, body: { orderNumber: ` ${orderNumber} ` } })
    assert.equal(r.status, 200)
    assert.deepEqual(
      r.body.data.results.map((x: { catalogNumber: string; quantity: number; status: string }) => [
        x.catalogNumber,
        x.quantity,
        x.status,
      ]),
      lines.map((l) => [l.catalog_number, l.quantity, 'added']),
    )
    for (const l of lines) {
      const item = r.body.data.cart.cartItems.find(
        (i: { catalogNumber: string }) => i.catalogNumber === l.catalog_number,
      )
      assert.ok(item && item.quantity >= l.quantity && item.unitPrice !== null, l.catalog_number)
    }
    const unknown = await call('POST', '/cart/reorder', { token, body: { orderNumber: 'NO-SUCH-ORDER' } })
    assert.deepEqual([unknown.status, unknown.body.reason], [404, 'ORDER_NOT_FOUND'])
  })

  it('an S-quote orders at its own prices for its own account, until it expires (404 QUOTE_NOT_FOUND, 409 QUOTE_EXPIRED)', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const live = await insertQuote(ctx(), 'approved.cn', 10)
    const r = await call('POST', '/order/applyPromotions', {
      token,
      body: { squoteDetail: { staticQuoteId: live.id }, promoCodes: [] },
    })
    assert.equal(r.status, 200)
    assert.equal(r.body.data.itemList[0].catalogNumber, live.catalogNumber)
    assert.equal(r.body.data.itemList[0].finalPrice, live.final / 100)
    assert.equal(r.body.data.summary.totalAmount, (live.final * 2) / 100)
    const expired = await insertQuote(ctx(), 'approved.cn', -1)
    const e = await call('POST', '/order/applyPromotions', {
      token,
      body: { squoteDetail: { staticQuoteId: expired.id } },
    })
    assert.deepEqual([e.status, e.body.reason], [409, 'QUOTE_EXPIRED'])
    const ordered = await insertQuote(ctx(), 'approved.cn', 10, 'ordered')
    assert.equal(
      (await call('POST', '/order/applyPromotions', { token, body: { squoteDetail: { staticQuoteId: ordered.id } } }))
        .status,
      409,
    )
    const missing = await call('POST', '/order/applyPromotions', {
      token,
      body: { squoteDetail: { staticQuoteId: 'NO-SUCH-QUOTE' } },
    })
    assert.deepEqual([missing.status, missing.body.reason], [404, 'QUOTE_NOT_FOUND'])
  })
})
