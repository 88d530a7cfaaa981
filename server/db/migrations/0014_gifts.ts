import { sql, type Kysely } from 'kysely'
import { bilingual, timestamps } from './helpers'

/**
 * Issue 13 (membership, points and gifts): the gift catalogue, redemptions (orders paid in points,
 * numbered RD-000001…) with their lines, and redemption feedback.
 *
 * - gifts.stock can never go below zero (check); redemptions decrement it conditionally;
 * - a redemption's Idempotency-Key is unique per user: a retried POST finds the first redemption;
 * - statuses are spec §4's; feedback statuses are the spec's words (pending, In-Progress, completed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country in ('cn','in')`))
    .$call(bilingual('name', 'description'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points > 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('min_qty', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`min_qty >= 1`),
    )
    .addColumn('limit_qty', 'integer', (c) => c.check(sql`limit_qty is null or limit_qty >= 1`))
    .addColumn('draw_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('on_sale', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute()
  await sql`CREATE INDEX gifts_country_idx ON gifts (country, sort_order, id)`.execute(db)

  await sql`CREATE SEQUENCE gift_redemption_number_seq START 1`.execute(db)
  await db.schema
    .createTable('gift_redemptions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('redemption_number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('created','submitted','shipped','cancelled','partial_shipped','pending_shipped','expired')`,
        ),
    )
    .addColumn('points_total', 'integer', (c) => c.notNull().check(sql`points_total > 0`))
    .addColumn('points_entry_id', 'bigint', (c) => c.references('points_entries.id'))
    .addColumn('ship_to_key', 'text', (c) => c.notNull())
    .addColumn('ship_to_snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('contact', 'jsonb', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.check(sql`char_length(remark) <= 200`))
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('response', 'jsonb')
    .$call(timestamps)
    .execute()
  await sql`CREATE UNIQUE INDEX gift_redemptions_key_uq ON gift_redemptions (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(
    db,
  )
  await sql`CREATE INDEX gift_redemptions_user_idx ON gift_redemptions (user_id, created_at DESC, id DESC)`.execute(db)

  await db.schema
    .createTable('gift_redemption_lines')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('redemption_id', 'bigint', (c) => c.notNull().references('gift_redemptions.id').onDelete('cascade'))
    .addColumn('gift_id', 'text', (c) => c.notNull().references('gifts.id'))
    .$call(bilingual('name'))
    .addColumn('image', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_points', 'integer', (c) => c.notNull())
    .addColumn('line_points', 'integer', (c) => c.notNull())
    .execute()
  await sql`CREATE INDEX gift_redemption_lines_idx ON gift_redemption_lines (redemption_id)`.execute(db)
  await sql`CREATE INDEX gift_redemption_lines_gift_idx ON gift_redemption_lines (gift_id)`.execute(db)

  await db.schema
    .createTable('gift_redemption_feedback')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redemption_id', 'bigint', (c) => c.notNull().references('gift_redemptions.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().check(sql`char_length(description) <= 500`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending','In-Progress','completed')`),
    )
    .addColumn('result', 'text')
    .$call(timestamps)
    .execute()
  await sql`CREATE INDEX gift_redemption_feedback_user_idx ON gift_redemption_feedback (user_id, created_at DESC, id DESC)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gift_redemption_feedback').execute()
  await db.schema.dropTable('gift_redemption_lines').execute()
  await db.schema.dropTable('gift_redemptions').execute()
  await sql`DROP SEQUENCE gift_redemption_number_seq`.execute(db)
  await db.schema.dropTable('gifts').execute()
}
