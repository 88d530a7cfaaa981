import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import {
  loadCoupons,
  loadProducts,
  type CouponRow,
  type PricingProducts,
  type ProductRow,
} from '../../server/domains/cart/pricing-load'
import {
  applyCoupons,
  channelLines,
  normalizeCodes,
  summarize,
  unitPrices,
  type WorkLine,
} from '../../server/domains/cart/pricing-steps'
import { describeEachDb, authUser } from './helpers'

/**
 * The steps of priceLines (server/domains/cart/pricing.ts): the reads (pricing-load.ts) against a
 * real database, the pure steps (pricing-steps.ts) on their own: unitPrices → applyCoupons →
 * channelLines → summarize. Money in minor units.
 */

const row = (id: number, o: Partial<ProductRow> = {}): ProductRow =>
  ({
    id,
    sku: `SKU${id}`,
    catalog_number: `CAT${id}`,
    title_en: `Title ${id}`,
    title_zh: `标题 ${id}`,
    size: '1 EA',
    image: null,
    lead_target: false,
    attributes: [],
    list_price: 10_000,
    sales_status: 'active',
    stock: 100,
    sc_stock: 0,
    ap_price: null,
    ap_type: null,
    sc_id: null,
    free_name: null,
    free_pic: null,
    ...o,
  }) as ProductRow

const products = (rows: ProductRow[], o: Partial<PricingProducts> = {}): PricingProducts => ({
  byId: new Map(rows.map((r) => [r.id, r])),
  scId: null,
  accountPrices: new Map(),
  free: new Map(),
  ...o,
})

const coupon = (code: string, o: Partial<CouponRow> = {}): CouponRow =>
  ({
    code,
    coupon_type: code.charAt(0) as CouponRow['coupon_type'],
    country: 'cn',
    account_id: null,
    description_en: '',
    description_zh: '',
    percent_off: null,
    amount_off: null,
    min_amount: 0,
    valid_from: new Date(0),
    valid_to: new Date(Date.UTC(2100, 0, 1)),
    skus: [],
    active: true,
    ...o,
  }) as CouponRow

const NOW = Date.UTC(2026, 0, 1)
const ctx = { country: 'cn' as const, accountId: 7, quote: false, now: NOW }
const work = (rows: ProductRow[], qty = 1): WorkLine[] =>
  unitPrices(
    rows.map((r) => ({ cartItemId: r.id, productId: r.id, quantity: qty })),
    products(rows),
  )

describe('pricing steps', () => {
  it('normalizeCodes: trimmed, upper case, each once, blanks dropped', () => {
    assert.deepEqual(normalizeCodes([' p10 ', 'P10', '', 'd5']), ['P10', 'D5'])
  })

  it("unitPrices: the account's price below list, the quote's final price, else list; the sales status of each line", () => {
    const rows = [
      row(1),
      row(2, { sales_status: 'discontinued' }),
      row(3, { sales_status: 'notOnline' }),
      row(4, { lead_target: true }),
      row(5, { list_price: null }),
    ]
    const p = products(rows, { accountPrices: new Map([[1, { price: 8_000, priceType: 'yourPrice' }]]) })
    const w = unitPrices(
      [
        ...rows.map((r) => ({ cartItemId: r.id, productId: r.id, quantity: 2 })),
        { cartItemId: 9, productId: 999, quantity: 1 },
      ],
      p,
    )
    assert.deepEqual(
      w.map((x) => [x.p.id, x.unit, x.lineTotal, x.priceType, x.salesStatus]),
      [
        [1, 8_000, 16_000, 'yourPrice', 'active'],
        [2, 10_000, 20_000, 'list', 'discontinued'],
        [3, 10_000, 20_000, 'list', 'notOnline'],
        [4, 10_000, 20_000, 'list', 'leadOnly'],
        [5, null, null, null, 'noPrice'],
      ],
    )
    const q = unitPrices(
      [{ cartItemId: null, productId: 4, quantity: 3 }],
      p,
      new Map([[4, { list: 12_000, unit: 9_000, final: 7_000 }]]),
    )
    assert.deepEqual(
      q.map((x) => [x.unit, x.list, x.lineTotal, x.priceType, x.salesStatus]),
      [[7_000, 12_000, 21_000, 'discount', 'active']],
    )
  })

  it('applyCoupons: percent and amount codes lower the eligible lines, never below zero; T is spread over the order exactly', () => {
    const w = work([row(1, { list_price: 3_000 }), row(2, { list_price: 7_001 })])
    const r = applyCoupons(
      w,
      ['P10', 'T1000'],
      { blocked: null, rows: [coupon('P10', { percent_off: 1000 }), coupon('T1000', { amount_off: 1000 })] },
      ctx,
    )
    assert.deepEqual(r.validCodes, ['P10', 'T1000'])
    assert.deepEqual(
      r.promos.map((p) => p.errorCode),
      [null, null],
    )
    // 10 % off each line, then 1000 off the order in proportion: 2700 + 6301 − 1000
    assert.equal(w[0].lineTotal! + w[1].lineTotal!, 2_700 + 6_301 - 1_000)
    assert.deepEqual(
      w.map((x) => x.codes),
      [
        ['P10', 'T1000'],
        ['P10', 'T1000'],
      ],
    )
    const m = work([row(1, { list_price: 500 })])
    applyCoupons(m, ['M900'], { blocked: null, rows: [coupon('M900', { amount_off: 900, skus: ['cat1'] })] }, ctx)
    assert.equal(m[0].lineTotal, 0)
  })

  it('applyCoupons: the section 8 codes of refused coupons, in the order checked', () => {
    const codeOf = (codes: string[], rows: CouponRow[], o: Partial<typeof ctx> = {}, blocked: string | null = null) =>
      applyCoupons(work([row(1)]), codes, { blocked, rows }, { ...ctx, ...o }).promos.map((p) => [
        p.promoCode,
        p.errorCode,
        p.valid,
      ])
    assert.deepEqual(codeOf(['P1'], [], {}, 'SQ50'), [['P1', 'SQ50', false]])
    assert.deepEqual(codeOf(['P1'], []), [['P1', '10', false]])
    assert.deepEqual(codeOf(['P1'], [coupon('P1', { country: 'in', percent_off: 100 })]), [['P1', '10', false]])
    assert.deepEqual(codeOf(['P1'], [coupon('P1', { account_id: 8, percent_off: 100 })]), [['P1', '10', false]])
    assert.deepEqual(codeOf(['P1'], [coupon('P1', { valid_to: new Date(NOW), percent_off: 100 })]), [
      ['P1', '20', false],
    ])
    assert.deepEqual(codeOf(['P1', 'P2'], [coupon('P1', { percent_off: 100 }), coupon('P2', { percent_off: 100 })]), [
      ['P1', null, true],
      ['P2', 'SQ30', false],
    ])
    assert.deepEqual(codeOf(['P1', 'D2'], [coupon('P1', { percent_off: 100 }), coupon('D2', { percent_off: 100 })]), [
      ['P1', null, true],
      ['D2', 'PD_MIX', false],
    ])
    assert.deepEqual(codeOf(['P1'], [coupon('P1', { percent_off: 100 })], { quote: true }), [['P1', '30', false]])
    assert.deepEqual(codeOf(['P1'], [coupon('P1', { percent_off: 100, min_amount: 10_001 })]), [['P1', '30', false]])
    assert.deepEqual(codeOf(['P1'], [coupon('P1', { percent_off: 100, skus: ['OTHER'] })]), [['P1', '30', false]])
    const many = Array.from({ length: 31 }, (_, i) => `CAT${i}`)
    const w = work([row(1)])
    const r = applyCoupons(w, ['P1'], { blocked: null, rows: [coupon('P1', { percent_off: 5000, skus: many })] }, ctx)
    assert.deepEqual(
      r.promos.map((p) => [p.errorCode, p.valid]),
      [['E1PQ60', true]],
    )
    assert.equal(w[0].lineTotal, 10_000)
  })

  it('channelLines: SC when the supply centre covers a line the warehouse cannot (smart distribution), whatever it covers under SC_PRIORITY; an M code forces TFS', () => {
    const rows = [
      row(1, { stock: 5, sc_stock: 5 }),
      row(2, { stock: 0, sc_stock: 5 }),
      row(3, { stock: 0, sc_stock: 0 }),
    ]
    const w = () => work(rows, 2)
    const p = { scId: 'SC-1', free: new Map([[1, { productName: 'Gift', productPic: null }]]) }
    const smart = channelLines(w(), p, { preference: 'SMART_DISTRIBUTION', validCodes: [], en: true })
    assert.deepEqual(
      smart.map((l) => [l.lineNumber, l.deliveryChannel, l.supplyCenterId, l.isSmartProc]),
      [
        [1, 'TFS', null, false],
        [2, 'SC', 'SC-1', true],
        [3, 'TFS', null, false],
      ],
    )
    assert.deepEqual(smart[0].freeGoodItem, { productName: 'Gift', productPic: null })
    assert.equal(smart[0].productTitle, 'Title 1')
    assert.deepEqual(smart[0].minor, { list: 10_000, unit: 10_000, final: 10_000, lineTotal: 20_000 })
    assert.equal(smart[0].lineTotal, 200)
    const priority = channelLines(w(), p, { preference: 'SC_PRIORITY', validCodes: [], en: false })
    assert.deepEqual(
      priority.map((l) => l.deliveryChannel),
      ['SC', 'SC', 'TFS'],
    )
    assert.equal(priority[0].productTitle, '标题 1')
    assert.deepEqual(
      channelLines(w(), p, { preference: 'SC_PRIORITY', validCodes: ['M1'], en: true }).map((l) => l.deliveryChannel),
      ['TFS', 'TFS', 'TFS'],
    )
    assert.deepEqual(
      channelLines(w(), { ...p, scId: null }, { preference: 'SC_PRIORITY', validCodes: [], en: true }).map(
        (l) => l.deliveryChannel,
      ),
      ['TFS', 'TFS', 'TFS'],
    )
  })

  it('summarize: totals of the active priced lines, the tax when on, the blocked lines and the delivery mode', () => {
    const p = { scId: 'SC-1', free: new Map() }
    const lines = channelLines(
      unitPrices(
        [
          { cartItemId: 1, productId: 1, quantity: 1 },
          { cartItemId: 2, productId: 2, quantity: 1 },
          { cartItemId: 3, productId: 3, quantity: 1 },
        ],
        products([
          row(1, { stock: 0, sc_stock: 9, list_price: 10_000 }),
          row(2, { list_price: 5_000 }),
          row(3, { sales_status: 'discontinued' }),
        ]),
      ),
      p,
      { preference: 'SMART_DISTRIBUTION', validCodes: [], en: true },
    )
    const s = summarize('CNY', lines, 1300)
    assert.deepEqual(s.summaryMinor, { totalPriceAmount: 15_000, totalAmount: 15_000, taxes: 1_950 })
    assert.deepEqual(s.summary, {
      currency: 'CNY',
      totalPriceAmount: 150,
      totalAmount: 150,
      taxes: 19.5,
      total: 169.5,
      savings: 0,
      taxEnabled: true,
      unpricedLines: 1,
    })
    assert.equal(s.deliveryMode, 'Split')
    assert.deepEqual([s.scAmountMinor, s.tfsAmountMinor, s.taxRateBasisPoints], [10_000, 5_000, 1300])
    assert.deepEqual(s.blockedLines, [{ catalogNumber: 'CAT3', reason: 'discontinued' }])
    const off = summarize('CNY', lines, null)
    assert.deepEqual([off.summaryMinor.taxes, off.summary.total, off.summary.taxEnabled], [0, 150, false])
  })
})

describeEachDb('pricing reads', (ctx) => {
  it("loadProducts: one read of the products, their stock and the account's prices (only when account-priced)", async () => {
    const db = ctx().db
    const user = await authUser(db, 'approved.cn')
    const ap = await db
      .selectFrom('account_prices')
      .select(['product_id', 'price'])
      .where('account_id', '=', user.accountId)
      .where('currency', '=', 'CNY')
      .orderBy('product_id')
      .executeTakeFirstOrThrow()
    const withPrices = await loadProducts(db, user, 'CNY', [ap.product_id, ap.product_id], {
      en: true,
      accountPriced: true,
    })
    assert.equal(withPrices.byId.size, 1)
    assert.equal(withPrices.accountPrices.get(ap.product_id)!.price, ap.price)
    const without = await loadProducts(db, user, 'CNY', [ap.product_id], { en: true, accountPriced: false })
    assert.equal(without.accountPrices.size, 0)
    assert.equal((await loadProducts(db, null, 'CNY', [], { en: true, accountPriced: false })).byId.size, 0)
  })

  it("loadCoupons: the codes' rows; anonymous callers and lite users get one refusal for every code", async () => {
    const db = ctx().db
    const code = (
      await db
        .selectFrom('coupons')
        .select('code')
        .where('country', '=', 'cn')
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).code
    const approved = await authUser(db, 'approved.cn')
    assert.deepEqual(
      (await loadCoupons(db, approved, [code, 'NOPE'])).rows.map((r) => r.code),
      [code],
    )
    assert.deepEqual(await loadCoupons(db, approved, []), { blocked: null, rows: [] })
    assert.deepEqual(await loadCoupons(db, null, [code]), { blocked: '10', rows: [] })
    assert.deepEqual(await loadCoupons(db, await authUser(db, 'lite.cn'), [code]), { blocked: 'SQ50', rows: [] })
  })
})
