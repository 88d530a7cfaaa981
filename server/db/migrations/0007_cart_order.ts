import { sql, type Kysely } from 'kysely'
import { bilingual, dropTables, notNull, sequenceNumber, timestamps } from './helpers'

const CURRENCY = sql`('CNY','INR')`
const CHANNEL = sql`('SC','TFS')`
const ORDER_STATUS = sql`('SUBMITTED','ORDER_SUBMITTED','PENDING_REVIEW','TO_BE_CONFIRMED','IN_PROGRESS','COMPLETED','PENDING_ADDRESS_VALIDATION','CANCELLED','PENDING_APPROVAL','SHIPPED','PENDING','Waiting for Delivery')`

/**
 * Issue 9: carts, coupons, orders (SC and TFS), order lines, charges, shipments, idempotent
 * placements, S-quotes, leads and request records; product sales status, assay ids and
 * supply-centre stock. Same SQL on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // number ranges: the seed's history uses numbers below these starts
  await sql`CREATE SEQUENCE order_number_seq START 5000000`.execute(db)
  await sql`CREATE SEQUENCE sales_order_tfs_seq START 15000000`.execute(db)
  await sql`CREATE SEQUENCE sales_order_sc_seq START 55000000`.execute(db)
  await sql`CREATE SEQUENCE quote_number_seq START 90000`.execute(db)
  await sql`CREATE SEQUENCE service_request_seq START 1`.execute(db)

  await db.schema
    .createTable('product_sales')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('sales_status', 'text', (c) =>
      c.notNull().check(sql`sales_status in ('active','discontinued','notOnline')`),
    )
    .execute()

  await db.schema
    .createTable('product_assays')
    .addColumn('assay_id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .execute()

  await db.schema
    .createTable('supply_center_stock')
    .addColumn('supply_center_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addPrimaryKeyConstraint('supply_center_stock_pk', ['supply_center_id', 'product_id'])
    .execute()

  await db.schema
    .createTable('carts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('gc_id', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active','merged')`),
    )
    .addColumn('merged_into_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('merged_at', 'timestamptz')
    .addColumn('order_preference', 'text', (c) =>
      c
        .notNull()
        .defaultTo('SMART_DISTRIBUTION')
        .check(sql`order_preference in ('SMART_DISTRIBUTION','SC_PRIORITY')`),
    )
    .$call(timestamps)
    // a cart is a user's or an anonymous visitor's, never both
    .addCheckConstraint('carts_owner_ck', sql`(user_id is null) <> (gc_id is null)`)
    .execute()
  await sql`CREATE UNIQUE INDEX carts_user_uq ON carts (user_id) WHERE user_id IS NOT NULL`.execute(db)
  await sql`CREATE UNIQUE INDEX carts_gc_uq ON carts (gc_id) WHERE gc_id IS NOT NULL`.execute(db)

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cart_id', 'uuid', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 999`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('product'))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cart_items_cart_product_uq', ['cart_id', 'product_id'])
    .execute()

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('coupon_type', 'text', (c) => c.notNull().check(sql`coupon_type in ('P','D','R','M','T')`))
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country in ('cn','in')`))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .$call(bilingual('description'))
    .addColumn('percent_off', 'integer', (c) => c.check(sql`percent_off between 1 and 10000`))
    .addColumn('amount_off', 'integer', (c) => c.check(sql`amount_off > 0`))
    .addColumn('min_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_to', 'timestamptz', (c) => c.notNull())
    .addColumn('skus', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addCheckConstraint('coupons_discount_ck', sql`(percent_off is null) <> (amount_off is null)`)
    .addCheckConstraint('coupons_window_ck', sql`valid_to > valid_from`)
    .execute()

  await db.schema
    .createTable('cart_coupons')
    .addColumn('cart_id', 'uuid', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cart_coupons_pk', ['cart_id', 'code'])
    .execute()

  await db.schema
    .createTable('order_placements')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE UNIQUE INDEX order_placements_key_uq ON order_placements (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(
    db,
  )

  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('sales_order_number', 'text', (c) => c.notNull().unique())
    .addColumn('placement_id', 'uuid', (c) => c.references('order_placements.id').onDelete('set null'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_type', 'text', (c) => c.notNull().check(sql`order_type in ('D1','D2','CR','ZOR')`))
    .addColumn('delivery_channel', 'text', (c) => c.notNull().check(sql`delivery_channel in ${CHANNEL}`))
    .addColumn('supply_center_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ${ORDER_STATUS}`))
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('po_number', 'text', (c) => c.check(sql`char_length(po_number) <= 60`))
    .addColumn('remark', 'text', (c) => c.check(sql`char_length(remark) <= 100`))
    .addColumn('additional_emails', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('ship_to_key', 'text', (c) => c.notNull())
    .addColumn('ship_to_account_number', 'text')
    .addColumn('bill_to_number', 'text')
    .addColumn('ship_to_snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ${CURRENCY}`))
    .$call(notNull('bigint', 'total_price_amount', 'total_amount', 'taxes'))
    .addColumn('handling_charge', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('promo_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('static_quote_id', 'text')
    .addColumn('order_preference', 'text', (c) => c.notNull().defaultTo('SMART_DISTRIBUTION'))
    .$call(timestamps)
    // D1, D2 and CR are supply-centre orders (spec §4); ZOR the warehouse's
    .addCheckConstraint('orders_type_channel_ck', sql`(order_type = 'ZOR') = (delivery_channel = 'TFS')`)
    .addCheckConstraint('orders_totals_ck', sql`total_amount >= 0 and taxes >= 0 and total_price_amount >= 0`)
    .execute()
  await sql`CREATE INDEX orders_account_created_idx ON orders (account_id, created_at DESC, id DESC)`.execute(db)
  await sql`CREATE INDEX orders_placement_idx ON orders (placement_id)`.execute(db)
  await sql`CREATE INDEX orders_po_idx ON orders (account_id, po_number)`.execute(db)

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_number', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('catalog_number', 'text', (c) => c.notNull())
    .$call(bilingual('title'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 999`))
    .addColumn('allocated_qty', 'integer', (c) => c.notNull())
    .addColumn('backordered_qty', 'integer', (c) => c.notNull())
    .addColumn('estimated_ship_date', 'timestamptz')
    .addColumn('list_price', 'bigint')
    .$call(notNull('bigint', 'unit_price', 'final_price', 'line_total'))
    .addColumn('delivery_channel', 'text', (c) => c.notNull().check(sql`delivery_channel in ${CHANNEL}`))
    .addColumn('promo_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addUniqueConstraint('order_lines_number_uq', ['order_id', 'line_number'])
    .addCheckConstraint(
      'order_lines_alloc_ck',
      sql`allocated_qty >= 0 and backordered_qty >= 0 and allocated_qty + backordered_qty = quantity`,
    )
    .execute()
  await sql`CREATE INDEX order_lines_backordered_idx ON order_lines (order_id) WHERE backordered_qty > 0`.execute(db)

  await db.schema
    .createTable('order_charges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('HandlingCharge','Tax','Discount')`))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute()
  await sql`CREATE INDEX order_charges_order_idx ON order_charges (order_id)`.execute(db)

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('express_number', 'text', (c) => c.notNull())
    .addColumn('shipped_at', 'timestamptz', (c) => c.notNull())
    .addColumn('signed_at', 'timestamptz')
    .addColumn('package_status', 'text', (c) => c.notNull())
    .execute()
  await sql`CREATE INDEX shipments_order_idx ON shipments (order_id)`.execute(db)

  await db.schema
    .createTable('quotes')
    .addColumn('static_quote_id', 'text', (c) => c.primaryKey())
    .addColumn('quote_number', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ${CURRENCY}`))
    .addColumn('delivery_channel', 'text', (c) => c.notNull().check(sql`delivery_channel in ('SP','SC','Web')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active','ordered')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ordered_order_number', 'text')
    .execute()
  await sql`CREATE INDEX quotes_account_idx ON quotes (account_id, created_at DESC)`.execute(db)

  await db.schema
    .createTable('quote_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('static_quote_id', 'text', (c) => c.notNull().references('quotes.static_quote_id').onDelete('cascade'))
    .addColumn('line_number', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 999`))
    .$call(notNull('bigint', 'list_price', 'unit_price', 'final_price'))
    .addUniqueConstraint('quote_lines_number_uq', ['static_quote_id', 'line_number'])
    .execute()

  await db.schema
    .createTable('lead_carts')
    .addColumn('lead_cart_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_request_id', 'text')
    .execute()

  await db.schema
    .createTable('lead_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lead_cart_id', 'text', (c) => c.notNull().references('lead_carts.lead_cart_id').onDelete('cascade'))
    .addColumn('catalog_number', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull().check(sql`item_count between 1 and 999`))
    .addColumn('price_status', 'text')
    .addColumn('product_flag', 'text')
    .execute()
  await sql`CREATE INDEX lead_items_cart_idx ON lead_items (lead_cart_id)`.execute(db)

  await db.schema
    .createTable('service_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .$call(sequenceNumber('request_id', 'RQ', 'service_request_seq'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('lead','quote')`))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('lead_cart_id', 'text')
    .$call(notNull('text', 'contact_name', 'phone', 'email', 'company_or_institution'))
    .addColumn('city', 'text')
    .addColumn('remark', 'text')
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','in_progress','completed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX service_requests_user_idx ON service_requests (user_id, created_at DESC)`.execute(db)
}

/** The order tables this migration creates, children before parents (down() drops them first). */
export const ORDER_TABLES = [
  'service_requests',
  'lead_items',
  'lead_carts',
  'quote_lines',
  'quotes',
  'shipments',
  'order_charges',
  'order_lines',
  'orders',
  'order_placements',
]
/** The cart and product tables this migration creates, children before parents (down() drops them next). */
export const CART_TABLES = [
  'cart_coupons',
  'coupons',
  'cart_items',
  'carts',
  'supply_center_stock',
  'product_assays',
  'product_sales',
]

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [...ORDER_TABLES, ...CART_TABLES])
  for (const s of [
    'service_request_seq',
    'quote_number_seq',
    'sales_order_sc_seq',
    'sales_order_tfs_seq',
    'order_number_seq',
  ]) {
    await sql`DROP SEQUENCE IF EXISTS ${sql.raw(s)}`.execute(db)
  }
}
