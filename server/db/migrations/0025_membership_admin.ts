import { sql, type Kysely } from 'kysely'

/**
 * Issue 24 (the supplier's side: membership decisions and content):
 * - gift redemptions and prize orders are shipped by staff with a carrier and a tracking number: who shipped and when;
 * - redemption feedback is resolved by staff: who and when (the resolution itself is the existing `result`);
 * - gifts get an optional schedule (start_at, end_at: null = open-ended), which the storefront honours.
 * Draw activities already have their window (start_at, end_at, 0015).
 */
const SHIPPED = ['gift_redemptions', 'prize_orders']

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of SHIPPED) {
    await db.schema
      .alterTable(t)
      .addColumn('carrier', 'text')
      .addColumn('tracking_number', 'text')
      .addColumn('shipped_at', 'timestamptz')
      .addColumn('shipped_by', 'text')
      .execute()
  }
  await db.schema
    .alterTable('gift_redemption_feedback')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text')
    .execute()
  await db.schema.alterTable('gifts').addColumn('start_at', 'timestamptz').addColumn('end_at', 'timestamptz').execute()
  // the staff lists: what waits to ship, what feedback is open
  await sql`CREATE INDEX gift_redemptions_status_idx ON gift_redemptions (status, created_at, id)`.execute(db)
  await sql`CREATE INDEX prize_orders_status_idx ON prize_orders (status, created_at, id)`.execute(db)
  await sql`CREATE INDEX gift_redemption_feedback_status_idx ON gift_redemption_feedback (status, created_at, id)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS gift_redemption_feedback_status_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS prize_orders_status_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS gift_redemptions_status_idx`.execute(db)
  await db.schema.alterTable('gifts').dropColumn('start_at').dropColumn('end_at').execute()
  await db.schema.alterTable('gift_redemption_feedback').dropColumn('resolved_at').dropColumn('resolved_by').execute()
  for (const t of SHIPPED) {
    await db.schema
      .alterTable(t)
      .dropColumn('carrier')
      .dropColumn('tracking_number')
      .dropColumn('shipped_at')
      .dropColumn('shipped_by')
      .execute()
  }
}
