import { sql, type Kysely } from 'kysely'

/** pg_trgm + trigram GIN indexes on product titles (search lands in a later issue). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)
  await sql`CREATE INDEX products_title_en_trgm_idx ON products USING gin (title_en gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX products_title_zh_trgm_idx ON products USING gin (title_zh gin_trgm_ops)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_title_zh_trgm_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS products_title_en_trgm_idx`.execute(db)
}
