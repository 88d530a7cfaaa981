import { sql, type Kysely } from 'kysely'

/**
 * The staff import, the ERP's product, stock and account-price rows, CoA/SDS uploads and the order and lead lookups
 * find a product by its catalogue number whatever the case (`upper(catalog_number)`): without an index on that
 * expression each lookup read the whole products table (about 13 ms a row with 6,000 products, issue 24's
 * 1,000-row ERP calls).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX products_catalog_number_upper_idx ON products (upper(catalog_number))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_catalog_number_upper_idx`.execute(db)
}
