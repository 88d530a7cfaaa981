import { it } from 'node:test'
import assert from 'node:assert/strict'
import ExcelJS from 'exceljs'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { parseCsv } from '../../server/domains/catalog/staff/table-file'
import { auth, describeEachDb, tokenFor, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { TINY_PDF } from './staff-samples/catalog'

/**
 * Issue 24, the ERP integration: "Catalogue import by staff: CSV or XLSX of products, prices or stock, with a dry run
 * that lists every row's error, then apply; CoA and SDS files uploaded per catalogue number and lot."
 * Done when: "Import of 10,000 products with 3 bad rows: the dry run names the 3, apply writes 9,997, and a rerun
 * changes nothing."
 */

const N = 10_000
const cat = (i: number) => `IMP-${String(i).padStart(5, '0')}`
/** data row i is file row i + 2 (the header is row 1) */
const rowOf = (i: number) => i + 2
const BAD = { category: 1234, price: 5678, duplicate: 9001 }

/** 10,000 products as CSV (BOM, CRLF, quoted fields with commas, quotes and a line break), 3 of them bad. */
function productsCsv(): string {
  const lines = ['catalogNumber,titleEn,titleZh,size,brand,categoryCode,listPriceCny,listPriceInr']
  for (let i = 0; i < N; i++) {
    const title =
      i === 0
        ? '"Quokkanase Recombinant Enzyme, ""high purity"""'
        : i === 1
          ? '"Two-line\ntitle"'
          : `Import Reagent ${i}`
    const category = i === BAD.category ? 'no-such-category' : 'primary-antibodies'
    const price = i === BAD.price ? '12.345' : `${100 + (i % 900)}.50`
    const number = i === BAD.duplicate ? cat(17) : cat(i)
    lines.push(`${number},${title},导入试剂 ${i},100 µg,ImportBrand,${category},${price},${(i % 900) + 1000}`)
  }
  return '\ufeff' + lines.join('\r\n') + '\r\n'
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64')

async function productsChecksum(db: Kysely<DB>): Promise<string> {
  const r = await sql<{ n: number; h: string }>`
    SELECT count(*)::int AS n, md5(string_agg(p::text, E'\\n' ORDER BY id)) AS h FROM products p`.execute(db)
  return `${r.rows[0].n}:${r.rows[0].h}`
}

describeEachDb('catalogue import and document uploads by staff (issue 24)', (ctx: () => TestContext) => {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await ctx().app.inject({
      method,
      url: `/api${url}`,
      headers: { ...auth(token), languagecode: 'en', countrycode: 'cn', ...headers },
      ...(payload ? { payload } : {}),
    })
    return { status: res.statusCode, body: res.json(), raw: res }
  }
  const staff = (role = 'staff-catalogue') => staffToken(ctx().db, `staff-${role.replace(/^staff-/, '')}`)
  const importFile = async (body: object, role?: string) =>
    call('POST', '/admin/catalogue/imports', await staff(role), body)
  const buyerGet = (url: string, token?: string) =>
    ctx().app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { languagecode: 'en', countrycode: 'cn', ...(token ? auth(token) : {}) },
    })

  it('parses RFC 4180: quotes, doubled quotes, commas and line breaks inside quotes, CRLF and LF', () => {
    assert.deepEqual(parseCsv('a,"b,1","c ""q"""\r\n"x\ny",,z\n'), [
      { line: 1, cells: ['a', 'b,1', 'c "q"'] },
      { line: 2, cells: ['x\ny', '', 'z'] },
    ])
    assert.deepEqual(parseCsv('a,""\nb'), [
      { line: 1, cells: ['a', ''] },
      { line: 2, cells: ['b'] },
    ])
  })

  // "Import of 10,000 products with 3 bad rows: the dry run names the 3, apply writes 9,997, and a rerun changes nothing."
  it('10,000 products with 3 bad rows: the dry run names the 3, apply writes 9,997, a rerun changes nothing', async () => {
    const { db } = ctx()
    // searched before the import: the (cached) empty answer must not hide the imported product afterwards
    const before = await buyerGet('/product/search?q=quokkanase')
    assert.equal(before.json().data.total, 0)

    const csv = productsCsv()
    const body = { kind: 'products', format: 'csv', fileName: 'products.csv', fileBase64: b64(csv), dryRun: true }
    const sum0 = await productsChecksum(db)
    const imports0 = Number(
      (
        await db
          .selectFrom('catalogue_imports')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

    const dry = await importFile(body)
    assert.equal(dry.status, 200, JSON.stringify(dry.body).slice(0, 500))
    const d = dry.body.data
    assert.equal(d.rows, N)
    assert.deepEqual(
      d.errors.map((e: { row: number; column: string | null }) => [e.row, e.column]),
      [
        [rowOf(BAD.category), 'categoryCode'],
        [rowOf(BAD.price), 'listPriceCny'],
        [rowOf(BAD.duplicate), null],
      ],
    )
    assert.match(d.errors[2].message, new RegExp(`row ${rowOf(17)}`))
    assert.deepEqual([d.valid, d.created, d.updated, d.unchanged, d.importId], [N - 3, N - 3, 0, 0, null])
    assert.equal(await productsChecksum(db), sum0, 'the dry run wrote nothing')
    assert.equal(
      Number(
        (
          await db
            .selectFrom('catalogue_imports')
            .select(sql<number>`count(*)::int`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      imports0,
    )

    const t0 = Date.now()
    const applied = await importFile({ ...body, dryRun: false })
    console.log(`[${ctx().kind}] apply of ${N} products: ${Date.now() - t0} ms`)
    assert.equal(applied.status, 200, JSON.stringify(applied.body).slice(0, 500))
    const a = applied.body.data
    assert.deepEqual([a.created, a.updated, a.unchanged, a.errors.length], [N - 3, 0, 0, 3])
    assert.equal(Number((await productsChecksum(db)).split(':')[0]), Number(sum0.split(':')[0]) + N - 3)
    const stored = await db
      .selectFrom('products')
      .selectAll()
      .where('catalog_number', '=', cat(0))
      .executeTakeFirstOrThrow()
    assert.equal(stored.title_en, 'Quokkanase Recombinant Enzyme, "high purity"')
    assert.equal(stored.list_price_cny, 10050)
    assert.equal(stored.sku, `SKU-${cat(0)}`)
    assert.equal(
      await db.selectFrom('products').select('id').where('catalog_number', '=', cat(BAD.category)).executeTakeFirst(),
      undefined,
    )

    // the import record and its one audit entry (counts, not rows)
    const list = await call('GET', '/admin/catalogue/imports?kind=products', await staff())
    assert.equal(list.status, 200)
    const rec = list.body.data.items[0]
    assert.equal(rec.id, a.importId)
    assert.deepEqual(
      [rec.staffId, rec.kind, rec.format, rec.fileName],
      ['staff-catalogue', 'products', 'csv', 'products.csv'],
    )
    assert.deepEqual([rec.rows, rec.created, rec.updated, rec.unchanged, rec.errorCount], [N, N - 3, 0, 0, 3])
    const detail = await call('GET', `/admin/catalogue/imports/${a.importId}`, await staff())
    assert.equal(detail.body.data.errors.length, 3)
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'catalogue_import')
      .where('entity_id', '=', String(a.importId))
      .execute()
    assert.equal(audit.length, 1)
    assert.equal(audit[0].staff_id, 'staff-catalogue')
    assert.equal((audit[0].after as { created: number }).created, N - 3)
    assert.equal(
      (audit[0].after as { stored: { products: number } }).stored.products -
        (audit[0].before as { stored: { products: number } }).stored.products,
      N - 3,
    )

    // the buyer finds it at once, with its price, and opens its page
    const found = await buyerGet('/product/search?q=quokkanase')
    assert.equal(found.statusCode, 200)
    assert.equal(found.json().data.total, 1)
    assert.equal(found.json().data.items[0].catalogNumber, cat(0))
    assert.equal(found.json().data.items[0].listPrice, 100.5)
    const page = await buyerGet(`/product/catalog?catalogNumber=${cat(0)}`)
    const p = page.json().data[0]
    assert.equal(p.productTitle, 'Quokkanase Recombinant Enzyme, "high purity"')
    assert.equal(p.category.code, 'primary-antibodies')
    assert.deepEqual(p.price, { amount: 100.5, priceType: 'list' })

    // a rerun of the same file changes nothing
    const sum1 = await productsChecksum(db)
    const t1 = Date.now()
    const again = await importFile({ ...body, dryRun: false })
    console.log(`[${ctx().kind}] rerun of ${N} products: ${Date.now() - t1} ms`)
    assert.equal(again.status, 200)
    const g = again.body.data
    assert.deepEqual([g.created, g.updated, g.unchanged, g.errors.length], [0, 0, N - 3, 3])
    assert.equal(await productsChecksum(db), sum1, 'the rerun changed nothing')
  })

  // "CSV or XLSX of products": the first sheet, its first row the header; an update changes only what differs
  it('XLSX: the first sheet is read; changed rows are updated, identical ones left alone, bad ones named', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Products')
    wb.addWorksheet('Notes').addRow(['not read'])
    ws.addRow(['Catalog Number', 'Title EN', 'Title ZH', 'Size', 'Brand', 'Category Code', 'List Price CNY'])
    ws.addRow([cat(2), 'Import Reagent 2', '导入试剂 2', '100 µg', 'ImportBrand', 'primary-antibodies', 102.5])
    ws.addRow([cat(3), 'Import Reagent 3, renamed', '导入试剂 3', '100 µg', 'ImportBrand', 'primary-antibodies', 103.5])
    ws.addRow([cat(4), 'Import Reagent 4', '导入试剂 4', 'a spoonful', 'ImportBrand', 'primary-antibodies', 104.5])
    ws.addRow([cat(5), 'Import Reagent 5', '导入试剂 5', '100 µg', 'ImportBrand', 'primary-antibodies', -3])
    const file = Buffer.from(await wb.xlsx.writeBuffer())
    const res = await importFile({ kind: 'products', format: 'xlsx', fileBase64: b64(file), dryRun: false })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const r = res.body.data
    assert.deepEqual([r.rows, r.created, r.updated, r.unchanged], [4, 0, 1, 1])
    assert.deepEqual(
      r.errors.map((e: { row: number; column: string }) => [e.row, e.column]),
      [
        [4, 'size'],
        [5, 'listPriceCny'],
      ],
    )
    const p3 = await ctx()
      .db.selectFrom('products')
      .selectAll()
      .where('catalog_number', '=', cat(3))
      .executeTakeFirstOrThrow()
    assert.equal(p3.title_en, 'Import Reagent 3, renamed')
    assert.equal(p3.list_price_inr, 1003 * 100, 'a column the file does not have keeps what is stored')
  })

  // "prices": list prices per currency and account prices, keyed by (account or list, catalogue number, currency)
  it('prices: list and account prices; the buyer of the account is priced at once; a rerun changes nothing', async () => {
    const { db } = ctx()
    const csv = [
      'catalogNumber,currency,price,accountNumber,priceType',
      `${cat(0)},CNY,120,,`,
      `${cat(0)},INR,1500,,`,
      `${cat(0)},CNY,88.80,1000001,discount`,
      `${cat(7)},INR,999,1000001,`,
      `NO-SUCH-1,CNY,5,,`,
      `${cat(6)},USD,5,,`,
      `${cat(6)},CNY,5,no-such,`,
      `${cat(0)},CNY,121,,`,
    ].join('\n')
    const body = { kind: 'prices', format: 'csv', fileBase64: b64(csv), dryRun: false }
    const res = await importFile(body)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const r = res.body.data
    assert.deepEqual([r.created, r.updated, r.unchanged], [1, 2, 0])
    assert.deepEqual(
      r.errors.map((e: { row: number; column: string | null }) => [e.row, e.column]),
      [
        [5, 'currency'],
        [6, 'catalogNumber'],
        [7, 'currency'],
        [8, 'accountNumber'],
        [9, null],
      ],
    )
    assert.match(r.errors[0].message, /priced in CNY/)
    const p = await db.selectFrom('products').selectAll().where('catalog_number', '=', cat(0)).executeTakeFirstOrThrow()
    assert.deepEqual([p.list_price_cny, p.list_price_inr], [12000, 150000])

    const buyer = await tokenFor(ctx(), 'approved.cn')
    const priced = await call('POST', '/product/price', buyer, { catalogNumbers: [cat(0)] })
    assert.equal(priced.status, 200)
    assert.deepEqual(
      [
        priced.body.data.products[0].listPrice,
        priced.body.data.products[0].efPrice,
        priced.body.data.products[0].priceType,
      ],
      [120, 88.8, 'discount'],
    )
    const again = await importFile(body)
    assert.deepEqual([again.body.data.created, again.body.data.updated, again.body.data.unchanged], [0, 0, 3])
  })

  // "stock": per (catalogue number, warehouse / supply centre)
  it('stock: the warehouse and a supply centre; availability shows it; unknown centre named; rerun unchanged', async () => {
    const { db } = ctx()
    const csv = [
      'catalogNumber,quantity,location',
      `${cat(0)},42,`,
      `${cat(0)},7,SC-SH-001`,
      `${cat(1)},5,SC-NOWHERE`,
      `${cat(1)},-1,WAREHOUSE`,
      `${cat(0)},43,warehouse`,
    ].join('\n')
    const body = { kind: 'stock', format: 'csv', fileBase64: b64(csv), dryRun: false }
    const res = await importFile(body)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const r = res.body.data
    assert.deepEqual([r.created, r.updated, r.unchanged], [2, 0, 0])
    assert.deepEqual(
      r.errors.map((e: { row: number; column: string | null }) => [e.row, e.column]),
      [
        [4, 'location'],
        [5, 'quantity'],
        [6, null],
      ],
    )
    const id = (
      await db.selectFrom('products').select('id').where('catalog_number', '=', cat(0)).executeTakeFirstOrThrow()
    ).id
    const sc = await db.selectFrom('supply_center_stock').selectAll().where('product_id', '=', id).execute()
    assert.deepEqual(
      sc.map((s) => [s.supply_center_id, s.quantity]),
      [['SC-SH-001', 7]],
    )
    const avail = await call('POST', '/product/availability', await tokenFor(ctx(), 'approved.cn'), {
      items: [{ catalogNumber: cat(0), quantity: 1 }],
    })
    assert.equal(avail.body.data[0].displayInventory, '42')
    const again = await importFile(body)
    assert.deepEqual([again.body.data.created, again.body.data.updated, again.body.data.unchanged], [0, 0, 2])
  })

  // "CoA and SDS files uploaded per catalogue number and lot": the buyer's document search and download return it
  it('a CoA uploaded for a lot is found and downloaded by the buyer; a second upload replaces it', async () => {
    const { db } = ctx()
    const upload = {
      catalogNumber: cat(0).toLowerCase(),
      docType: 'coa',
      lotNumber: 'LOT-2611-0001',
      fileName: 'coa-IMP-00000-LOT-2611-0001.pdf',
      contentType: 'application/pdf',
      fileBase64: b64(TINY_PDF),
    }
    const res = await call('POST', '/admin/catalogue/documents', await staff(), upload)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.data.replaced, false)
    const doc = res.body.data.document
    assert.deepEqual([doc.catalogNumber, doc.type, doc.lotNumber, doc.language], [cat(0), 'coa', 'LOT-2611-0001', 'en'])

    const search = await buyerGet('/document/search?lotNumber=lot-2611-0001')
    assert.equal(search.statusCode, 200)
    assert.deepEqual(
      search.json().data.items.map((d: { id: string }) => d.id),
      [doc.id],
    )
    const file = await buyerGet(doc.fileUrl.replace(/^\/api/, ''))
    assert.equal(file.statusCode, 200)
    assert.equal(file.headers['content-type'], 'application/pdf')
    assert.deepEqual(file.rawPayload, TINY_PDF)
    const page = await buyerGet(`/product/catalog?catalogNumber=${cat(0)}`)
    assert.ok(page.json().data[0].documents.some((d: { id: string }) => d.id === doc.id))

    const second = Buffer.concat([TINY_PDF, Buffer.from('% revised\n')])
    const again = await call('POST', '/admin/catalogue/documents', await staff(), {
      ...upload,
      fileBase64: b64(second),
    })
    assert.equal(again.status, 200)
    assert.deepEqual([again.body.data.replaced, again.body.data.document.id], [true, doc.id])
    assert.deepEqual((await buyerGet(doc.fileUrl.replace(/^\/api/, ''))).rawPayload, second)
    const audit = await db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity', '=', 'product_document')
      .where('entity_id', '=', `${cat(0)}/coa/en/LOT-2611-0001`)
      .orderBy('id')
      .execute()
    assert.equal(audit.length, 2)
    assert.equal(audit[0].before, null)
    assert.equal((audit[1].before as { file: { size: number } }).file.size, TINY_PDF.length)
  })

  it('refusals: not a PDF, too big, a CoA without a lot, an unknown product, bad kind, columns and limits', async () => {
    const { db } = ctx()
    const token = await staff()
    const upload = {
      catalogNumber: cat(0),
      docType: 'sds',
      fileName: 'sds.pdf',
      contentType: 'application/pdf',
      fileBase64: b64(TINY_PDF),
    }
    const doc = (b: object) => call('POST', '/admin/catalogue/documents', token, { ...upload, ...b })
    const notPdf = await doc({ fileBase64: b64('<html>not a pdf</html>') })
    assert.deepEqual([notPdf.status, notPdf.body.code], [400, 'VALIDATION_ERROR'])
    assert.match(notPdf.body.message, /not a PDF/)
    const big = await doc({ fileBase64: b64(Buffer.concat([TINY_PDF, Buffer.alloc(10 * 1024 * 1024)])) })
    assert.deepEqual([big.status, big.body.code], [413, 'PAYLOAD_TOO_LARGE'])
    assert.match(big.body.message, /at most 10 MB/)
    assert.equal((await doc({ docType: 'coa' })).status, 400)
    assert.equal((await doc({ lotNumber: 'LOT-1' })).status, 400)
    assert.equal((await doc({ contentType: 'image/png' })).status, 400)
    const unknown = await doc({ catalogNumber: 'NO-SUCH-9' })
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'NOT_FOUND'])

    const base = { kind: 'stock', format: 'csv', fileBase64: b64('catalogNumber,quantity\nX,1\n'), dryRun: true }
    assert.equal((await importFile({ ...base, kind: 'customers' })).status, 400)
    assert.equal((await importFile({ ...base, format: 'xls' })).status, 400)
    const unknownColumn = await importFile({ ...base, fileBase64: b64('catalogNumber,quantity,colour\nX,1,red\n') })
    assert.equal(unknownColumn.status, 400)
    assert.match(unknownColumn.body.message, /"colour"/)
    const missing = await importFile({ ...base, fileBase64: b64('catalogNumber\nX\n') })
    assert.match(missing.body.message, /Missing column\(s\) for a stock import: quantity/)
    assert.equal((await importFile({ ...base, fileBase64: b64('catalogNumber,quantity\n"X,1\n') })).status, 400)
    assert.equal((await importFile({ ...base, fileBase64: b64('catalogNumber,quantity\n') })).status, 400)
    assert.equal((await importFile({ ...base, format: 'xlsx' })).status, 400, 'a CSV is not a workbook')
    assert.equal((await importFile({ ...base, fileBase64: 'not base64!' })).status, 400)
    const rows = await importFile({ ...base, fileBase64: b64('catalogNumber,quantity\n' + 'X,1\n'.repeat(50_001)) })
    assert.deepEqual([rows.status, rows.body.code], [413, 'PAYLOAD_TOO_LARGE'])
    assert.match(rows.body.message, /at most 50000/)
    const huge = await importFile({ ...base, fileBase64: b64(Buffer.alloc(20 * 1024 * 1024 + 3, 0x41)) })
    assert.deepEqual([huge.status, huge.body.code], [413, 'PAYLOAD_TOO_LARGE'])

    // a role without catalogue.import: 403, nothing changed
    const sum = await productsChecksum(db)
    const n = (
      await db
        .selectFrom('catalogue_imports')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n
    for (const role of ['marketing', 'orderDesk', 'finance']) {
      const refused = await importFile({ ...base, dryRun: false }, role)
      assert.deepEqual([refused.status, refused.body.code], [403, 'FORBIDDEN'])
      const up = await call('POST', '/admin/catalogue/documents', await staff(role), upload)
      assert.equal(up.status, 403)
    }
    assert.equal(await productsChecksum(db), sum)
    assert.equal(
      (
        await db
          .selectFrom('catalogue_imports')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      n,
    )
    assert.equal((await call('GET', '/admin/catalogue/imports/999999', token)).status, 404)
  })

  // issue 25, the console's catalogue screens: products, their prices and stock, behind catalogue.read
  it('the console reads products by catalogue number, title and category, with prices and stock by location', async () => {
    const { db } = ctx()
    const token = await staff('catalogue')
    const priced = await db
      .selectFrom('account_prices as ap')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .select(['p.id', 'p.catalog_number', 'p.title_en'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow()
    // by the catalogue number's start, ignoring case and '-'
    const prefix = priced.catalog_number.slice(0, -1).toLowerCase().replace(/-/g, '')
    const byNumber = await call('GET', `/admin/products?q=${encodeURIComponent(prefix)}&pageSize=100`, token)
    assert.equal(byNumber.status, 200, JSON.stringify(byNumber.body))
    assert.ok(byNumber.body.data.items.some((p: { id: number }) => p.id === priced.id))
    // by title words, and by category (its subcategories included)
    const word = priced.title_en.split(/\s+/)[0]
    const byTitle = await call('GET', `/admin/products?q=${encodeURIComponent(word)}`, token)
    assert.ok(byTitle.body.data.total >= 1)
    const imported = await call('GET', '/admin/products?q=IMP-00042', token)
    assert.deepEqual(
      imported.body.data.items.map((p: { catalogNumber: string; category: { code: string } }) => [
        p.catalogNumber,
        p.category.code,
      ]),
      [['IMP-00042', 'primary-antibodies']],
    )
    assert.equal(imported.body.data.items[0].listPriceCny, 100 + 42 + 0.5)
    const inCategory = await call('GET', '/admin/products?category=primary-antibodies&pageSize=5', token)
    assert.equal(inCategory.body.data.items.length, 5)
    assert.ok(inCategory.body.data.total >= N - 3)
    const none = await call('GET', '/admin/products?category=no-such-category', token)
    assert.equal(none.body.data.total, 0)

    const detail = await call('GET', `/admin/products/${priced.id}`, token)
    assert.equal(detail.status, 200, JSON.stringify(detail.body))
    const d = detail.body.data
    assert.ok(d.accountPrices.length >= 1 && d.accountPricesTotal >= d.accountPrices.length)
    assert.ok(d.sizes.some((s: { id: number }) => s.id === priced.id))
    assert.equal(d.stockByLocation[0].kind, 'central')
    // the stock imported above: a supply centre's row is listed with its name
    const stocked = await db.selectFrom('supply_center_stock').select('product_id').executeTakeFirst()
    if (stocked) {
      const s = (await call('GET', `/admin/products/${stocked.product_id}`, token)).body.data
      assert.ok(s.stockByLocation.some((l: { kind: string }) => l.kind === 'supplyCentre'))
    }
    // marketing sells from the catalogue and reads it; finance does not
    assert.equal((await call('GET', '/admin/products', await staff('marketing'))).status, 200)
    assert.equal((await call('GET', '/admin/products', await staff('finance'))).status, 403)
    assert.equal((await call('GET', `/admin/products/${priced.id}`, await staff('finance'))).status, 403)
    // bad input: 400; an unknown product: 404
    assert.equal((await call('GET', '/admin/products?pageSize=101', token)).status, 400)
    assert.equal((await call('GET', '/admin/products?category=Bad%20Code', token)).status, 400)
    assert.equal((await call('GET', '/admin/products?colour=red', token)).status, 400)
    assert.equal((await call('GET', '/admin/products/abc', token)).status, 400)
    assert.equal((await call('GET', '/admin/products/999999999', token)).status, 404)
  })

  it('the console: the audit log by action (the imports show up), the webhook URLs with their counts', async () => {
    const { db } = ctx()
    const admin = await staff('administrator')
    const audit = await call('GET', '/admin/audit?action=catalogue.import&staffId=staff-catalogue&pageSize=100', admin)
    assert.equal(audit.status, 200, JSON.stringify(audit.body))
    assert.ok(audit.body.data.total >= 1)
    assert.ok(
      audit.body.data.items.every(
        (e: { action: string; staffId: string }) => e.action === 'catalogue.import' && e.staffId === 'staff-catalogue',
      ),
    )
    assert.equal((await call('GET', '/admin/audit?action=', admin)).status, 400)

    // a configured URL with one delivered and one dead delivery, and one URL no longer configured
    const [hook] = await db
      .insertInto('webhook_endpoints')
      .values({ url: 'https://erp.example.com/hooks?token=secret' })
      .returning('id')
      .execute()
    await db.insertInto('webhook_endpoints').values({ url: 'https://old.example.com/hooks', active: false }).execute()
    for (const [id, status] of [
      ['evt_console_1', 'delivered'],
      ['evt_console_2', 'dead'],
    ] as const) {
      await db.insertInto('outbox_events').values({ id, type: 'account.changed', payload: '{"x":1}' }).execute()
      const { seq } = await db.selectFrom('outbox_events').select('seq').where('id', '=', id).executeTakeFirstOrThrow()
      await db
        .insertInto('webhook_deliveries')
        .values({
          event_id: id,
          endpoint_id: hook.id,
          seq,
          status,
          attempts: status === 'dead' ? 8 : 1,
          delivered_at: status === 'delivered' ? new Date() : null,
        })
        .execute()
    }
    const res = await call('GET', '/admin/webhooks/endpoints', admin)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const mine = res.body.data.find((e: { id: number }) => e.id === hook.id)
    assert.deepEqual(mine.deliveries, { delivered: 1, pending: 0, retrying: 0, dead: 1 })
    assert.equal(mine.active, true)
    assert.doesNotMatch(mine.url, /secret/)
    assert.ok(mine.lastDeliveredAt)
    assert.ok(res.body.data.some((e: { active: boolean }) => !e.active))
    assert.equal(res.body.data[res.body.data.length - 1].active, false, 'active URLs first')
    for (const role of ['marketing', 'catalogue', 'finance'])
      assert.equal((await call('GET', '/admin/webhooks/endpoints', await staff(role))).status, 403)
  })
})
