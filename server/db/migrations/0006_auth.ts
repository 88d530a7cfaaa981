import { sql, type Kysely } from 'kysely'

// Issue 4: auth tables (login credentials, one-time login states and tickets, WeChat sessions and bindings).
export async function up(db: Kysely<any>): Promise<void> {
  // Password of a user for the embedded OpenID provider: 'scrypt$N$r$p$salt$hash' (server/domains/auth/passwords.ts).
  await db.schema
    .createTable('user_credentials')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // One-time state of a login redirect (OIDC or WeChat web OAuth). Stored by the SHA-256 of the state.
  await db.schema
    .createTable('auth_login_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('oidc','wechat')`))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text')
    .addColumn('nonce', 'text')
    .addColumn('return_to', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('auth_login_states_expires_idx').on('auth_login_states').column('expires_at').execute()

  // One-time login ticket handed to the app after the OIDC callback. Stored by the SHA-256 of the ticket.
  await db.schema
    .createTable('auth_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('return_to', 'text')
    .addColumn('registered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('auth_tickets_expires_idx').on('auth_tickets').column('expires_at').execute()

  // WeChat mini-program sessions: session_key stays here and never leaves the server.
  await db.schema
    .createTable('wechat_sessions')
    .addColumn('openid', 'text', (c) => c.primaryKey())
    .addColumn('session_key', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // Which local user a WeChat openid logs in as.
  await db.schema
    .createTable('wechat_bindings')
    .addColumn('openid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('wechat_bindings_user_idx').on('wechat_bindings').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['wechat_bindings', 'wechat_sessions', 'auth_tickets', 'auth_login_states', 'user_credentials']) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
