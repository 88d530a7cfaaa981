import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Value } from 'typebox/value'
import { sql, type Kysely } from 'kysely'
import {
  SuccessEnvelope,
  CategoryTreeSchema,
  ProductSearchResultSchema,
  ProductDetailSchema,
  PriceResponseSchema,
  AvailabilityResponseSchema,
  DocumentSearchResultSchema,
  SelectionFacetsSchema,
  SelectionResultSchema,
  DualOriginListSchema,
  type CategoryNode,
  type ProductSearchResult,
  type ProductDetail,
  type PriceResponse,
  type AvailabilityRecord,
  type DocumentSearchResult,
  type SelectionFacets,
  type SelectionResult,
  type DualOriginList,
} from '../../types'
import { Type, type TSchema } from 'typebox'
import type { DB } from '../../server/db/schema'
import type { CatalogDB } from '../../server/db/schema-catalog'
import { DEMO_USERS } from '../../server/db/seed'
import { searchNorm, parseSearchQuery } from '../../server/domains/catalog/search'
import { sanitizePlainHtml } from '../../server/domains/catalog/html'
import { parseFilters } from '../../server/domains/catalog/selection'
import { disclosedQuantity } from '../../server/domains/catalog/price'
import { describeEachDb, tokenFor, auth, TEST_PRODUCT_COUNT, assertRefusedNamingField } from './helpers'

const cat = (db: Kysely<DB>) => db as unknown as Kysely<CatalogDB>
const ALLOWED_TAGS = new Set(['p', 'br', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'sup', 'sub'])

function assertPlainHtml(html: string) {
  for (const m of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    assert.ok(ALLOWED_TAGS.has(m[1].toLowerCase()), `tag <${m[1]}> in ${html.slice(0, 80)}`)
    assert.equal(m[2], '', `attributes on <${m[1]}>`)
  }
  assert.doesNotMatch(html, /javascript:|<script|on\w+=/i)
}

describe('catalogue units', () => {
  it('sanitizePlainHtml: "plain allow-listed tags only": scripts go with their content, attributes and unknown tags go, text is escaped', () => {
    assert.equal(
      sanitizePlainHtml(
        '<p onclick="x()">a <b style="c">b</b></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      ),
      '<p>a <b>b</b></p>',
    )
    assert.equal(sanitizePlainHtml('<a href="javascript:alert(1)">link</a> & <3'), 'link &amp; &lt;3')
    assert.equal(sanitizePlainHtml('<ul><li>one<li>two</ul><p>open'), '<ul><li>one<li>two</li></li></ul><p>open</p>')
    assert.equal(
      sanitizePlainHtml('<style>p{}</style><!-- x --><p>&amp; &#20013; &bogus</p>'),
      '<p>&amp; &#20013; &amp;bogus</p>',
    )
    const once = sanitizePlainHtml('<h3 class=x>T</h3><p>a<br/>b</p><iframe>x</iframe><svg><script>y</script></svg>z')
    assert.equal(once, '<h3>T</h3><p>a<br>b</p>z')
    assert.equal(sanitizePlainHtml(once), once, 'idempotent')
  })

  it('search query parsing: words of 1-2 ASCII characters are whole words, Chinese is tripled, a catalogue number needs a digit or 4 characters', () => {
    const pq = parseSearchQuery('PE  抗体 Anti-CD3')
    assert.deepEqual(
      pq.terms.map((t) => t.like),
      ['% pe %', '%抗抗抗体体体%', '%anti cd 3%'],
    )
    assert.equal(parseSearchQuery('ha').catalog, null)
    assert.equal(parseSearchQuery('MA1-').catalog, 'ma1')
    assert.equal(parseSearchQuery('11-4031 82').catalog, '11403182')
    assert.equal(parseSearchQuery('trizol').catalog, 'trizol')
    assert.equal(parseSearchQuery('%_').terms.length, 0)
  })

  it('selection filters: JSON object, JSON list and repeated name:value mean the same; bad input is refused', () => {
    const want = [
      { name: 'Host Species', value: 'Mouse' },
      { name: 'Conjugate', value: 'FITC' },
    ]
    assert.deepEqual(parseFilters('{"Host Species":["Mouse"],"Conjugate":"FITC"}'), want)
    assert.deepEqual(
      parseFilters('[{"name":"Host Species","value":"Mouse"},{"name":"Conjugate","value":"FITC"}]'),
      want,
    )
    assert.deepEqual(parseFilters(['Host Species:Mouse', 'Conjugate:FITC', 'Conjugate:FITC']), want)
    for (const bad of ['{"a":', 'novalue', '{"a":1}', '[1]'])
      assert.throws(() => parseFilters(bad), /querystring\/filters/)
    assert.throws(() => parseFilters(Array.from({ length: 13 }, (_, i) => `A:${i}`)), /at most 12/)
  })

  it('availability: "never reveal exact stock above 100"', () => {
    assert.equal(disclosedQuantity(0, 1), 0)
    assert.equal(disclosedQuantity(37, 500), 37)
    assert.equal(disclosedQuantity(100, 1), 100)
    assert.equal(disclosedQuantity(2500, 1), 101)
    assert.equal(disclosedQuantity(2500, 999), 999)
    assert.equal(disclosedQuantity(150, 999), 101)
  })
})

describeEachDb('catalogue API', (ctx) => {
  async function get<T>(url: string, schema: TSchema, headers: Record<string, string> = {}): Promise<T> {
    const res = await ctx().app.inject({ url, headers })
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`)
    const body = res.json()
    const env = SuccessEnvelope(schema)
    assert.ok(Value.Check(env, body), JSON.stringify([...Value.Errors(env, body)].slice(0, 3)))
    return body.data as T
  }
  async function post<T>(
    url: string,
    payload: unknown,
    schema: TSchema,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await ctx().app.inject({ method: 'POST', url, payload: payload as object, headers })
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`)
    const body = res.json()
    const env = SuccessEnvelope(schema)
    assert.ok(Value.Check(env, body), JSON.stringify([...Value.Errors(env, body)].slice(0, 3)))
    return body.data as T
  }
  async function status(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await ctx().app.inject({ method, url, payload: payload as object, headers })
    return { code: res.statusCode, body: res.json() as { code: string; message: string } }
  }
  /** each GET `path?query` is refused with a 400 whose message names its field */
  const refusedNamingField = (path: string, cases: [query: string, field: string | RegExp][]) =>
    assertRefusedNamingField(cases, (q) => ctx().app.inject(`${path}?${q}`))
  const search = (q: string, extra = '', headers: Record<string, string> = {}) =>
    get<ProductSearchResult>(`/api/product/search?q=${encodeURIComponent(q)}${extra}`, ProductSearchResultSchema, {
      languagecode: 'en',
      ...headers,
    })
  const detail = (list: string, headers: Record<string, string> = {}) =>
    get<ProductDetail[]>(
      `/api/product/catalog?catalogNumber=${encodeURIComponent(list)}`,
      Type.Array(ProductDetailSchema),
      headers,
    )
  async function product(catalogNumber: string) {
    return cat(ctx().db)
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select([
        'p.id',
        'p.catalog_number',
        'p.title_en',
        'p.title_zh',
        'p.attributes',
        'p.lead_target',
        'p.list_price_cny',
        'c.code as category',
      ])
      .where('p.catalog_number', '=', catalogNumber)
      .executeTakeFirstOrThrow()
  }
  async function accountPrices(userName: string, currency: 'CNY' | 'INR') {
    const rows = await ctx()
      .db.selectFrom('account_prices as ap')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .innerJoin('users as u', 'u.account_id', 'ap.account_id')
      .select(['p.catalog_number', 'p.list_price_cny', 'ap.price', 'ap.price_type'])
      .where('u.user_name', '=', userName)
      .where('ap.currency', '=', currency)
      .orderBy('p.id')
      .execute()
    return rows
  }

  // ---------------- category tree ----------------
  it('GET /category/tree: top-level categories with children, names in the request language, productCount includes descendants', async () => {
    const en = await get<CategoryNode[]>('/api/category/tree', CategoryTreeSchema, { languagecode: 'en' })
    const zh = await get<CategoryNode[]>('/api/category/tree', CategoryTreeSchema, { languagecode: 'zh' })
    assert.deepEqual(
      en.map((c) => c.name),
      ['Antibodies', 'Reagents & Chemicals', 'Cell Culture', 'Lab Plastics & Consumables', 'Lab Instruments'],
    )
    assert.deepEqual(
      zh.map((c) => c.code),
      en.map((c) => c.code),
    )
    assert.equal(zh[0].name, '抗体')
    assert.equal(
      en.reduce((n, c) => n + c.productCount, 0),
      TEST_PRODUCT_COUNT,
    )
    const counts = new Map(
      (
        await ctx()
          .db.selectFrom('products as p')
          .innerJoin('categories as c', 'c.id', 'p.category_id')
          .select(['c.code', sql<number>`count(*)::int`.as('n')])
          .groupBy('c.code')
          .execute()
      ).map((r) => [r.code, Number(r.n)]),
    )
    for (const top of en) {
      assert.ok(top.children.length >= 3 && top.parentId === null)
      assert.equal(
        top.productCount,
        top.children.reduce((n, c) => n + c.productCount, 0),
        top.code,
      )
      for (const c of top.children as CategoryNode[]) {
        assert.equal(c.productCount, counts.get(c.code), c.code)
        assert.equal(c.parentId, top.id)
      }
    }
  })

  // ---------------- search ----------------
  it('search: "exact catalogue number first", case-insensitive and ignoring "-"', async () => {
    const p = await product(
      (
        await ctx()
          .db.selectFrom('products')
          .select('catalog_number')
          .where('catalog_number', 'like', '__-____-__')
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).catalog_number,
    )
    for (const q of [
      p.catalog_number,
      p.catalog_number.toLowerCase(),
      p.catalog_number.replace(/-/g, ''),
      p.catalog_number.replace(/-/g, ' '),
    ]) {
      const r = await search(q)
      assert.equal(r.items[0]?.catalogNumber, p.catalog_number, q)
    }
  })

  it('search: catalogue-number prefix matches come before title and attribute matches', async () => {
    const r = await search('MA1-1', '&pageSize=50')
    assert.ok(r.total > 3)
    const isPrefix = r.items.map((i) => i.catalogNumber.toUpperCase().replace(/-/g, '').startsWith('MA11'))
    assert.ok(isPrefix[0])
    const firstOther = isPrefix.indexOf(false)
    if (firstOther >= 0)
      assert.ok(
        isPrefix.slice(firstOther).every((x) => !x),
        'prefix matches are not interleaved with others',
      )
  })

  it('search: English name words; multi-word queries AND their terms; stable order and non-overlapping pages', async () => {
    const r = await search('caspase')
    assert.ok(r.total > 0 && r.items.every((i) => /caspase/i.test(i.productTitle)))
    const both = await search('mouse igg1', '&pageSize=50')
    assert.ok(both.total > 0)
    for (const i of both.items) {
      const p = await product(i.catalogNumber)
      const hay = `${p.title_en} ${p.attributes.map((a) => a.displayValue).join(' ')}`.toLowerCase()
      assert.ok(hay.includes('mouse') && hay.includes('igg1'), i.productTitle)
    }
    const a = await search('antibody', '&page=2&pageSize=20')
    const b = await search('antibody', '&page=2&pageSize=20')
    assert.deepEqual(
      a.items.map((i) => i.sku),
      b.items.map((i) => i.sku),
    )
    const p1 = await search('antibody', '&page=1&pageSize=20')
    assert.equal(new Set([...p1.items, ...a.items].map((i) => i.sku)).size, 40)
  })

  it('search: Chinese names, including 2-character queries (抗体, 试剂) and a single character (酶)', async () => {
    for (const q of ['抗体', '试剂', '单克隆抗体', '酶']) {
      const r = await search(q, '&pageSize=50', { languagecode: 'cn' })
      const { n } = await ctx()
        .db.selectFrom('products')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('title_zh', 'like', `%${q}%`)
        .executeTakeFirstOrThrow()
      assert.ok(Number(n) > 0, q)
      assert.equal(r.total, Math.min(Number(n), 1000), q)
      assert.ok(
        r.items.every((i) => i.productTitle.includes(q)),
        q,
      )
    }
  })

  it('search: attribute values (FITC, Human) match; title matches rank above attribute-only matches', async () => {
    const r = await search('FITC', '&pageSize=50')
    const flags: boolean[] = []
    for (let page = 1; page <= Math.ceil(Math.min(r.total, 200) / 50); page++) {
      for (const i of (await search('FITC', `&page=${page}&pageSize=50`)).items) {
        const p = await product(i.catalogNumber)
        const inTitle = /fitc/i.test(p.title_en)
        assert.ok(inTitle || p.attributes.some((a) => /fitc/i.test(a.displayValue)), i.catalogNumber)
        flags.push(inTitle)
      }
    }
    const firstAttrOnly = flags.indexOf(false)
    assert.ok(flags[0] === true, 'a title match first')
    if (firstAttrOnly >= 0)
      assert.ok(
        flags.slice(firstAttrOnly).every((x) => !x),
        'title matches never follow attribute-only matches',
      )
    const { n } = await ctx()
      .db.selectFrom('products')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(
        sql<boolean>`title_en NOT ILIKE '%human%' AND attributes @> '[{"displayName":"Reactivity","displayValue":"Human"}]'`,
      )
      .executeTakeFirstOrThrow()
    assert.ok(Number(n) > 0)
    const human = await search('human', '&pageSize=1')
    assert.ok(human.total >= Number(n), 'products with Reactivity Human are found')
  })

  it('search: 1-2 letter words match whole words: "PE" finds PE and PE-Cyanine7 conjugates, not PerCP or pipettes', async () => {
    const r = await search('PE', '&pageSize=50')
    assert.ok(r.total > 0)
    for (const i of r.items) {
      const p = await product(i.catalogNumber)
      const text = `${p.title_en} ${p.attributes.map((a) => a.displayValue).join(' ')}`
      assert.match(text, /(^|[^A-Za-z0-9])PE([^A-Za-z0-9]|$)/, i.productTitle)
    }
  })

  it('search: categoryCode filters to a category and its children; unknown category gives no results', async () => {
    const r = await search('antibody', '&categoryCode=flow-cytometry-antibodies&pageSize=50')
    assert.ok(r.total > 0)
    for (const i of r.items) assert.equal((await product(i.catalogNumber)).category, 'flow-cytometry-antibodies')
    const top = await search('antibody', '&categoryCode=antibodies&pageSize=50')
    assert.ok(top.total >= r.total)
    assert.equal((await search('antibody', '&categoryCode=no-such-category')).total, 0)
  })

  it('search: broad queries cap the count ("totalCapped") instead of counting everything', async () => {
    const r = await search('抗体')
    assert.equal(r.total, 1000)
    assert.equal(r.totalCapped, true)
    const narrow = await search('caspase')
    assert.equal(narrow.totalCapped, false)
  })

  it('search: prices per user exactly like /product/list (approved.cn account prices, lite.cn list only)', async () => {
    const aps = await accountPrices(DEMO_USERS.approvedCn, 'CNY')
    const target = aps[0]
    const approved = await search(target.catalog_number, '', auth(await tokenFor(ctx(), DEMO_USERS.approvedCn)))
    assert.deepEqual(approved.items[0].price, { amount: target.price / 100, priceType: target.price_type })
    const lite = await search(target.catalog_number, '', auth(await tokenFor(ctx(), DEMO_USERS.liteCn)))
    assert.deepEqual(lite.items[0].price, { amount: target.list_price_cny! / 100, priceType: 'list' })
    const anon = await search(target.catalog_number)
    assert.deepEqual(anon.items[0].price, lite.items[0].price)
  })

  it('search, no result: close catalogue terms and popular categories are suggested', async () => {
    const r = await search('antibdy')
    assert.equal(r.total, 0)
    assert.ok(
      r.suggestions.some((s) => s.kind === 'term' && s.text.toLowerCase() === 'antibody'),
      JSON.stringify(r.suggestions),
    )
    const cats = r.suggestions.filter((s) => s.kind === 'category')
    assert.ok(cats.length >= 3 && cats.every((c) => c.categoryCode))
    const zh = await search('抗休', '', { languagecode: 'cn' })
    assert.equal(zh.total, 0)
    assert.ok(
      zh.suggestions.some((s) => s.text === '抗体'),
      JSON.stringify(zh.suggestions),
    )
    const hit = await search('caspase')
    assert.deepEqual(hit.suggestions, [])
  })

  it('search: bad input gets a 400 naming the field', async () => {
    await refusedNamingField('/api/product/search', [
      ['q=%20%20', 'querystring/q'],
      ['q=a&pageSize=51', 'querystring/pageSize'],
      ['q=a&categoryCode=Bad!', 'querystring/categoryCode'],
      ['', 'querystring/q'],
      ['q=a&sort=x', 'querystring/sort'],
    ])
  })

  it('search_text normalisation: the TypeScript twin agrees with catalog_search_norm() in the database', async () => {
    const rows = await ctx()
      .db.selectFrom('products')
      .select(['title_en', 'title_zh'])
      .orderBy('id')
      .limit(300)
      .execute()
    const samples = [
      ...rows.flatMap((r) => [r.title_en, r.title_zh]),
      'Anti-CD3 (OKT3), 2-8°C µL',
      'a1b2C3 抗体x9',
      '  --  ',
    ]
    const { rows: out } = await sql<{
      n: string
    }>`SELECT catalog_search_norm(t) AS n FROM unnest(${samples}::text[]) WITH ORDINALITY AS u(t, i) ORDER BY i`.execute(
      ctx().db,
    )
    assert.deepEqual(
      out.map((r) => r.n),
      samples.map(searchNorm),
    )
  })

  // ---------------- product page ----------------
  it('GET /product/catalog: details in the requested order, unknown numbers absent, case-insensitive', async () => {
    const rows = await ctx().db.selectFrom('products').select('catalog_number').orderBy('id').limit(3).execute()
    const [a, b, c] = rows.map((r) => r.catalog_number)
    const d = await detail(`${c},NOPE-0000,${a.toLowerCase()},${b}`)
    assert.deepEqual(
      d.map((x) => x.catalogNumber),
      [c, a, b],
    )
    for (const x of d) {
      const p = await product(x.catalogNumber)
      assert.equal(x.webId, String(p.id))
      assert.equal(x.category.code, p.category)
      assert.ok(x.category.topCode && x.category.topName && x.category.topCode !== x.category.code)
      assert.deepEqual(x.displayAttributeList, p.attributes)
      assertPlainHtml(x.descriptionHtml)
      assert.ok(x.descriptionHtml.includes(x.catalogNumber))
      assert.ok(
        x.variants.some((v) => v.catalogNumber === x.catalogNumber),
        'variants include this one',
      )
    }
    assert.deepEqual(await detail('NOPE-1'), [])
  })

  it('product page: variants are the same product in other sizes; documents include per-lot CoAs; free goods on some antibodies', async () => {
    const fam = await cat(ctx().db)
      .selectFrom('product_catalog as pc')
      .innerJoin('products as p', 'p.id', 'pc.product_id')
      .select(['pc.family_id', 'p.catalog_number'])
      .where('pc.family_id', 'is not', null)
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const [x] = await detail(fam.catalog_number, { languagecode: 'en' })
    assert.ok(x.variants.length >= 2 && x.variants.length <= 3)
    assert.equal(new Set(x.variants.map((v) => v.size)).size, x.variants.length, 'distinct sizes')
    assert.ok(x.variants.every((v) => v.productTitle === x.productTitle))
    const others = await detail(x.variants.map((v) => v.catalogNumber).join(','), { languagecode: 'en' })
    for (const o of others) assert.deepEqual(o.variants, x.variants)

    const coa = await cat(ctx().db)
      .selectFrom('product_documents as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .select(['p.catalog_number', 'd.lot_number'])
      .where('d.doc_type', '=', 'coa')
      .orderBy('d.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const [y] = await detail(coa.catalog_number)
    const c = y.documents.find((d) => d.type === 'coa' && d.lotNumber === coa.lot_number)
    assert.ok(c, 'the lot CoA is listed')
    assert.match(c!.lotNumber!, /^LOT-\d{4}-\d{4}$/)
    assert.equal(c!.fileUrl, `/api/document/file/${c!.id}`)

    const free = await cat(ctx().db)
      .selectFrom('product_free_goods as f')
      .innerJoin('products as p', 'p.id', 'f.product_id')
      .select('p.catalog_number')
      .where('f.kind', '=', 'free')
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const [z] = await detail(free.catalog_number, { languagecode: 'en' })
    assert.equal(z.freeGoodItem?.productName, 'Free pipette tip box')
    assert.equal(z.category.topCode, 'antibodies')
    const [zh] = await detail(free.catalog_number, { languagecode: 'zh' })
    assert.match(zh.freeGoodItem!.productName, /[\u4e00-\u9fff]/)
    assert.match(zh.descriptionHtml, /仅供科研使用/)
  })

  it('product page: quote-only instruments carry productLeadTarget; others null; price per user', async () => {
    const lead = await ctx()
      .db.selectFrom('products')
      .select('catalog_number')
      .where('lead_target', '=', true)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const [x] = await detail(lead.catalog_number)
    assert.equal(
      x.productLeadTarget,
      `/lead-generation/ordersubmit?catalogNumber=${encodeURIComponent(lead.catalog_number)}`,
    )
    assert.equal(x.leadTarget, true)
    const ap = (await accountPrices(DEMO_USERS.approvedCn, 'CNY'))[1]
    const [y] = await detail(ap.catalog_number, auth(await tokenFor(ctx(), DEMO_USERS.approvedCn)))
    assert.deepEqual(y.price, { amount: ap.price / 100, priceType: ap.price_type })
    assert.equal(y.productLeadTarget, null)
  })

  it('product page: a malformed list is a 400 naming catalogNumber (empty entry, bad characters, more than 20, missing)', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `A${i}`).join(',')
    await refusedNamingField(
      '/api/product/catalog',
      ['catalogNumber=a,,b', 'catalogNumber=%3Cscript%3E', `catalogNumber=${many}`, '', 'catalogNumber='].map(
        (q): [string, RegExp] => [q, /querystring\/catalogNumber/],
      ),
    )
  })

  // ---------------- prices ----------------
  it('POST /product/price: approved account gets efPrice / onlinePrice per its prices; list-only products say priceType list', async () => {
    const aps = await accountPrices(DEMO_USERS.approvedCn, 'CNY')
    const wop = aps.find((a) => a.price_type === 'wop')!
    const your = aps.find((a) => a.price_type === 'yourPrice')!
    const listOnly = await ctx()
      .db.selectFrom('products as p')
      .select(['p.catalog_number', 'p.list_price_cny'])
      .where('p.list_price_cny', 'is not', null)
      .where('p.id', 'not in', ctx().db.selectFrom('account_prices').select('product_id'))
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const t = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const r = await post<PriceResponse>(
      '/api/product/price',
      {
        accountNumber: '1000001',
        items: [{ catalogNumber: wop.catalog_number, quantity: 2 }],
        catalogNumbers: [your.catalog_number, listOnly.catalog_number, 'NOPE-1'],
      },
      PriceResponseSchema,
      auth(t),
    )
    assert.deepEqual(
      r.products.map((p) => p.catalogNumber),
      [wop.catalog_number, your.catalog_number, listOnly.catalog_number],
    )
    const [w, y, l] = r.products
    assert.deepEqual(w, {
      catalogNumber: wop.catalog_number,
      currency: 'CNY',
      listPrice: wop.list_price_cny! / 100,
      unitPrice: wop.list_price_cny! / 100,
      efPrice: wop.price / 100,
      onlinePrice: wop.price / 100,
      unFormattedPrice: wop.price / 100,
      priceType: 'wop',
      priceAccess: { status: 'orderable' },
    })
    assert.equal(y.efPrice, your.price / 100)
    assert.equal(y.onlinePrice, null)
    assert.equal(y.priceType, 'yourPrice')
    assert.deepEqual([l.efPrice, l.unFormattedPrice, l.priceType], [null, listOnly.list_price_cny! / 100, 'list'])
  })

  it('POST /product/price: "A Partially Registered user is priced as a lite user (list only)"; anonymous list only; no price -> "no price"', async () => {
    const ap = (await accountPrices(DEMO_USERS.approvedCn, 'CNY'))[0]
    const noPrice = await ctx()
      .db.selectFrom('products')
      .select('catalog_number')
      .where('list_price_cny', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const body = { catalogNumbers: [ap.catalog_number, noPrice.catalog_number] }
    const lite = await post<PriceResponse>(
      '/api/product/price',
      body,
      PriceResponseSchema,
      auth(await tokenFor(ctx(), DEMO_USERS.liteCn)),
    )
    const anon = await post<PriceResponse>('/api/product/price', body, PriceResponseSchema)
    for (const r of [lite, anon]) {
      assert.deepEqual(
        [r.products[0].priceType, r.products[0].efPrice, r.products[0].unFormattedPrice],
        ['list', null, ap.list_price_cny! / 100],
      )
      assert.deepEqual(r.products[1], {
        catalogNumber: noPrice.catalog_number,
        currency: 'CNY',
        listPrice: null,
        unitPrice: null,
        efPrice: null,
        onlinePrice: null,
        unFormattedPrice: null,
        priceType: null,
        priceAccess: { status: 'no price' },
      })
    }
    const inr = await post<PriceResponse>('/api/product/price', body, PriceResponseSchema, { countrycode: 'in' })
    assert.equal(inr.products[0].currency, 'INR')
    assert.ok(Math.abs(inr.products[0].listPrice! - (ap.list_price_cny! / 100) * 11.6) <= 0.01)
  })

  it("POST /product/price: accountNumber must be the caller's own account (403 FORBIDDEN otherwise; anonymous may not send one)", async () => {
    const body = (accountNumber: string) => ({ accountNumber, catalogNumbers: ['X'] })
    const approved = auth(await tokenFor(ctx(), DEMO_USERS.approvedCn))
    assert.equal(
      (await status('POST', '/api/product/price', body('1000002'), approved)).code,
      200,
      'a ship-to of the same account',
    )
    for (const [acc, headers] of [
      ['3000001', approved],
      ['1000001', {}],
      ['1000001', auth(await tokenFor(ctx(), DEMO_USERS.liteCn))],
      ['1000001', auth('bad.token')],
    ] as const) {
      const r = await status('POST', '/api/product/price', body(acc), headers)
      assert.equal(r.code, 403, acc)
      assert.equal(r.body.code, 'FORBIDDEN')
      assert.match(r.body.message, /accountNumber/)
    }
  })

  it('POST /product/price: bad bodies are 400s naming the field', async () => {
    for (const [payload, field] of [
      [{}, 'body/items'],
      [{ items: [{ catalogNumber: 'A', quantity: 0 }] }, 'body/items/0/quantity'],
      [{ catalogNumbers: 'A' }, 'body/catalogNumbers'],
      [{ catalogNumbers: ['A'], extra: 1 }, 'body/extra'],
    ] as const) {
      const r = await status('POST', '/api/product/price', payload)
      assert.equal(r.code, 400, JSON.stringify(payload))
      assert.match(r.body.message, new RegExp(field))
    }
  })

  // ---------------- availability ----------------
  it('POST /product/availability and /availability: per item, "Out of stock"/缺货, exact up to 100, ">100" above', async () => {
    const pick = async (where: string) =>
      (
        await sql<{
          catalog_number: string
          quantity: number
        }>`SELECT p.catalog_number, s.quantity FROM products p JOIN product_stock s ON s.product_id = p.id WHERE ${sql.raw(where)} ORDER BY p.id LIMIT 1`.execute(
          ctx().db,
        )
      ).rows[0]
    const none = await pick('s.quantity = 0')
    const few = await pick('s.quantity BETWEEN 1 AND 100')
    const many = await pick('s.quantity > 500')
    const items = [
      { catalogNumber: none.catalog_number, quantity: 1 },
      { catalogNumber: few.catalog_number, quantity: 1 },
      { catalogNumber: many.catalog_number, quantity: 1 },
      { catalogNumber: 'NOPE-1', quantity: 1 },
    ]
    const en = await post<AvailabilityRecord[]>('/api/product/availability', { items }, AvailabilityResponseSchema, {
      languagecode: 'en',
    })
    assert.deepEqual(en, [
      { catalogNumber: none.catalog_number, availableQuantity: 0, displayInventory: 'Out of stock' },
      { catalogNumber: few.catalog_number, availableQuantity: few.quantity, displayInventory: String(few.quantity) },
      { catalogNumber: many.catalog_number, availableQuantity: 101, displayInventory: '>100' },
    ])
    const zh = await post<AvailabilityRecord[]>('/api/availability', { items }, AvailabilityResponseSchema, {
      languagecode: 'cn',
    })
    assert.equal(zh[0].displayInventory, '缺货')
    assert.deepEqual(zh.slice(1), en.slice(1))
    // spec §4: at or above the desired quantity = IN_STOCK, otherwise PARTIALLY_IN_STOCK, without revealing the stock
    const big = await post<AvailabilityRecord[]>(
      '/api/availability',
      {
        items: [
          { catalogNumber: many.catalog_number, quantity: 400 },
          { catalogNumber: few.catalog_number, quantity: 999 },
        ],
      },
      AvailabilityResponseSchema,
    )
    assert.deepEqual(
      big.map((b) => b.availableQuantity),
      [400, few.quantity],
    )
  })

  it('availability: no seeded stock above 100 is ever revealed', async () => {
    const rows = (
      await sql<{
        catalog_number: string
      }>`SELECT p.catalog_number FROM products p JOIN product_stock s ON s.product_id = p.id WHERE s.quantity > 100 ORDER BY p.id LIMIT 100`.execute(
        ctx().db,
      )
    ).rows
    const out = await post<AvailabilityRecord[]>(
      '/api/availability',
      { items: rows.map((r) => ({ catalogNumber: r.catalog_number, quantity: 1 })) },
      AvailabilityResponseSchema,
    )
    assert.equal(out.length, 100)
    for (const o of out) assert.deepEqual([o.availableQuantity, o.displayInventory], [101, '>100'])
    const { n } = await cat(ctx().db)
      .selectFrom('product_stock')
      .select(sql<number>`count(*) filter (where quantity = 0)::int`.as('n'))
      .executeTakeFirstOrThrow()
    assert.ok(Number(n) > TEST_PRODUCT_COUNT * 0.05, 'some products are out of stock')
  })

  it('availability: accountNumber of another account is 403; empty items is a 400', async () => {
    const items = [{ catalogNumber: 'X', quantity: 1 }]
    assert.equal((await status('POST', '/api/availability', { accountNumber: '1000001', items })).code, 403)
    assert.equal(
      (
        await status(
          'POST',
          '/api/product/availability',
          { accountNumber: '1000001', items },
          auth(await tokenFor(ctx(), DEMO_USERS.approvedIn)),
        )
      ).code,
      403,
    )
    const r = await status('POST', '/api/availability', { items: [] })
    assert.equal(r.code, 400)
    assert.match(r.body.message, /body\/items/)
  })

  // ---------------- documents ----------------
  it('GET /document/search: CoA by catalogue number AND lot; by type; by free text with type words; newest first', async () => {
    const coa = await cat(ctx().db)
      .selectFrom('product_documents as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .select(['p.catalog_number', 'd.lot_number'])
      .where('d.doc_type', '=', 'coa')
      .orderBy('d.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    const r = await get<DocumentSearchResult>(
      `/api/document/search?catalogNumber=${coa.catalog_number.toLowerCase()}&lotNumber=${coa.lot_number!.toLowerCase()}`,
      DocumentSearchResultSchema,
    )
    assert.ok(r.total >= 1)
    for (const d of r.items)
      assert.deepEqual([d.type, d.catalogNumber, d.lotNumber], ['coa', coa.catalog_number, coa.lot_number])
    const inText = await get<DocumentSearchResult>(
      `/api/document/search?q=${encodeURIComponent(`${coa.catalog_number} ${coa.lot_number}`)}`,
      DocumentSearchResultSchema,
    )
    assert.deepEqual(
      inText.items.map((d) => d.id),
      r.items.map((d) => d.id),
    )

    const sds = await get<DocumentSearchResult>('/api/document/search?type=sds&pageSize=50', DocumentSearchResultSchema)
    assert.ok(sds.total > 100 && sds.items.every((d) => d.type === 'sds' && d.lotNumber === null))
    const dates = sds.items.map((d) => d.updatedAt)
    assert.deepEqual(dates, [...dates].sort().reverse())
    const { n: sdsCount } = await cat(ctx().db)
      .selectFrom('product_documents')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('doc_type', '=', 'sds')
      .executeTakeFirstOrThrow()
    assert.equal(sds.total, Number(sdsCount))

    const manuals = await get<DocumentSearchResult>(
      `/api/document/search?q=${encodeURIComponent('TRIzol manual')}&pageSize=50`,
      DocumentSearchResultSchema,
    )
    assert.ok(manuals.total > 0)
    assert.ok(manuals.items.every((d) => d.type === 'manual' && /trizol/i.test(d.title)))
    const zh = await get<DocumentSearchResult>(
      `/api/document/search?q=${encodeURIComponent('抗体 说明书')}&pageSize=50`,
      DocumentSearchResultSchema,
    )
    assert.ok(zh.total > 0 && zh.items.every((d) => d.type === 'manual'))
    const none = await get<DocumentSearchResult>(
      '/api/document/search?lotNumber=LOT-0000-0000',
      DocumentSearchResultSchema,
    )
    assert.equal(none.total, 0)
  })

  it('document search: bad input is a 400 naming the field', async () => {
    await refusedNamingField('/api/document/search', [
      ['type=pdf', 'querystring/type'],
      ['catalogNumber=%3Cx%3E', 'querystring/catalogNumber'],
      ['lotNumber=a%20b', 'querystring/lotNumber'],
      ['pageSize=51', 'querystring/pageSize'],
    ])
  })

  it('GET /document/file/:id: a real PDF with the title, catalogue number and lot; inline with a safe file name; unknown id 404', async () => {
    const d = await cat(ctx().db)
      .selectFrom('product_documents as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .select(['d.id', 'd.file_name', 'd.lot_number', 'p.catalog_number'])
      .where('d.doc_type', '=', 'coa')
      .where('d.language', '=', 'en')
      .orderBy('d.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const res = await ctx().app.inject(`/api/document/file/${d.id}`)
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'application/pdf')
    assert.equal(res.headers['content-disposition'], `inline; filename="${d.file_name}"`)
    assert.match(d.file_name, /^[A-Za-z0-9._-]+\.pdf$/)
    const pdf = res.rawPayload
    const text = pdf.toString('latin1')
    assert.ok(text.startsWith('%PDF-1.4\n') && text.trimEnd().endsWith('%%EOF'))
    // every xref entry points at its object; startxref points at the xref table
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1])
    assert.equal(text.slice(startxref, startxref + 4), 'xref')
    const entries = text
      .slice(startxref)
      .split('\n')
      .slice(3)
      .filter((l) => / 00000 n $/.test(l))
    assert.ok(entries.length >= 9)
    entries.forEach((e, i) =>
      assert.equal(
        text.slice(Number(e.slice(0, 10)), Number(e.slice(0, 10)) + `${i + 1} 0 obj`.length),
        `${i + 1} 0 obj`,
      ),
    )
    const len = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1])
    const start = text.indexOf('stream\n') + 7
    assert.equal(text.slice(start + len, start + len + 9), 'endstream')
    assert.ok(text.includes(`(Catalogue number: ${d.catalog_number})`))
    assert.ok(text.includes(`(Lot number: ${d.lot_number})`))
    assert.ok(text.includes('Certificate of Analysis'))
    const zh = await cat(ctx().db)
      .selectFrom('product_documents')
      .select('id')
      .where('language', '=', 'zh')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const zres = await ctx().app.inject(`/api/document/file/${zh.id}`)
    assert.equal(zres.statusCode, 200)
    assert.match(zres.rawPayload.toString('latin1'), /STSong-Light/)
    assert.equal((await ctx().app.inject('/api/document/file/999999')).statusCode, 404)
    const bad = await ctx().app.inject('/api/document/file/abc')
    assert.equal(bad.statusCode, 400)
    assert.match(bad.json().message, /params\/id/)
  })

  // ---------------- selection tools ----------------
  it('GET /product/selection/facets: antibody facets (Host Species, Reactivity, Conjugate, Applications) with counts from the products', async () => {
    const f = await get<SelectionFacets>(
      '/api/product/selection/facets?categoryCode=antibodies',
      SelectionFacetsSchema,
      { languagecode: 'en' },
    )
    const names = f.facets.map((x) => x.name)
    assert.deepEqual(names.slice(0, 4), ['Host Species', 'Reactivity', 'Conjugate', 'Applications'])
    const top = (
      await ctx().db.selectFrom('categories').select('id').where('code', '=', 'antibodies').executeTakeFirstOrThrow()
    ).id
    const counted = await cat(ctx().db)
      .selectFrom('product_attribute_values as a')
      .innerJoin('products as p', 'p.id', 'a.product_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['a.value', sql<number>`count(*)::int`.as('n')])
      .where('a.name', '=', 'Host Species')
      .where((eb) => eb.or([eb('c.id', '=', top), eb('c.parent_id', '=', top)]))
      .groupBy('a.value')
      .execute()
    const host = f.facets.find((x) => x.name === 'Host Species')!
    assert.deepEqual(
      Object.fromEntries(host.values.map((v) => [v.value, v.count])),
      Object.fromEntries(counted.map((c) => [c.value, Number(c.n)])),
    )
    const reactivity = f.facets.find((x) => x.name === 'Reactivity')!
    assert.equal(reactivity.multiValued, true)
    assert.deepEqual(reactivity.values.map((v) => v.value).sort(), ['Human', 'Mouse', 'Rat'])
    const zh = await get<SelectionFacets>(
      '/api/product/selection/facets?categoryCode=antibodies',
      SelectionFacetsSchema,
      { languagecode: 'cn' },
    )
    assert.equal(zh.facets[0].label, '宿主')
    // choosing a value narrows the counts
    const narrowed = await get<SelectionFacets>(
      `/api/product/selection/facets?categoryCode=antibodies&filters=${encodeURIComponent('Host Species:Rabbit')}`,
      SelectionFacetsSchema,
    )
    assert.equal(narrowed.total, host.values.find((v) => v.value === 'Rabbit')!.count)
    assert.deepEqual(
      narrowed.facets.find((x) => x.name === 'Host Species')!.values.map((v) => v.value),
      ['Rabbit'],
    )
  })

  it('GET /product/selection: products "matching all chosen values", paged; JSON and repeated filters agree', async () => {
    const filters = { Reactivity: ['Human', 'Mouse'], Applications: 'WB' }
    const a = await get<SelectionResult>(
      `/api/product/selection?categoryCode=antibodies&pageSize=50&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      SelectionResultSchema,
    )
    const b = await get<SelectionResult>(
      `/api/product/selection?categoryCode=antibodies&pageSize=50&filters=${encodeURIComponent('Reactivity:Human')}&filters=${encodeURIComponent('Reactivity:Mouse')}&filters=Applications:WB`,
      SelectionResultSchema,
    )
    assert.deepEqual(
      a.items.map((i) => i.sku),
      b.items.map((i) => i.sku),
    )
    assert.equal(a.total, b.total)
    assert.ok(a.total > 0 && a.items.length > 0)
    for (const i of a.items) {
      const p = await product(i.catalogNumber)
      const reactivity = p.attributes.find((x) => x.displayName === 'Reactivity')!.displayValue.split(/,\s*/)
      const apps = p.attributes.find((x) => x.displayName === 'Applications')!.displayValue.split(/,\s*/)
      assert.ok(reactivity.includes('Human') && reactivity.includes('Mouse') && apps.includes('WB'), i.catalogNumber)
    }
    const page2 = await get<SelectionResult>(
      `/api/product/selection?categoryCode=antibodies&pageSize=50&page=2&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      SelectionResultSchema,
    )
    assert.equal(new Set([...a.items, ...page2.items].map((i) => i.sku)).size, a.items.length + page2.items.length)
    const missing = await status('GET', '/api/product/selection?categoryCode=no-such')
    assert.equal(missing.code, 404)
    const bad = await status('GET', `/api/product/selection?filters=${encodeURIComponent('{oops')}`)
    assert.equal(bad.code, 400)
    assert.match(bad.body.message, /querystring\/filters/)
  })

  it('GET /product/dual-origin: dual-origin and surcharge products with origin and a localized surcharge reason', async () => {
    const r = await get<DualOriginList>('/api/product/dual-origin?pageSize=50', DualOriginListSchema, {
      languagecode: 'en',
    })
    const { n } = await cat(ctx().db)
      .selectFrom('product_catalog')
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => eb.or([eb('origin', '=', 'dual'), eb('surcharge_cny', 'is not', null)]))
      .executeTakeFirstOrThrow()
    assert.equal(r.total, Number(n))
    assert.ok(r.items.length === 50)
    for (const i of r.items) assert.ok(i.origin === 'dual' || i.surcharge !== null)
    const withSurcharge = r.items.find((i) => i.surcharge)!
    assert.ok(withSurcharge.surcharge!.amount > 0 && withSurcharge.surcharge!.currency === 'CNY')
    assert.match(withSurcharge.surcharge!.reason, /surcharge/i)
    const dual = await get<DualOriginList>('/api/product/dual-origin?only=dual&pageSize=50', DualOriginListSchema)
    assert.ok(dual.total > 0 && dual.total < r.total && dual.items.every((i) => i.origin === 'dual'))
    const zh = await get<DualOriginList>('/api/product/dual-origin?only=surcharge&pageSize=5', DualOriginListSchema, {
      languagecode: 'cn',
      countrycode: 'in',
    })
    assert.ok(
      zh.items.every(
        (i) =>
          i.surcharge && /附加费/.test(i.surcharge.reason) && i.surcharge.currency === 'INR' && i.currency === 'INR',
      ),
    )
  })
})
