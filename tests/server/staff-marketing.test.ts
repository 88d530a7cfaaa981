import { it } from 'node:test'
import assert from 'node:assert/strict'
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import {
  StaffArticleSchema,
  StaffBannerSchema,
  StaffCouponSchema,
  StaffPromotionSchema,
  type StaffArticle,
  type StaffBanner,
  type StaffCoupon,
  type StaffPromotion,
} from '../../types/marketing/staff-schemas'
import { Paged } from '../../types/common'
import { apiCaller, auth, describeEachDb, okData, tokenFor, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { tableChecksums } from './seed-checksum'
import { orderableProducts } from '../support/orderable-products'

/**
 * Issue 24: "Flash sales, promotions and coupons, ... articles and banners: create, schedule, change, end, with the
 * same validation the storefront relies on". The staff routes of coupons (server/domains/cart/staff/), promotions,
 * articles and banners (server/domains/marketing/staff/); what the buyer then sees through the buyers' API; the
 * audit entries; the refusals.
 */

const CN = { countrycode: 'cn', languagecode: 'en' }
const bi = (en: string, zh: string) => ({ en, zh })
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString()

const auditCount = async (db: Kysely<DB>) =>
  Number(
    (
      await db
        .selectFrom('audit_log')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const lastAudit = (db: Kysely<DB>) =>
  db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()

const orderableSkus = async (db: Kysely<DB>, n: number) =>
  (await orderableProducts(db).select('p.catalog_number').orderBy('p.id').limit(n).execute()).map(
    (r) => r.catalog_number,
  )

describeEachDb('staff: coupons, promotions, articles and banners (issue 24)', (ctx: () => TestContext) => {
  const buyer = apiCaller(ctx, CN)
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, staff = 'staff-marketing') =>
    ctx().app.inject({
      method,
      url: `/api/admin${url}`,
      headers: auth(await staffToken(ctx().db, staff), CN),
      ...(body ? { payload: body } : method === 'GET' ? {} : { payload: {} }),
    })
  /** a write answers 200 and leaves exactly one audit entry, of this action */
  const written = async <T>(action: string, res: Promise<{ statusCode: number; body: string; json: () => any }>) => {
    const before = await auditCount(ctx().db)
    const r = await res
    assert.equal(r.statusCode, 200, r.body)
    assert.equal(await auditCount(ctx().db), before + 1, `${action}: one audit entry`)
    const entry = await lastAudit(ctx().db)
    assert.equal(entry.action, action)
    return { data: r.json().data as T, entry }
  }
  const refused = async (
    status: number,
    res: Promise<{ statusCode: number; body: string; json: () => any }>,
    message?: RegExp,
  ) => {
    const before = await tableChecksums(ctx().db)
    const r = await res
    assert.equal(r.statusCode, status, r.body)
    if (message) assert.match(r.json().message, message)
    assert.deepEqual(await tableChecksums(ctx().db), before, 'a refusal changes nothing')
  }

  // ---------------------------------------------------------------- coupons
  // spec §5 "Coupon combinations: P and D quotes cannot be mixed; M and R, M and T, and R and T cannot be mixed. Only
  // one each of P, D, R, M and T per order": the type is the code's letter, so a created code obeys them; the cart
  // prices what staff create and refuses what they end
  it('coupons: created, the buyer applies it in the cart; changed; ended, the cart answers 10; audited', async () => {
    const { db } = ctx()
    const [sku] = await orderableSkus(db, 1)
    const body = {
      code: 't-staff5',
      country: 'cn',
      description: bi('5 off', '立减5元'),
      amountOff: 5,
      validFrom: inSeconds(-60),
      validTo: inSeconds(3600),
      skus: [sku],
    }
    const created = await written<StaffCoupon>('coupon.create', call('POST', '/coupons', body))
    assert.deepEqual([created.data.code, created.data.type, created.data.state], ['T-STAFF5', 'T', 'running'])
    assert.equal(created.entry.entity_id, 'T-STAFF5')
    assert.equal(created.entry.before, null)
    const token = await tokenFor(ctx(), 'distributor.cn')
    await buyer('POST', '/cart/addItems', { token, body: { items: [{ catalogNumber: sku, quantity: 1 }] } })
    const applied = await buyer('POST', '/cart/coupon/apply', { token, body: { code: 'T-STAFF5' } })
    assert.deepEqual(
      [applied.body.data.coupon.valid, applied.body.data.coupon.errorCode],
      [true, null],
      JSON.stringify(applied.body),
    )
    await buyer('POST', '/cart/coupon/remove', { token, body: { code: 'T-STAFF5' } })

    const changed = await written<StaffCoupon>('coupon.change', call('PUT', '/coupons/T-STAFF5', { percentOff: 12.5 }))
    assert.deepEqual([changed.data.percentOff, changed.data.amountOff], [12.5, null])
    assert.equal((changed.entry.before as StaffCoupon).amountOff, 5)

    const ended = await written<StaffCoupon>('coupon.end', call('POST', '/coupons/T-STAFF5/end'))
    assert.deepEqual([ended.data.state, ended.data.active], ['ended', false])
    const after = await buyer('POST', '/cart/coupon/apply', { token, body: { code: 'T-STAFF5' } })
    assert.deepEqual([after.body.data.coupon.valid, after.body.data.coupon.errorCode], [false, '10'])
    await refused(409, call('POST', '/coupons/T-STAFF5/end'), /ended already/)
    await refused(409, call('PUT', '/coupons/T-STAFF5', { minAmount: 1 }))
    await refused(404, call('POST', '/coupons/P-NOSUCH/end'))
    const listed = okData<{ items: StaffCoupon[] }>(
      await call('GET', '/coupons?state=ended&pageSize=100'),
      Paged(StaffCouponSchema),
    )
    assert.ok(listed.items.some((c) => c.code === 'T-STAFF5'))
  })

  // "codes unique, type letters as the spec's rules, value ranges, dates": what the cart's pricing could not judge
  it('coupons: refuses a duplicate code (409) and what pricing could not judge (400)', async () => {
    const base = {
      code: 'D-STAFFX',
      country: 'cn',
      description: bi('x', 'x'),
      percentOff: 10,
      validFrom: inSeconds(-60),
      validTo: inSeconds(3600),
    }
    await refused(409, call('POST', '/coupons', { ...base, code: 'P-ANTIBODY10' }), /exists already/)
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ code: 'X-STAFF1' }, /code/],
      [{ code: 'P1' }, /code/],
      [{ amountOff: 5 }, /exactly one/],
      [{ percentOff: undefined }, /exactly one/],
      [{ percentOff: 101 }, /percentOff/],
      [{ percentOff: 0 }, /percentOff/],
      [{ percentOff: 10.005 }, /2 decimals/],
      [{ minAmount: -1 }, /minAmount/],
      [{ validTo: inSeconds(-30) }, /validTo must be/],
      [{ validFrom: inSeconds(7200) }, /validTo must be after validFrom/],
      [{ skus: ['NO-SUCH-SKU'] }, /unknown catalogue number/],
      [{ accountNumber: 'NOPE' }, /names no account/],
      [{ description: bi(' ', 'x') }, /blank/],
    ]
    for (const [over, message] of cases) await refused(400, call('POST', '/coupons', { ...base, ...over }), message)
    const inAccount = await ctx()
      .db.selectFrom('accounts')
      .select('account_number')
      .where('country', '=', 'in')
      .where('account_number', 'is not', null)
      .executeTakeFirstOrThrow()
    await refused(400, call('POST', '/coupons', { ...base, accountNumber: inAccount.account_number }), /not of cn/)
  })

  // ---------------------------------------------------------------- promotions
  it('promotions: a running one shows on its page, on Home and on its products; the body is sanitized; ended, it leaves', async () => {
    const { db } = ctx()
    const skus = await orderableSkus(db, 2)
    const created = await written<StaffPromotion>(
      'promotion.create',
      call('POST', '/promotions', {
        category: 'reagents',
        subject: 'staff-week',
        title: bi('Staff week', '员工周'),
        summary: bi('Deals', '优惠'),
        bodyHtml: bi(
          '<p onclick="x()">Deals<script>alert(1)</script><img src="https://tracker.example/p.gif"><a href="javascript:alert(1)">x</a></p>',
          '<p>优惠</p>',
        ),
        startAt: inSeconds(-60),
        endAt: inSeconds(3600),
        products: skus,
      }),
    )
    const p = created.data
    assert.equal(p.state, 'running')
    assert.deepEqual(p.products, skus)
    assert.equal(p.bodyHtml.en, '<p>Deals<a>x</a></p>')
    const page = await buyer('GET', `/get/promotionById?promoId=${p.id}`)
    assert.equal(page.status, 200)
    assert.equal(page.body.data.status, 'active')
    assert.equal(page.body.data.bodyHtml, '<p>Deals<a>x</a></p>')
    assert.deepEqual(
      page.body.data.products.map((x: { catalogNumber: string }) => x.catalogNumber),
      skus,
    )
    const home = async () =>
      (await buyer('GET', '/mkt/content/special-column/list')).body.data.map((c: { id: string }) => c.id) as string[]
    assert.ok((await home()).includes(`PROMO-${p.id}`))
    const badges = await buyer('GET', `/mkt/activity-product/promotions?source=mobility&skus=${skus[0]}`)
    assert.ok(badges.body.data[0].promotions.some((x: { id: string }) => x.id === p.id))

    await written<StaffPromotion>(
      'promotion.change',
      call('PUT', `/promotions/${p.id}`, { title: bi('Staff fortnight', '员工双周') }),
    )
    assert.equal((await buyer('GET', `/get/promotionById?promoId=${p.id}`)).body.data.title, 'Staff fortnight')

    const ended = await written<StaffPromotion>('promotion.end', call('POST', `/promotions/${p.id}/end`))
    assert.equal(ended.data.state, 'ended')
    assert.ok(!(await home()).includes(`PROMO-${p.id}`))
    assert.equal((await buyer('GET', `/get/promotionById?promoId=${p.id}`)).body.data.status, 'expired')
    await refused(409, call('POST', `/promotions/${p.id}/end`))
    await refused(404, call('PUT', '/promotions/PR-NOPE', { sortOrder: 1 }))
    await refused(400, call('PUT', '/promotions/PR1001', { bannerImage: 'https://evil.example/b.png' }), /own media/)
    await refused(400, call('PUT', '/promotions/PR1001', { products: ['NO-SUCH-SKU'] }), /unknown catalogue number/)
    await refused(400, call('PUT', '/promotions/PR1001', { category: 'Not A Slug' }))
    await refused(
      400,
      call('PUT', '/promotions/PR1001', { bodyHtml: bi('<script>x</script>', '<p>y</p>') }),
      /no content/,
    )
  })

  // ---------------------------------------------------------------- articles
  // "schedule: publish from/until": an article is listed from its date until its end
  it('articles: published now, it leads the buyers list; scheduled, it stays hidden; ended, it disappears', async () => {
    const { db } = ctx()
    const [sku] = await orderableSkus(db, 1)
    const category = await db
      .selectFrom('content_categories')
      .select('id')
      .where('content_type', '=', 'knowledge')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const body = {
      contentType: 'knowledge',
      categoryId: String(category.id),
      articleType: 'protocol',
      title: bi('Staff protocol', '员工实验方案'),
      summary: bi('How to', '方法'),
      bodyHtml: bi('<h1>Steps</h1><p style="color:red">One</p><iframe src="https://x"></iframe>', '<p>步骤</p>'),
      author: bi('Lab', '实验室'),
      coverImage: '/media/products/x-650.jpg',
      publishFrom: inSeconds(-1),
      skus: [sku],
    }
    const list = async () =>
      (await buyer('GET', '/mkt/content/list?contentType=knowledge&pageSize=50')).body.data.items.map(
        (c: { id: string }) => c.id,
      ) as string[]
    const a = (await written<StaffArticle>('article.create', call('POST', '/articles', body))).data
    assert.equal(a.state, 'running')
    assert.equal(a.bodyHtml.en, '<h2>Steps</h2><p>One</p>')
    assert.equal((await list())[0], a.id)
    const detail = await buyer('GET', `/mkt/content/details/${a.id}`)
    assert.equal(detail.body.data.bodyHtml, '<h2>Steps</h2><p>One</p>')
    assert.deepEqual(detail.body.data.skus, [sku])

    const later = (
      await written<StaffArticle>(
        'article.create',
        call('POST', '/articles', { ...body, publishFrom: inSeconds(3600) }),
      )
    ).data
    assert.equal(later.state, 'scheduled')
    assert.ok(!(await list()).includes(later.id))
    assert.equal((await buyer('GET', `/mkt/content/details/${later.id}`)).status, 404)

    const ended = await written<StaffArticle>('article.end', call('POST', `/articles/${a.id}/end`))
    assert.equal(ended.data.state, 'ended')
    assert.ok(ended.data.publishUntil)
    assert.ok(!(await list()).includes(a.id))
    assert.equal((await buyer('GET', `/mkt/content/details/${a.id}`)).status, 404)
    await refused(409, call('POST', `/articles/${a.id}/end`))
    await refused(409, call('PUT', `/articles/${a.id}`, { title: bi('x', 'x') }))
    await refused(404, call('POST', '/articles/999999/end'))

    const brand = await db
      .selectFrom('content_categories')
      .select('id')
      .where('content_type', '=', 'brand')
      .executeTakeFirstOrThrow()
    await refused(400, call('POST', '/articles', { ...body, categoryId: String(brand.id) }), /category of brand/)
    await refused(400, call('POST', '/articles', { ...body, articleType: 'nope' }), /ARTICLE_TYPE/)
    await refused(400, call('POST', '/articles', { ...body, coverImage: 'javascript:alert(1)' }), /own media/)
    await refused(400, call('POST', '/articles', { ...body, publishUntil: inSeconds(-30) }), /publishUntil must be/)
    await refused(400, call('POST', '/articles', { ...body, title: { en: 'only English' } }))
  })

  // ---------------------------------------------------------------- banners
  it('banners: a running one is on Home; links name an app screen, never an address or a secret; ended, it leaves', async () => {
    const body = {
      title: bi('Spring flash sale', '春季秒杀'),
      subtitle: bi('', ''),
      image: '/media/banners/spring.jpg',
      link: { route: 'promotion', params: { category: 'reagents', subject: 'spring', id: 'PR1001' } },
      startAt: inSeconds(-60),
      endAt: inSeconds(3600),
      sortOrder: 0,
    }
    const home = async () =>
      (await buyer('GET', '/mkt/content/special-column/list')).body.data as {
        id: string
        kind: string
        link: { route: string; params: Record<string, string> }
      }[]
    const b = (await written<StaffBanner>('banner.create', call('POST', '/banners', body))).data
    const shown = (await home()).find((c) => c.id === b.id)
    assert.equal(shown?.kind, 'banner')
    assert.deepEqual(shown?.link, body.link)

    const changed = await written<StaffBanner>(
      'banner.change',
      call('PUT', `/banners/${b.id}`, { title: bi('Spring', '春') }),
    )
    assert.equal(changed.data.title.en, 'Spring')
    assert.equal((changed.entry.before as StaffBanner).title.en, 'Spring flash sale')

    const link = (l: object) => call('POST', '/banners', { ...body, link: l })
    await refused(400, link({ route: 'https://evil.example', params: {} }), /not a screen/)
    await refused(400, link({ route: 'orderConfirm', params: { token: 'x' } }), /not a screen/)
    await refused(400, link({ route: 'promotion', params: { category: 'a', subject: 'b' } }), /params\/id is required/)
    await refused(400, link({ route: 'flashSale', params: { access_token: 'x' } }), /not a parameter/)
    await refused(400, link({ route: 'flashSale', params: { gcId: 'x' } }), /not a parameter/)
    await refused(400, call('POST', '/banners', { ...body, image: 'https://evil.example/x.png' }), /own media/)
    await refused(400, call('POST', '/banners', { ...body, endAt: inSeconds(-10), startAt: inSeconds(-20) }))

    await written<StaffBanner>('banner.end', call('POST', `/banners/${b.id}/end`))
    assert.ok(!(await home()).some((c) => c.id === b.id))
    await refused(409, call('POST', `/banners/${b.id}/end`))
    // only banners are managed here: the flash-sale entry of Home is not a banner
    await refused(404, call('GET', '/banners/SC-FLASH-SALE'))
    const listed = okData<{ items: StaffBanner[] }>(await call('GET', '/banners?state=ended'), Paged(StaffBannerSchema))
    assert.ok(listed.items.some((x) => x.id === b.id))
  })

  // "every staff route declares the permission it needs": roles without them are refused and change nothing
  it('roles without coupon.manage, promotion.manage or content.manage: 403, nothing changed', async () => {
    for (const staff of ['staff-catalogue', 'staff-finance', 'staff-orderDesk']) {
      await refused(403, call('POST', '/coupons/P-ANTIBODY10/end', undefined, staff))
      await refused(403, call('POST', '/promotions/PR1001/end', undefined, staff))
      await refused(403, call('POST', '/articles/1/end', undefined, staff))
      await refused(403, call('PUT', '/banners/SC-BANNER-LEARNING', { sortOrder: 3 }, staff))
    }
    // reading: the lists and one item of each, with their schemas
    okData(await call('GET', '/promotions/PR1001'), StaffPromotionSchema)
    okData(await call('GET', '/articles/1'), StaffArticleSchema)
    okData(await call('GET', '/coupons/P-ANTIBODY10'), StaffCouponSchema)
    okData(await call('GET', '/articles?state=running&pageSize=5'), Paged(StaffArticleSchema))
  })
})
