import { sql } from 'kysely'
import type { ImportRowError } from '../../../../types/catalog/staff-endpoints'
import { catalogNumberCell, clip, wholeCell, type Cell } from './cells'
import { countRows, inBatches, productIdsByNumber, textSet, type CellIssue, type ImportKindSpec } from './import-kind'

/**
 * Stock of existing products, keyed by (catalogue number, location). Required: catalogNumber, quantity (a whole
 * number, 0 or more: the quantity on hand, replacing what is stored). Optional: location — empty or WAREHOUSE for
 * the central warehouse (its warehouse_stock row; the product's stock, product_stock, what availability and the cart
 * read, is the sum over its warehouses, as for the ERP's stock rows), or a supply centre's id
 * (supply_center_options, e.g. SC-SH-001: supply_center_stock, what a buyer's default supply centre serves).
 */
export interface StockRecord {
  catalogNumber: string
  /** null = the warehouse */
  location: string | null
  quantity: number
}

export const WAREHOUSE = 'WAREHOUSE'
const MAX_QUANTITY = 100_000_000

export const stockImport: ImportKindSpec<StockRecord> = {
  columns: [
    { name: 'catalogNumber', required: true },
    { name: 'quantity', required: true },
    { name: 'location', required: false },
  ],
  keyLabel: 'stock (catalogue number, location)',
  key: (r) => `${r.catalogNumber}|${r.location ?? WAREHOUSE}`,

  parse(cells) {
    const issues: CellIssue[] = []
    const take = <T>(column: string, c: Cell<T>): T => {
      if (!c.ok) issues.push({ column, message: `${column} ${c.message}` })
      return c.ok ? c.value : (undefined as T)
    }
    const where = (cells.get('location') ?? '').trim()
    if (where && !/^[A-Za-z0-9-]{1,40}$/.test(where))
      issues.push({ column: 'location', message: `location "${clip(where)}" is not WAREHOUSE or a supply centre id` })
    const value: StockRecord = {
      catalogNumber: take('catalogNumber', catalogNumberCell(cells.get('catalogNumber') ?? '')),
      location: !where || where.toUpperCase() === WAREHOUSE ? null : where.toUpperCase(),
      quantity: take('quantity', wholeCell(cells.get('quantity') ?? '', MAX_QUANTITY)),
    }
    return issues.length ? { issues } : { value }
  },

  async plan(db, rows) {
    const errors: ImportRowError[] = []
    const productIds = await productIdsByNumber(
      db,
      rows.map((r) => r.value.catalogNumber),
    )
    // supply centre ids by their upper case (a file may write them in any case)
    const centreIds = new Map(
      (await db.selectFrom('supply_center_options').select('supply_center_id').execute()).map((c) => [
        c.supply_center_id.toUpperCase(),
        c.supply_center_id,
      ]),
    )
    const ids = [...new Set(productIds.values())].map(String)
    const stored = new Map<string, number>()
    if (ids.length) {
      const idSet = textSet(ids)
      const [warehouse, scs] = await Promise.all([
        // the WAREHOUSE row of warehouse_stock; a product with no warehouse rows yet: its product_stock
        sql<{ product_id: number; quantity: number }>`
          SELECT p.product_id, coalesce(w.quantity, CASE WHEN NOT EXISTS (
              SELECT 1 FROM warehouse_stock a WHERE a.product_id = p.product_id) THEN p.quantity END) AS quantity
          FROM product_stock p
          LEFT JOIN warehouse_stock w ON w.product_id = p.product_id AND w.warehouse = ${WAREHOUSE}
          WHERE p.product_id::text IN (${idSet})`.execute(db),
        sql<{ product_id: number; supply_center_id: string; quantity: number }>`
          SELECT product_id, supply_center_id, quantity FROM supply_center_stock WHERE product_id::text IN (${idSet})`.execute(
          db,
        ),
      ])
      for (const s of warehouse.rows) if (s.quantity !== null) stored.set(`${s.product_id}|`, s.quantity)
      for (const s of scs.rows) stored.set(`${s.product_id}|${s.supply_center_id}`, s.quantity)
    }

    const warehouseWrites: { product_id: number; quantity: number }[] = []
    const centreWrites: { product_id: number; supply_center_id: string; quantity: number }[] = []
    let created = 0
    let updated = 0
    let unchanged = 0
    for (const { line, value: r } of rows) {
      const productId = productIds.get(r.catalogNumber)
      if (productId === undefined) {
        errors.push({
          row: line,
          column: 'catalogNumber',
          message: `catalogNumber ${r.catalogNumber} is not a product`,
        })
        continue
      }
      let centre = ''
      if (r.location !== null) {
        if (!centreIds.has(r.location)) {
          errors.push({ row: line, column: 'location', message: `location ${r.location} is not a supply centre` })
          continue
        }
        centre = centreIds.get(r.location)!
      }
      const old = stored.get(`${productId}|${centre}`)
      if (old === r.quantity) {
        unchanged++
        continue
      }
      if (old === undefined) created++
      else updated++
      if (centre) centreWrites.push({ product_id: productId, supply_center_id: centre, quantity: r.quantity })
      else warehouseWrites.push({ product_id: productId, quantity: r.quantity })
    }

    return {
      created,
      updated,
      unchanged,
      errors,
      async write(trx) {
        // the WAREHOUSE location is one warehouse among those the ERP may report (server/domains/catalog/erp/routes.ts):
        // the product's stock (product_stock) is the sum over its warehouses, whichever path wrote them
        await inBatches(warehouseWrites, async (batch) => {
          const rows = JSON.stringify(batch)
          await sql`
            INSERT INTO warehouse_stock (warehouse, product_id, quantity, updated_at)
            SELECT ${WAREHOUSE}, product_id, quantity, now() FROM jsonb_to_recordset(${rows}::jsonb) AS x(product_id int, quantity int)
            ON CONFLICT (warehouse, product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at`.execute(
            trx,
          )
          await sql`
            INSERT INTO product_stock (product_id, quantity, updated_at)
            SELECT w.product_id, sum(w.quantity)::int, now() FROM warehouse_stock w
            WHERE w.product_id IN (SELECT product_id FROM jsonb_to_recordset(${rows}::jsonb) AS x(product_id int))
            GROUP BY w.product_id
            ON CONFLICT (product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at`.execute(
            trx,
          )
        })
        await inBatches(centreWrites, (batch) =>
          sql`
            INSERT INTO supply_center_stock (supply_center_id, product_id, quantity)
            SELECT supply_center_id, product_id, quantity
            FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(supply_center_id text, product_id int, quantity int)
            ON CONFLICT (supply_center_id, product_id) DO UPDATE SET quantity = excluded.quantity`.execute(trx),
        )
      },
    }
  },

  counts: async (db) => ({
    warehouseStock: await countRows(db, 'warehouse_stock'),
    supplyCentreStock: await countRows(db, 'supply_center_stock'),
  }),
}
