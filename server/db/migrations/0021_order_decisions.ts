import { sql, type Kysely } from 'kysely'

/**
 * Issue 24: the order decisions of staff (server/domains/order/staff/).
 *
 * - orders: a staff hold. A held order keeps its status; held_from is the status it was held in (release checks it
 *   is still that), held_reason / held_by / held_at say why, who and when. While held_from is set no status
 *   change applies (server/domains/order/status-change.ts answers 409).
 * - order_requests: the decision on a cancel or return request (who, when, the note told to the buyer) and, for a
 *   return, when the goods came back (who, when, an optional note).
 * - order_status_history: one row per status change of an order (from, to, who: 'staff:<id>', 'system', 'erp:...',
 *   'buyer:<id>'; a note), written by the one function that changes statuses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('held_from', 'text')
    .addColumn('held_reason', 'text')
    .addColumn('held_by', 'text')
    .addColumn('held_at', 'timestamptz')
    .execute()
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_held_ck CHECK ((held_from IS NULL) = (held_at IS NULL))`.execute(
    db,
  )
  await sql`CREATE INDEX orders_held_idx ON orders (held_at) WHERE held_from IS NOT NULL`.execute(db)

  await db.schema
    .alterTable('order_requests')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_note', 'text')
    .addColumn('goods_received_by', 'text')
    .addColumn('goods_received_at', 'timestamptz')
    .addColumn('goods_received_note', 'text')
    .execute()
  await sql`CREATE INDEX order_requests_queue_idx ON order_requests (kind, status, created_at)`.execute(db)

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, at, id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_status_history').ifExists().execute()
  await sql`DROP INDEX IF EXISTS order_requests_queue_idx`.execute(db)
  await db.schema
    .alterTable('order_requests')
    .dropColumn('decided_by')
    .dropColumn('decided_at')
    .dropColumn('decision_note')
    .dropColumn('goods_received_by')
    .dropColumn('goods_received_at')
    .dropColumn('goods_received_note')
    .execute()
  await sql`DROP INDEX IF EXISTS orders_held_idx`.execute(db)
  await sql`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_held_ck`.execute(db)
  await db.schema
    .alterTable('orders')
    .dropColumn('held_from')
    .dropColumn('held_reason')
    .dropColumn('held_by')
    .dropColumn('held_at')
    .execute()
}
