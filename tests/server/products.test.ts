import { it } from 'node:test'
import assert from 'node:assert/strict'
import { ProductListSchema, type ProductList, type ProductSummary } from '../../types'
import { DEMO_USERS } from '../../server/db/seed'
import { describeEachDb, tokenFor, auth, TEST_PRODUCT_COUNT, okData, assertErrorAnswer } from './helpers'

describeEachDb('GET /api/product/list', (ctx) => {
  async function list(url: string, headers: Record<string, string> = {}): Promise<ProductList> {
    return okData(await ctx().app.inject({ url, headers }), ProductListSchema)
  }
  async function pages(n: number, headers: Record<string, string> = {}): Promise<ProductSummary[]> {
    const out: ProductSummary[] = []
    for (let p = 1; p <= n; p++) out.push(...(await list(`/api/product/list?page=${p}&pageSize=100`, headers)).items)
    return out
  }
  async function accountPrices(userName: string, currency: 'CNY' | 'INR') {
    const rows = await ctx()
      .db.selectFrom('account_prices as ap')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .innerJoin('users as u', 'u.account_id', 'ap.account_id')
      .select(['p.catalog_number', 'ap.price', 'ap.price_type'])
      .where('u.user_name', '=', userName)
      .where('ap.currency', '=', currency)
      .execute()
    return new Map(rows.map((r) => [r.catalog_number, r]))
  }

  it('defaults: page 1, pageSize 20, total = catalogue size, CNY', async () => {
    const d = await list('/api/product/list')
    assert.equal(d.page, 1)
    assert.equal(d.pageSize, 20)
    assert.equal(d.items.length, 20)
    assert.equal(d.total, TEST_PRODUCT_COUNT)
    assert.ok(d.items.every((i) => i.currency === 'CNY'))
  })

  it('sort is stable and pages do not overlap', async () => {
    const a = await list('/api/product/list?page=3&pageSize=50')
    const b = await list('/api/product/list?page=3&pageSize=50')
    assert.deepEqual(
      a.items.map((i) => i.sku),
      b.items.map((i) => i.sku),
    )
    const all = await pages(3)
    assert.equal(new Set(all.map((i) => i.sku)).size, 300)
  })

  it('anonymous: list prices; price-on-request products have null price and priceAccess "no price"', async () => {
    const items = await pages(3)
    const priced = items.filter((i) => i.listPrice !== null)
    const onRequest = items.filter((i) => i.listPrice === null)
    assert.ok(priced.length > 200 && onRequest.length > 5, `${priced.length}/${onRequest.length}`)
    for (const i of priced) {
      assert.deepEqual(i.price, { amount: i.listPrice, priceType: 'list' })
      assert.equal(i.priceAccess.status, 'orderable')
    }
    for (const i of onRequest) {
      assert.equal(i.price, null)
      assert.equal(i.priceAccess.status, 'no price')
    }
  })

  it('spec §6 "logged-in approved user": approved.cn gets its seeded account prices (below list), others at list', async () => {
    const t = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const expected = await accountPrices(DEMO_USERS.approvedCn, 'CNY')
    assert.ok(expected.size > TEST_PRODUCT_COUNT / 5)
    const items = await pages(3, auth(t))
    let hits = 0
    for (const i of items) {
      const ap = expected.get(i.catalogNumber)
      if (ap) {
        hits++
        assert.deepEqual(i.price, { amount: ap.price / 100, priceType: ap.price_type })
        assert.ok(i.listPrice !== null && i.price!.amount < i.listPrice)
        assert.ok(['yourPrice', 'discount', 'wop'].includes(i.price!.priceType))
      } else if (i.listPrice !== null) {
        assert.deepEqual(i.price, { amount: i.listPrice, priceType: 'list' })
      } else {
        assert.equal(i.price, null)
      }
    }
    assert.ok(hits > 50, `only ${hits} account prices in 300 items`)
  })

  it('spec §6 "partially registered (lite) user: treated as a lite user in pricing": lite.cn gets list prices only', async () => {
    const t = await tokenFor(ctx(), DEMO_USERS.liteCn)
    const items = await pages(2, auth(t))
    for (const i of items) assert.ok(i.price === null || i.price.priceType === 'list')
  })

  it('a bad token on the product list is treated as anonymous (list prices)', async () => {
    const items = (await list('/api/product/list?pageSize=100', auth('bad.token.value'))).items
    for (const i of items) assert.ok(i.price === null || i.price.priceType === 'list')
  })

  it('spec §9 "INR (₹) for in": countrycode in → INR list price ≈ CNY × 11.6; approved.in gets INR account prices', async () => {
    const cny = (await list('/api/product/list?pageSize=100')).items
    const inr = (await list('/api/product/list?pageSize=100', { countrycode: 'in' })).items
    assert.deepEqual(
      inr.map((i) => i.sku),
      cny.map((i) => i.sku),
    )
    for (let k = 0; k < inr.length; k++) {
      assert.equal(inr[k].currency, 'INR')
      if (cny[k].listPrice === null) assert.equal(inr[k].listPrice, null)
      else
        assert.ok(
          Math.abs(inr[k].listPrice! - cny[k].listPrice! * 11.6) <= 0.01,
          `${inr[k].listPrice} vs ${cny[k].listPrice}`,
        )
    }
    const t = await tokenFor(ctx(), DEMO_USERS.approvedIn)
    const expected = await accountPrices(DEMO_USERS.approvedIn, 'INR')
    const items = await pages(2, auth(t, { countrycode: 'in', languagecode: 'en' }))
    const withAp = items.filter((i) => expected.has(i.catalogNumber))
    assert.ok(withAp.length > 20)
    for (const i of withAp) assert.equal(i.price!.amount, expected.get(i.catalogNumber)!.price / 100)
  })

  it('languagecode en vs cn (and zh) choose the title language', async () => {
    const en = (await list('/api/product/list?pageSize=50', { languagecode: 'en' })).items
    const cn = (await list('/api/product/list?pageSize=50', { languagecode: 'cn' })).items
    const zh = (await list('/api/product/list?pageSize=50', { languagecode: 'zh' })).items
    assert.deepEqual(
      zh.map((i) => i.productTitle),
      cn.map((i) => i.productTitle),
    )
    assert.ok(en.every((i) => !/[\u4e00-\u9fff]/.test(i.productTitle)))
    assert.ok(cn.filter((i) => /[\u4e00-\u9fff]/.test(i.productTitle)).length > 40)
  })

  it('categoryId filters by a category and its children', async () => {
    const top = await ctx()
      .db.selectFrom('categories')
      .select('id')
      .where('code', '=', 'lab-instruments')
      .executeTakeFirstOrThrow()
    const d = await list(`/api/product/list?categoryId=${top.id}&pageSize=100`, { languagecode: 'en' })
    assert.ok(d.total > 0 && d.total < TEST_PRODUCT_COUNT)
    assert.ok(d.items.every((i) => i.size === '1 each'))
    assert.ok(d.items.some((i) => i.leadTarget))
    const empty = await list('/api/product/list?categoryId=')
    assert.equal(empty.total, TEST_PRODUCT_COUNT)
    const none = await list('/api/product/list?categoryId=999999')
    assert.deepEqual([none.total, none.items.length], [0, 0])
  })

  it('images are suffix-less paths or null', async () => {
    const items = await pages(2)
    assert.ok(items.some((i) => i.image === null))
    for (const i of items) if (i.image) assert.match(i.image, /^\/media\/products\/[^.]+$/)
  })

  it("pageSize > 100 → 400 naming the field, in the request's language (Chinese by default, languagecode: en → English)", async () => {
    const res = await ctx().app.inject('/api/product/list?pageSize=101')
    assertErrorAnswer(res, 400, 'VALIDATION_ERROR', 'querystring/pageSize 不能大于 100')
    const en = await ctx().app.inject({ url: '/api/product/list?pageSize=101', headers: { languagecode: 'en' } })
    assert.equal(en.json().message, 'querystring/pageSize must be <= 100')
  })

  it('a body with several faults names each field, in English or Chinese (spec section 9: quantity 1 to 999)', async () => {
    const payload = { items: [{ catalogNumber: 'MA1-10175', quantity: 1000, extra: 1 }, { quantity: 1 }] }
    const zh = await ctx().app.inject({
      method: 'POST',
      url: '/api/product/price',
      headers: { languagecode: 'cn' },
      payload,
    })
    assert.equal(zh.statusCode, 400)
    for (const part of [
      'body/items/0/extra 不是可接受的字段',
      'body/items/0/quantity 不能大于 999',
      'body/items/1/catalogNumber 为必填项',
    ]) {
      assert.ok(zh.json().message.includes(part), `${zh.json().message} names ${part}`)
    }
    const en = await ctx().app.inject({
      method: 'POST',
      url: '/api/product/price',
      headers: { languagecode: 'en' },
      payload,
    })
    for (const part of [
      'body/items/0/extra is not allowed (unknown property)',
      'body/items/0/quantity must be <= 999',
      'body/items/1/catalogNumber is required',
    ]) {
      assert.ok(en.json().message.includes(part), `${en.json().message} names ${part}`)
    }
  })

  it('page < 1, non-numeric page → 400; unknown query properties are rejected', async () => {
    for (const q of ['page=0', 'page=abc', 'pageSize=0']) {
      const res = await ctx().app.inject(`/api/product/list?${q}`)
      assert.equal(res.statusCode, 400, q)
      assert.equal(res.json().code, 'VALIDATION_ERROR')
    }
    const res = await ctx().app.inject('/api/product/list?page=1&sort=price')
    assert.equal(res.statusCode, 400)
    assert.match(res.json().message, /querystring\/sort/)
  })
})
