import { sql, type Kysely } from 'kysely'

/**
 * Issue 24, staff sign-in: the staff columns for the password and TOTP exist since 0018 (password_hash,
 * totp_secret_enc, totp_confirmed_at, totp_last_step). This adds
 * - staff_recovery_codes: the ten single-use recovery codes of a member's second factor, by their SHA-256;
 * - staff_signin_tickets: the one-time ticket of a sign-in whose first factor (the OpenID issuer) passed and whose
 *   second (TOTP or a recovery code) is still to come; by its SHA-256, 5 minutes, a few wrong codes at most;
 * - 'staff' as a kind of auth_login_states (the redirect state of the staff client, like the buyers' 'oidc').
 * Same SQL on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'code_hash'])
    .execute()

  await db.schema
    .createTable('staff_signin_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('staff_signin_tickets_expires_idx')
    .on('staff_signin_tickets')
    .column('expires_at')
    .execute()

  await sql`ALTER TABLE auth_login_states DROP CONSTRAINT auth_login_states_kind_check`.execute(db)
  await sql`ALTER TABLE auth_login_states ADD CONSTRAINT auth_login_states_kind_check
    CHECK (kind in ('oidc','wechat','staff'))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM auth_login_states WHERE kind = 'staff'`.execute(db)
  await sql`ALTER TABLE auth_login_states DROP CONSTRAINT auth_login_states_kind_check`.execute(db)
  await sql`ALTER TABLE auth_login_states ADD CONSTRAINT auth_login_states_kind_check
    CHECK (kind in ('oidc','wechat'))`.execute(db)
  await db.schema.dropTable('staff_signin_tickets').ifExists().execute()
  await db.schema.dropTable('staff_recovery_codes').ifExists().execute()
}
