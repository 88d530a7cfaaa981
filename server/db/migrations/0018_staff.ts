import { sql, type Kysely } from 'kysely'

/**
 * Issue 24 (staff, roles, the audit log): the staff users, their roles (the six of types/staff/permissions.ts
 * STAFF_ROLES) and the append-only audit log. Staff are not buyers: their own table, their own token
 * (server/domains/staff/tokens.ts). `ver` is in every staff token; bumping it (a role change) ends the older tokens.
 *
 * audit_log is append-only at the database: a trigger refuses UPDATE and DELETE (TRUNCATE, a reset of the whole
 * database, stays possible). Its staff_id has no foreign key: an entry outlives the staff user it names.
 * Same SQL on PGlite and PostgreSQL.
 */
/** The roles as of this migration (types/staff/permissions.ts STAFF_ROLES then): a migration that ran never changes. */
const STAFF_ROLE_NAMES = ['administrator', 'orderDesk', 'customerService', 'catalogue', 'marketing', 'finance']

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret_enc', 'text')
    .addColumn('totp_confirmed_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ver', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('staff_roles')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql.raw(`role in (${STAFF_ROLE_NAMES.map((r) => `'${r}'`).join(',')})`)),
    )
    .addPrimaryKeyConstraint('staff_roles_pk', ['staff_id', 'role'])
    .execute()

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('request_id', 'text')
    .execute()
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'at']).execute()
  await db.schema.createIndex('audit_log_staff_idx').on('audit_log').columns(['staff_id', 'at']).execute()

  await sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db)
  await sql`
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute()
  await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db)
  await db.schema.dropTable('staff_roles').ifExists().execute()
  await db.schema.dropTable('staff_users').ifExists().execute()
}
