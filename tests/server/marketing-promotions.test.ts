import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { PromotionSchema, type Promotion } from '../../types'
import { DEMO_USERS } from '../../server/db/seed'
import { promotionStatus } from '../../server/domains/marketing/resolve'
import { describeEachDb, tokenFor, auth, okData } from './helpers'
import { assertSafeHtml } from './marketing-helpers'

describe('promotionStatus: computed from the date window at request time', () => {
  const start = new Date('2026-03-01T00:00:00Z')
  const end = new Date('2026-03-31T00:00:00Z')
  it('before the start: upcoming; from the start (inclusive): active; from the end (exclusive): expired', () => {
    assert.equal(promotionStatus(start, end, new Date('2026-02-28T23:59:59.999Z')), 'upcoming')
    assert.equal(promotionStatus(start, end, start), 'active')
    assert.equal(promotionStatus(start, end, new Date('2026-03-30T23:59:59.999Z')), 'active')
    assert.equal(promotionStatus(start, end, end), 'expired')
  })
})

describeEachDb('GET /api/get/promotionById', (ctx) => {
  async function promo(id: string, headers: Record<string, string> = {}): Promise<Promotion> {
    return okData(
      await ctx().app.inject({ url: `/api/get/promotionById?promoId=${encodeURIComponent(id)}`, headers }),
      PromotionSchema,
    )
  }
  const ids = async () =>
    (await ctx().db.selectFrom('promotions').select('id').orderBy('id').execute()).map((r) => r.id)

  it('seed: ~12 promotions, some upcoming, some active, some expired relative to now', async () => {
    const all = await ids()
    assert.ok(all.length >= 12)
    const statuses = await Promise.all(all.map(async (id) => (await promo(id)).status))
    for (const s of ['upcoming', 'active', 'expired'] as const)
      assert.ok(statuses.filter((x) => x === s).length >= 3, `${s}: ${statuses}`)
  })

  it('each promotion: status matches its dates, featured products, banner from /media, sanitized body, route params', async () => {
    const now = Date.now()
    for (const id of await ids()) {
      const p = await promo(id, { languagecode: 'en' })
      const [s, e] = [new Date(p.startDate).getTime(), new Date(p.endDate).getTime()]
      assert.ok(s < e)
      assert.equal(p.status, now < s ? 'upcoming' : now >= e ? 'expired' : 'active', id)
      assert.ok(p.products.length >= 3, `${id}: ${p.products.length} products`)
      assert.ok(p.bannerImage === null || /^\/media\/products\/.+-650\.jpg$/.test(p.bannerImage))
      assert.match(p.category, /^[a-z0-9-]+$/)
      assert.match(p.subject, /^[a-z0-9-]+$/)
      assert.ok(p.title && p.summary)
      assertSafeHtml(p.bodyHtml, id)
      for (const prod of p.products)
        assert.ok(p.bodyHtml.includes(prod.catalogNumber), `${id} body lists ${prod.catalogNumber}`)
    }
  })

  it('the promotion an editor pasted hostile markup into is served clean, keeping its text', async () => {
    const p = await promo('PR1002', { languagecode: 'en' })
    assertSafeHtml(p.bodyHtml)
    assert.match(p.bodyHtml, /Editor's note/)
  })

  it('status is computed at request time: moving the window changes it', async () => {
    const db = ctx().db
    const row = await db
      .selectFrom('promotions')
      .select(['start_at', 'end_at'])
      .where('id', '=', 'PR1007')
      .executeTakeFirstOrThrow()
    try {
      assert.equal((await promo('PR1007')).status, 'upcoming')
      await db
        .updateTable('promotions')
        .set({ start_at: new Date(Date.now() - 60_000) })
        .where('id', '=', 'PR1007')
        .execute()
      assert.equal((await promo('PR1007')).status, 'active')
      await db
        .updateTable('promotions')
        .set({ start_at: new Date(Date.now() - 120_000), end_at: new Date(Date.now() - 1000) })
        .where('id', '=', 'PR1007')
        .execute()
      assert.equal((await promo('PR1007')).status, 'expired')
    } finally {
      await db
        .updateTable('promotions')
        .set({ start_at: row.start_at, end_at: row.end_at })
        .where('id', '=', 'PR1007')
        .execute()
    }
  })

  it('texts in the request language', async () => {
    const en = await promo('PR1001', { languagecode: 'en' })
    const zh = await promo('PR1001')
    assert.equal(en.title, 'Save 25% on flow cytometry antibodies')
    assert.equal(zh.title, '流式抗体 75 折')
    assert.deepEqual(
      en.products.map((p) => p.catalogNumber),
      zh.products.map((p) => p.catalogNumber),
    )
    assert.ok(zh.products.some((p, i) => p.productTitle !== en.products[i].productTitle))
  })

  it('products are priced for the caller like /product/list: anonymous and lite users at list, approved.cn at its account prices, approved.in in INR', async () => {
    const db = ctx().db
    const listPrices = async (currency: 'CNY' | 'INR') => {
      const rows = await db
        .selectFrom('products')
        .select(['catalog_number', currency === 'CNY' ? 'list_price_cny as p' : 'list_price_inr as p'])
        .execute()
      return new Map(rows.map((r) => [r.catalog_number, r.p]))
    }
    const accountPrices = async (userName: string) => {
      const rows = await db
        .selectFrom('account_prices as ap')
        .innerJoin('products as p', 'p.id', 'ap.product_id')
        .innerJoin('users as u', 'u.account_id', 'ap.account_id')
        .select(['p.catalog_number', 'ap.price', 'ap.price_type'])
        .where('u.user_name', '=', userName)
        .execute()
      return new Map(rows.map((r) => [r.catalog_number, r]))
    }
    const cny = await listPrices('CNY')
    const cnPrices = await accountPrices(DEMO_USERS.approvedCn)
    let accountPriced = 0
    for (const id of await ids()) {
      const anon = await promo(id)
      const lite = await promo(id, auth(await tokenFor(ctx(), DEMO_USERS.liteCn)))
      const cn = await promo(id, auth(await tokenFor(ctx(), DEMO_USERS.approvedCn)))
      const inr = await promo(id, auth(await tokenFor(ctx(), DEMO_USERS.approvedIn), { countrycode: 'in' }))
      for (const [i, p] of anon.products.entries()) {
        const list = cny.get(p.catalogNumber)!
        assert.equal(p.currency, 'CNY')
        assert.equal(p.listPrice, list === null ? null : list / 100)
        assert.deepEqual(p.price, list === null ? null : { amount: list / 100, priceType: 'list' })
        assert.deepEqual(lite.products[i].price, p.price, 'spec §6: lite users are priced as lite users (list)')
        const ap = cnPrices.get(p.catalogNumber)
        if (ap) {
          accountPriced++
          assert.deepEqual(cn.products[i].price, { amount: ap.price / 100, priceType: ap.price_type })
        } else assert.deepEqual(cn.products[i].price, p.price)
        assert.equal(inr.products[i].currency, 'INR')
      }
    }
    assert.ok(accountPriced >= 3, `approved.cn has account prices on ${accountPriced} promoted products`)
  })

  it('an invalid token is treated as anonymous (list prices), not an error', async () => {
    const anon = await promo('PR1001')
    const bad = await promo('PR1001', { authorization: 'Bearer not-a-token' })
    assert.deepEqual(bad.products, anon.products)
  })

  it('unknown promotion: 404; missing or malformed promoId: 400 naming the field', async () => {
    const res = await ctx().app.inject({ url: '/api/get/promotionById?promoId=PR9999' })
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().code, 'NOT_FOUND')
    for (const q of ['', '?promoId=', '?promoId=PR1001%27%20OR%201%3D1', `?promoId=${'A'.repeat(41)}`]) {
      const r = await ctx().app.inject({ url: `/api/get/promotionById${q}` })
      assert.equal(r.statusCode, 400, q)
      assert.match(r.json().message, /promoId/)
    }
  })
})
