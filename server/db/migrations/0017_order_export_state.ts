import { sql, type Kysely } from 'kysely'
import { notNull } from './helpers'

/**
 * Issue 14 (one store on several API instances): the order export's download tickets and the per-user
 * email limit (server/domains/order/export.ts) live here rather than in one process's memory, so a
 * ticket issued through one instance is redeemed through another, once, and the email limit counts
 * every instance's emails.
 *
 * - order_export_tickets: stored by the SHA-256 (base64url) of the ticket, with its user, owner
 *   (account, country), range, format and language; redeemed once by
 *   `UPDATE … SET used_at WHERE used_at IS NULL AND expires_at > now RETURNING`;
 * - order_export_emails: one row per export email sent (or attempted) by a user; the limit counts a
 *   user's rows of the last hour, older rows are deleted as that user sends again.
 * Same SQL on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_export_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .$call(notNull('text', 'country', 'range_from', 'range_to'))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('xlsx','csv')`))
    .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang in ('en','zh')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('order_export_tickets_expires_idx')
    .on('order_export_tickets')
    .column('expires_at')
    .execute()

  await db.schema
    .createTable('order_export_emails')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('order_export_emails_user_idx')
    .on('order_export_emails')
    .columns(['user_id', 'sent_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_export_emails').ifExists().execute()
  await db.schema.dropTable('order_export_tickets').ifExists().execute()
}
