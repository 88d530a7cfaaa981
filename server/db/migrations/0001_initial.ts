import { sql, type Kysely, type CreateTableBuilder } from 'kysely'
import { bilingual, dropTables, notNull } from './helpers'

function addressColumns<T extends string>(t: CreateTableBuilder<T, any>) {
  return t
    .addColumn('address_key', 'text', (c) => c.notNull().unique())
    .addColumn('account_number', 'text')
    .addColumn('nick_name', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('attention_to', 'text')
    .addColumn('dept_or_lab', 'text')
    .addColumn('company_or_institution', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('state_or_province', 'text')
    .addColumn('city', 'text')
    .addColumn('street_address', 'text')
    .addColumn('building_or_room', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('iso_country_code', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('email', 'text')
    .addColumn('pre_payment_account', 'boolean', (c) => c.notNull().defaultTo(false))
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_config')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .$call(notNull('text', 'country_code', 'parent_type', 'dict_key'))
    .addColumn('dict_value', 'text', (c) => c.notNull().check(sql`dict_value in ('0','1')`))
    .addColumn('dict_label', 'text', (c) => c.notNull())
    .addUniqueConstraint('sys_config_country_type_key_uq', ['country_code', 'parent_type', 'dict_key'])
    .execute()

  await db.schema
    .createTable('categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
    .$call(bilingual('name'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('catalog_number', 'text', (c) => c.notNull().unique())
    .$call(bilingual('title'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('list_price_cny', 'integer', (c) => c.check(sql`list_price_cny >= 0`))
    .addColumn('list_price_inr', 'integer', (c) => c.check(sql`list_price_inr >= 0`))
    .addColumn('lead_target', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // Listing order: rank desc, id asc (stable); per-category listing uses the composite index.
  await sql`CREATE INDEX products_rank_idx ON products (rank DESC, id ASC)`.execute(db)
  await sql`CREATE INDEX products_category_rank_idx ON products (category_id, rank DESC, id ASC)`.execute(db)

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_number', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) =>
      c.notNull().check(sql`account_type in ('customer','distributor','agent','special')`),
    )
    .addColumn('country', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('siebel_row_id', 'text')
    .addColumn('cdc_uid', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .$call(notNull('text', 'country', 'language', 'ma_country'))
    .addColumn('registration_status', 'text', (c) =>
      c.notNull().check(sql`registration_status in ('Siebel Approved','Partially Registered')`),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('analytics_client_id', 'text', (c) => c.notNull())
    .execute()

  await addressColumns(
    db.schema
      .createTable('ship_tos')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade')),
  )
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('address_status', 'text', (c) => c.notNull().check(sql`address_status in ('ACTIVE','PENDING')`))
    .addColumn('web_reference', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('ship_tos_account_idx').on('ship_tos').column('account_id').execute()

  await addressColumns(
    db.schema
      .createTable('bill_tos')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('ship_to_id', 'integer', (c) => c.notNull().references('ship_tos.id').onDelete('cascade')),
  )
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('bill_tos_ship_to_idx').on('bill_tos').column('ship_to_id').execute()

  await db.schema
    .createTable('credit_records')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('bill_to', 'text', (c) => c.notNull())
    .addColumn('overdue', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('credit_records_account_idx').on('credit_records').column('account_id').execute()

  await db.schema
    .createTable('supply_centers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .$call(notNull('text', 'supply_center_id', 'ship_to_num', 'operation_status'))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema.createIndex('supply_centers_account_idx').on('supply_centers').column('account_id').execute()

  await db.schema
    .createTable('persona_options')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('role','industry','interest')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .$call(bilingual('label'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('persona_options_pk', ['kind', 'code'])
    .execute()

  await db.schema
    .createTable('user_personas')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_personas_pk', ['user_id', 'kind', 'code'])
    .addForeignKeyConstraint('user_personas_option_fk', ['kind', 'code'], 'persona_options', ['kind', 'code'])
    .execute()

  await db.schema
    .createTable('account_prices')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('CNY','INR')`))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('price_type', 'text', (c) => c.notNull().check(sql`price_type in ('yourPrice','discount','wop')`))
    .addPrimaryKeyConstraint('account_prices_pk', ['account_id', 'product_id'])
    .execute()

  await db.schema
    .createTable('error_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('source', 'text')
    .addColumn('error', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

/** The tables this migration creates, children before parents (down() drops them in this order). */
export const INITIAL_TABLES = [
  'error_reports',
  'account_prices',
  'user_personas',
  'persona_options',
  'supply_centers',
  'credit_records',
  'bill_tos',
  'ship_tos',
  'users',
  'accounts',
  'products',
  'categories',
  'sys_config',
]

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, INITIAL_TABLES)
}
