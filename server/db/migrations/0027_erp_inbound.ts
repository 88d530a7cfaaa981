import { sql, type Kysely } from 'kysely'

/**
 * Issue 24, the inbound ERP API: integration clients (their OAuth client lives in the provider's store; this is
 * who made it and its scopes), the rows the ERP sent by its own id (idempotency), invoice PDFs, and stock per
 * warehouse (the product's stock is their sum).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integration_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('erp_inbound_rows')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('row_hash', 'text', (c) => c.notNull())
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('erp_inbound_rows_pk', ['kind', 'sender_id'])
    .execute()

  await db.schema
    .createTable('invoice_files')
    .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('invoices.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('warehouse_stock')
    .addColumn('warehouse', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('warehouse_stock_pk', ['warehouse', 'product_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['warehouse_stock', 'invoice_files', 'erp_inbound_rows', 'integration_clients'])
    await db.schema.dropTable(t).ifExists().execute()
}
