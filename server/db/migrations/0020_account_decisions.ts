import { sql, type Kysely } from 'kysely'

/**
 * Issue 24, the account decisions staff take (server/domains/account/staff/):
 * - who decided a supply-centre or onboarding request, when, and the reason given to the buyer on a rejection; the
 *   account an approved link-account request linked the user to;
 * - ship_to_reviews: the review of a new ship-to (one row per submitted address: when, by whom, due by; then the
 *   decision, the ship-to number given, the reason). A rejected ship-to leaves the account's address book, so its
 *   review keeps the address as it was reviewed;
 * - ship_to_number_seq: the ship-to numbers the store gives when staff approve without one from the ERP.
 */
const DECIDED_TABLES = ['onboarding_requests', 'supply_center_requests'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const t of DECIDED_TABLES) {
    await db.schema
      .alterTable(t)
      .addColumn('decision_reason', 'text')
      .addColumn('decided_by', 'text', (c) => c.references('staff_users.id'))
      .addColumn('decided_at', 'timestamptz')
      .execute()
  }
  await db.schema
    .alterTable('onboarding_requests')
    .addColumn('linked_account_id', 'integer', (c) => c.references('accounts.id'))
    .execute()

  await sql`CREATE SEQUENCE ship_to_number_seq START 1100001`.execute(db)
  await db.schema
    .createTable('ship_to_reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // null once a rejection has removed the ship-to
    .addColumn('ship_to_id', 'integer', (c) => c.references('ship_tos.id').onDelete('set null'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // who added the address (told of the decision); null for addresses older than this table
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('web_reference', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING','APPROVED','REJECTED')`),
    )
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('review_due_by', 'timestamptz', (c) => c.notNull())
    // the address as decided (set with the decision)
    .addColumn('address', 'jsonb')
    .addColumn('account_number', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('staff_users.id'))
    .addColumn('decided_at', 'timestamptz')
    .execute()
  // one open review per ship-to
  await sql`CREATE UNIQUE INDEX ship_to_reviews_one_pending ON ship_to_reviews (ship_to_id) WHERE status = 'PENDING'`.execute(
    db,
  )
  await sql`CREATE INDEX ship_to_reviews_status_idx ON ship_to_reviews (status, submitted_at, id)`.execute(db)
  // ship-tos already waiting when this runs get their review (due about 2 business days from now)
  await sql`
    INSERT INTO ship_to_reviews (ship_to_id, account_id, web_reference, submitted_at, review_due_by)
    SELECT id, account_id, coalesce(web_reference, address_key), now(), now() + interval '2 days'
    FROM ship_tos WHERE address_status = 'PENDING'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ship_to_reviews').ifExists().execute()
  await sql`DROP SEQUENCE IF EXISTS ship_to_number_seq`.execute(db)
  await db.schema.alterTable('onboarding_requests').dropColumn('linked_account_id').execute()
  for (const t of DECIDED_TABLES) {
    await db.schema
      .alterTable(t)
      .dropColumn('decision_reason')
      .dropColumn('decided_by')
      .dropColumn('decided_at')
      .execute()
  }
}
