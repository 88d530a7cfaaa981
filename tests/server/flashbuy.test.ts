import { it } from 'node:test'
import assert from 'node:assert/strict'
import { Value } from 'typebox/value'
import {
  SuccessEnvelope,
  FlashApplyResultSchema,
  FlashBuyDetailSchema,
  FlashSaleListSchema,
  type FlashBuyDetail,
  type FlashSaleSummary,
} from '../../types'
import { flashQuantityCap, checkFlashQuantity } from '../../types/flashbuy/rules'
import { taxOf } from '../../types/order/totals'
import { TAX_RATE_BASIS_POINTS } from '../../server/domains/cart/tax'
import { describeEachDb, tokenFor, auth, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { FlashQuoteSchema, type FlashQuote } from '../../types/flashbuy/schemas'
import { clearFlashLedger, setFlashLedger } from '../support/flash-sale'

/**
 * Issue 11, the flash-buy reads: the sale list, the detail (spec §3 "Flash-buy detail": id, sku,
 * skuName, skuSize, skuImages, flashPrice, originalPrice, currentPrice, displayText, minOrderQty,
 * maxOrderQty, accountPurchaseLimitQty, remainQty, flashBuyStatus, coupon, deliveryChannel),
 * apply-promo (§5 "The server status values returned by the apply-promo call are check_minOrderQty,
 * check_remainQty and check_accountPurchaseLimitQty"), and what the buyer sees of a staff change (issue 24; the
 * staff routes themselves: staff-flashsales.test.ts). Against the seed of server/db/seed/flashbuy.ts (its header
 * lists each sale's state and limits).
 */

const EN_CN = { countrycode: 'cn', languagecode: 'en' }
const ZH_CN = { countrycode: 'cn', languagecode: 'zh' }
const EN_IN = { countrycode: 'in', languagecode: 'en' }

type Res<T = unknown> = {
  status: number
  body: { success: boolean; data: T; reason?: string; code?: string; message?: string }
}

async function call<T = unknown>(
  c: TestContext,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers = { ...(opts.headers ?? EN_CN), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) }
  const res = await c.app.inject({ method, url: `/api${url}`, headers, payload: opts.body as object | undefined })
  return { status: res.statusCode, body: res.json() }
}

const sale = (c: TestContext, id: string) =>
  c.db
    .selectFrom('flash_sales as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .select([
      'f.flash_price',
      'f.remain_qty',
      'f.total_qty',
      'f.start_at',
      'f.end_at',
      'f.product_id',
      'p.list_price_cny',
      'p.list_price_inr',
      'p.title_en',
      'p.title_zh',
      'p.image',
      'p.catalog_number',
      'f.display_text_en',
      'f.display_text_zh',
    ])
    .where('f.id', '=', id)
    .executeTakeFirstOrThrow()

const accountOf = (c: TestContext, userName: string) =>
  c.db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow()
    .then((u) => u.account_id)

describeEachDb('flash buy: sale list, detail, apply-promo and staff changes', (ctx) => {
  const detail = (id: string, opts: { token?: string; headers?: Record<string, string> } = {}) =>
    call<FlashBuyDetail>(ctx(), 'GET', `/flashbuy/detail/${id}`, opts)
  const apply = (token: string, body: Record<string, unknown>) =>
    call<import('../../types').FlashApplyResult>(ctx(), 'POST', '/flashbuy/promos/apply', { token, body })
  const item = (quantity: number, extra: Record<string, unknown> = {}) => ({ quantity, ...extra })

  it("the sale list: the caller's country only, running then coming then sold out then recently expired; every seeded state with its status", async () => {
    const res = await call<FlashSaleSummary[]>(ctx(), 'GET', '/flashbuy/list')
    assert.equal(res.status, 200)
    assert.ok(Value.Check(SuccessEnvelope(FlashSaleListSchema), res.body), JSON.stringify(res.body).slice(0, 500))
    const list = res.body.data
    const status = Object.fromEntries(list.map((s) => [s.id, s.flashBuyStatus]))
    assert.deepEqual(status, {
      'FB-CN-001': 'IN_PROGRESS',
      'FB-CN-002': 'IN_PROGRESS',
      'FB-CN-003': 'IN_PROGRESS',
      'FB-CN-004': 'IN_PROGRESS',
      'FB-CN-005': 'IN_PROGRESS',
      'FB-CN-006': 'SOLD_OUT',
      'FB-CN-007': 'COMING_SOON',
      'FB-CN-008': 'OVER',
    })
    assert.ok(
      list.every((s) => s.id.startsWith('FB-CN-') && s.currency === 'CNY'),
      'cn sales in CNY only',
    )
    const rank = { IN_PROGRESS: 0, COMING_SOON: 1, SOLD_OUT: 2, OVER: 3 }
    const ranks = list.map((s) => rank[s.flashBuyStatus])
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
      `order: ${list.map((s) => s.flashBuyStatus).join(', ')}`,
    )

    // "Coming soon is blocked and shows display text instead of a price"
    const soon = list.find((s) => s.id === 'FB-CN-007')!
    assert.equal(soon.flashPrice, null)
    assert.match(soon.displayText, /^Starts \d{1,2} [A-Z][a-z]{2} \d\d:\d\d$/)
    assert.ok(new Date(soon.startAt).getTime() > Date.now())
    // expired: its window is over
    const over = list.find((s) => s.id === 'FB-CN-008')!
    assert.ok(new Date(over.endAt).getTime() <= Date.now())
    // a running sale: the flash price below the list price (struck through), titles in the request language
    const run = list.find((s) => s.id === 'FB-CN-001')!
    const row = await sale(ctx(), 'FB-CN-001')
    assert.equal(run.flashPrice, row.flash_price / 100)
    assert.equal(run.originalPrice, row.list_price_cny! / 100)
    assert.ok(run.flashPrice! < run.originalPrice!)
    assert.equal(run.skuName, row.title_en)
    assert.equal(run.image, row.image)

    const zh = await call<FlashSaleSummary[]>(ctx(), 'GET', '/flashbuy/list', { headers: ZH_CN })
    assert.equal(zh.body.data.find((s) => s.id === 'FB-CN-001')!.skuName, row.title_zh)
    assert.match(zh.body.data.find((s) => s.id === 'FB-CN-007')!.displayText, /^\d{1,2}月\d{1,2}日 \d\d:\d\d 开抢$/)
  })

  it("country scoping: an anonymous caller gets the countrycode's sales; a logged-in one its own country's whatever the header", async () => {
    const anonIn = await call<FlashSaleSummary[]>(ctx(), 'GET', '/flashbuy/list', { headers: EN_IN })
    assert.deepEqual(anonIn.body.data.map((s) => s.id).sort(), ['FB-IN-001', 'FB-IN-002', 'FB-IN-003', 'FB-IN-004'])
    assert.ok(anonIn.body.data.every((s) => s.currency === 'INR'))
    const inUser = await tokenFor(ctx(), 'approved.in')
    const asIn = await call<FlashSaleSummary[]>(ctx(), 'GET', '/flashbuy/list', { token: inUser, headers: EN_CN })
    assert.ok(asIn.body.data.length > 0 && asIn.body.data.every((s) => s.id.startsWith('FB-IN-')))
    // another country's sale answers like an unknown one
    const cnUser = await tokenFor(ctx(), 'approved.cn')
    for (const [id, opts] of [
      ['FB-IN-001', { token: cnUser }],
      ['FB-IN-001', {}],
      ['FB-CN-001', { headers: EN_IN }],
      ['FB-CN-001', { token: inUser }],
      ['FB-XX-999', {}],
    ] as const) {
      const r = await detail(id, opts)
      assert.equal(r.status, 404, `${id} ${JSON.stringify(opts)}`)
      assert.equal(r.body.reason, 'FLASH_NOT_FOUND')
    }
    const zh = await detail('FB-XX-999', { headers: ZH_CN })
    assert.equal(zh.body.message, '该秒杀活动不存在')
  })

  it('detail: the spec\'s fields, limits and states; "If the cap is below the minimum, the quantity is set to the cap"', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const d1 = await detail('FB-CN-001', { token })
    assert.equal(d1.status, 200)
    assert.ok(Value.Check(SuccessEnvelope(FlashBuyDetailSchema), d1.body), JSON.stringify(d1.body))
    const row = await sale(ctx(), 'FB-CN-001')
    assert.deepEqual(
      {
        min: d1.body.data.minOrderQty,
        max: d1.body.data.maxOrderQty,
        limit: d1.body.data.accountPurchaseLimitQty,
        remain: d1.body.data.remainQty,
        status: d1.body.data.flashBuyStatus,
        channel: d1.body.data.deliveryChannel,
      },
      { min: 1, max: 5, limit: 10, remain: row.remain_qty, status: 'IN_PROGRESS', channel: 'TFS' },
    )
    assert.deepEqual(d1.body.data.skuImages, [row.image])
    assert.equal(d1.body.data.catalogNumber, row.catalog_number)

    // a cap below the minimum: min 10, max 6 → the quantity starts at 6, and 6 is valid
    const d4 = (await detail('FB-CN-004', { token })).body.data
    assert.deepEqual([d4.minOrderQty, d4.maxOrderQty], [10, 6])
    assert.deepEqual(flashQuantityCap(d4, true), { cap: 6, initial: 6 })
    assert.deepEqual(checkFlashQuantity('6', d4, true), { ok: true, value: 6 })
    // almost gone, the SC sale, the coupon sale
    assert.equal((await detail('FB-CN-005', { token })).body.data.remainQty, 3)
    assert.equal((await detail('FB-CN-002', { token })).body.data.deliveryChannel, 'SC')
    assert.equal((await detail('FB-CN-003', { token })).body.data.coupon, 'FLASH-PCR')
    // sold out: running with no stock left; coming soon: no price; over
    const d6 = (await detail('FB-CN-006')).body.data
    assert.deepEqual([d6.flashBuyStatus, d6.remainQty, d6.totalQty > 0], ['SOLD_OUT', 0, true])
    const d7 = (await detail('FB-CN-007')).body.data
    assert.deepEqual([d7.flashBuyStatus, d7.flashPrice], ['COMING_SOON', null])
    assert.ok(d7.displayText.startsWith('Starts '))
    assert.equal((await detail('FB-CN-008')).body.data.flashBuyStatus, 'OVER')
  })

  it("currentPrice: the account's own price for an approved user, the list price for anonymous and lite users", async () => {
    const row = await sale(ctx(), 'FB-CN-001')
    const account = await accountOf(ctx(), 'approved.cn')
    const own = Math.round(row.list_price_cny! * 0.9)
    const saved = await ctx()
      .db.selectFrom('account_prices')
      .selectAll()
      .where('account_id', '=', account)
      .where('product_id', '=', row.product_id)
      .execute()
    await ctx()
      .db.deleteFrom('account_prices')
      .where('account_id', '=', account)
      .where('product_id', '=', row.product_id)
      .execute()
    await ctx()
      .db.insertInto('account_prices')
      .values({ account_id: account, product_id: row.product_id, currency: 'CNY', price: own, price_type: 'yourPrice' })
      .execute()
    try {
      const approved = (await detail('FB-CN-001', { token: await tokenFor(ctx(), 'approved.cn') })).body.data
      assert.equal(approved.currentPrice, own / 100)
      assert.equal(approved.originalPrice, row.list_price_cny! / 100)
      const anonymous = (await detail('FB-CN-001')).body.data
      assert.equal(anonymous.currentPrice, row.list_price_cny! / 100)
      const lite = (await detail('FB-CN-001', { token: await tokenFor(ctx(), 'lite.cn') })).body.data
      assert.equal(lite.currentPrice, row.list_price_cny! / 100, 'Partially Registered users are priced at list')
    } finally {
      await ctx()
        .db.deleteFrom('account_prices')
        .where('account_id', '=', account)
        .where('product_id', '=', row.product_id)
        .execute()
      if (saved.length) await ctx().db.insertInto('account_prices').values(saved).execute()
    }
  })

  it("apply-promo success: the flash price from the database, never the body's; totals with the order tax; nothing placed", async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const row = await sale(ctx(), 'FB-CN-001')
    const orders = async () =>
      (
        await ctx()
          .db.selectFrom('orders')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    const before = await orders()
    const res = await apply(token, {
      flashBuyId: 'FB-CN-001',
      shipTo: 'ST-1000001-01',
      siebelRowId: 'forged',
      item: item(2, { flashPrice: 0.01, listPrice: 0.02, skuId: 'FB-CN-001' }),
    })
    assert.equal(res.status, 200)
    assert.ok(Value.Check(SuccessEnvelope(FlashApplyResultSchema), res.body), JSON.stringify(res.body))
    const d = res.body.data
    assert.equal(d.status, 'success')
    assert.equal(d.items.length, 1)
    assert.deepEqual(
      { ...d.items[0] },
      {
        skuId: 'FB-CN-001',
        sku: d.items[0].sku,
        catalogNumber: row.catalog_number,
        unitPrice: row.flash_price / 100,
        quantity: 2,
        lineNumber: 1,
        deliveryChannel: 'TFS',
      },
    )
    const amount = row.flash_price * 2
    const tax = taxOf(amount, TAX_RATE_BASIS_POINTS.cn) // ENABLE_ORDER_TAX is on for cn in the seed
    assert.equal(d.totalAmount, amount / 100)
    assert.equal(d.taxes, tax / 100)
    assert.equal(d.total, (amount + tax) / 100)
    assert.equal(d.currency, 'CNY')
    assert.equal(d.shipTo, 'ST-1000001-01')
    assert.equal(d.siebelRowId, '1-8Z2K4QX', 'from the user, not the body')
    assert.deepEqual(
      [d.scJobNumber, d.tfsJobNumber, d.scSalesOrderNumber, d.tfsSalesOrderNumber, d.squoteDetail],
      [null, null, null, null, null],
    )
    assert.equal(await orders(), before, 'apply places nothing')
    assert.equal((await sale(ctx(), 'FB-CN-001')).remain_qty, row.remain_qty, 'apply reserves nothing')
  })

  it('issue 22 item 4, quote: GET /flashbuy/quote/{id}?quantity gives the line, the taxes (ENABLE_ORDER_TAX on for cn) and the total the placed order is charged; visitors too; nothing reserved', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const product = await ctx()
      .db.selectFrom('products')
      .select(['id', 'list_price_cny'])
      .where('list_price_cny', 'is not', null)
      .orderBy('id')
      .offset(11)
      .limit(1)
      .executeTakeFirstOrThrow()
    const id = `Q-${process.pid}-${Date.now() % 1e6}`
    await ctx()
      .db.insertInto('flash_sales')
      .values({
        id,
        country: 'cn',
        product_id: product.id,
        currency: 'CNY',
        flash_price: 12345,
        display_text_en: 'soon',
        display_text_zh: '即将开始',
        start_at: new Date(Date.now() - 3_600_000),
        end_at: new Date(Date.now() + 3_600_000),
        total_qty: 50,
        remain_qty: 50,
        min_order_qty: 1,
        max_order_qty: 5,
        account_purchase_limit_qty: 5,
        delivery_channel: 'TFS',
        coupon: null,
        sort_order: 99,
      })
      .execute()
    const quote = (q: string, token?: string) => call<FlashQuote>(ctx(), 'GET', `/flashbuy/quote/${id}${q}`, { token })
    const res = await quote('?quantity=3', token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.ok(Value.Check(SuccessEnvelope(FlashQuoteSchema), res.body), JSON.stringify(res.body))
    const amount = 12345 * 3
    const tax = taxOf(amount, TAX_RATE_BASIS_POINTS.cn)
    assert.deepEqual(res.body.data, {
      flashBuyId: id,
      quantity: 3,
      unitPrice: 123.45,
      summary: {
        currency: 'CNY',
        totalPriceAmount: (product.list_price_cny! * 3) / 100,
        totalAmount: amount / 100,
        taxes: tax / 100,
        total: (amount + tax) / 100,
        savings: Math.max(0, product.list_price_cny! * 3 - amount) / 100,
        taxEnabled: true,
        unpricedLines: 0,
      },
    })
    // a visitor sees the same figures (the sale page shows its total before login)
    assert.deepEqual((await quote('?quantity=3')).body.data, res.body.data)
    // the order placed for that quantity is charged exactly the quoted total, tax included
    const placed = await ctx().app.inject({
      method: 'POST',
      url: '/api/flashbuy/place/order',
      headers: { ...auth(token, EN_CN), 'idempotency-key': `quote-${process.pid}-${Date.now()}` },
      payload: {
        flashBuyId: id,
        quantity: 3,
        addressKey: 'ST-1000001-01',
        termsAccepted: true,
        receiver: { name: '王小明', phone: '13800138000' },
        invoiceReceiver: { name: '李会计', phone: '021-65640000' },
      },
    })
    assert.equal(placed.statusCode, 200, placed.body)
    assert.equal(placed.json().data[0].total, res.body.data.summary.total)
    // validated input: no quantity, 0, 1000, text → 400; another country's or an unknown sale → 404
    for (const q of ['', '?quantity=0', '?quantity=1000', '?quantity=abc'])
      assert.equal((await quote(q)).status, 400, q)
    assert.equal((await call(ctx(), 'GET', '/flashbuy/quote/FB-CN-001?quantity=1', { headers: EN_IN })).status, 404)
    assert.equal((await call(ctx(), 'GET', '/flashbuy/quote/NOPE?quantity=1')).status, 404)
    // a sale that is not running has no price on offer
    const soon = await call<FlashQuote>(ctx(), 'GET', '/flashbuy/quote/FB-CN-007?quantity=1')
    assert.equal(soon.body.data.unitPrice, null)
    assert.equal(soon.body.data.summary.unpricedLines, 1)
  })

  it('apply-promo statuses: check_minOrderQty, check_remainQty, check_accountPurchaseLimitQty, and check_flashBuyStatus for a sale that is not running', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const status = async (id: string, q: number) => {
      const r = await apply(token, { flashBuyId: id, item: item(q) })
      assert.equal(r.status, 200, JSON.stringify(r.body))
      return r.body.data.status
    }
    assert.equal(await status('FB-CN-002', 1), 'check_minOrderQty', 'min 2')
    assert.equal(await status('FB-CN-005', 4), 'check_remainQty', '3 left')
    assert.equal(await status('FB-CN-003', 8), 'check_accountPurchaseLimitQty', 'limit 6 per account')
    assert.equal(await status('FB-CN-001', 6), 'check_accountPurchaseLimitQty', 'above the maximum 5')
    // "If the minimum exceeds the cap and the quantity is within the cap, it is valid."
    assert.equal(await status('FB-CN-004', 6), 'success')
    assert.equal(await status('FB-CN-005', 3), 'success')
    for (const id of ['FB-CN-006', 'FB-CN-007', 'FB-CN-008']) {
      const r = await apply(token, { flashBuyId: id, item: item(1) })
      assert.equal(r.body.data.status, 'check_flashBuyStatus', id)
      assert.deepEqual(r.body.data.items, [], `${id}: no line (a coming sale's price is not shown yet)`)
    }

    // the per-account limit counts what the account has bought already (its ledger row)
    const account = await accountOf(ctx(), 'approved.cn')
    await setFlashLedger(ctx().db, 'FB-CN-001', account, 8)
    try {
      assert.equal((await detail('FB-CN-001', { token })).body.data.purchasedQty, 8)
      assert.equal(await status('FB-CN-001', 3), 'check_accountPurchaseLimitQty', '8 bought + 3 > 10')
      assert.equal(await status('FB-CN-001', 2), 'success', '8 bought + 2 = 10')
    } finally {
      await clearFlashLedger(ctx().db, 'FB-CN-001', account)
    }
  })

  it('apply-promo channel: SC only when the sale ships from the supply centre and the account has one with operationStatus Normal (spec §7)', async () => {
    const approved = await tokenFor(ctx(), 'approved.cn') // default SC-SH-001, Normal
    const distributor = await tokenFor(ctx(), 'distributor.cn') // no supply centre
    const ch = async (token: string, id: string, q: number) =>
      (await apply(token, { flashBuyId: id, item: item(q, { deliveryChannel: 'SC' }) })).body.data.items[0]
        .deliveryChannel
    assert.equal(await ch(approved, 'FB-CN-002', 2), 'SC')
    assert.equal(await ch(distributor, 'FB-CN-002', 2), 'TFS')
    assert.equal(await ch(approved, 'FB-CN-001', 1), 'TFS', 'a TFS sale stays TFS whatever the body asks')
    // a supply centre no longer in operation does not count
    const account = await accountOf(ctx(), 'approved.cn')
    await ctx()
      .db.updateTable('supply_centers')
      .set({ operation_status: 'Suspended' })
      .where('account_id', '=', account)
      .execute()
    try {
      assert.equal(await ch(approved, 'FB-CN-002', 2), 'TFS')
    } finally {
      await ctx()
        .db.updateTable('supply_centers')
        .set({ operation_status: 'Normal' })
        .where('account_id', '=', account)
        .execute()
    }
  })

  it("apply-promo coupon: a code is valid when it is the sale's coupon (any case), invalid otherwise", async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const r = await apply(token, {
      flashBuyId: 'FB-CN-003',
      promotionCodes: ['flash-pcr', 'P-ANTIBODY10'],
      item: item(1),
    })
    assert.deepEqual(r.body.data.promos, [
      { promoCode: 'flash-pcr', valid: true },
      { promoCode: 'P-ANTIBODY10', valid: false },
    ])
    const none = await apply(token, { flashBuyId: 'FB-CN-001', promotionCodes: ['FLASH-PCR'], item: item(1) })
    assert.deepEqual(none.body.data.promos, [{ promoCode: 'FLASH-PCR', valid: false }], "another sale's coupon")
  })

  it('apply-promo refusals: a lite user (403 REGISTRATION_INCOMPLETE), an unknown or other-country sale, an unknown ship-to (404)', async () => {
    const lite = await apply(await tokenFor(ctx(), 'lite.cn'), { flashBuyId: 'FB-CN-001', item: item(1) })
    assert.equal(lite.status, 403)
    assert.equal(lite.body.reason, 'REGISTRATION_INCOMPLETE')
    const token = await tokenFor(ctx(), 'approved.cn')
    for (const id of ['FB-XX-404', 'FB-IN-001']) {
      const r = await apply(token, { flashBuyId: id, item: item(1) })
      assert.deepEqual([r.status, r.body.reason], [404, 'FLASH_NOT_FOUND'], id)
    }
    const addr = await apply(token, { flashBuyId: 'FB-CN-001', shipTo: 'ST-NOPE-1', item: item(1) })
    assert.deepEqual([addr.status, addr.body.reason], [404, 'ADDRESS_NOT_FOUND'])
    const bad = await apply(token, { flashBuyId: 'FB-CN-001', item: item(0) })
    assert.equal(bad.status, 400)
  })

  it('a staff change reaches the buyer at once: apply-promo returns the new price (the price-changed dialog), stock lowered to what is sold is SOLD_OUT', async () => {
    const before = await sale(ctx(), 'FB-CN-001')
    const marketing = await staffToken(ctx().db, 'staff-marketing')
    const change = (payload: object) =>
      ctx().app.inject({
        method: 'PUT',
        url: '/api/admin/flash-sales/FB-CN-001',
        headers: auth(marketing, EN_CN),
        payload,
      })
    try {
      // the price changes between opening the submit page and submitting (spec §4 "Flash-buy submit flow" step 3)
      const shopper = await tokenFor(ctx(), 'approved.cn')
      const newPrice = Math.floor(before.flash_price * 0.9) / 100
      const res = await change({ flashPrice: newPrice })
      assert.equal(res.statusCode, 200, res.body)
      const applied = await apply(shopper, {
        flashBuyId: 'FB-CN-001',
        item: item(1, { flashPrice: before.flash_price / 100 }),
      })
      assert.equal(applied.body.data.items[0].unitPrice, newPrice, 'apply-promo returns the real-time price')
      assert.equal((await detail('FB-CN-001')).body.data.flashPrice, newPrice)

      // the sale's stock lowered to what is sold (54 of 200): nothing remains, decided at request time
      const sold = before.total_qty - before.remain_qty
      assert.equal((await change({ totalQty: sold })).statusCode, 200)
      assert.equal((await detail('FB-CN-001')).body.data.flashBuyStatus, 'SOLD_OUT')
      assert.equal(
        (await call<FlashSaleSummary[]>(ctx(), 'GET', '/flashbuy/list')).body.data.find((x) => x.id === 'FB-CN-001')
          ?.flashBuyStatus,
        'SOLD_OUT',
      )
    } finally {
      await ctx()
        .db.updateTable('flash_sales')
        .set({
          flash_price: before.flash_price,
          remain_qty: before.remain_qty,
          total_qty: before.total_qty,
          start_at: before.start_at,
          end_at: before.end_at,
          display_text_en: before.display_text_en,
          display_text_zh: before.display_text_zh,
        })
        .where('id', '=', 'FB-CN-001')
        .execute()
    }
    assert.equal((await detail('FB-CN-001')).body.data.flashBuyStatus, 'IN_PROGRESS')
  })
})
