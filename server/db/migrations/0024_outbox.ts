import { sql, type Kysely } from 'kysely'

/**
 * Issue 24: the outbox. Every business event is a row here, inserted in the same transaction as the change it
 * reports (server/domains/platform/outbox/emit.ts), so an event exists exactly when its change committed. Delivery
 * to the ERP's webhook URLs reads it from here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_events')
    // 'evt_' + 26 characters: the Standard Webhooks `webhook-id`, the same on every retry of the event
    .addColumn('id', 'text', (c) => c.primaryKey())
    // increasing with commit order within one writer; delivery takes events in this order
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('outbox_events_type_idx').on('outbox_events').columns(['type', 'seq']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox_events').ifExists().execute()
}
