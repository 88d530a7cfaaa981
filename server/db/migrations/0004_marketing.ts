import { sql, type Kysely } from 'kysely'

const CONTENT_TYPES = sql`('knowledge','application','workflow','industry','brand','campaign')`

/** marketing and engagement: content, promotions, wishlist, history, operation log */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ${CONTENT_TYPES}`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('article_types')
    .addColumn('value', 'text', (c) => c.primaryKey())
    .addColumn('label_en', 'text', (c) => c.notNull())
    .addColumn('label_zh', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('content_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ${CONTENT_TYPES}`))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('content_categories.id'))
    .addColumn('article_type', 'text', (c) => c.notNull().references('article_types.value'))
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('summary_en', 'text', (c) => c.notNull())
    .addColumn('summary_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('author_en', 'text', (c) => c.notNull())
    .addColumn('author_zh', 'text', (c) => c.notNull())
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

  await db.schema
    .createTable('content_products')
    .addColumn('content_id', 'integer', (c) => c.notNull().references('content_items.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('content_products_pk', ['content_id', 'product_id'])
    .execute()
  await db.schema.createIndex('content_products_product_idx').on('content_products').column('product_id').execute()

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('summary_en', 'text', (c) => c.notNull())
    .addColumn('summary_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('banner_image', 'text')
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('promotions_window_ck', sql`end_at > start_at`)
    .execute()
  await db.schema.createIndex('promotions_window_idx').on('promotions').columns(['start_at', 'end_at']).execute()

  await db.schema
    .createTable('promotion_products')
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('promotion_products_pk', ['promotion_id', 'product_id'])
    .execute()
  await db.schema.createIndex('promotion_products_product_idx').on('promotion_products').column('product_id').execute()

  await db.schema
    .createTable('special_columns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('banner','flash-sale','learning')`))
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('subtitle_en', 'text', (c) => c.notNull())
    .addColumn('subtitle_zh', 'text', (c) => c.notNull())
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
    .addColumn('op_user', 'text', (c) => c.notNull())
    .addColumn('op_source', 'text', (c) => c.notNull())
    .addColumn('op_target', 'text', (c) => c.notNull())
    .addColumn('op_target_id', 'text', (c) => c.notNull())
    .addColumn('op_content', 'text', (c) => c.notNull())
    .addColumn('op_req_url', 'text', (c) => c.notNull().check(sql`char_length(op_req_url) <= 100`))
    .addColumn('source', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
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
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
