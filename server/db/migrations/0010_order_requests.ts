import { sql, type Kysely } from 'kysely'
import { notNull, sequenceNumber } from './helpers'

/**
 * Issue 12 (after the order): cancel-order requests and return or after-sales requests, with their
 * uploaded files. The files' bytes are stored in the database (bytea), so they are kept across
 * restarts and backed up with the rest, on PGlite and PostgreSQL alike (no disk folder to lose).
 *
 * - order_requests: request_number 'RR-000001' from its own sequence; kind cancel | return; the
 *   order, the account (copied from the order: every read filters on it) and the user who asked;
 *   follow_up_by = created_at + 48 h (spec §9 "Return and cancellation follow-up: 48 hours").
 *   At most one open (pending / in_progress) cancel request per order: a partial unique index.
 * - order_request_files: at most 2 per request (checked by the server inside the transaction that
 *   writes the request; spec §9 "Return files max 2"), size above 0 and at most 5 MB (check).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE order_request_number_seq START 1`.execute(db)
  await db.schema
    .createTable('order_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .$call(sequenceNumber('request_number', 'RR', 'order_request_number_seq'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('cancel','return')`))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .$call(notNull('text', 'category', 'sub_category', 'contact_name', 'phone', 'email'))
    .addColumn('remark', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','in_progress','completed','rejected')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('follow_up_by', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`CREATE INDEX order_requests_order_idx ON order_requests (order_id, created_at)`.execute(db)
  await sql`CREATE INDEX order_requests_account_idx ON order_requests (account_id, created_at DESC)`.execute(db)
  await sql`CREATE UNIQUE INDEX order_requests_one_open_cancel ON order_requests (order_id) WHERE kind = 'cancel' AND status IN ('pending','in_progress')`.execute(
    db,
  )

  await db.schema
    .createTable('order_request_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('request_id', 'integer', (c) => c.notNull().references('order_requests.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull().check(sql`mime in ('image/jpeg','image/png','application/pdf')`))
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0 AND size <= 5242880`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('order_request_files_size_ck', sql`octet_length(content) = size`)
    .execute()
  await sql`CREATE INDEX order_request_files_request_idx ON order_request_files (request_id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_request_files').ifExists().execute()
  await db.schema.dropTable('order_requests').ifExists().execute()
  await sql`DROP SEQUENCE IF EXISTS order_request_number_seq`.execute(db)
}
