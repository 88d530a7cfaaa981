import { sql, type Kysely } from 'kysely'

/**
 * Issue 24, marketing content by staff (server/domains/{flashbuy,marketing,cart}/staff/):
 *
 * - every table staff edit gets updated_by (the staff id of the last change; the audit log has the whole story)
 *   and, where it had none, updated_at;
 * - flash_sales.ended_at: ended by staff. Ending also closes the window (end_at = now), so the placement path,
 *   which reads the window only, refuses it; ended_at keeps such a sale off the buyers' sale list, where a sale
 *   that ran its course stays a week as "expired";
 * - content_items.published_until: an article's end of publication (null: published for good); ending an article
 *   sets it to now.
 */
const TABLES_WITHOUT_UPDATED_AT = ['content_items', 'promotions', 'special_columns', 'coupons'] as const
const STAFF_EDITED = ['flash_sales', ...TABLES_WITHOUT_UPDATED_AT] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of TABLES_WITHOUT_UPDATED_AT) {
    await sql`ALTER TABLE ${sql.table(t)} ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db)
  }
  for (const t of STAFF_EDITED) {
    await sql`ALTER TABLE ${sql.table(t)} ADD COLUMN updated_by text REFERENCES staff_users(id) ON DELETE SET NULL`.execute(
      db,
    )
  }
  await sql`ALTER TABLE flash_sales ADD COLUMN ended_at timestamptz`.execute(db)
  await sql`ALTER TABLE content_items ADD COLUMN published_until timestamptz`.execute(db)
  await sql`ALTER TABLE content_items ADD CONSTRAINT content_items_publication_ck
    CHECK (published_until IS NULL OR published_until > published_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE content_items DROP CONSTRAINT IF EXISTS content_items_publication_ck`.execute(db)
  await sql`ALTER TABLE content_items DROP COLUMN IF EXISTS published_until`.execute(db)
  await sql`ALTER TABLE flash_sales DROP COLUMN IF EXISTS ended_at`.execute(db)
  for (const t of STAFF_EDITED) await sql`ALTER TABLE ${sql.table(t)} DROP COLUMN IF EXISTS updated_by`.execute(db)
  for (const t of TABLES_WITHOUT_UPDATED_AT) {
    await sql`ALTER TABLE ${sql.table(t)} DROP COLUMN IF EXISTS updated_at`.execute(db)
  }
}
