import { sql, type Kysely } from 'kysely'

/**
 * Issue 24: the outbox. Every business event is a row here, inserted in the same transaction as the change it
 * reports (server/domains/platform/outbox/emit.ts), so an event exists exactly when its change committed. Delivery
 * to the ERP's webhook URLs reads it from here: one delivery row per (event, endpoint), written with the event, and
 * one attempt row per try (server/domains/platform/outbox/deliver.ts; docs/erp.md).
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

  // the webhook URLs (WEBHOOK_URLS), kept in step with the configuration at start; a URL no longer configured is
  // inactive: its rows stay for the log, and new events get no delivery to it
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('outbox_events.id'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id'))
    // the event's seq: deliveries of one endpoint are claimed in this order
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'delivered', 'dead')`),
    )
    // tries claimed so far (a claim counts: an instance that dies mid-call has used a try)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // pending: due at (a claim sets it to the end of its lease); delivered or dead: null
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.defaultTo(sql`now()`))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('webhook_deliveries_event_endpoint_key', ['event_id', 'endpoint_id'])
    .execute()
  // the claim: an endpoint's pending rows in seq order (only pending rows are indexed: the index stays small)
  await sql`CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (endpoint_id, seq) WHERE status = 'pending'`.execute(
    db,
  )
  // the admin lists: by status, newest first
  await db.schema
    .createIndex('webhook_deliveries_status_idx')
    .on('webhook_deliveries')
    .columns(['status', 'id'])
    .execute()

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('delivery_id', 'bigint', (c) => c.notNull().references('webhook_deliveries.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    // the receiver's HTTP status; null when no answer came (refused, reset, timed out)
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute()
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').ifExists().execute()
  await db.schema.dropTable('webhook_deliveries').ifExists().execute()
  await db.schema.dropTable('webhook_endpoints').ifExists().execute()
  await db.schema.dropTable('outbox_events').ifExists().execute()
}
