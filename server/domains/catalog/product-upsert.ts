import { sql, type Kysely, type Selectable } from 'kysely'
import type { DB, ProductTable } from '../../db/schema'
import { amountCell, catalogNumberCell, sizeCell, textCell, wholeCell, type Cell } from './staff/cells'
import { inBatches, textSet, type ParsedRow } from './staff/import-kind'

/**
 * Product data from outside the store, keyed by catalogue number (create or update). Both ways in go through here,
 * so one place holds what a product row may say and how it is written: the staff import (issue 24, "CSV or XLSX of
 * products", staff/import-products.ts) and the ERP (issue 24, In: "... and product data", erp/products.ts).
 *
 * Fields: catalogNumber (the key), titleEn, titleZh, size, brand, categoryCode (an existing category's code),
 * listPriceCny, listPriceInr (minor units; null = price on request), sku (unique; a new product without one gets
 * SKU-<catalogue number>), rank (listing order). A field left out (undefined) keeps what is stored; a new product
 * needs NEW_PRODUCT_FIELDS (a new one gets no price and rank 0 unless given). Images, attributes, descriptions and
 * documents are not product data from outside.
 */
export interface ProductFields {
  catalogNumber: string
  titleEn?: string
  titleZh?: string
  size?: string
  brand?: string
  categoryCode?: string
  /** minor units; null = price on request; undefined = keep */
  listPriceCny?: number | null
  listPriceInr?: number | null
  sku?: string
  rank?: number
}

/** What a product row must give when its catalogue number is new. */
export const NEW_PRODUCT_FIELDS = ['titleEn', 'titleZh', 'size', 'brand', 'categoryCode'] as const

const MAX_RANK = 1_000_000_000
const SKU_RE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/

function skuCell(s: string): Cell<string> {
  const v = s.trim()
  return SKU_RE.test(v)
    ? { ok: true, value: v }
    : { ok: false, message: `"${v.slice(0, 40)}" is not a SKU (letters, digits and . _ / -, at most 40)` }
}

/** The rule of each field, from its text (the cells of a file; the ERP's values as text): the value, or what is wrong. */
export const PRODUCT_FIELD_RULES: {
  [K in keyof ProductFields]-?: (s: string) => Cell<NonNullable<ProductFields[K]>>
} = {
  catalogNumber: catalogNumberCell,
  titleEn: (s) => textCell(s, 300),
  titleZh: (s) => textCell(s, 300),
  size: sizeCell,
  brand: (s) => textCell(s, 80),
  categoryCode: (s) => textCell(s, 80),
  listPriceCny: amountCell,
  listPriceInr: amountCell,
  sku: skuCell,
  rank: (s) => wholeCell(s, MAX_RANK),
}

/** A row the database refuses: its line, the field, what is wrong, and the status and code an API answers with. */
export interface ProductRowError {
  line: number
  column: string | null
  message: string
  status: 404 | 409
  code: 'PRODUCT_NOT_FOUND' | 'CATEGORY_NOT_FOUND' | 'SKU_TAKEN'
}

export interface ProductOutcome {
  line: number
  catalogNumber: string
  sku: string
  action: 'created' | 'updated' | 'unchanged'
}

export interface ProductPlan {
  created: number
  updated: number
  unchanged: number
  errors: ProductRowError[]
  /** what each row without an error does */
  outcomes: ProductOutcome[]
  /** writes the created and updated products (inside the caller's transaction) */
  write(trx: Kysely<DB>): Promise<void>
}

/** A stored product: its id, catalogue number and the columns a product row from outside sets (COMPARED). */
type Stored = Pick<Selectable<ProductTable>, 'id' | 'catalog_number' | (typeof COMPARED)[number]>

type Row = Omit<Stored, 'id'> & { id?: number }

/**
 * Checks rows (each with a distinct catalogue number) against the database: an unknown category, a SKU of another
 * product or of another row, a new product without NEW_PRODUCT_FIELDS. The rest are new, changed or identical to
 * what is stored; an identical row is not rewritten, so sending the same data again changes nothing.
 */
export async function planProducts(db: Kysely<DB>, rows: ParsedRow<ProductFields>[]): Promise<ProductPlan> {
  const errors: ProductRowError[] = []
  const codes = [...new Set(rows.flatMap((r) => (r.value.categoryCode === undefined ? [] : [r.value.categoryCode])))]
  const categories = new Map<string, number>()
  if (codes.length) {
    const found = await sql<{ id: number; code: string }>`
      SELECT id, code FROM categories WHERE code IN (${textSet(codes)})`.execute(db)
    for (const c of found.rows) categories.set(c.code, c.id)
  }
  const numbers = rows.map((r) => r.value.catalogNumber)
  const stored = new Map<string, Stored>()
  if (numbers.length) {
    const found = await sql<Stored>`
      SELECT id, sku, catalog_number, title_en, title_zh, size, brand, category_id, list_price_cny, list_price_inr, rank
      FROM products WHERE upper(catalog_number) IN (${textSet(numbers)})`.execute(db)
    for (const p of found.rows) stored.set(p.catalog_number.toUpperCase(), p)
  }
  // SKUs are unique: a row's SKU may not be another product's, nor another row's
  const wantedSku = (r: ProductFields) => r.sku ?? stored.get(r.catalogNumber)?.sku ?? `SKU-${r.catalogNumber}`
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
  const outcomes: ProductOutcome[] = []
  for (const { line, value: r } of rows) {
    const old = stored.get(r.catalogNumber)
    if (!old) {
      const missing = NEW_PRODUCT_FIELDS.filter((f) => r[f] === undefined)
      if (missing.length) {
        errors.push({
          line,
          column: missing[0],
          message: `No product ${r.catalogNumber}: a new product needs ${missing.join(', ')}`,
          status: 404,
          code: 'PRODUCT_NOT_FOUND',
        })
        continue
      }
    }
    const categoryId = r.categoryCode === undefined ? old!.category_id : categories.get(r.categoryCode)
    if (categoryId === undefined) {
      errors.push({
        line,
        column: 'categoryCode',
        message: `categoryCode "${r.categoryCode}" is not a category`,
        status: 404,
        code: 'CATEGORY_NOT_FOUND',
      })
      continue
    }
    const sku = wantedSku(r)
    const owner = skuOwner.get(sku)
    if (owner !== undefined && owner !== old?.id) {
      errors.push({
        line,
        column: 'sku',
        message: `sku ${sku} belongs to another product`,
        status: 409,
        code: 'SKU_TAKEN',
      })
      continue
    }
    const firstLine = skuLine.get(sku)
    if (firstLine !== undefined) {
      errors.push({
        line,
        column: 'sku',
        message: `sku ${sku} is also given in row ${firstLine}`,
        status: 409,
        code: 'SKU_TAKEN',
      })
      continue
    }
    skuLine.set(sku, line)
    // a new product has every NEW_PRODUCT_FIELDS (checked above); a known one keeps what the row leaves out
    const next: Row = {
      id: old?.id,
      sku,
      catalog_number: old?.catalog_number ?? r.catalogNumber,
      title_en: r.titleEn ?? old!.title_en,
      title_zh: r.titleZh ?? old!.title_zh,
      size: r.size ?? old!.size,
      brand: r.brand ?? old!.brand,
      category_id: categoryId,
      list_price_cny: r.listPriceCny === undefined ? (old?.list_price_cny ?? null) : r.listPriceCny,
      list_price_inr: r.listPriceInr === undefined ? (old?.list_price_inr ?? null) : r.listPriceInr,
      rank: r.rank ?? old?.rank ?? 0,
    }
    const action = !old ? 'created' : same(old, next) ? 'unchanged' : 'updated'
    if (action === 'created') inserts.push(next)
    else if (action === 'updated') updates.push(next)
    outcomes.push({ line, catalogNumber: next.catalog_number, sku, action })
  }

  return {
    created: inserts.length,
    updated: updates.length,
    unchanged: outcomes.length - inserts.length - updates.length,
    errors,
    outcomes,
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

/** The advisory lock key of catalogue writes from outside (any constant unique to this use). */
const CATALOGUE_WRITE_LOCK = 0x0ca7a106

/**
 * Serialises the catalogue's writers from outside (staff imports, the ERP's product rows) until the transaction
 * ends, so one's check and write cannot interleave with another's (a plan that saw no product writes it once).
 */
export async function lockCatalogueWrites(trx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${CATALOGUE_WRITE_LOCK})`.execute(trx)
}
