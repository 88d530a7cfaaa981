import { it } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { sql } from 'kysely'
import { describeEachDb, tokenFor, auth, type TestContext } from './helpers'

/**
 * POST /flashbuy/place/order (issue 11; spec §3 "Order payload (flash buy)", §4 "Flash-buy submit
 * flow" and the status code 30/270, §5 flash-buy checks, §7, §8). Each test makes its own sale.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const ZH = { countrycode: 'cn', languagecode: 'zh' }

interface SaleOpts {
  country?: 'cn' | 'in'
  price?: number
  total?: number
  remain?: number
  min?: number
  max?: number
  limit?: number
  channel?: 'SC' | 'TFS'
  startInMs?: number
  endInMs?: number
  coupon?: string | null
}

async function newSale(ctx: TestContext, o: SaleOpts = {}) {
  const product = await ctx.db
    .selectFrom('products')
    .select(['id', 'sku', 'catalog_number', 'list_price_cny', 'list_price_inr'])
    .where('list_price_cny', 'is not', null)
    .where('list_price_inr', 'is not', null)
    .orderBy('id')
    .offset(7)
    .limit(1)
    .executeTakeFirstOrThrow()
  const id = `T-${crypto.randomBytes(5).toString('hex')}`
  const total = o.total ?? 100
  await ctx.db
    .insertInto('flash_sales')
    .values({
      id,
      country: o.country ?? 'cn',
      product_id: product.id,
      currency: (o.country ?? 'cn') === 'in' ? 'INR' : 'CNY',
      flash_price: o.price ?? 9900,
      display_text_en: 'Starts soon',
      display_text_zh: '即将开始',
      start_at: new Date(Date.now() + (o.startInMs ?? -3_600_000)),
      end_at: new Date(Date.now() + (o.endInMs ?? 3_600_000)),
      total_qty: total,
      remain_qty: o.remain ?? total,
      min_order_qty: o.min ?? 1,
      max_order_qty: o.max ?? 5,
      account_purchase_limit_qty: o.limit ?? 3,
      delivery_channel: o.channel ?? 'TFS',
      coupon: o.coupon ?? null,
      sort_order: 0,
    })
    .execute()
  return { id, product }
}

const body = (flashBuyId: string, extra: Record<string, unknown> = {}) => ({
  flashBuyId,
  quantity: 1,
  addressKey: 'ST-1000001-01',
  termsAccepted: true,
  receiver: { name: '王小明', phone: '13800138000' },
  invoiceReceiver: { name: '李会计', phone: '021-65640000' },
  ...extra,
})

async function saleState(ctx: TestContext, id: string) {
  const r = await sql<{ remain: number; ledger: number; orders: number; qty: number }>`
    SELECT (SELECT remain_qty FROM flash_sales WHERE id = ${id}) AS remain,
      (SELECT coalesce(sum(purchased_qty), 0)::int FROM flash_sale_ledger WHERE flash_sale_id = ${id}) AS ledger,
      (SELECT count(*)::int FROM orders WHERE flash_sale_id = ${id}) AS orders,
      (SELECT coalesce(sum(l.quantity), 0)::int FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.flash_sale_id = ${id}) AS qty`.execute(
    ctx.db,
  )
  return r.rows[0]
}

describeEachDb('flash-buy placement', (ctx) => {
  let keyN = 0
  const newKey = () => `fb-place-${process.pid}-${Date.now()}-${++keyN}`
  const place = async (token: string, b: unknown, key: string | null = newKey(), headers = EN) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/flashbuy/place/order',
      payload: b as object,
      headers: auth(token, key === null ? headers : { ...headers, 'idempotency-key': key }),
    })
    return { status: res.statusCode, body: res.json() }
  }

  it('places one order at the database flash price: order, line, Tax, ledger, stock and placement commit together; status code 30', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const { id, product } = await newSale(ctx(), { price: 9900, total: 20 })
    // "a price sent by the client is ignored": the line's unitPrice says 0.01, the order is at 99.00
    const r = await place(
      t,
      body(id, {
        quantity: 2,
        expectedUnitPrice: 99,
        billToNumber: '2000001',
        poNumber: ' PO-FB-1 ',
        remark: 'urgent',
        additionalEmail: 'lab@example.edu.cn',
        invoiceTitle: '复旦大学',
        line: { unitPrice: 0.01, quantity: 2 },
      }),
    )
    assert.equal(r.status, 200, JSON.stringify(r.body))
    // spec §7: "success, data: list of orders with orderType and salesOrderNumber"
    assert.equal(r.body.data.length, 1)
    const o = r.body.data[0]
    assert.equal(o.orderType, 'ZOR')
    assert.equal(o.deliveryChannel, 'TFS')
    assert.match(o.salesOrderNumber, /^\d+$/)
    assert.equal(o.statusCode, 30) // "30 if Siebel Approved and the ship-to is not pending"
    assert.equal(o.status, 'SUBMITTED')
    assert.equal(o.unitPrice, 99)
    assert.equal(o.quantity, 2)
    assert.equal(o.total, 223.74) // 198.00 + 13 % tax (ENABLE_ORDER_TAX is on for cn)

    const row = await ctx()
      .db.selectFrom('orders')
      .selectAll()
      .where('order_number', '=', o.orderNumber)
      .executeTakeFirstOrThrow()
    assert.equal(row.source, 'flashbuy')
    assert.equal(row.flash_sale_id, id)
    assert.equal(row.status_code, 30)
    assert.equal(row.po_number, 'PO-FB-1')
    assert.equal(row.bill_to_number, '2000001')
    assert.equal(Number(row.total_amount), 19800)
    assert.equal(Number(row.taxes), 2574)
    assert.equal(Number(row.total_price_amount), Number(product.list_price_cny) * 2)
    assert.deepEqual(row.additional_emails, ['lab@example.edu.cn'])
    const contacts = row.contacts as Record<string, any>
    assert.equal(contacts.receiver.name, '王小明')
    assert.equal(contacts.invoiceTitle, '复旦大学')
    const lines = await ctx().db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).execute()
    assert.equal(lines.length, 1)
    assert.equal(Number(lines[0].unit_price), 9900)
    assert.equal(Number(lines[0].list_price), Number(product.list_price_cny))
    assert.equal(lines[0].allocated_qty, 2)
    assert.equal(lines[0].backordered_qty, 0)
    const charges = await ctx().db.selectFrom('order_charges').selectAll().where('order_id', '=', row.id).execute()
    assert.deepEqual(
      charges.map((c) => [c.kind, Number(c.amount)]),
      [['Tax', 2574]],
    )
    const placement = await ctx()
      .db.selectFrom('order_placements')
      .selectAll()
      .where('id', '=', row.placement_id!)
      .executeTakeFirstOrThrow()
    assert.deepEqual(placement.response, r.body.data)
    assert.deepEqual(await saleState(ctx(), id), { remain: 18, ledger: 2, orders: 1, qty: 2 })

    // "they appear in the order history with the rest": the order detail reads it like any order
    const d = await ctx().app.inject({ method: 'GET', url: `/api/order/detail/${o.orderNumber}`, headers: auth(t, EN) })
    assert.equal(d.statusCode, 200)
    assert.equal(d.json().data.source, 'flashbuy')
    assert.equal(d.json().data.lines[0].unitPrice, 99)
  })

  it('the sale\'s coupon is recorded on the order and its line (spec §3 "Flash-buy detail: … coupon", "Order payload (flash buy): … promoCodes"); a sale without one records none', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const withCoupon = await newSale(ctx(), { coupon: 'FLASH-T22' })
    // the client's promoCodes do not decide it: none sent here, and a foreign code sent on the second sale
    const a = await place(t, body(withCoupon.id))
    assert.equal(a.status, 200, JSON.stringify(a.body))
    const plain = await newSale(ctx())
    const b = await place(t, body(plain.id, { promoCodes: ['NOT-THIS-SALES'] }))
    assert.equal(b.status, 200, JSON.stringify(b.body))
    const codes = async (orderNumber: string) => {
      const o = await ctx()
        .db.selectFrom('orders')
        .select(['id', 'promo_codes'])
        .where('order_number', '=', orderNumber)
        .executeTakeFirstOrThrow()
      const l = await ctx()
        .db.selectFrom('order_lines')
        .select('promo_codes')
        .where('order_id', '=', o.id)
        .executeTakeFirstOrThrow()
      return { order: o.promo_codes, line: l.promo_codes }
    }
    assert.deepEqual(await codes(a.body.data[0].orderNumber), { order: ['FLASH-T22'], line: ['FLASH-T22'] })
    assert.deepEqual(await codes(b.body.data[0].orderNumber), { order: [], line: [] })
    // and the buyer sees it on the order detail
    const d = await ctx().app.inject({
      method: 'GET',
      url: `/api/order/detail/${a.body.data[0].orderNumber}`,
      headers: auth(t, EN),
    })
    assert.equal(d.statusCode, 200)
    assert.deepEqual(d.json().data.promoCodes, ['FLASH-T22'])
  })

  it('a PENDING ship-to is allowed and gives status code 270 (PENDING_ADDRESS_VALIDATION)', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const { id } = await newSale(ctx())
    const r = await place(t, body(id, { addressKey: 'ST-PENDING-000123' }))
    assert.equal(r.status, 200, JSON.stringify(r.body))
    assert.equal(r.body.data[0].statusCode, 270)
    assert.equal(r.body.data[0].addressStatus, 'PENDING')
    assert.equal(r.body.data[0].status, 'PENDING_ADDRESS_VALIDATION')
  })

  it('an SC sale is a D1 order at the default supply centre when it is Normal; without one it is TFS (ZOR)', async () => {
    const { id } = await newSale(ctx(), { channel: 'SC' })
    const a = await place(await tokenFor(ctx(), 'approved.cn'), body(id))
    assert.equal(a.status, 200, JSON.stringify(a.body))
    assert.deepEqual([a.body.data[0].orderType, a.body.data[0].deliveryChannel], ['D1', 'SC'])
    const row = await ctx()
      .db.selectFrom('orders')
      .select('supply_center_id')
      .where('order_number', '=', a.body.data[0].orderNumber)
      .executeTakeFirstOrThrow()
    assert.equal(row.supply_center_id, 'SC-SH-001')
    const b = await place(await tokenFor(ctx(), 'distributor.cn'), body(id, { addressKey: 'ST-3000001-01' }))
    assert.equal(b.status, 200, JSON.stringify(b.body))
    assert.deepEqual([b.body.data[0].orderType, b.body.data[0].deliveryChannel], ['ZOR', 'TFS'])
  })

  it('the price-change check compares with the current price: a different expectedUnitPrice is refused and nothing is written', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const { id } = await newSale(ctx(), { price: 9900 })
    const r = await place(t, body(id, { expectedUnitPrice: 89 }))
    assert.equal(r.status, 409)
    assert.equal(r.body.reason, 'FLASH_PRICE_CHANGED')
    assert.equal(r.body.message, 'Sorry, These flash buy product prices are changed')
    await ctx().db.updateTable('flash_sales').set({ flash_price: 8900 }).where('id', '=', id).execute()
    const again = await place(t, body(id, { expectedUnitPrice: 89 }))
    assert.equal(again.status, 200, JSON.stringify(again.body))
    assert.equal(again.body.data[0].unitPrice, 89)
    assert.deepEqual(await saleState(ctx(), id), { remain: 99, ledger: 1, orders: 1, qty: 1 })
  })

  it("each refusal: minimum, stock, per-account limit, maximum, coming soon, expired, sold out, unknown sale, another country — with the spec's messages", async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const expect = async (
      saleId: string,
      b: Record<string, unknown>,
      status: number,
      reason: string,
      message?: string,
      headers = EN,
    ) => {
      const r = await place(t, body(saleId, b), newKey(), headers)
      assert.equal(r.status, status, `${reason}: ${JSON.stringify(r.body)}`)
      assert.equal(r.body.reason, reason)
      if (message) assert.equal(r.body.message, message)
    }
    const min = await newSale(ctx(), { min: 2, max: 5, limit: 5 })
    await expect(
      min.id,
      { quantity: 1 },
      409,
      'FLASH_MIN_QTY',
      "Sorry, your purchase quantity doesn't meet the minimum order quantity. Please contact online chat if you have any issue",
    )
    const low = await newSale(ctx(), { total: 10, remain: 1 })
    await expect(
      low.id,
      { quantity: 2 },
      409,
      'FLASH_STOCK',
      'Sorry, the current quantity of this product is not enough for your purchase...',
    )
    const lim = await newSale(ctx(), { limit: 3 })
    assert.equal((await place(t, body(lim.id, { quantity: 2 }))).status, 200)
    await expect(
      lim.id,
      { quantity: 2 },
      409,
      'FLASH_LIMIT',
      'Sorry, You have exceeded the purchase limit of this product online...',
    )
    await expect(lim.id, { quantity: 2 }, 409, 'FLASH_LIMIT', '抱歉，您已超出该商品的线上限购数量...', ZH)
    assert.equal((await place(t, body(lim.id, { quantity: 1 }))).status, 200) // up to the limit exactly
    const max = await newSale(ctx(), { max: 2, limit: 10 })
    await expect(max.id, { quantity: 3 }, 409, 'FLASH_LIMIT')
    const soon = await newSale(ctx(), { startInMs: 3_600_000, endInMs: 7_200_000 })
    await expect(soon.id, {}, 409, 'FLASH_NOT_IN_PROGRESS', 'Coming soon')
    const over = await newSale(ctx(), { startInMs: -7_200_000, endInMs: -3_600_000 })
    await expect(over.id, {}, 409, 'FLASH_NOT_IN_PROGRESS', 'Sorry, the promotion is expired')
    await expect(over.id, {}, 409, 'FLASH_NOT_IN_PROGRESS', '抱歉，活动已结束', ZH)
    const sold = await newSale(ctx(), { total: 5, remain: 0 })
    await expect(sold.id, {}, 409, 'FLASH_NOT_IN_PROGRESS', 'Sorry, this flash buy product is sold out')
    await expect('T-no-such-sale', {}, 404, 'FLASH_NOT_FOUND')
    const india = await newSale(ctx(), { country: 'in' })
    await expect(india.id, {}, 404, 'FLASH_NOT_FOUND')
    for (const s of [min, low, max, soon, over, sold, india]) assert.equal((await saleState(ctx(), s.id)).orders, 0)
  })

  it('Idempotency-Key required; a lite user is refused; contacts and email are checked (spec §5 checks 7 and 8)', async () => {
    const { id } = await newSale(ctx())
    const t = await tokenFor(ctx(), 'approved.cn')
    assert.equal((await place(t, body(id), null)).body.reason, 'IDEMPOTENCY_KEY_INVALID')
    assert.equal((await place(t, body(id), 'short')).status, 400)
    const lite = await place(await tokenFor(ctx(), 'lite.cn'), body(id, { addressKey: 'ST-PENDING-000456' }))
    assert.equal(lite.status, 403)
    assert.equal(lite.body.reason, 'REGISTRATION_INCOMPLETE')
    const badPhone = await place(t, body(id, { receiver: { name: '王小明', phone: 'call me' } }))
    assert.equal(badPhone.body.reason, 'CONTACT_INVALID')
    assert.equal(badPhone.body.message, 'Please enter correct contact name and phone number')
    const badMail = await place(t, body(id, { additionalEmail: 'not-an-email' }))
    assert.equal(badMail.body.message, 'Please enter valid email id')
    const anon = await ctx().app.inject({
      method: 'POST',
      url: '/api/flashbuy/place/order',
      payload: body(id),
      headers: { ...EN, 'idempotency-key': newKey() },
    })
    assert.equal(anon.statusCode, 401)
    assert.equal((await saleState(ctx(), id)).orders, 0)
  })

  it('same key twice gives one order and the same answer; the same key with another body is 409; a refused attempt leaves the key free', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const { id } = await newSale(ctx())
    const key = newKey()
    const a = await place(t, body(id), key)
    assert.equal(a.status, 200)
    const b = await place(t, body(id), key)
    assert.deepEqual(b, a)
    const c = await place(t, body(id, { quantity: 2 }), key)
    assert.equal(c.status, 409)
    assert.equal(c.body.reason, 'IDEMPOTENCY_KEY_REUSED')
    assert.deepEqual(await saleState(ctx(), id), { remain: 99, ledger: 1, orders: 1, qty: 1 })
    // the first try is refused (price changed), nothing is written: the same key then places the order
    const k2 = newKey()
    assert.equal((await place(t, body(id, { expectedUnitPrice: 1 }), k2)).status, 409)
    assert.equal((await place(t, body(id, { expectedUnitPrice: 1 }), k2)).status, 409)
    assert.equal((await place(t, body(id, { expectedUnitPrice: 99 }), k2)).status, 200)
  })

  it('concurrent requests with the same key make one order and get the same answer', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const { id } = await newSale(ctx())
    const key = newKey()
    const rs = await Promise.all(Array.from({ length: 6 }, () => place(t, body(id), key)))
    for (const r of rs) assert.equal(r.status, 200, JSON.stringify(r.body))
    for (const r of rs) assert.deepEqual(r.body, rs[0].body)
    assert.deepEqual(await saleState(ctx(), id), { remain: 99, ledger: 1, orders: 1, qty: 1 })
  })

  it('concurrent buyers in one batch are decided in arrival order: stock and per-account limit hold', async () => {
    const { id } = await newSale(ctx(), { total: 4, limit: 3, max: 5 })
    const a = await tokenFor(ctx(), 'approved.cn')
    const d = await tokenFor(ctx(), 'distributor.cn')
    const rs = await Promise.all([
      ...Array.from({ length: 4 }, () => place(a, body(id))),
      ...Array.from({ length: 4 }, () => place(d, body(id, { addressKey: 'ST-3000001-01' }))),
    ])
    const okCount = rs.filter((r) => r.status === 200).length
    assert.equal(okCount, 4)
    for (const r of rs.filter((x) => x.status !== 200))
      assert.ok(['FLASH_LIMIT', 'FLASH_NOT_IN_PROGRESS', 'FLASH_STOCK'].includes(r.body.reason), JSON.stringify(r.body))
    assert.deepEqual(await saleState(ctx(), id), { remain: 0, ledger: 4, orders: 4, qty: 4 })
    const perAccount = await ctx()
      .db.selectFrom('flash_sale_ledger')
      .select(['account_id', 'purchased_qty'])
      .where('flash_sale_id', '=', id)
      .execute()
    for (const p of perAccount) assert.ok(p.purchased_qty <= 3)
  })

  it("IDOR: another account's ship-to or bill-to is 404 and writes nothing; another account's order is not visible; the ledger is per account", async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const other = await tokenFor(ctx(), 'distributor.cn')
    const { id } = await newSale(ctx(), { limit: 2 })
    const shipTo = await place(t, body(id, { addressKey: 'ST-3000001-01' }))
    assert.equal(shipTo.status, 404)
    assert.equal(shipTo.body.reason, 'ADDRESS_NOT_FOUND')
    const billTo = await place(t, body(id, { billToNumber: '4000001' }))
    assert.equal(billTo.status, 404)
    assert.equal(billTo.body.reason, 'BILL_TO_NOT_FOUND')
    assert.deepEqual(await saleState(ctx(), id), { remain: 100, ledger: 0, orders: 0, qty: 0 })
    const placements = await sql<{
      n: number
    }>`SELECT count(*)::int AS n FROM order_placements WHERE response::text LIKE '%' || ${id} || '%'`.execute(ctx().db)
    assert.equal(placements.rows[0].n, 0)

    // the other account's order: not visible to approved.cn
    const theirs = await place(other, body(id, { addressKey: 'ST-3000001-01', quantity: 2 }))
    assert.equal(theirs.status, 200)
    const d = await ctx().app.inject({
      method: 'GET',
      url: `/api/order/detail/${theirs.body.data[0].orderNumber}`,
      headers: auth(t, EN),
    })
    assert.equal(d.statusCode, 404)
    // the other account is at its limit; approved.cn's own limit is untouched by it
    assert.equal((await place(other, body(id, { addressKey: 'ST-3000001-01' }))).body.reason, 'FLASH_LIMIT')
    assert.equal((await place(t, body(id, { quantity: 2 }))).status, 200)
    const ledger = await ctx()
      .db.selectFrom('flash_sale_ledger')
      .select(['account_id', 'purchased_qty'])
      .where('flash_sale_id', '=', id)
      .orderBy('account_id')
      .execute()
    assert.deepEqual(
      ledger.map((l) => l.purchased_qty),
      [2, 2],
    )
  })
})
