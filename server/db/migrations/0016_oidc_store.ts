import { sql, type Kysely } from 'kysely'

/**
 * Issue 14 (one store on several API instances): the embedded OpenID provider's artefacts
 * (interactions, sessions, authorization codes, grants, tokens) live here rather than in one process's
 * memory, so a login that starts on one instance can finish on another
 * (server/domains/auth/provider/db-store.ts, oidc-provider's Adapter interface).
 *
 * - keyed by (model, id); `payload` is the model's JSON exactly as oidc-provider gave it (consume()
 *   sets payload.consumed, consumed_at mirrors it);
 * - uid (Session lookups by the session cookie), user_code (device flow) and grant_id (revocation)
 *   are copied out of the payload for their indexes;
 * - expires_at null means no expiry; find* ignore expired rows, which are swept in small batches.
 * Same SQL on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_store')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('grant_id', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_store_pk', ['model', 'id'])
    .execute()
  await sql`CREATE INDEX oidc_store_uid_idx ON oidc_store (model, uid) WHERE uid IS NOT NULL`.execute(db)
  await sql`CREATE INDEX oidc_store_user_code_idx ON oidc_store (model, user_code) WHERE user_code IS NOT NULL`.execute(
    db,
  )
  await sql`CREATE INDEX oidc_store_grant_idx ON oidc_store (grant_id) WHERE grant_id IS NOT NULL`.execute(db)
  await sql`CREATE INDEX oidc_store_expires_idx ON oidc_store (expires_at) WHERE expires_at IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oidc_store').ifExists().execute()
}
