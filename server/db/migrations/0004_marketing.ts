import { sql, type Kysely } from 'kysely'
import { bilingual, dropTables, notNull } from './helpers'

const CONTENT_TYPES = sql`('knowledge','application','workflow','industry','brand','campaign')`

/** The products featured in a content item or a promotion, in order; indexed by product for the reverse look-up. */
async function createProductLinks(
  db: Kysely<any>,
  table: string,
  owner: string,
  ownerType: 'integer' | 'text',
  ownerRef: string,
): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn(owner, ownerType, (c) => c.notNull().references(ownerRef).onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`${table}_pk`, [owner, 'product_id'])
    .execute()
  await db.schema.createIndex(`${table}_product_idx`).on(table).column('product_id').execute()
}

/** marketing and engagement: content, promotions, wishlist, history, operation log */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ${CONTENT_TYPES}`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .$call(bilingual('name'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('article_types')
    .addColumn('value', 'text', (c) => c.primaryKey())
    .$call(bilingual('label'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('content_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ${CONTENT_TYPES}`))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('content_categories.id'))
    .addColumn('article_type', 'text', (c) => c.notNull().references('article_types.value'))
    .$call(bilingual('title', 'summary', 'body', 'author'))
    .addColumn('cover_image', 'text')
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_minutes', 'integer', (c) => c.notNull().check(sql`read_minutes > 0`))
    .execute()
  // newest first, overall and per type / category
  await sql`CREATE INDEX content_items_published_idx ON content_items (published_at DESC, id DESC)`.execute(db)
  await sql`CREATE INDEX content_items_type_published_idx ON content_items (content_type, published_at DESC, id DESC)`.execute(
    db,
  )
  await sql`CREATE INDEX content_items_category_published_idx ON content_items (category_id, published_at DESC, id DESC)`.execute(
    db,
  )

  await createProductLinks(db, 'content_products', 'content_id', 'integer', 'content_items.id')

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .$call(bilingual('title', 'summary', 'body'))
    .addColumn('banner_image', 'text')
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('promotions_window_ck', sql`end_at > start_at`)
    .execute()
  await db.schema.createIndex('promotions_window_idx').on('promotions').columns(['start_at', 'end_at']).execute()

  await createProductLinks(db, 'promotion_products', 'promotion_id', 'text', 'promotions.id')

  await db.schema
    .createTable('special_columns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('banner','flash-sale','learning')`))
    .$call(bilingual('title', 'subtitle'))
    .addColumn('image', 'text')
    .addColumn('link_route', 'text', (c) => c.notNull())
    .addColumn('link_params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('special_columns_window_ck', sql`end_at > start_at`)
    .execute()

  await db.schema
    .createTable('wishlist_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('country_code', 'text', (c) => c.notNull().check(sql`country_code in ('cn','in')`))
    .addColumn('content_type', 'text', (c) =>
      c
        .notNull()
        .check(sql`content_type in ('Products','Workflow','VM Workflow','Knowledge Hub','Promotions','Application')`),
    )
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('wishlist_type', 'text', (c) => c.notNull().check(sql`wishlist_type in ('product','content')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wishlist_items_entry_uq', ['user_id', 'country_code', 'content_type', 'content_id'])
    .execute()
  await sql`CREATE INDEX wishlist_items_user_idx ON wishlist_items (user_id, country_code, created_at DESC, id DESC)`.execute(
    db,
  )

  await db.schema
    .createTable('history_visits')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('product','content')`))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('history_visits_pk', ['user_id', 'kind', 'item_id'])
    .execute()
  await sql`CREATE INDEX history_visits_recent_idx ON history_visits (user_id, kind, viewed_at DESC)`.execute(db)

  await db.schema
    .createTable('operation_logs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .$call(notNull('text', 'op_user', 'op_source', 'op_target', 'op_target_id', 'op_content'))
    .addColumn('op_req_url', 'text', (c) => c.notNull().check(sql`char_length(op_req_url) <= 100`))
    .addColumn('source', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

/** The tables this migration creates, children before parents (down() drops them in this order). */
export const MARKETING_TABLES = [
  'operation_logs',
  'history_visits',
  'wishlist_items',
  'special_columns',
  'promotion_products',
  'promotions',
  'content_products',
  'content_items',
  'article_types',
  'content_categories',
]

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, MARKETING_TABLES)
}
