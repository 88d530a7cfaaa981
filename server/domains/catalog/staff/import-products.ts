import { sql } from 'kysely'
import type { ImportRowError } from '../../../../types/catalog/staff-endpoints'
import { amountCell, catalogNumberCell, sizeCell, textCell, wholeCell, type Cell } from './cells'
import { countRows, inBatches, textSet, type CellIssue, type ImportKindSpec } from './import-kind'

/**
 * Products, keyed by catalogue number (upsert): a new number is created, a known one updated where it differs.
 * Required: catalogNumber, titleEn, titleZh, size, brand, categoryCode (an existing category's code).
 * Optional columns: listPriceCny, listPriceInr (major units; an empty cell = price on request), sku (unique; a new
 * product without one gets SKU-<catalogue number>), rank (listing order, 0 or more). An optional column the file
 * does not have, or (sku, rank) an empty cell, keeps what is stored (a new product: no price, rank 0).
 * Images, attributes, descriptions and documents are not part of the file.
 */
export interface ProductRecord {
  catalogNumber: string
  titleEn: string
  titleZh: string
  size: string
  brand: string
  categoryCode: string
  /** minor units; null = price on request; undefined = keep */
  listPriceCny?: number | null
  listPriceInr?: number | null
  sku?: string
  rank?: number
}

const MAX_RANK = 1_000_000_000

interface Stored {
  id: number
  sku: string
  catalog_number: string
  title_en: string
  title_zh: string
  size: string
  brand: string
  category_id: number
  list_price_cny: number | null
  list_price_inr: number | null
  rank: number
}

type Row = Omit<Stored, 'id'> & { id?: number }

export const productsImport: ImportKindSpec<ProductRecord> = {
  columns: [
    { name: 'catalogNumber', required: true },
    { name: 'titleEn', required: true },
    { name: 'titleZh', required: true },
    { name: 'size', required: true },
    { name: 'brand', required: true },
    { name: 'categoryCode', required: true },
    { name: 'listPriceCny', required: false },
    { name: 'listPriceInr', required: false },
    { name: 'sku', required: false },
    { name: 'rank', required: false },
  ],
  keyLabel: 'catalogue number',
  key: (r) => r.catalogNumber,

  parse(cells) {
    const issues: CellIssue[] = []
    const take = <T>(column: string, c: Cell<T>): T => {
      if (!c.ok) issues.push({ column, message: `${column} ${c.message}` })
      return c.ok ? c.value : (undefined as T)
    }
    const cell = (name: string) => cells.get(name) ?? ''
    const optional = <T>(name: string, parse: (s: string) => Cell<T>, empty: T | undefined) => {
      if (!cells.has(name)) return undefined
      return cell(name).trim() === '' ? empty : take(name, parse(cell(name)))
    }
    const value: ProductRecord = {
      catalogNumber: take('catalogNumber', catalogNumberCell(cell('catalogNumber'))),
      titleEn: take('titleEn', textCell(cell('titleEn'), 300)),
      titleZh: take('titleZh', textCell(cell('titleZh'), 300)),
      size: take('size', sizeCell(cell('size'))),
      brand: take('brand', textCell(cell('brand'), 80)),
      categoryCode: take('categoryCode', textCell(cell('categoryCode'), 80)),
      listPriceCny: optional('listPriceCny', amountCell, null),
      listPriceInr: optional('listPriceInr', amountCell, null),
      sku: optional('sku', (s) => skuCell(s), undefined),
      rank: optional('rank', (s) => wholeCell(s, MAX_RANK), undefined),
    }
    return issues.length ? { issues } : { value }
  },

  async plan(db, rows) {
    const errors: ImportRowError[] = []
    const categories = new Map(
      (await db.selectFrom('categories').select(['id', 'code']).execute()).map((c) => [c.code, c.id]),
    )
    const numbers = rows.map((r) => r.value.catalogNumber)
    const stored = new Map<string, Stored>()
    if (numbers.length) {
      const found = await sql<Stored>`
        SELECT id, sku, catalog_number, title_en, title_zh, size, brand, category_id, list_price_cny, list_price_inr, rank
        FROM products WHERE upper(catalog_number) IN (${textSet(numbers)})`.execute(db)
      for (const p of found.rows) stored.set(p.catalog_number.toUpperCase(), p)
    }
    // SKUs are unique: a row's SKU may not be another product's, nor another row's
    const wantedSku = (r: ProductRecord) => r.sku ?? stored.get(r.catalogNumber)?.sku ?? `SKU-${r.catalogNumber}`
    const skus = rows.map((r) => wantedSku(r.value))
    const skuOwner = new Map<string, number>()
    if (skus.length) {
      const found = await sql<{ id: number; sku: string }>`
        SELECT id, sku FROM products WHERE sku IN (${textSet(skus)})`.execute(db)
      for (const p of found.rows) skuOwner.set(p.sku, p.id)
    }
    const skuLine = new Map<string, number>()

    const inserts: Row[] = []
    const updates: Row[] = []
    let unchanged = 0
    for (const { line, value: r } of rows) {
      const categoryId = categories.get(r.categoryCode)
      if (categoryId === undefined) {
        errors.push({
          row: line,
          column: 'categoryCode',
          message: `categoryCode "${r.categoryCode}" is not a category`,
        })
        continue
      }
      const old = stored.get(r.catalogNumber)
      const sku = wantedSku(r)
      const owner = skuOwner.get(sku)
      if (owner !== undefined && owner !== old?.id) {
        errors.push({ row: line, column: 'sku', message: `sku ${sku} belongs to another product` })
        continue
      }
      const firstLine = skuLine.get(sku)
      if (firstLine !== undefined) {
        errors.push({ row: line, column: 'sku', message: `sku ${sku} is also given in row ${firstLine}` })
        continue
      }
      skuLine.set(sku, line)
      const next: Row = {
        id: old?.id,
        sku,
        catalog_number: old?.catalog_number ?? r.catalogNumber,
        title_en: r.titleEn,
        title_zh: r.titleZh,
        size: r.size,
        brand: r.brand,
        category_id: categoryId,
        list_price_cny: r.listPriceCny === undefined ? (old?.list_price_cny ?? null) : r.listPriceCny,
        list_price_inr: r.listPriceInr === undefined ? (old?.list_price_inr ?? null) : r.listPriceInr,
        rank: r.rank ?? old?.rank ?? 0,
      }
      if (!old) inserts.push(next)
      else if (same(old, next)) unchanged++
      else updates.push(next)
    }

    return {
      created: inserts.length,
      updated: updates.length,
      unchanged,
      errors,
      async write(trx) {
        await inBatches(inserts, (batch) =>
          sql`
            INSERT INTO products (sku, catalog_number, title_en, title_zh, size, brand, category_id, list_price_cny, list_price_inr, rank)
            SELECT sku, catalog_number, title_en, title_zh, size, brand, category_id, list_price_cny, list_price_inr, rank
            FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(sku text, catalog_number text, title_en text,
              title_zh text, size text, brand text, category_id int, list_price_cny int, list_price_inr int, rank int)`.execute(
            trx,
          ),
        )
        await inBatches(updates, (batch) =>
          sql`
            UPDATE products p SET sku = x.sku, title_en = x.title_en, title_zh = x.title_zh, size = x.size,
              brand = x.brand, category_id = x.category_id, list_price_cny = x.list_price_cny,
              list_price_inr = x.list_price_inr, rank = x.rank
            FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(id int, sku text, title_en text, title_zh text,
              size text, brand text, category_id int, list_price_cny int, list_price_inr int, rank int)
            WHERE p.id = x.id`.execute(trx),
        )
      },
    }
  },

  counts: async (db) => ({ products: await countRows(db, 'products') }),
}

const SKU_RE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/
function skuCell(s: string): Cell<string> {
  const v = s.trim()
  return SKU_RE.test(v)
    ? { ok: true, value: v }
    : { ok: false, message: `"${v.slice(0, 40)}" is not a SKU (letters, digits and . _ / -, at most 40)` }
}

const COMPARED = [
  'sku',
  'title_en',
  'title_zh',
  'size',
  'brand',
  'category_id',
  'list_price_cny',
  'list_price_inr',
  'rank',
] as const
const same = (a: Stored, b: Row) => COMPARED.every((k) => a[k] === b[k])
