import { sql, type Kysely } from 'kysely'
import { bilingual, dropTables } from './helpers'

/**
 * Catalogue domain (issue 3): search columns on products; per-product catalogue data (family, origin,
 * surcharge); descriptions, free goods, stock, documents, attribute values (selection tools) and the
 * search dictionary.
 *
 * Search (see server/domains/catalog/search.ts) works on two stored generated columns of `products`:
 *  - catalog_norm: lower-case catalogue number without '-' and spaces (exact / prefix; btree text_pattern_ops);
 *  - search_text: ' <titles> ~ <catalogue numbers, brand, attribute values> ', normalised by
 *    catalog_search_norm(): lower case, every run of other characters -> one space, letters and digits split
 *    ('cd3' -> 'cd 3'), and every Chinese character written three times ('抗体' -> '抗抗抗体体体').
 *    The query goes through the same function, so substring semantics are kept, and one trigram GIN
 *    index serves every term: Chinese queries of 1-2 characters (抗体, 酶) become 3-6 characters with
 *    trigrams, and 1-2 character ASCII terms ('PE', 'HA', 'cd') are matched as whole words (' pe '),
 *    which pg_trgm indexes through the word padding. The ' ~ ' marker separates the titles from the rest,
 *    so the position of a match tells a title match from an attribute match (ranking).
 * Everything is immutable SQL (no extension beyond pg_trgm), identical on PGlite and PostgreSQL.
 */

const CJK = '\u4e00-\u9fff'
/** attribute values that search looks at (fixed here: changing the list is a new migration) */
const SEARCHABLE_ATTRIBUTES = [
  'Host Species',
  'Target Species',
  'Reactivity',
  'Conjugate',
  'Label',
  'Clonality',
  'Applications',
  'Grade',
  'Purity',
  'Material',
]

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)

  await sql
    .raw(
      `
    CREATE FUNCTION catalog_search_norm(t text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT btrim(regexp_replace(regexp_replace(regexp_replace(lower(t),
        '([${CJK}])', '\\1\\1\\1', 'g'),
        '([a-z])(?=[0-9])|([0-9])(?=[a-z])', '\\1\\2 ', 'g'),
        '[^a-z0-9${CJK}]+', ' ', 'g'))
    $$`,
    )
    .execute(db)

  // titles ~ catalogue number, brand and the searchable attribute values (not storage, voltage, ...)
  await sql
    .raw(
      `
    CREATE FUNCTION catalog_search_text(cat text, en text, zh text, brand text, attrs jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ' ' || catalog_search_norm(en || ' ' || zh) || ' ~ ' || catalog_search_norm(cat || ' ' || brand || ' ' ||
        coalesce((SELECT string_agg(e->>'displayValue', ' ') FROM jsonb_array_elements(attrs) e
                  WHERE e->>'displayName' IN (${SEARCHABLE_ATTRIBUTES.map((a) => `'${a}'`).join(', ')})), '')) || ' '
    $$`,
    )
    .execute(db)

  await sql`
    ALTER TABLE products
      ADD COLUMN catalog_norm text GENERATED ALWAYS AS (translate(lower(catalog_number), '- ', '')) STORED,
      ADD COLUMN search_text text GENERATED ALWAYS AS (catalog_search_text(catalog_number, title_en, title_zh, brand, attributes)) STORED
  `.execute(db)
  await sql`CREATE INDEX products_catalog_norm_idx ON products (catalog_norm text_pattern_ops)`.execute(db)
  await sql`CREATE INDEX products_search_text_trgm_idx ON products USING gin (search_text gin_trgm_ops)`.execute(db)
  // superseded by products_search_text_trgm_idx (and useless for 2-character Chinese queries); saves seeding time
  await sql`DROP INDEX IF EXISTS products_title_zh_trgm_idx`.execute(db)

  // catalogue data per product: the product family (same product in other sizes), origin and surcharge
  await db.schema
    .createTable('product_catalog')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('family_id', 'text')
    .addColumn('origin', 'text', (c) =>
      c
        .notNull()
        .defaultTo('imported')
        .check(sql`origin in ('imported', 'local', 'dual')`),
    )
    .addColumn('surcharge_cny', 'integer', (c) => c.check(sql`surcharge_cny >= 0`))
    .addColumn('surcharge_inr', 'integer', (c) => c.check(sql`surcharge_inr >= 0`))
    .addColumn('surcharge_reason', 'text', (c) =>
      c.check(sql`surcharge_reason in ('dry-ice', 'cold-chain', 'hazardous', 'oversize')`),
    )
    .addCheckConstraint(
      'product_catalog_surcharge_check',
      sql`(surcharge_cny IS NULL) = (surcharge_reason IS NULL) AND (surcharge_cny IS NULL) = (surcharge_inr IS NULL)`,
    )
    .execute()
  await sql`CREATE INDEX product_catalog_family_idx ON product_catalog (family_id) WHERE family_id IS NOT NULL`.execute(
    db,
  )
  await sql`CREATE INDEX product_catalog_dual_idx ON product_catalog (product_id) WHERE origin = 'dual' OR surcharge_cny IS NOT NULL`.execute(
    db,
  )

  await db.schema
    .createTable('product_descriptions')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .$call(bilingual('html'))
    .execute()

  await db.schema
    .createTable('product_free_goods')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('free', 'promo')`))
    .$call(bilingual('name'))
    .addColumn('pic', 'text')
    .addPrimaryKeyConstraint('product_free_goods_pk', ['product_id', 'kind'])
    .execute()

  await db.schema
    .createTable('product_stock')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // manuals and SDS per product, certificates of analysis per lot. Free-text document search goes through
  // the product's search_text (title, catalogue number), so documents need no text index of their own.
  await db.schema
    .createTable('product_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('doc_type', 'text', (c) => c.notNull().check(sql`doc_type in ('manual', 'coa', 'sds')`))
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'zh')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('lot_number', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull().check(sql`file_name ~ '^[A-Za-z0-9._-]{1,160}$'`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('product_documents_lot_check', sql`(doc_type = 'coa') = (lot_number IS NOT NULL)`)
    .execute()
  await sql`CREATE INDEX product_documents_product_idx ON product_documents (product_id, doc_type)`.execute(db)
  await sql`CREATE INDEX product_documents_lot_idx ON product_documents (upper(lot_number)) WHERE lot_number IS NOT NULL`.execute(
    db,
  )
  await sql`CREATE INDEX product_documents_type_list_idx ON product_documents (doc_type, updated_at DESC, id DESC)`.execute(
    db,
  )

  // one row per (attribute, single value): multi-valued attributes (Reactivity, Applications) are split
  await db.schema
    .createTable('product_attribute_values')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attribute_values_pk', ['name', 'value', 'product_id'])
    .execute()

  // the no-result dictionary: catalogue terms, brands, attribute values and category names
  await db.schema
    .createTable('catalog_search_terms')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('term', 'category')`))
    .addColumn('category_code', 'text')
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'zh')`))
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`CREATE INDEX catalog_search_terms_trgm_idx ON catalog_search_terms USING gin (lower(term) gin_trgm_ops)`.execute(
    db,
  )
}

/** The tables this migration creates, children before parents (down() drops them in this order). */
export const CATALOG_EXTRA_TABLES = [
  'catalog_search_terms',
  'product_attribute_values',
  'product_documents',
  'product_stock',
  'product_free_goods',
  'product_descriptions',
  'product_catalog',
]

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, CATALOG_EXTRA_TABLES)
  await sql`CREATE INDEX IF NOT EXISTS products_title_zh_trgm_idx ON products USING gin (title_zh gin_trgm_ops)`.execute(
    db,
  )
  await sql`DROP INDEX IF EXISTS products_search_text_trgm_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS products_catalog_norm_idx`.execute(db)
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS search_text, DROP COLUMN IF EXISTS catalog_norm`.execute(db)
  await sql`DROP FUNCTION IF EXISTS catalog_search_text(text, text, text, text, jsonb)`.execute(db)
  await sql`DROP FUNCTION IF EXISTS catalog_search_norm(text)`.execute(db)
}
