import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { RowRefusal } from '../../../lib/erp-bulk'
import type { ErpProductRow } from '../../../../types/platform/erp'
import {
  lockCatalogueWrites,
  planProducts,
  PRODUCT_FIELD_RULES,
  type ProductFields,
  type ProductOutcome,
} from '../product-upsert'

/**
 * The ERP's product data (issue 24, In: "... and product data"): one product by catalogue number, created or
 * updated through the catalogue's product rule (../product-upsert.ts), the one the staff import uses: the same field
 * rules, the same checks against the database (category, SKU, what a new product needs) and the same writes.
 */

type Field = Exclude<keyof ProductFields, 'catalogNumber'>
const FIELDS = Object.keys(PRODUCT_FIELD_RULES).filter((k) => k !== 'catalogNumber') as Field[]

/**
 * The row's fields by the product rule: each value is checked as the text a file's cell would hold (an amount of
 * 100.5 as "100.5"), so the ERP and the import accept the same values. Every bad field is named (400).
 */
function productFields(row: ErpProductRow): ProductFields {
  const issues: string[] = []
  const catalogNumber = PRODUCT_FIELD_RULES.catalogNumber(row.catalogNumber)
  if (!catalogNumber.ok) issues.push(`catalogNumber ${catalogNumber.message}`)
  const fields: Record<string, unknown> = { catalogNumber: catalogNumber.ok ? catalogNumber.value : '' }
  for (const name of FIELDS) {
    const v = row[name]
    if (v === undefined) continue
    // only the list prices may be null: price on request
    if (v === null) {
      fields[name] = null
      continue
    }
    const c = PRODUCT_FIELD_RULES[name](String(v))
    if (c.ok) fields[name] = c.value
    else issues.push(`${name} ${c.message}`)
  }
  if (issues.length) throw new RowRefusal(400, 'VALIDATION_ERROR', issues.join('; '))
  return fields as unknown as ProductFields
}

/** Creates or updates the row's product; what it did (`unchanged` when the row matches what is stored). */
export async function applyProduct(trx: Kysely<DB>, row: ErpProductRow): Promise<Omit<ProductOutcome, 'line'>> {
  const value = productFields(row)
  // serialised with staff imports: neither may plan on a catalogue the other is about to change
  await lockCatalogueWrites(trx)
  const plan = await planProducts(trx, [{ line: 1, value }])
  if (plan.errors.length) {
    const [first] = plan.errors
    throw new RowRefusal(first.status, first.code, plan.errors.map((e) => e.message).join('; '))
  }
  await plan.write(trx)
  const { catalogNumber, sku, action } = plan.outcomes[0]
  return { catalogNumber, sku, action }
}
