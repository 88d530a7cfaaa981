import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { auth, describeEachDb, tokenFor, type TestContext } from './helpers'
import { buyerPrice, erpClient, postRows, sendRows, type ErpClient } from './erp-helpers'
import { ERP_MAX_ROWS } from '../../types/platform/erp'

/**
 * Issue 24, "The ERP integration", In: "an integration client (OAuth 2 client credentials from the embedded provider,
 * scoped) posts ... product data. Each call is idempotent by the sender's id; bulk calls take up to 1,000 rows and
 * answer per row." A product row follows the staff import's products file (docs/admin-api/catalogue-import.md) and
 * the buyer sees it at once, as after an import.
 */

const NEW = 'ERP-WB-0001'
const OTHER = 'ERP-WB-0002'
const product = {
  catalogNumber: NEW,
  titleEn: 'Wallabase Recombinant Enzyme',
  titleZh: '袋鼠酶 重组蛋白',
  size: '100 µg',
  brand: 'ErpBrand',
  categoryCode: 'primary-antibodies',
  listPriceCny: 1280,
  listPriceInr: 15000,
}

/** Every stored product, as one checksum: equal checksums mean no product changed. */
async function productsChecksum(db: Kysely<DB>): Promise<string> {
  const r = await sql<{ n: number; h: string }>`
    SELECT count(*)::int AS n, md5(string_agg(p::text, E'\\n' ORDER BY id)) AS h FROM products p`.execute(db)
  return `${r.rows[0].n}:${r.rows[0].h}`
}

describeEachDb('the inbound ERP API: product data (issue 24)', (ctx: () => TestContext) => {
  let erp: ErpClient
  let buyer: string

  const buyerGet = (url: string) =>
    ctx().app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { ...auth(buyer), languagecode: 'en', countrycode: 'cn' },
    })
  const stored = (cat: string) =>
    ctx().db.selectFrom('products').selectAll().where('catalog_number', '=', cat).executeTakeFirst()

  it('set-up: an integration client with erp:catalogue; a buyer', async () => {
    const { app, db } = ctx()
    erp = await erpClient(app, db, ['erp:catalogue'])
    buyer = await tokenFor(ctx(), 'approved.cn')
  })

  it("a new product is created and the buyer finds it at once (search and detail); a bad row is refused with its reason while the call's good rows apply", async () => {
    const { app } = ctx()
    // searched first: the cached empty answer must not hide the new product afterwards
    const before = await buyerGet('/product/search?q=wallabase')
    assert.equal(before.json().data.total, 0)

    const a = await sendRows(app, erp.token, 'products', [
      { id: 'p-1', ...product },
      { id: 'p-2', ...product, catalogNumber: 'ERP-WB-BAD1', size: 'a big bottle' },
      { id: 'p-3', catalogNumber: 'ERP-WB-BAD2', listPriceCny: 10 },
      { id: 'p-4', ...product, catalogNumber: 'ERP-WB-BAD3', categoryCode: 'no-such-category' },
      { id: 'p-5', ...product, catalogNumber: 'ERP-WB-BAD4', listPriceCny: 12.345 },
      { id: 'p-6', ...product, catalogNumber: OTHER, titleEn: 'Wallabase Buffer', listPriceCny: null },
    ])
    assert.deepEqual(
      a.results.map((r) => [r.id, r.status, r.code ?? null]),
      [
        ['p-1', 200, null],
        ['p-2', 400, 'VALIDATION_ERROR'],
        ['p-3', 404, 'PRODUCT_NOT_FOUND'],
        ['p-4', 404, 'CATEGORY_NOT_FOUND'],
        ['p-5', 400, 'VALIDATION_ERROR'],
        ['p-6', 200, null],
      ],
    )
    assert.deepEqual([a.accepted, a.refused], [2, 4])
    // each refusal says why, naming the field (the import's rules)
    assert.match(a.results[1].message!, /^size .*is not a pack size/)
    assert.match(a.results[2].message!, /a new product needs titleEn, titleZh, size, brand, categoryCode/)
    assert.match(a.results[3].message!, /categoryCode "no-such-category" is not a category/)
    assert.match(a.results[4].message!, /^listPriceCny .*at most 2 decimals/)
    assert.deepEqual(a.results[0].result, { catalogNumber: NEW, sku: `SKU-${NEW}`, action: 'created' })
    for (const bad of ['ERP-WB-BAD1', 'ERP-WB-BAD2', 'ERP-WB-BAD3', 'ERP-WB-BAD4'])
      assert.equal(await stored(bad), undefined, `${bad} was not written`)

    const found = await buyerGet('/product/search?q=wallabase')
    assert.equal(found.statusCode, 200, found.body)
    const items = found.json().data.items as { catalogNumber: string; listPrice: number | null }[]
    assert.deepEqual(items.map((i) => i.catalogNumber).sort(), [NEW, OTHER])
    assert.equal(items.find((i) => i.catalogNumber === NEW)!.listPrice, 1280)
    const page = await buyerGet(`/product/catalog?catalogNumber=${NEW}`)
    assert.equal(page.statusCode, 200, page.body)
    const p = page.json().data[0]
    assert.equal(p.productTitle, 'Wallabase Recombinant Enzyme')
    assert.equal(p.category.code, 'primary-antibodies')
    assert.deepEqual(p.price, { amount: 1280, priceType: 'list' })
    assert.equal((await stored(OTHER))!.list_price_cny, null, 'null: price on request')
  })

  it("an update gives only what changes: the buyer's price follows, the rest is kept; a SKU of another product is refused", async () => {
    const { app } = ctx()
    const before = (await stored(NEW))!
    const a = await sendRows(app, erp.token, 'products', [
      { id: 'p-7', catalogNumber: NEW.toLowerCase(), listPriceCny: 990.5 },
      { id: 'p-8', catalogNumber: OTHER, sku: `SKU-${NEW}` },
    ])
    assert.deepEqual(
      a.results.map((r) => [r.id, r.status, r.code ?? null]),
      [
        ['p-7', 200, null],
        ['p-8', 409, 'SKU_TAKEN'],
      ],
    )
    assert.deepEqual(a.results[0].result, { catalogNumber: NEW, sku: `SKU-${NEW}`, action: 'updated' })
    assert.equal((await buyerPrice(ctx().app, buyer, NEW)).unFormattedPrice, 990.5)
    const page = await buyerGet(`/product/catalog?catalogNumber=${NEW}`)
    assert.deepEqual(page.json().data[0].price, { amount: 990.5, priceType: 'list' })
    const after = (await stored(NEW))!
    assert.deepEqual({ ...after, list_price_cny: before.list_price_cny }, before, 'only the price changed')
    assert.equal(after.list_price_cny, 99050)
    assert.equal((await stored(OTHER))!.sku, `SKU-${OTHER}`)
  })

  it('idempotent by the sender id: the same row again is replayed and changes nothing; the same id with other content is 409 ID_REUSED; the same data under a new id is unchanged', async () => {
    const { app, db } = ctx()
    const sum = await productsChecksum(db)
    const again = await sendRows(app, erp.token, 'products', [
      { id: 'p-7', catalogNumber: NEW.toLowerCase(), listPriceCny: 990.5 },
    ])
    assert.equal(again.results[0].replayed, true)
    assert.deepEqual(again.results[0].result, { catalogNumber: NEW, sku: `SKU-${NEW}`, action: 'updated' })
    const reused = await sendRows(app, erp.token, 'products', [
      { id: 'p-7', catalogNumber: NEW.toLowerCase(), listPriceCny: 1 },
    ])
    assert.deepEqual([reused.results[0].status, reused.results[0].code], [409, 'ID_REUSED'])
    const same = await sendRows(app, erp.token, 'products', [{ id: 'p-9', ...product, listPriceCny: 990.5 }])
    assert.deepEqual(same.results[0].result, { catalogNumber: NEW, sku: `SKU-${NEW}`, action: 'unchanged' })
    assert.equal(await productsChecksum(db), sum, 'no product changed')
    assert.equal((await buyerPrice(ctx().app, buyer, NEW)).unFormattedPrice, 990.5)
  })

  it('who may call: a token without erp:catalogue is 403, no token 401; neither writes', async () => {
    const { app, db } = ctx()
    const sum = await productsChecksum(db)
    const row = [{ id: 'auth-1', ...product, catalogNumber: 'ERP-WB-AUTH' }]
    const ordersOnly = await erpClient(app, db, ['erp:orders', 'erp:invoices'])
    const refused = await postRows(app, ordersOnly.token, 'products', row)
    assert.equal(refused.statusCode, 403, refused.body)
    assert.equal((await postRows(app, null, 'products', row)).statusCode, 401)
    assert.equal(await productsChecksum(db), sum)
  })

  it(`bulk calls take up to ${ERP_MAX_ROWS} rows: ${ERP_MAX_ROWS} new products are all applied and found at once`, async () => {
    const { app } = ctx()
    const rows = Array.from({ length: ERP_MAX_ROWS }, (_, i) => ({
      ...product,
      id: `full-${i}`,
      catalogNumber: `ERP-FULL-${i}`,
      titleEn: `Numbatase Reagent ${i}`,
    }))
    const t0 = Date.now()
    const a = await sendRows(app, erp.token, 'products', rows)
    console.log(`[${ctx().kind}] ${ERP_MAX_ROWS} product rows: ${Date.now() - t0} ms`)
    assert.deepEqual([a.accepted, a.refused], [ERP_MAX_ROWS, 0])
    const found = await buyerGet('/product/search?q=numbatase')
    assert.equal(found.json().data.total, ERP_MAX_ROWS)
  })

  it(`more than ${ERP_MAX_ROWS} rows are refused whole (400) and none is applied`, async () => {
    const { app, db } = ctx()
    const sum = await productsChecksum(db)
    const rows = Array.from({ length: ERP_MAX_ROWS + 1 }, (_, i) => ({
      ...product,
      id: `big-${i}`,
      catalogNumber: `ERP-BIG-${i}`,
    }))
    const res = await postRows(app, erp.token, 'products', rows)
    assert.equal(res.statusCode, 400, res.body)
    assert.equal(await productsChecksum(db), sum)
  })
})
