import type { FastifyInstance } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { RowRefusal, serveBulk } from '../../../lib/erp-bulk'
import { currencyOfCountry, toMinor } from '../../../../types/money'
import type { ErpAccountPriceRow, ErpStockRow } from '../../../../types/platform/erp'
import { catalogueChanged } from '../freshness'
import { applyProduct } from './products'

/**
 * The catalogue's inbound ERP routes (issue 24: "stock per warehouse and supply centre, account prices and product
 * data"), scope erp:catalogue. Rows are applied by server/lib/erp-bulk.ts (per row, idempotent by the sender's id).
 */
export async function catalogErpRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  serveBulk(app, db, 'erpStock', async (trx, row) => ({ result: await applyStock(trx, row) }))
  serveBulk(app, db, 'erpAccountPrices', async (trx, row) => ({ result: await applyAccountPrice(trx, row) }))
  // as after a staff import: the caches drop what they hold and the search index is rebuilt before the answer (once
  // per call), so the buyer sees a new or changed product at once
  const refreshCatalogue = () => catalogueChanged(db)
  serveBulk(app, db, 'erpProducts', async (trx, row) => {
    const result = await applyProduct(trx, row)
    return { result, afterCall: result.action === 'unchanged' ? undefined : refreshCatalogue }
  })
}

async function productId(trx: Transaction<DB>, catalogNumber: string): Promise<number> {
  const p = await trx
    .selectFrom('products')
    .select('id')
    .where(sql`upper(catalog_number)`, '=', catalogNumber.trim().toUpperCase())
    .executeTakeFirst()
  if (!p) throw new RowRefusal(404, 'PRODUCT_NOT_FOUND', `No product with catalogue number ${catalogNumber}`)
  return p.id
}

/**
 * A warehouse's stock of a product: the product's stock (what the store promises, product_stock) becomes the sum
 * over its warehouses. A supply centre's stock is its own (supply_center_stock), for supply-centre lines.
 * Exactly one of warehouse and supplyCentre.
 */
export async function applyStock(trx: Transaction<DB>, row: ErpStockRow) {
  if (!row.warehouse === !row.supplyCentre) {
    throw new RowRefusal(400, 'VALIDATION_ERROR', 'Give exactly one of warehouse and supplyCentre')
  }
  const id = await productId(trx, row.catalogNumber)
  if (row.supplyCentre) {
    const sc = await trx
      .selectFrom('supply_center_options')
      .select('supply_center_id')
      .where('supply_center_id', '=', row.supplyCentre)
      .executeTakeFirst()
    if (!sc) throw new RowRefusal(404, 'SUPPLY_CENTRE_NOT_FOUND', `No supply centre ${row.supplyCentre}`)
    await trx
      .insertInto('supply_center_stock')
      .values({ supply_center_id: row.supplyCentre, product_id: id, quantity: row.quantity })
      .onConflict((oc) => oc.columns(['supply_center_id', 'product_id']).doUpdateSet({ quantity: row.quantity }))
      .execute()
    return { catalogNumber: row.catalogNumber, supplyCentre: row.supplyCentre, quantity: row.quantity }
  }
  await trx
    .insertInto('warehouse_stock')
    .values({ warehouse: row.warehouse!, product_id: id, quantity: row.quantity, updated_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['warehouse', 'product_id']).doUpdateSet({ quantity: row.quantity, updated_at: new Date() }),
    )
    .execute()
  const { total } = await trx
    .selectFrom('warehouse_stock')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('total'))
    .where('product_id', '=', id)
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('product_stock')
    .values({ product_id: id, quantity: total, updated_at: new Date() })
    .onConflict((oc) => oc.column('product_id').doUpdateSet({ quantity: total, updated_at: new Date() }))
    .execute()
  return { catalogNumber: row.catalogNumber, warehouse: row.warehouse, quantity: row.quantity, productStock: total }
}

/** An account's own price of a product, in the account's currency; `price: null` removes it (list price again). */
export async function applyAccountPrice(trx: Transaction<DB>, row: ErpAccountPriceRow) {
  const account = await trx
    .selectFrom('accounts')
    .select(['id', 'country'])
    .where('account_number', '=', row.accountNumber)
    .executeTakeFirst()
  if (!account) throw new RowRefusal(404, 'ACCOUNT_NOT_FOUND', `No account ${row.accountNumber}`)
  const currency = currencyOfCountry(account.country)
  if (row.currency !== currency) {
    throw new RowRefusal(
      400,
      'CURRENCY_MISMATCH',
      `Account ${row.accountNumber} buys in ${currency}, not ${row.currency}`,
    )
  }
  const id = await productId(trx, row.catalogNumber)
  if (row.price === null) {
    const r = await trx
      .deleteFrom('account_prices')
      .where('account_id', '=', account.id)
      .where('product_id', '=', id)
      .executeTakeFirst()
    return { accountNumber: row.accountNumber, catalogNumber: row.catalogNumber, removed: Number(r.numDeletedRows) > 0 }
  }
  const values = { price: toMinor(row.price), currency, price_type: row.priceType ?? ('yourPrice' as const) }
  await trx
    .insertInto('account_prices')
    .values({ account_id: account.id, product_id: id, ...values })
    .onConflict((oc) => oc.columns(['account_id', 'product_id']).doUpdateSet(values))
    .execute()
  return { accountNumber: row.accountNumber, catalogNumber: row.catalogNumber, price: row.price, currency }
}
