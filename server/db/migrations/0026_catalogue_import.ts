import { sql, type Kysely } from 'kysely'
import { dropTables } from './helpers'

/**
 * Issue 24, catalogue import by staff: "CSV or XLSX of products, prices or stock, with a dry run that lists every
 * row's error, then apply; CoA and SDS files uploaded per catalogue number and lot."
 * - catalogue_imports: one row per applied import (dry runs write nothing): who, when, kind, the counts and the
 *   row errors (at most the first 1,000; error_count has them all).
 * - product_document_files: the uploaded PDF of a document (product_documents). Documents without a file are
 *   rendered on the fly as before (server/domains/catalog/documents.ts).
 * Same SQL on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_imports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('products','prices','stock')`))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('csv','xlsx')`))
    .addColumn('file_name', 'text')
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('error_count', 'integer', (c) => c.notNull())
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`CREATE INDEX catalogue_imports_list_idx ON catalogue_imports (created_at DESC, id DESC)`.execute(db)

  await db.schema
    .createTable('product_document_files')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('product_documents.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type = 'application/pdf'`))
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0 AND size <= 10485760`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('product_document_files_size_ck', sql`octet_length(content) = size`)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['product_document_files', 'catalogue_imports'])
}
