import { sql, type Kysely } from 'kysely'

/**
 * Issue 24, service decisions: staff replies to enquiries (with files) and leads turned into S-quotes.
 *
 * - request_interactions.staff_id: who of the staff wrote a staff entry (null for the buyer's and the seeded ones).
 * - request_interaction_files: the files of a staff reply, kept in the database (bytea) like the buyers' return files,
 *   so they survive restarts and move with backups; request_id is repeated so the buyer's download checks
 *   ownership with one join.
 * - service_requests.static_quote_id / quoted_at / quoted_by: the S-quote a lead was turned into (at most one).
 * Staff-made S-quotes take their numbers from quote_number_seq (migration 0007, from 90000; the seed's quotes are
 * numbered from 120).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('request_interactions')
    .addColumn('staff_id', 'text', (c) => c.references('staff_users.id').onDelete('set null'))
    .execute()

  await db.schema
    .createTable('request_interaction_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('interaction_id', 'integer', (c) =>
      c.notNull().references('request_interactions.id').onDelete('cascade'),
    )
    .addColumn('request_id', 'text', (c) => c.notNull().references('service_requests.request_id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull().check(sql`mime in ('image/jpeg','image/png','application/pdf')`))
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX request_interaction_files_interaction_idx ON request_interaction_files (interaction_id)`.execute(
    db,
  )

  await db.schema
    .alterTable('service_requests')
    .addColumn('static_quote_id', 'text', (c) => c.references('quotes.static_quote_id').onDelete('set null'))
    .addColumn('quoted_at', 'timestamptz')
    .addColumn('quoted_by', 'text', (c) => c.references('staff_users.id').onDelete('set null'))
    .execute()
  // the staff lists: by kind and status, newest first
  await sql`CREATE INDEX service_requests_kind_status_idx ON service_requests (kind, status, created_at DESC)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS service_requests_kind_status_idx`.execute(db)
  await db.schema
    .alterTable('service_requests')
    .dropColumn('quoted_by')
    .dropColumn('quoted_at')
    .dropColumn('static_quote_id')
    .execute()
  await db.schema.dropTable('request_interaction_files').ifExists().execute()
  await db.schema.alterTable('request_interactions').dropColumn('staff_id').execute()
}
