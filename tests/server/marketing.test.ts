import { it } from 'node:test'
import assert from 'node:assert/strict'
import { Type, type TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { sql } from 'kysely'
import {
  SuccessEnvelope,
  ArticleTypeSchema,
  ContentCategorySchema,
  ContentDetailSchema,
  ContentListSchema,
  SkuContentSchema,
  SpecialColumnSchema,
  ProductPromotionSchema,
  type ArticleType,
  type ContentCategory,
  type ContentDetail,
  type ContentList,
  type ContentType,
  type ProductPromotion,
  type SkuContent,
  type SpecialColumn,
} from '../../types'
import { ROUTES } from '../../types/routes'
import { describeEachDb, okData, assertRefusedNamingField } from './helpers'
import { assertSafeHtml, DANGEROUS } from './marketing-helpers'

const CONTENT_TYPES: ContentType[] = ['knowledge', 'application', 'workflow', 'industry', 'brand', 'campaign']

/** every link is an app route name with the params its path needs, never a raw URL */
export function assertAppLink(link: { route: string; params: Record<string, string> }, label: string) {
  const route = ROUTES.find((r) => r.name === link.route)
  assert.ok(route, `${label}: ${link.route} is not a route of types/routes.ts`)
  for (const m of route.path.matchAll(/:(\w+)/g))
    assert.ok(link.params[m[1]], `${label}: route ${link.route} needs param ${m[1]}`)
  for (const v of Object.values(link.params)) assert.doesNotMatch(v, /^(https?:)?\/\//, `${label}: raw URL in params`)
}

describeEachDb('marketing API: content, categories, dictionary, special columns, product content', (ctx) => {
  async function get<T>(url: string, schema: TSchema, headers: Record<string, string> = {}): Promise<T> {
    return okData(await ctx().app.inject({ url, headers }), schema)
  }
  async function status(url: string) {
    const res = await ctx().app.inject({ url })
    return { code: res.statusCode, body: res.json() as { code: string; message: string } }
  }
  const EN = { languagecode: 'en' }
  const list = (q: string, headers: Record<string, string> = {}) =>
    get<ContentList>(`/api/mkt/content/list${q}`, ContentListSchema, headers)

  it('seed: 120+ content items across all six content types, each with categories, in English and Chinese', async () => {
    const rows = await ctx()
      .db.selectFrom('content_items')
      .select(['content_type', sql<number>`count(*)::int`.as('n')])
      .groupBy('content_type')
      .execute()
    const total = rows.reduce((s, r) => s + r.n, 0)
    assert.ok(total >= 120, `only ${total} items`)
    assert.deepEqual(rows.map((r) => r.content_type).sort(), [...CONTENT_TYPES].sort())
    const untranslated = await ctx()
      .db.selectFrom('content_items')
      .select('id')
      .where((eb) => eb.or([eb('title_zh', '=', eb.ref('title_en')), eb('body_zh', '=', eb.ref('body_en'))]))
      .execute()
    assert.equal(untranslated.length, 0)
  })

  it('ARTICLE_TYPE dictionary: values with labels in the request language', async () => {
    const zh = await get<ArticleType[]>('/api/mkt/system/dict/ARTICLE_TYPE', Type.Array(ArticleTypeSchema))
    const en = await get<ArticleType[]>('/api/mkt/system/dict/ARTICLE_TYPE', Type.Array(ArticleTypeSchema), EN)
    assert.deepEqual(
      zh.map((a) => a.dictValue),
      en.map((a) => a.dictValue),
    )
    for (const v of ['protocol', 'technical-guide', 'application-note', 'webinar', 'virtual-workflow'])
      assert.ok(
        en.some((a) => a.dictValue === v),
        v,
      )
    assert.equal(en.find((a) => a.dictValue === 'protocol')!.dictLabel, 'Protocol')
    assert.equal(zh.find((a) => a.dictValue === 'protocol')!.dictLabel, '实验方案')
    // every seeded article uses a dictionary value
    const used = await ctx().db.selectFrom('content_items').select('article_type').distinct().execute()
    for (const u of used)
      assert.ok(
        en.some((a) => a.dictValue === u.article_type),
        u.article_type,
      )
  })

  it('categories per content type: localized names; counts equal the published items listed for that category', async () => {
    for (const type of CONTENT_TYPES) {
      const en = await get<ContentCategory[]>(
        `/api/mkt/category/getByContentType?contentType=${type}`,
        Type.Array(ContentCategorySchema),
        EN,
      )
      const zh = await get<ContentCategory[]>(
        `/api/mkt/category/getByContentType?contentType=${type}`,
        Type.Array(ContentCategorySchema),
      )
      assert.ok(en.length >= 3, `${type}: ${en.length} categories`)
      assert.deepEqual(
        en.map((c) => c.id),
        zh.map((c) => c.id),
      )
      assert.ok(
        en.every((c, i) => c.contentType === type && c.name !== zh[i].name && /[\u4e00-\u9fff]/.test(zh[i].name)),
      )
      for (const c of en) {
        const l = await list(`?contentType=${type}&categoryId=${c.id}&pageSize=50`)
        assert.equal(l.total, c.count, `${type}/${c.name}`)
        assert.ok(l.items.every((i) => i.categoryId === c.id && i.contentType === type))
      }
    }
    const names = (
      await get<ContentCategory[]>(
        '/api/mkt/category/getByContentType?contentType=industry',
        Type.Array(ContentCategorySchema),
        EN,
      )
    ).map((c) => c.name)
    assert.deepEqual(names, [
      'Academic Research',
      'Biopharma',
      'Clinical & Diagnostics Research',
      'Food & Environmental Testing',
    ])
  })

  it('categories: a missing or unknown contentType is a 400 naming the field', async () => {
    for (const url of ['/api/mkt/category/getByContentType', '/api/mkt/category/getByContentType?contentType=blog']) {
      const { code, body } = await status(url)
      assert.equal(code, 400)
      assert.match(body.message, /contentType/)
    }
  })

  it('content list: newest first across pages, no overlap, total = published items', async () => {
    const p1 = await list('?pageSize=50&page=1')
    const p2 = await list('?pageSize=50&page=2')
    const p3 = await list('?pageSize=50&page=3')
    const all = [...p1.items, ...p2.items, ...p3.items]
    const { n } = await ctx()
      .db.selectFrom('content_items')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('published_at', '<=', new Date())
      .executeTakeFirstOrThrow()
    assert.equal(p1.total, n)
    assert.equal(all.length, n)
    assert.equal(new Set(all.map((i) => i.id)).size, n)
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].publishedAt >= all[i].publishedAt, `order at ${i}`)
    const types = new Set(p1.items.slice(0, 20).map((i) => i.contentType))
    assert.ok(types.size >= 3, 'newest items mix content types')
    assert.ok(all.every((i) => new Date(i.publishedAt).getTime() <= Date.now()))
  })

  it('content list: filters by contentType and articleType; titles and summaries in the request language', async () => {
    const vm = await list('?contentType=workflow&articleType=virtual-workflow&pageSize=50', EN)
    assert.ok(vm.total >= 6, `VM workflows: ${vm.total}`)
    assert.ok(
      vm.items.every(
        (i) =>
          i.contentType === 'workflow' &&
          i.articleType === 'virtual-workflow' &&
          i.title.startsWith('Virtual workflow'),
      ),
    )
    const knowledgeEn = await list('?contentType=knowledge&pageSize=5', EN)
    const knowledgeZh = await list('?contentType=knowledge&pageSize=5')
    assert.deepEqual(
      knowledgeEn.items.map((i) => i.id),
      knowledgeZh.items.map((i) => i.id),
    )
    assert.ok(knowledgeZh.items.every((i) => /[\u4e00-\u9fff]/.test(i.title + i.summary)))
    assert.ok(knowledgeEn.items.every((i) => !/[\u4e00-\u9fff]/.test(i.title + i.summary)))
    assert.ok(
      knowledgeEn.items.every(
        (i) => i.readMinutes >= 1 && (i.coverImage === null || /^\/media\/products\/.+-650\.jpg$/.test(i.coverImage)),
      ),
    )
  })

  it('content list: bad input is a 400 naming the field', async () => {
    await assertRefusedNamingField(
      [
        ['?articleType=poem', 'articleType'],
        ['?pageSize=51', 'pageSize'],
        ['?page=0', 'page'],
        ['?categoryId=abc', 'categoryId'],
        ['?contentType=blog', 'contentType'],
        ['?sort=old', 'sort'],
      ],
      (q) => ctx().app.inject({ url: `/api/mkt/content/list${q}` }),
    )
  })

  it('content detail: sanitized rich body (headings, lists, tables, links, /media image), author and featured real products', async () => {
    const { items } = await list('?contentType=knowledge&articleType=protocol&pageSize=3', EN)
    for (const card of items) {
      const d = await get<ContentDetail>(`/api/mkt/content/details/${card.id}`, ContentDetailSchema, EN)
      assert.equal(d.title, card.title)
      assertSafeHtml(d.bodyHtml, `content ${d.id}`)
      for (const tag of ['<h2>', '<ol>', '<ul>', '<table>', '<a href="/product-details/', '<img src="/media/'])
        assert.ok(d.bodyHtml.includes(tag), `${d.id} lacks ${tag}`)
      assert.ok(d.author.length > 0)
      assert.ok(d.skus.length >= 3)
      const real = await ctx()
        .db.selectFrom('products')
        .select('catalog_number')
        .where('catalog_number', 'in', d.skus)
        .execute()
      assert.equal(real.length, d.skus.length)
      for (const sku of d.skus) assert.ok(d.bodyHtml.includes(sku), `${d.id}: body links ${sku}`)
    }
    const zh = await get<ContentDetail>(`/api/mkt/content/details/${items[0].id}`, ContentDetailSchema)
    assert.match(zh.bodyHtml, /操作步骤/)
  })

  it('content detail: unknown id is a 404, a non-numeric id a 400, a scheduled (future) item a 404', async () => {
    assert.equal((await status('/api/mkt/content/details/999999')).code, 404)
    assert.equal((await status('/api/mkt/content/details/abc')).code, 400)
    const scheduled = await ctx()
      .db.selectFrom('content_items')
      .select('id')
      .where('published_at', '>', new Date())
      .execute()
    assert.ok(scheduled.length >= 1, 'the seed schedules some items')
    for (const s of scheduled) assert.equal((await status(`/api/mkt/content/details/${s.id}`)).code, 404)
    const all = await list('?pageSize=50&page=1')
    assert.ok(!all.items.some((i) => scheduled.some((s) => String(s.id) === i.id)))
  })

  it('seeded rich HTML was sanitized before storage: no script, handlers, javascript: links, expression() styles or iframes in any stored body', async () => {
    const content = await ctx().db.selectFrom('content_items').select(['id', 'body_en', 'body_zh']).execute()
    const promos = await ctx().db.selectFrom('promotions').select(['id', 'body_en', 'body_zh']).execute()
    for (const row of [...content, ...promos]) {
      for (const re of DANGEROUS) {
        assert.doesNotMatch(row.body_en, re, `${row.id} en`)
        assert.doesNotMatch(row.body_zh, re, `${row.id} zh`)
      }
    }
    // the items an editor pasted hostile fragments into are still there, with their readable text
    const pasted = content.filter((c) => c.body_en.includes("Editor's note: updated for this season."))
    assert.ok(pasted.length >= 3, `${pasted.length} items carried pasted fragments`)
    assert.ok(pasted.every((c) => c.body_zh.includes('编者按')))
  })

  it('served bodies are sanitized again: a hostile body written straight into the table is cleaned on the way out', async () => {
    const { id } = await ctx()
      .db.selectFrom('content_items')
      .select('id')
      .where('published_at', '<=', new Date())
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const before = await ctx()
      .db.selectFrom('content_items')
      .select('body_en')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    await ctx()
      .db.updateTable('content_items')
      .set({ body_en: '<p onclick="x()">Safe text</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>' })
      .where('id', '=', id)
      .execute()
    try {
      const d = await get<ContentDetail>(`/api/mkt/content/details/${id}`, ContentDetailSchema, EN)
      assert.equal(d.bodyHtml, '<p>Safe text</p><a>x</a>')
    } finally {
      await ctx().db.updateTable('content_items').set({ body_en: before.body_en }).where('id', '=', id).execute()
    }
  })

  it('special columns: home banners, current promotions, the flash-sale entry and learning picks, only inside their date window', async () => {
    const cols = await get<SpecialColumn[]>('/api/mkt/content/special-column/list', Type.Array(SpecialColumnSchema), EN)
    const now = Date.now()
    const kinds = new Set(cols.map((c) => c.kind))
    assert.deepEqual([...kinds].sort(), ['banner', 'flash-sale', 'learning', 'promotion'])
    for (const c of cols) {
      assert.ok(
        new Date(c.startDate).getTime() <= now && now < new Date(c.endDate).getTime(),
        `${c.id} outside its window`,
      )
      assertAppLink(c.link, c.id)
    }
    const flash = cols.filter((c) => c.kind === 'flash-sale')
    assert.equal(flash.length, 1)
    assert.equal(flash[0].link.route, 'flashSale')
    // seeded windows that do not contain now never show
    const outside = await ctx()
      .db.selectFrom('special_columns')
      .select('id')
      .where((eb) => eb.or([eb('start_at', '>', new Date()), eb('end_at', '<=', new Date())]))
      .execute()
    assert.ok(outside.length >= 2)
    for (const o of outside) assert.ok(!cols.some((c) => c.id === o.id), o.id)
    // the promotion columns are exactly the active promotions
    const active = await ctx()
      .db.selectFrom('promotions')
      .select('id')
      .where('start_at', '<=', new Date())
      .where('end_at', '>', new Date())
      .execute()
    const promoCols = cols.filter((c) => c.kind === 'promotion')
    assert.deepEqual(promoCols.map((c) => c.link.params.id).sort(), active.map((a) => a.id).sort())
    assert.ok(promoCols.every((c) => c.link.route === 'promotion'))
    // learning picks open real, published articles
    for (const c of cols.filter((x) => x.kind === 'learning')) {
      assert.equal(c.link.route, 'contentDetail')
      assert.equal((await status(`/api/mkt/content/details/${c.link.params.id}`)).code, 200)
    }
    // order: banners, promotions, flash sale, learning
    const rank = { banner: 0, promotion: 1, 'flash-sale': 2, learning: 3 }
    for (let i = 1; i < cols.length; i++) assert.ok(rank[cols[i - 1].kind] <= rank[cols[i].kind])
  })

  it('special columns: the window is checked at request time (a banner whose end passes disappears, one whose start arrives appears)', async () => {
    const db = ctx().db
    const ids = async () =>
      (await get<SpecialColumn[]>('/api/mkt/content/special-column/list', Type.Array(SpecialColumnSchema))).map(
        (c) => c.id,
      )
    const banner = await db
      .selectFrom('special_columns')
      .selectAll()
      .where('id', '=', 'SC-BANNER-LEARNING')
      .executeTakeFirstOrThrow()
    const future = await db
      .selectFrom('special_columns')
      .selectAll()
      .where('id', '=', 'SC-BANNER-NEWYEAR')
      .executeTakeFirstOrThrow()
    assert.ok((await ids()).includes('SC-BANNER-LEARNING'))
    assert.ok(!(await ids()).includes('SC-BANNER-NEWYEAR'))
    try {
      await db
        .updateTable('special_columns')
        .set({ end_at: new Date(Date.now() - 1000) })
        .where('id', '=', 'SC-BANNER-LEARNING')
        .execute()
      await db
        .updateTable('special_columns')
        .set({ start_at: new Date(Date.now() - 1000) })
        .where('id', '=', 'SC-BANNER-NEWYEAR')
        .execute()
      const now = await ids()
      assert.ok(!now.includes('SC-BANNER-LEARNING'))
      assert.ok(now.includes('SC-BANNER-NEWYEAR'))
    } finally {
      await db
        .updateTable('special_columns')
        .set({ start_at: banner.start_at, end_at: banner.end_at })
        .where('id', '=', banner.id)
        .execute()
      await db
        .updateTable('special_columns')
        .set({ start_at: future.start_at, end_at: future.end_at })
        .where('id', '=', future.id)
        .execute()
    }
  })

  it('special columns: titles in the request language', async () => {
    const en = await get<SpecialColumn[]>('/api/mkt/content/special-column/list', Type.Array(SpecialColumnSchema), EN)
    const zh = await get<SpecialColumn[]>('/api/mkt/content/special-column/list', Type.Array(SpecialColumnSchema))
    assert.deepEqual(
      en.map((c) => c.id),
      zh.map((c) => c.id),
    )
    assert.equal(en.find((c) => c.id === 'SC-FLASH-SALE')!.title, 'Flash sale')
    assert.equal(zh.find((c) => c.id === 'SC-FLASH-SALE')!.title, '限时秒杀')
  })

  it('product content: sku/list gives the articles featuring the product; sku/category adds its category, own articles first', async () => {
    const feat = await ctx()
      .db.selectFrom('content_products as cp')
      .innerJoin('products as p', 'p.id', 'cp.product_id')
      .innerJoin('content_items as c', 'c.id', 'cp.content_id')
      .select(['p.catalog_number', 'p.id as pid', 'p.category_id', sql<number>`count(*)::int`.as('n')])
      .where('c.published_at', '<=', new Date())
      .groupBy(['p.catalog_number', 'p.id', 'p.category_id'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('p.catalog_number')
      .executeTakeFirstOrThrow()
    const own = await get<SkuContent>(
      `/api/mkt/content/sku/list?catalogNumber=${encodeURIComponent(feat.catalog_number)}`,
      SkuContentSchema,
      EN,
    )
    assert.equal(own.catalogNumber, feat.catalog_number)
    assert.equal(own.items.length, feat.n)
    for (const card of own.items) {
      const d = await get<ContentDetail>(`/api/mkt/content/details/${card.id}`, ContentDetailSchema, EN)
      assert.ok(d.skus.includes(feat.catalog_number))
    }
    const cat = await get<SkuContent>(
      `/api/mkt/content/sku/category/${encodeURIComponent(feat.catalog_number)}`,
      SkuContentSchema,
      EN,
    )
    assert.ok(cat.items.length >= own.items.length)
    assert.deepEqual(
      cat.items
        .slice(0, own.items.length)
        .map((i) => i.id)
        .sort(),
      own.items.map((i) => i.id).sort(),
    )
    // a product nobody writes about: empty list, not an error
    const lonely = await ctx()
      .db.selectFrom('products')
      .select('catalog_number')
      .where('id', 'not in', ctx().db.selectFrom('content_products').select('product_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow()
    assert.deepEqual(
      (
        await get<SkuContent>(
          `/api/mkt/content/sku/list?catalogNumber=${encodeURIComponent(lonely.catalog_number)}`,
          SkuContentSchema,
        )
      ).items,
      [],
    )
  })

  it('product content: unknown catalogue number is a 404, a malformed one a 400', async () => {
    assert.equal((await status('/api/mkt/content/sku/list?catalogNumber=NOPE-000')).code, 404)
    assert.equal((await status('/api/mkt/content/sku/category/NOPE-000')).code, 404)
    const bad = await status('/api/mkt/content/sku/list?catalogNumber=%3Cscript%3E')
    assert.equal(bad.code, 400)
    assert.match(bad.body.message, /catalogNumber/)
    assert.equal((await status('/api/mkt/content/sku/list')).code, 400)
  })
})

describeEachDb('marketing API: /mkt/activity-product/promotions', (ctx) => {
  async function promos(skus: string[]): Promise<ProductPromotion[]> {
    const res = await ctx().app.inject({
      url: `/api/mkt/activity-product/promotions?source=mobility&skus=${encodeURIComponent(skus.join(','))}`,
      headers: { languagecode: 'en' },
    })
    assert.equal(res.statusCode, 200, res.body)
    const body = res.json()
    assert.ok(Value.Check(SuccessEnvelope(Type.Array(ProductPromotionSchema)), body))
    return body.data
  }
  async function productsOf(status: 'active' | 'other') {
    const now = new Date()
    let q = ctx()
      .db.selectFrom('promotion_products as pp')
      .innerJoin('promotions as pr', 'pr.id', 'pp.promotion_id')
      .innerJoin('products as p', 'p.id', 'pp.product_id')
      .select(['p.catalog_number', 'p.sku', 'pr.id'])
    q =
      status === 'active'
        ? q.where('pr.start_at', '<=', now).where('pr.end_at', '>', now)
        : q.where((eb) => eb.or([eb('pr.start_at', '>', now), eb('pr.end_at', '<=', now)]))
    return q.orderBy('p.catalog_number').execute()
  }

  it('lists the active promotions of each product, in the order asked; upcoming and expired promotions are not listed', async () => {
    const active = await productsOf('active')
    const other = (await productsOf('other')).filter((o) => !active.some((a) => a.catalog_number === o.catalog_number))
    assert.ok(active.length >= 10 && other.length >= 3)
    const ask = [active[0].catalog_number, other[0].catalog_number, active[1].catalog_number, 'UNKNOWN-1']
    const res = await promos(ask)
    assert.deepEqual(
      res.map((r) => r.catalogNumber),
      ask,
    )
    assert.deepEqual(
      res[0].promotions.map((p) => p.id),
      active
        .filter((a) => a.catalog_number === ask[0])
        .map((a) => a.id)
        .sort(),
    )
    assert.deepEqual(res[1].promotions, [])
    assert.ok(res[2].promotions.length >= 1)
    assert.deepEqual(res[3].promotions, [])
    const p = res[0].promotions[0]
    assert.ok(p.title && p.category && p.subject && new Date(p.endDate).getTime() > Date.now())
  })

  it('accepts SKU codes as well as catalogue numbers and de-duplicates the list', async () => {
    const [a] = await productsOf('active')
    const res = await promos([a.sku, a.sku])
    assert.equal(res.length, 1)
    assert.equal(res[0].catalogNumber, a.catalog_number)
    assert.ok(res[0].promotions.length >= 1)
  })

  it('validates source and the sku list: 400 naming the field', async () => {
    const skus30 = Array.from({ length: 31 }, (_, i) => `A${i}`).join(',')
    await assertRefusedNamingField(
      [
        ['skus=A', 'source'],
        ['source=web&skus=A', 'source'],
        ['source=mobility', 'skus'],
        ['source=mobility&skus=', 'skus'],
        ['source=mobility&skus=,,', 'skus'],
        [`source=mobility&skus=${skus30}`, 'skus'],
        ['source=mobility&skus=A,%3Cb%3E', 'skus'],
      ],
      (q) => ctx().app.inject({ url: `/api/mkt/activity-product/promotions?${q}` }),
    )
  })
})
