import { sql, type Kysely } from 'kysely'

/**
 * Order history search (issue 12): GET /order/list?q= matches the start of the order number, the
 * sales order number or the PO number, case-insensitively (`lower(col) LIKE 'prefix%'`), within the
 * caller's account. With only orders_account_created_idx the planner walks every order of the account
 * in the 3-month window and filters each (5,000 orders: ~5.7 ms and 480 buffers per search, measured by
 * bench/order-history.ts with BENCH_EXPLAIN=1). These indexes let each prefix be an index range within
 * the account (a BitmapOr of the three), whatever the database collation (text_pattern_ops). The other
 * list requests (pages, cursor, status) already use orders_account_created_idx and stay under 0.2 ms.
 * Same SQL on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX orders_account_po_prefix_idx ON orders (account_id, lower(po_number) text_pattern_ops)`.execute(
    db,
  )
  await sql`CREATE INDEX orders_account_number_prefix_idx ON orders (account_id, lower(order_number) text_pattern_ops)`.execute(
    db,
  )
  await sql`CREATE INDEX orders_account_so_prefix_idx ON orders (account_id, lower(sales_order_number) text_pattern_ops)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_account_so_prefix_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS orders_account_number_prefix_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS orders_account_po_prefix_idx`.execute(db)
}
