import { sql, type Kysely } from 'kysely'

/**
 * Issue 12 (after the order): the interaction history of requests and enquiries, and order
 * confirmation links.
 *
 * - request_interactions: one entry of a request's history (spec §3 "Interaction: status, comments,
 *   attachments"): who wrote it (customer or staff), the interaction status it set (§4: pending,
 *   approved, rejected = not approved, autoApproved = auto completed), a comment, attachments.
 * - order_confirmations: a confirmation link of an order. Only the sha256 of the link's random token is
 *   stored (a database reader cannot confirm anyone's order); kind 'preorder' lasts 24 hours (§9).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_interactions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('service_requests.request_id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('customer','staff')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending','approved','rejected','autoApproved')`),
    )
    .addColumn('comment', 'text', (c) => c.check(sql`char_length(comment) <= 2000`))
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX request_interactions_request_idx ON request_interactions (request_id, created_at, id)`.execute(
    db,
  )

  await db.schema
    .createTable('order_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('order','preorder')`))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending','confirmed','cancelled','failed')`),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute()
  await sql`CREATE INDEX order_confirmations_order_idx ON order_confirmations (order_id)`.execute(db)
  // the lifecycle job looks for orders by status and age
  await sql`CREATE INDEX orders_status_updated_idx ON orders (status, updated_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_status_updated_idx`.execute(db)
  await db.schema.dropTable('order_confirmations').ifExists().execute()
  await db.schema.dropTable('request_interactions').ifExists().execute()
}
