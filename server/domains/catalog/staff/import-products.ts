import type { Cell } from './cells'
import { countRows, type CellIssue, type ImportKindSpec } from './import-kind'
import { PRODUCT_FIELD_RULES, planProducts, type ProductFields } from '../product-upsert'

/**
 * Products, keyed by catalogue number (upsert): a new number is created, a known one updated where it differs.
 * Required: catalogNumber, titleEn, titleZh, size, brand, categoryCode (an existing category's code).
 * Optional columns: listPriceCny, listPriceInr (major units; an empty cell = price on request), sku (unique; a new
 * product without one gets SKU-<catalogue number>), rank (listing order, 0 or more). An optional column the file
 * does not have, or (sku, rank) an empty cell, keeps what is stored (a new product: no price, rank 0).
 * The rules of each field and the writes are the catalogue's product rule (../product-upsert.ts), which the ERP's
 * product rows use too; this file maps a file's cells onto it.
 */
export const productsImport: ImportKindSpec<ProductFields> = {
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
    // the field's rule with its own value type (an index into the rules' table loses it)
    const check = <K extends keyof ProductFields>(name: K) =>
      take(name, (PRODUCT_FIELD_RULES[name] as (s: string) => Cell<NonNullable<ProductFields[K]>>)(cell(name)))
    const optional = <K extends keyof ProductFields>(name: K, empty: ProductFields[K]) => {
      if (!cells.has(name)) return undefined
      return cell(name).trim() === '' ? empty : check(name)
    }
    const value: ProductFields = {
      catalogNumber: check('catalogNumber'),
      titleEn: check('titleEn'),
      titleZh: check('titleZh'),
      size: check('size'),
      brand: check('brand'),
      categoryCode: check('categoryCode'),
      listPriceCny: optional('listPriceCny', null),
      listPriceInr: optional('listPriceInr', null),
      sku: optional('sku', undefined),
      rank: optional('rank', undefined),
    }
    return issues.length ? { issues } : { value }
  },

  async plan(db, rows) {
    const plan = await planProducts(db, rows)
    return {
      created: plan.created,
      updated: plan.updated,
      unchanged: plan.unchanged,
      errors: plan.errors.map((e) => ({ row: e.line, column: e.column, message: e.message })),
      write: plan.write,
    }
  },

  counts: async (db) => ({ products: await countRows(db, 'products') }),
}
