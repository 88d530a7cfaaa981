import { sql, type Kysely } from 'kysely'
import { bilingual, dropTables, notNull, sequenceNumber } from './helpers'

const CURRENCY = sql`('CNY','INR')`
const FREQUENCY = sql`('daily','monthly')`
const REQUEST_STATUS = sql`('PENDING','APPROVED','REJECTED')`

/** Issue 4: invoices and AR, supply-centre requests, notifications, onboarding requests. */
export async function up(db: Kysely<any>): Promise<void> {
  // web references of new ship-tos (WEB-YYYY-NNNNNN); the seed's own references are below 1000
  await sql`CREATE SEQUENCE ship_to_web_ref_seq START 1000`.execute(db)
  await sql`CREATE SEQUENCE supply_center_request_seq START 1`.execute(db)
  await sql`CREATE SEQUENCE onboarding_request_seq START 1`.execute(db)

  await db.schema
    .createTable('bill_to_settings')
    .addColumn('bill_to_number', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ${CURRENCY}`))
    .addColumn('invoice_frequency', 'text', (c) => c.notNull().check(sql`invoice_frequency in ${FREQUENCY}`))
    .addColumn('statement_frequency', 'text', (c) => c.notNull().check(sql`statement_frequency in ${FREQUENCY}`))
    .addColumn('credit_limit', 'integer', (c) => c.notNull().check(sql`credit_limit >= 0`))
    .$call(notNull('text', 'invoice_title', 'tax_number', 'bank', 'bank_account'))
    .execute()
  await db.schema.createIndex('bill_to_settings_account_idx').on('bill_to_settings').column('account_id').execute()

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('bill_to_number', 'text', (c) =>
      c.notNull().references('bill_to_settings.bill_to_number').onDelete('cascade'),
    )
    .addColumn('invoice_number', 'text', (c) => c.notNull().unique())
    .addColumn('invoice_code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('general','special')`))
    .addColumn('medium', 'text', (c) => c.notNull().check(sql`medium in ('e-invoice','paper')`))
    .$call(notNull('text', 'title', 'tax_number', 'bank', 'bank_account'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ${CURRENCY}`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('issued','delivered','paid','overdue','cancelled')`),
    )
    .addColumn('delivery_number', 'text')
    .addColumn('sales_order_number', 'text')
    .addColumn('issue_date', 'timestamptz', (c) => c.notNull())
    .addColumn('due_date', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('invoices_due_ck', sql`due_date >= issue_date`)
    // paper invoices travel by courier; e-invoices have no delivery number
    .addCheckConstraint('invoices_delivery_ck', sql`(medium = 'paper') = (delivery_number is not null)`)
    .execute()
  await sql`CREATE INDEX invoices_bill_to_issue_idx ON invoices (bill_to_number, issue_date DESC, id DESC)`.execute(db)

  await db.schema
    .createTable('ar_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('bill_to_number', 'text', (c) =>
      c.notNull().references('bill_to_settings.bill_to_number').onDelete('cascade'),
    )
    .addColumn('posted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('document_number', 'text', (c) => c.notNull())
    .addColumn('line_type', 'text', (c) => c.notNull().check(sql`line_type in ('invoice','payment','credit_note')`))
    .addColumn('invoice_number', 'text', (c) => c.references('invoices.invoice_number').onDelete('set null'))
    .$call(bilingual('description'))
    .addColumn('debit', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`debit >= 0`),
    )
    .addColumn('credit', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credit >= 0`),
    )
    .addColumn('due_date', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('ar_lines_bill_to_posted_idx')
    .on('ar_lines')
    .columns(['bill_to_number', 'posted_at', 'id'])
    .execute()

  await db.schema
    .createTable('supply_center_options')
    .addColumn('supply_center_id', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country in ('cn','in')`))
    .$call(bilingual('name', 'city'))
    .addColumn('operation_status', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('supply_center_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .$call(sequenceNumber('request_id', 'SCR', 'supply_center_request_seq'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ship_to_id', 'integer', (c) => c.notNull().references('ship_tos.id').onDelete('cascade'))
    .addColumn('ship_to_num', 'text', (c) => c.notNull())
    .addColumn('supply_center_id', 'text', (c) => c.notNull().references('supply_center_options.supply_center_id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('apply','change')`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 200`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ${REQUEST_STATUS}`),
    )
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('review_due_by', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`CREATE INDEX supply_center_requests_account_idx ON supply_center_requests (account_id, submitted_at DESC, id DESC)`.execute(
    db,
  )
  // "one PENDING request per ship-to at a time", enforced by the database too (no race)
  await sql`CREATE UNIQUE INDEX supply_center_requests_one_pending ON supply_center_requests (ship_to_id) WHERE status = 'PENDING'`.execute(
    db,
  )

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('order','promotion','account','system')`))
    .$call(bilingual('title', 'body'))
    .addColumn('link_route', 'text')
    .addColumn('link_params', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC)`.execute(
    db,
  )

  await db.schema
    .createTable('onboarding_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .$call(sequenceNumber('request_id', 'OB', 'onboarding_request_seq'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('link-account','address')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ${REQUEST_STATUS}`),
    )
    .addColumn('account_number', 'text')
    .addColumn('company_or_institution', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('ship_to_id', 'integer', (c) => c.references('ship_tos.id').onDelete('cascade'))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('review_due_by', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`CREATE INDEX onboarding_requests_user_idx ON onboarding_requests (user_id, submitted_at DESC, id DESC)`.execute(
    db,
  )
  // one pending link-account request per user at a time
  await sql`CREATE UNIQUE INDEX onboarding_requests_one_pending_link ON onboarding_requests (user_id) WHERE status = 'PENDING' AND kind = 'link-account'`.execute(
    db,
  )
}

/** The tables this migration creates, children before parents (down() drops them in this order). */
export const ACCOUNT_RECORD_TABLES = [
  'onboarding_requests',
  'notifications',
  'supply_center_requests',
  'supply_center_options',
  'ar_lines',
  'invoices',
  'bill_to_settings',
]

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ACCOUNT_RECORD_TABLES)
  for (const s of ['onboarding_request_seq', 'supply_center_request_seq', 'ship_to_web_ref_seq']) {
    await sql`DROP SEQUENCE IF EXISTS ${sql.id(s)}`.execute(db)
  }
}
