import { sql, type Kysely } from 'kysely'
import { bilingual } from './helpers'

/**
 * Issue 11: flash sales, the per-account purchase ledger, and the flash-buy fields of an order.
 *
 * - flash_sales: one sale of one product in one country, its window, its own stock
 *   (remain_qty, never below zero, never above total_qty), its limits and its price (minor units).
 *   The stock of a sale is set aside for it: it is not the warehouse's product_stock.
 * - flash_sale_ledger: what each account has bought of each sale. The per-account limit is held by
 *   a conditional upsert on this row (purchased_qty + n <= limit), never by counting orders.
 * - orders.flash_sale_id and orders.contacts (receiver and invoice receiver, invoice address and title).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flash_sales')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country in ('cn','in')`))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('CNY','INR')`))
    .addColumn('flash_price', 'bigint', (c) => c.notNull().check(sql`flash_price >= 0`))
    .$call(bilingual('display_text'))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('total_qty', 'integer', (c) => c.notNull().check(sql`total_qty >= 0`))
    .addColumn('remain_qty', 'integer', (c) => c.notNull())
    .addColumn('min_order_qty', 'integer', (c) => c.notNull().check(sql`min_order_qty >= 1`))
    .addColumn('max_order_qty', 'integer', (c) => c.notNull().check(sql`max_order_qty between 1 and 999`))
    .addColumn('account_purchase_limit_qty', 'integer', (c) => c.notNull().check(sql`account_purchase_limit_qty >= 1`))
    .addColumn('delivery_channel', 'text', (c) =>
      c
        .notNull()
        .defaultTo('TFS')
        .check(sql`delivery_channel in ('SC','TFS')`),
    )
    .addColumn('coupon', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('flash_sales_remain_ck', sql`remain_qty >= 0 AND remain_qty <= total_qty`)
    .addCheckConstraint('flash_sales_window_ck', sql`end_at > start_at`)
    .execute()
  await sql`CREATE INDEX flash_sales_country_idx ON flash_sales (country, end_at)`.execute(db)

  await db.schema
    .createTable('flash_sale_ledger')
    .addColumn('flash_sale_id', 'text', (c) => c.notNull().references('flash_sales.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('purchased_qty', 'integer', (c) => c.notNull().check(sql`purchased_qty >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('flash_sale_ledger_pk', ['flash_sale_id', 'account_id'])
    .execute()

  await sql`ALTER TABLE orders ADD COLUMN flash_sale_id text REFERENCES flash_sales(id) ON DELETE SET NULL`.execute(db)
  await sql`ALTER TABLE orders ADD COLUMN contacts jsonb`.execute(db)
  await sql`CREATE INDEX orders_flash_sale_idx ON orders (flash_sale_id) WHERE flash_sale_id IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS contacts`.execute(db)
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS flash_sale_id`.execute(db)
  await db.schema.dropTable('flash_sale_ledger').ifExists().execute()
  await db.schema.dropTable('flash_sales').ifExists().execute()
}
