import { it } from 'node:test'
import assert from 'node:assert/strict'
import { describeEachDb, tokenFor, auth, type TestContext, apiCaller } from './helpers'
import { isAnonymousCartId } from '../../types/cart/cart-id'
import { orderableProducts } from '../support/orderable-products'

/**
 * The cart calls (spec §7) against a real database: ownership by token or gcId, the §4 merge,
 * quantity rules, per-line verdicts, coupons with their §8 codes, and server-side pricing.
 */

const CN = { countrycode: 'cn', languagecode: 'en' }

async function pick(
  ctx: TestContext,
  where: 'active' | 'discontinued' | 'notOnline' | 'leadOnly' | 'noPrice',
  offset = 0,
): Promise<string> {
  let q = ctx.db
    .selectFrom('products as p')
    .innerJoin('product_sales as s', 's.product_id', 'p.id')
    .innerJoin('product_stock as st', 'st.product_id', 'p.id')
    .select('p.catalog_number')
  if (where === 'active')
    q = q
      .where('s.sales_status', '=', 'active')
      .where('p.lead_target', '=', false)
      .where('p.list_price_cny', 'is not', null)
      .where('st.quantity', '>', 50)
  else if (where === 'leadOnly') q = q.where('s.sales_status', '=', 'active').where('p.lead_target', '=', true)
  else if (where === 'noPrice')
    q = q
      .where('s.sales_status', '=', 'active')
      .where('p.lead_target', '=', false)
      .where('p.list_price_cny', 'is', null)
  else q = q.where('s.sales_status', '=', where)
  const row = await q.orderBy('p.id').offset(offset).limit(1).executeTakeFirstOrThrow()
  return row.catalog_number
}

async function couponSku(ctx: TestContext, code: string, offset = 0): Promise<string> {
  const c = await ctx.db.selectFrom('coupons').select('skus').where('code', '=', code).executeTakeFirstOrThrow()
  const rows = await ctx.db
    .selectFrom('products as p')
    .innerJoin('product_sales as s', 's.product_id', 'p.id')
    .select('p.catalog_number')
    .where('p.catalog_number', 'in', c.skus)
    .where('s.sales_status', '=', 'active')
    .where('p.lead_target', '=', false)
    .where('p.list_price_cny', 'is not', null)
    .orderBy('p.catalog_number')
    .execute()
  return rows[offset].catalog_number
}

describeEachDb('cart', (ctx) => {
  const call = apiCaller(ctx, CN)

  it('a visitor gets a server-minted gcId (milliseconds + random) on the first add, and only that id reaches the cart', async () => {
    const cat = await pick(ctx(), 'active')
    const a = await call('POST', '/cart/addItems', { body: { items: [{ catalogNumber: cat, quantity: 2 }] } })
    assert.equal(a.status, 200)
    const gcId = a.body.data.gcId
    assert.ok(isAnonymousCartId(gcId), gcId)
    assert.ok(Math.abs(Number(gcId.slice(0, 13)) - Date.now()) < 60_000)
    assert.equal(a.body.data.cart.itemCount, 1)
    assert.equal(a.body.data.results[0].status, 'added')
    const q = await call('GET', `/cart/query?gcId=${gcId}`)
    assert.equal(q.body.data.cartItems[0].catalogNumber, cat)
    assert.equal(q.body.data.cartItems[0].quantity, 2)
    // an id nobody was given is an empty cart, and cannot be written to
    const forged = `${gcId.slice(0, 14)}${'A'.repeat(22)}`
    assert.equal((await call('GET', `/cart/query?gcId=${forged}`)).body.data.itemCount, 0)
    assert.equal(
      (await call('POST', '/cart/addItems', { body: { gcId: forged, items: [{ catalogNumber: cat, quantity: 1 }] } }))
        .status,
      404,
    )
  })

  it('"the same SKU sums its quantity, capped at 999"; quantity outside 1..999 is refused', async () => {
    const cat = await pick(ctx(), 'active', 1)
    const a = await call('POST', '/cart/addItems', { body: { items: [{ catalogNumber: cat, quantity: 600 }] } })
    const gcId = a.body.data.gcId
    const b = await call('POST', '/cart/addItems', {
      body: { gcId, items: [{ catalogNumber: cat.toLowerCase(), quantity: 600 }] },
    })
    assert.equal(b.body.data.results[0].status, 'capped')
    assert.equal(b.body.data.cart.cartItems[0].quantity, 999)
    const id = b.body.data.cart.cartItems[0].id
    for (const quantity of [0, 1000, -1, 1.5])
      assert.equal((await call('POST', '/cart/quantity', { body: { gcId, id, quantity } })).status, 400)
    const ok = await call('POST', '/cart/quantity', { body: { gcId, id, quantity: 3 } })
    assert.equal(ok.body.data.cartItems[0].quantity, 3)
    const del = await call('POST', '/cart/deleteItems', { body: { gcId, items: [{ id }] } })
    assert.equal(del.body.data.status, 'ok')
    assert.equal(del.body.data.cart.itemCount, 0)
  })

  it('login merge: items summed (capped at 999), the anonymous id dead afterwards, a second merge changes nothing', async () => {
    const token = await tokenFor(ctx(), 'distributor.cn')
    const [c1, c2] = [await pick(ctx(), 'active', 2), await pick(ctx(), 'active', 3)]
    await call('POST', '/cart/addItems', { token, body: { items: [{ catalogNumber: c1, quantity: 500 }] } })
    const anon = await call('POST', '/cart/addItems', {
      body: {
        items: [
          { catalogNumber: c1, quantity: 700 },
          { catalogNumber: c2, quantity: 4 },
        ],
      },
    })
    const gcId = anon.body.data.gcId
    const m = await call('GET', `/cart/merge?gcId=${gcId}`, { token })
    assert.equal(m.status, 200)
    assert.equal(m.body.data.mergedLines, 2)
    const qty = Object.fromEntries(
      m.body.data.cart.cartItems.map((i: { catalogNumber: string; quantity: number }) => [i.catalogNumber, i.quantity]),
    )
    assert.equal(qty[c1], 999)
    assert.equal(qty[c2], 4)
    // dead: the visitor's id shows nothing and cannot be written; merging again adds nothing
    assert.equal((await call('GET', `/cart/query?gcId=${gcId}`)).body.data.itemCount, 0)
    assert.equal(
      (await call('POST', '/cart/addItems', { body: { gcId, items: [{ catalogNumber: c2, quantity: 1 }] } })).status,
      404,
    )
    const again = await call('GET', `/cart/merge?gcId=${gcId}`, { token })
    assert.deepEqual([again.body.data.mergedLines, again.body.data.alreadyMerged], [0, true])
    assert.equal(
      again.body.data.cart.cartItems.find((i: { catalogNumber: string }) => i.catalogNumber === c2).quantity,
      4,
    )
  })

  it('"Two concurrent merges of the same anonymous cart give one result"', async () => {
    const token = await tokenFor(ctx(), 'approved.in')
    const cat = await pick(ctx(), 'active', 4)
    const before =
      (await call('GET', '/cart/query', { token })).body.data.cartItems.find(
        (i: { catalogNumber: string }) => i.catalogNumber === cat,
      )?.quantity ?? 0
    const anon = await call('POST', '/cart/addItems', { body: { items: [{ catalogNumber: cat, quantity: 7 }] } })
    const gcId = anon.body.data.gcId
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call('GET', `/cart/merge?gcId=${gcId}`, { token })),
    )
    assert.ok(
      results.every((r) => r.status === 200),
      JSON.stringify(results.map((r) => r.body)),
    )
    assert.equal(results.filter((r) => r.body.data.mergedLines > 0).length, 1)
    const after = (await call('GET', '/cart/query', { token })).body.data.cartItems.find(
      (i: { catalogNumber: string }) => i.catalogNumber === cat,
    ).quantity
    assert.equal(after, Math.min(999, before + 7))
  })

  it('quick order: a verdict per line (added, unknown, discontinued, notOnline, leadOnly, noPrice); only orderable lines enter the cart', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const lines = [
      { line: 1, catalogNumber: await pick(ctx(), 'active', 5), quantity: 2 },
      { line: 2, catalogNumber: 'NOPE-0000', quantity: 1 },
      { line: 3, catalogNumber: await pick(ctx(), 'discontinued'), quantity: 1 },
      { line: 4, catalogNumber: await pick(ctx(), 'notOnline'), quantity: 1 },
      { line: 5, catalogNumber: await pick(ctx(), 'leadOnly'), quantity: 1 },
    ]
    const noPrice = await ctx()
      .db.selectFrom('products as p')
      .innerJoin('product_sales as s', 's.product_id', 'p.id')
      .select('p.catalog_number')
      .where('s.sales_status', '=', 'active')
      .where('p.lead_target', '=', false)
      .where('p.list_price_cny', 'is', null)
      .limit(1)
      .executeTakeFirst()
    if (noPrice) lines.push({ line: 6, catalogNumber: noPrice.catalog_number, quantity: 1 })
    const r = await call('POST', '/cart/quickAdd', { token, body: { lines } })
    assert.equal(r.status, 200)
    assert.deepEqual(
      r.body.data.results.map((x: { status: string }) => x.status),
      ['added', 'unknown', 'discontinued', 'notOnline', 'leadOnly', ...(noPrice ? ['noPrice'] : [])],
    )
    const inCart = new Set(r.body.data.cart.cartItems.map((i: { catalogNumber: string }) => i.catalogNumber))
    assert.ok(inCart.has(lines[0].catalogNumber))
    for (const l of lines.slice(1)) assert.ok(!inCart.has(l.catalogNumber), l.catalogNumber)
  })

  it("add by assay ID finds the assay's product; an unknown assay is reported as an unknown assay ID (not a catalogue number), not added", async () => {
    const a = await orderableProducts(ctx().db)
      .innerJoin('product_assays as a', 'a.product_id', 'p.id')
      .select(['a.assay_id', 'p.catalog_number'])
      .limit(1)
      .executeTakeFirstOrThrow()
    assert.match(a.assay_id, /^[A-Z][a-z]\d{8}_[a-zA-Z0-9]{2}$/)
    const r = await call('POST', '/cart/assayId', { body: { assayId: a.assay_id.toLowerCase(), quantity: 2 } })
    assert.deepEqual([r.body.data.results[0].status, r.body.data.results[0].catalogNumber], ['added', a.catalog_number])
    const none = await call('POST', '/cart/assayId', { body: { gcId: r.body.data.gcId, assayId: 'Hs99999999_zz' } })
    assert.equal(none.body.data.results[0].status, 'unknownAssay')
    assert.equal(none.body.data.cart.itemCount, 1)
  })

  it('prices come from the server: account price for approved users, list for visitors; skuList prices are ignored', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const ap = await ctx()
      .db.selectFrom('account_prices as ap')
      .innerJoin('users as u', 'u.account_id', 'ap.account_id')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .innerJoin('product_sales as s', 's.product_id', 'p.id')
      .select(['p.catalog_number', 'ap.price', 'p.list_price_cny'])
      .where('u.user_name', '=', 'approved.cn')
      .where('ap.currency', '=', 'CNY')
      .where('s.sales_status', '=', 'active')
      .where('p.lead_target', '=', false)
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const add = await call('POST', '/cart/addItems', {
      token,
      body: { items: [{ catalogNumber: ap.catalog_number, quantity: 3 }] },
    })
    const line = add.body.data.cart.cartItems.find(
      (i: { catalogNumber: string }) => i.catalogNumber === ap.catalog_number,
    )
    assert.equal(line.unitPrice, ap.price / 100)
    const anon = await call('POST', '/cart/addItems', {
      body: { items: [{ catalogNumber: ap.catalog_number, quantity: 3 }] },
    })
    assert.equal(anon.body.data.cart.cartItems[0].unitPrice, ap.list_price_cny! / 100)
    const honest = await call('POST', '/order/applyPromotions', { token, body: { promoCodes: [] } })
    const tampered = await call('POST', '/order/applyPromotions', {
      token,
      body: {
        promoCodes: [],
        isLiteUser: false,
        skuList: add.body.data.cart.cartItems.map((i: { id: number; quantity: number }) => ({
          cartItemId: i.id,
          quantity: i.quantity,
          unitPrice: 0.01,
          finalPrice: 0.01,
        })),
      },
    })
    assert.equal(tampered.status, 200)
    assert.deepEqual(tampered.body.data.summary, honest.body.data.summary)
    assert.ok(tampered.body.data.summary.totalAmount > 1)
  })

  it('"P and D quotes cannot be mixed": the second code is refused as PD_MIX and not kept; an expired code gives 20, an unknown one 10', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    await call('POST', '/cart/addItems', {
      token,
      body: {
        items: [
          { catalogNumber: await couponSku(ctx(), 'P-ANTIBODY10'), quantity: 1 },
          { catalogNumber: await couponSku(ctx(), 'D-PCR15'), quantity: 1 },
        ],
      },
    })
    const p = await call('POST', '/cart/coupon/apply', { token, body: { code: 'p-antibody10' } })
    assert.equal(p.status, 200)
    assert.deepEqual([p.body.data.coupon.valid, p.body.data.coupon.errorCode], [true, null])
    const d = await call('POST', '/cart/coupon/apply', { token, body: { code: 'D-PCR15' } })
    assert.deepEqual([d.body.data.coupon.valid, d.body.data.coupon.errorCode], [false, 'PD_MIX'])
    assert.deepEqual(
      d.body.data.cart.coupons.map((c: { code: string }) => c.code),
      ['P-ANTIBODY10'],
    )
    assert.equal(
      (await call('POST', '/cart/coupon/apply', { token, body: { code: 'P-EXPIRED20' } })).body.data.coupon.errorCode,
      '20',
    )
    assert.equal(
      (await call('POST', '/cart/coupon/apply', { token, body: { code: 'D-FUTURE12' } })).body.data.coupon.errorCode,
      '20',
    )
    assert.equal(
      (await call('POST', '/cart/coupon/apply', { token, body: { code: 'HELLO' } })).body.data.coupon.errorCode,
      '10',
    )
    // a valid coupon lowers the line it applies to
    const cart = (await call('GET', '/cart/query', { token })).body.data
    const discounted = cart.cartItems.find((i: { finalPrice: number; unitPrice: number }) => i.finalPrice < i.unitPrice)
    assert.ok(discounted, 'a line is discounted')
    assert.ok(cart.summary.totalAmount < cart.summary.totalPriceAmount)
    await call('POST', '/cart/coupon/remove', { token, body: { code: 'P-ANTIBODY10' } })
  })

  it('"M and R, M and T, and R and T cannot be mixed"; a code containing M forces TFS', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    await call('POST', '/cart/addItems', {
      token,
      body: { items: [{ catalogNumber: await couponSku(ctx(), 'M-PLASTIC5'), quantity: 2 }] },
    })
    const m = await call('POST', '/cart/coupon/apply', { token, body: { code: 'M-PLASTIC5' } })
    assert.equal(m.body.data.coupon.valid, true)
    assert.ok(m.body.data.cart.cartItems.every((i: { deliveryChannel: string }) => i.deliveryChannel === 'TFS'))
    for (const code of ['R-REAGENT8', 'T-TRIAL50']) {
      const r = await call('POST', '/cart/coupon/apply', { token, body: { code } })
      assert.deepEqual([r.body.data.coupon.valid, r.body.data.coupon.errorCode], [false, 'MRT_MIX'])
    }
    await call('POST', '/cart/coupon/remove', { token, body: { code: 'M-PLASTIC5' } })
  })

  it('lite users and visitors cannot apply codes (spec §6)', async () => {
    const lite = await tokenFor(ctx(), 'lite.cn')
    const r = await call('POST', '/cart/coupon/apply', { token: lite, body: { code: 'P-ANTIBODY10' } })
    assert.equal(r.status, 403)
    assert.equal(r.body.reason, 'COUPON_NOT_ALLOWED')
    assert.equal((await call('POST', '/cart/coupon/apply', { body: { code: 'P-ANTIBODY10' } })).status, 401)
  })

  it('taxes follow ENABLE_ORDER_TAX per country; total = totalAmount + taxes, savings = totalPriceAmount - totalAmount', async () => {
    const cn = (await call('GET', '/cart/query', { token: await tokenFor(ctx(), 'approved.cn') })).body.data.summary
    assert.equal(cn.taxEnabled, true)
    assert.equal(cn.taxes, Math.floor((Math.round(cn.totalAmount * 100) * 1300 + 5000) / 10000) / 100)
    assert.equal(cn.total, Math.round((cn.totalAmount + cn.taxes) * 100) / 100)
    assert.equal(cn.savings, Math.round((cn.totalPriceAmount - cn.totalAmount) * 100) / 100)
    const token = await tokenFor(ctx(), 'approved.in')
    await call('POST', '/cart/addItems', {
      token,
      body: { items: [{ catalogNumber: await pick(ctx(), 'active', 8), quantity: 1 }] },
    })
    const inr = (await ctx().app.inject({ url: '/api/cart/query', headers: auth(token, { countrycode: 'in' }) })).json()
      .data.summary
    assert.deepEqual([inr.currency, inr.taxEnabled, inr.taxes], ['INR', false, 0])
  })

  it("/sc/getSkuDeliveryChannel: SC where the default supply centre has the stock, only for the caller's own ship-to", async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const sc = await ctx()
      .db.selectFrom('supply_center_stock as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['p.catalog_number', 's.quantity'])
      .where('s.supply_center_id', '=', 'SC-SH-001')
      .where('s.quantity', '>', 3)
      .limit(1)
      .executeTakeFirstOrThrow()
    const own = await ctx()
      .db.selectFrom('ship_tos as st')
      .innerJoin('users as u', 'u.account_id', 'st.account_id')
      .select('st.account_number')
      .where('u.user_name', '=', 'approved.cn')
      .where('st.account_number', 'is not', null)
      .limit(1)
      .executeTakeFirstOrThrow()
    const r = await call('POST', '/sc/getSkuDeliveryChannel', {
      token,
      body: {
        items: [{ catalogNumber: sc.catalog_number, quantity: 999 }],
        shipToNum: own.account_number,
        sourcePage: 'SHOPPING_CART',
      },
    })
    assert.equal(r.status, 200)
    // more than the supply centre holds (seeded stock is at most 125): the warehouse serves it
    assert.equal(r.body.data.productDeliveryItems[sc.catalog_number].deliveryChannel, 'TFS')
    const first = await call('POST', '/sc/getSkuDeliveryChannel', {
      token,
      body: { items: [{ catalogNumber: sc.catalog_number, quantity: 1 }], shipToNum: own.account_number },
    })
    assert.equal(first.body.data.productDeliveryItems[sc.catalog_number].deliveryChannel, 'SC')
    const other = await tokenFor(ctx(), 'approved.in')
    assert.equal(
      (
        await call('POST', '/sc/getSkuDeliveryChannel', {
          token: other,
          body: { items: [{ catalogNumber: sc.catalog_number, quantity: 1 }], shipToNum: own.account_number },
        })
      ).status,
      403,
    )
  })
})
