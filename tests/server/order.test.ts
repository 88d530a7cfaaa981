import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { describeEachDb, tokenFor, userRow, type TestContext } from './helpers'
import {
  EN,
  productWithStock as stockedProduct,
  clearCart,
  countOrders,
  countPlacements,
  orderApi,
  discontinue,
} from './order-harness'
import { ORDER_STATUS_CODES } from '../../types/order/schemas'
import { orderableProducts } from '../support/orderable-products'

/**
 * The order calls (spec §2, §3, §4, §7) against a real database: the seeded history, order detail,
 * pending lead-time lines, S-quotes, leads and placement with its Idempotency-Key, one transaction
 * and server prices.
 */

const CN = { countrycode: 'cn', languagecode: 'cn' }

/** products priced in both currencies, so that any of them can be ordered in India too */
const productWithStock = (ctx: TestContext, min: number, offset = 0) =>
  stockedProduct(ctx, min, offset, { pricedInInr: true })

const stockOf = async (ctx: TestContext, productId: number) =>
  (await ctx.db.selectFrom('product_stock').select('quantity').where('product_id', '=', productId).executeTakeFirst())
    ?.quantity ?? 0

describeEachDb('orders', (ctx) => {
  const { call, newKey, place, addToCart, cartOfOne } = orderApi(ctx)

  // ---------------- seeded history ----------------

  it('each approved demo account has a year of history in every status; lite.cn has none', async () => {
    for (const name of ['approved.cn', 'distributor.cn', 'approved.in']) {
      const u = await userRow(ctx(), name)
      const rows = await ctx()
        .db.selectFrom('orders')
        .select(['status', 'created_at', 'order_number', 'sales_order_number'])
        .where('account_id', '=', u.account_id!)
        .execute()
      assert.ok(rows.length >= 60, `${name}: ${rows.length}`)
      const statuses = new Set(rows.map((r) => r.status))
      for (const s of ORDER_STATUS_CODES) assert.ok(statuses.has(s), `${name} lacks ${s}`)
      const ages = rows.map((r) => (Date.now() - new Date(r.created_at).getTime()) / 86_400_000)
      assert.ok(Math.max(...ages) > 200 && Math.max(...ages) < 370, `oldest ${Math.max(...ages)}`)
      for (const r of rows) assert.ok(Number(r.order_number) < 5_000_000 && Number(r.sales_order_number) < 55_000_000)
    }
    const lite = await userRow(ctx(), 'lite.cn')
    assert.equal(
      (await ctx().db.selectFrom('orders').select('id').where('account_id', '=', lite.account_id!).execute()).length,
      0,
    )
    // shipped orders carry a shipment, SC orders exist for the account with a supply centre
    const noShipment = await sql<{
      n: number
    }>`SELECT count(*)::int AS n FROM orders o WHERE o.status IN ('SHIPPED','COMPLETED') AND NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id)`.execute(
      ctx().db,
    )
    assert.equal(noShipment.rows[0].n, 0)
    const sc = await sql<{
      n: number
    }>`SELECT count(*)::int AS n FROM orders WHERE delivery_channel = 'SC' AND order_type IN ('D1','D2','CR')`.execute(
      ctx().db,
    )
    assert.ok(sc.rows[0].n > 0)
  })

  it('GET /order/detail/:orderNumber gives lines, charges, shipments and the ship-to of a shipped order', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const u = await userRow(ctx(), 'approved.cn')
    const o = await ctx()
      .db.selectFrom('orders')
      .select(['order_number', 'total_amount'])
      .where('account_id', '=', u.account_id!)
      .where('status', '=', 'COMPLETED')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const r = await call('GET', `/order/detail/${o.order_number}`, { token: t })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const d = r.body.data
    assert.equal(d.orderNumber, o.order_number)
    assert.equal(d.status, 'COMPLETED')
    assert.ok(d.lines.length >= 1 && d.lines.length <= 8)
    assert.equal(d.summary.totalAmount, Number(o.total_amount) / 100)
    assert.equal(d.shipments.length, 1)
    assert.ok(['SF Express', 'JD Logistics', 'EMS'].includes(d.shipments[0].carrier), d.shipments[0].carrier)
    assert.ok(d.shipments[0].signedAt)
    assert.ok(d.charges.some((c: { kind: string }) => c.kind === 'Tax'))
    assert.ok(d.shipTo.text.length > 0)
  })

  // issue 22: "'China' left in the Chinese order detail; carrier '京东物流' shown untranslated in English"
  it("order detail speaks the request's language: the carrier's name in it, the address without the country's English name", async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const u = await userRow(ctx(), 'approved.cn')
    const rows = await sql<{
      order_number: string
      carrier: string
      snap: Record<string, unknown>
    }>`SELECT o.order_number, s.carrier, o.ship_to_snapshot AS snap
      FROM orders o JOIN shipments s ON s.order_id = o.id WHERE o.account_id = ${u.account_id} ORDER BY o.id`.execute(
      ctx().db,
    )
    const jd = rows.rows.find((r) => r.carrier === '京东物流') ?? rows.rows[0]
    assert.equal(jd.snap.country, 'China', 'the snapshot keeps the country in English')
    const en = (await call('GET', `/order/detail/${jd.order_number}`, { token: t, headers: EN })).body.data
    const zh = (await call('GET', `/order/detail/${jd.order_number}`, { token: t, headers: CN })).body.data
    const names: Record<string, [string, string]> = {
      京东物流: ['JD Logistics', '京东物流'],
      顺丰速运: ['SF Express', '顺丰速运'],
      EMS: ['EMS', 'EMS'],
    }
    assert.deepEqual([en.shipments[0].carrier, zh.shipments[0].carrier], names[jd.carrier])
    assert.doesNotMatch(zh.shipTo.text, /China/)
    assert.doesNotMatch(en.shipTo.text, /China/)
    // the address as the app writes every address (types/account/address-rules.ts addressLine): province first
    assert.ok(zh.shipTo.text.includes(String(jd.snap.stateOrProvince)), zh.shipTo.text)
    assert.ok(zh.shipTo.text.includes(String(jd.snap.streetAddress)), zh.shipTo.text)
  })

  it('GET /order/pendingLto lists the backordered lines with their estimated ship date', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const u = await userRow(ctx(), 'approved.cn')
    const o = await sql<{
      order_number: string
    }>`SELECT o.order_number FROM orders o WHERE o.account_id = ${u.account_id} AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.backordered_qty > 0) ORDER BY o.id LIMIT 1`.execute(
      ctx().db,
    )
    const r = await call('GET', `/order/pendingLto/${o.rows[0].order_number}`, { token: t })
    assert.equal(r.status, 200)
    assert.ok(r.body.data.items.length >= 1)
    for (const i of r.body.data.items) {
      assert.ok(i.backorderedQuantity > 0 && i.backorderedQuantity <= i.quantity)
      assert.ok(i.estimatedShipDate)
    }
  })

  it('S-quotes: the list has active, expired and ordered quotes; detail prices are below list', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const l = await call('GET', '/quote/list', { token: t })
    assert.equal(l.status, 200)
    const statuses = l.body.data.map((q: any) => q.orderHeader.status)
    for (const s of ['active', 'expired', 'ordered']) assert.ok(statuses.includes(s), `missing ${s}`)
    for (const q of l.body.data) {
      assert.match(q.orderHeader.staticQuoteId, /^SQ-CN-\d{6}$/)
      assert.match(q.orderHeader.quoteNumber, /^Q\d{4}-\d{6}$/)
      assert.ok(q.thumbnails.length <= 4)
    }
    const active = l.body.data.find((q: any) => q.orderHeader.status === 'active')
    const days = (new Date(active.orderHeader.expiresAt).getTime() - Date.now()) / 86_400_000
    assert.ok(days > 5 && days <= 31, String(days))
    const d = await call('GET', `/quote/detail/${active.orderHeader.staticQuoteId}`, { token: t })
    assert.equal(d.status, 200)
    assert.ok(d.body.data.orderLineList.length >= 2)
    for (const line of d.body.data.orderLineList) assert.ok(line.unitPrice < line.listPrice)
  })

  it('"Catalog number is not defined in product": a lead item without one is refused, in English and Chinese', async () => {
    const en = await call('POST', '/save/leadItem', { body: { itemCount: 1 } })
    assert.equal(en.status, 400)
    assert.equal(en.body.reason, 'CATALOG_NUMBER_MISSING')
    assert.equal(en.body.message, 'Catalog number is not defined in product')
    const zh = await call('POST', '/save/leadItem', { body: { itemCount: 1, catalogNumber: ' ' }, headers: CN })
    assert.equal(zh.status, 400)
    assert.equal(zh.body.reason, 'CATALOG_NUMBER_MISSING')
    assert.match(zh.body.message, /[\u4e00-\u9fff]/)
  })

  it('leads: a visitor builds a lead cart (random id), adds to it, reads it and submits it once as a request record', async () => {
    const p = await productWithStock(ctx(), 0, 3)
    const a = await call('POST', '/save/leadItem', { body: { catalogNumber: p.catalogNumber, itemCount: 2 } })
    assert.equal(a.status, 200)
    const id = a.body.data.leadCartId
    assert.ok(id.length >= 24)
    const b = await call('POST', '/save/leadItem', {
      body: { catalogNumber: p.catalogNumber, itemCount: 3, leadCartId: id },
    })
    assert.equal(b.body.data.leadCartId, id)
    await call('POST', '/save/leadItem', {
      body: { catalogNumber: 'CUSTOM-PRIMER-01', itemName: 'Custom primer', itemCount: 1, leadCartId: id },
    })
    const c = await call('GET', `/lead/cart/${id}`)
    assert.deepEqual(
      c.body.data.items.map((i: any) => [i.catalogNumber, i.itemCount]),
      [
        [p.catalogNumber, 5],
        ['CUSTOM-PRIMER-01', 1],
      ],
    )
    const form = {
      leadCartId: id,
      contactName: 'Li Lei',
      phone: '13800000000',
      email: 'li@example.edu.cn',
      companyOrInstitution: 'Fudan',
    }
    // spec §9 "Remark | max 100 characters" (issue 22: the lead form's remark took 500)
    const long = await call('POST', '/lead/submit', { body: { ...form, remark: 'r'.repeat(101) } })
    assert.deepEqual([long.status, long.body.code], [400, 'VALIDATION_ERROR'])
    const s = await call('POST', '/lead/submit', { body: { ...form, remark: 'r'.repeat(100) } })
    assert.equal(s.status, 200)
    assert.match(s.body.data.requestId, /^RQ-\d{6}$/)
    const row = await ctx()
      .db.selectFrom('service_requests')
      .selectAll()
      .where('request_id', '=', s.body.data.requestId)
      .executeTakeFirstOrThrow()
    assert.equal(row.kind, 'lead')
    assert.equal(row.items.length, 2)
    assert.equal((await call('POST', '/lead/submit', { body: form })).status, 409)
    assert.equal((await call('GET', `/lead/cart/${id}`)).body.data.submitted, true)
  })

  // ---------------- placement ----------------

  it("placement happy path: totals are the server's, the cart is emptied, stock decremented, status 30", async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    await clearCart(ctx(), 'distributor.cn')
    const p1 = await productWithStock(ctx(), 60, 10)
    const p2 = await productWithStock(ctx(), 60, 11)
    const [s1, s2] = [await stockOf(ctx(), p1.id), await stockOf(ctx(), p2.id)]
    await addToCart(t, [
      { catalogNumber: p1.catalogNumber, quantity: 3 },
      { catalogNumber: p2.catalogNumber, quantity: 2 },
    ])
    const quote = await call('POST', '/order/applyPromotions', { token: t, body: {} })
    const r = await place(t, { addressKey: 'ST-3000001-01', termsAccepted: true, poNumber: 'PO-2026-00999' })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const d = r.body.data
    assert.equal(d.total, quote.body.data.summary.total)
    assert.equal(d.orders.length, 1)
    assert.equal(d.orders[0].orderType, 'ZOR')
    assert.equal(d.salesOrderNumber, d.orders[0].salesOrderNumber)
    assert.equal(d.spSalesOrderNumber, null)
    assert.equal(d.addressStatus, 'ACTIVE')
    assert.equal(d.pendingLtoOrderNumber, null)
    assert.ok(Number(d.orders[0].orderNumber) >= 5_000_000 && Number(d.salesOrderNumber) >= 15_000_000)
    assert.equal(await stockOf(ctx(), p1.id), s1 - 3)
    assert.equal(await stockOf(ctx(), p2.id), s2 - 2)
    const cart = await call('GET', '/cart/query', { token: t })
    assert.equal(cart.body.data.itemCount, 0)
    const detail = await call('GET', `/order/detail/${d.orders[0].orderNumber}`, { token: t })
    assert.equal(detail.body.data.status, 'SUBMITTED')
    assert.equal(detail.body.data.statusCode, 30)
    assert.equal(detail.body.data.poNumber, 'PO-2026-00999')
    assert.equal(detail.body.data.lines.length, 2)
    assert.equal(detail.body.data.summary.total, d.total)
  })

  it('a cart served by the supply centre and the warehouse becomes one SC order (D1) and one TFS order (ZOR), each stock decremented', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    await clearCart(ctx(), 'approved.cn')
    const scRow = await orderableProducts(ctx().db)
      .innerJoin('supply_center_stock as sc', 'sc.product_id', 'p.id')
      .select(['p.id', 'p.catalog_number', 'sc.quantity'])
      .where('sc.supply_center_id', '=', 'SC-SH-001')
      .where('sc.quantity', '>=', 5)
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    // the warehouse has none of it: the supply centre serves it
    await ctx().db.updateTable('product_stock').set({ quantity: 0 }).where('product_id', '=', scRow.id).execute()
    const tfsP = await productWithStock(ctx(), 60, 19)
    const tfsBefore = await stockOf(ctx(), tfsP.id)
    await addToCart(t, [
      { catalogNumber: scRow.catalog_number, quantity: 2 },
      { catalogNumber: tfsP.catalogNumber, quantity: 1 },
    ])
    const quote = await call('POST', '/order/applyPromotions', { token: t, body: {} })
    const r = await place(t, { addressKey: 'ST-1000001-01', termsAccepted: true, billToNumber: '2000001' })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const d = r.body.data
    assert.deepEqual(d.orders.map((o: any) => [o.deliveryChannel, o.orderType]).sort(), [
      ['SC', 'D1'],
      ['TFS', 'ZOR'],
    ])
    assert.equal(d.spSalesOrderNumber, d.orders.find((o: any) => o.deliveryChannel === 'SC').salesOrderNumber)
    assert.equal(d.salesOrderNumber, d.orders.find((o: any) => o.deliveryChannel === 'TFS').salesOrderNumber)
    assert.ok(Number(d.spSalesOrderNumber) >= 55_000_000)
    assert.equal(d.total, quote.body.data.summary.total)
    const sc = await ctx()
      .db.selectFrom('supply_center_stock')
      .select('quantity')
      .where('supply_center_id', '=', 'SC-SH-001')
      .where('product_id', '=', scRow.id)
      .executeTakeFirstOrThrow()
    assert.equal(sc.quantity, scRow.quantity - 2)
    assert.equal(await stockOf(ctx(), tfsP.id), tfsBefore - 1)
    const detail = (await call('GET', `/order/detail/${d.orders[0].orderNumber}`, { token: t })).body.data
    assert.deepEqual(detail.relatedOrderNumbers, [d.orders[1].orderNumber])
    assert.equal(detail.billToNumber, '2000001')
  })

  it('prices sent by the client are ignored (tampered unitPrice/finalPrice)', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    await clearCart(ctx(), 'distributor.cn')
    const p = await productWithStock(ctx(), 60, 12)
    const cart = await addToCart(t, [{ catalogNumber: p.catalogNumber, quantity: 2 }])
    const line = cart.cartItems[0]
    const r = await place(t, {
      addressKey: 'ST-3000001-01',
      termsAccepted: true,
      skuList: [{ cartItemId: line.id, quantity: 2, unitPrice: 0.01, finalPrice: 0.01 }],
    })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    assert.equal(r.body.data.total, cart.summary.total)
    assert.ok(r.body.data.total > 1)
  })

  it('a Partially Registered user cannot order (REGISTRATION_INCOMPLETE)', async () => {
    const t = await tokenFor(ctx(), 'lite.cn')
    const r = await place(t, { addressKey: 'ST-PENDING-000456', termsAccepted: true })
    assert.equal(r.status, 403)
    assert.equal(r.body.reason, 'REGISTRATION_INCOMPLETE')
  })

  it('an address under review refuses the order with a localized message (ADDRESS_UNDER_REVIEW), cart and stock untouched', async () => {
    const { t, p } = await cartOfOne('approved.cn', 16)
    const s = await stockOf(ctx(), p.id)
    const before = await countPlacements(ctx())
    const en = await place(t, { addressKey: 'ST-PENDING-000123', termsAccepted: true })
    assert.equal(en.status, 409)
    assert.equal(en.body.reason, 'ADDRESS_UNDER_REVIEW')
    const zh = await place(t, { addressKey: 'ST-PENDING-000123', termsAccepted: true }, newKey(), CN)
    assert.match(zh.body.message, /[\u4e00-\u9fff]/)
    assert.equal(await stockOf(ctx(), p.id), s)
    assert.equal(await countPlacements(ctx()), before)
    assert.equal((await call('GET', '/cart/query', { token: t })).body.data.itemCount, 1)
  })

  it('stock that cannot cover a line is backordered; pendingLto lists it; stock never goes negative', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    await clearCart(ctx(), 'distributor.cn')
    const p = await productWithStock(ctx(), 10, 17)
    await ctx().db.updateTable('product_stock').set({ quantity: 2 }).where('product_id', '=', p.id).execute()
    await addToCart(t, [{ catalogNumber: p.catalogNumber, quantity: 5 }])
    const r = await place(t, { addressKey: 'ST-3000001-01', termsAccepted: true })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const lto = r.body.data.pendingLtoOrderNumber
    assert.ok(lto)
    const pl = await call('GET', `/order/pendingLto/${lto}`, { token: t })
    assert.equal(pl.body.data.items.length, 1)
    assert.equal(pl.body.data.items[0].backorderedQuantity, 3)
    assert.equal(await stockOf(ctx(), p.id), 0)
  })

  it('a failed placement (a blocked line) leaves cart, stock and orders unchanged', async () => {
    const { t, p } = await cartOfOne('distributor.cn', 18, 2)
    // the product is discontinued after it went into the cart
    await discontinue(ctx(), p.id)
    const s = await stockOf(ctx(), p.id)
    const [o, pl] = [await countOrders(ctx()), await countPlacements(ctx())]
    const r = await place(t, { addressKey: 'ST-3000001-01', termsAccepted: true })
    assert.equal(r.status, 409)
    assert.equal(r.body.reason, 'LINE_BLOCKED')
    assert.equal(await stockOf(ctx(), p.id), s)
    assert.equal(await countOrders(ctx()), o)
    assert.equal(await countPlacements(ctx()), pl)
    assert.equal((await call('GET', '/cart/query', { token: t })).body.data.itemCount, 1)
    await ctx().db.updateTable('product_sales').set({ sales_status: 'active' }).where('product_id', '=', p.id).execute()
    // a skuList that no longer matches the cart
    const cart = (await call('GET', '/cart/query', { token: t })).body.data
    const ch = await place(t, {
      addressKey: 'ST-3000001-01',
      termsAccepted: true,
      skuList: [{ cartItemId: cart.cartItems[0].id, quantity: 7 }],
    })
    assert.equal(ch.status, 409)
    assert.equal(ch.body.reason, 'CART_CHANGED')
  })

  it("an S-quote is ordered at the quote's prices, once; an expired quote is refused", async () => {
    const t = await tokenFor(ctx(), 'approved.in')
    const list = (await call('GET', '/quote/list', { token: t, headers: { countrycode: 'in', languagecode: 'en' } }))
      .body.data
    const active = list.find((q: any) => q.orderHeader.status === 'active')
    const expired = list.find((q: any) => q.orderHeader.status === 'expired')
    const headers = { countrycode: 'in', languagecode: 'en' }
    const placeQuote = (quote: any) =>
      place(
        t,
        {
          addressKey: 'ST-5000001-01',
          termsAccepted: true,
          squoteDetail: { staticQuoteId: quote.orderHeader.staticQuoteId },
        },
        newKey(),
        headers,
      )
    const r = await placeQuote(active)
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const detail = (await call('GET', `/order/detail/${r.body.data.orders[0].orderNumber}`, { token: t, headers })).body
      .data
    assert.equal(detail.summary.totalAmount, active.orderHeader.totalPrice)
    assert.equal(detail.source, 'squote')
    const again = await placeQuote(active)
    assert.equal(again.status, 409)
    assert.equal(again.body.reason, 'QUOTE_EXPIRED')
    const ex = await placeQuote(expired)
    assert.equal(ex.status, 409)
    assert.equal(ex.body.reason, 'QUOTE_EXPIRED')
  })
})
