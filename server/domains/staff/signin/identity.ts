import { sql, type Kysely } from 'kysely'
import type { JWTPayload } from 'jose'
import type { DB } from '../../../db/schema'

/**
 * The staff member an issuer's ID token names (issue 24). The embedded provider's staff client signs in staff_users
 * only and its subject is the staff id. An external issuer (STAFF_OIDC_ISSUER) names its own subjects: the member is
 * the one whose user name is the token's preferred_username/username, else whose email is the token's email (an
 * active member; nobody is created here: staff are created by an administrator or the staff CLI).
 */
export async function staffOfClaims(
  db: Kysely<DB>,
  claims: JWTPayload,
  embedded: boolean,
): Promise<{ id: string; userName: string } | null> {
  const base = db.selectFrom('staff_users').select(['id', 'user_name']).where('active', '=', true)
  if (embedded) {
    if (typeof claims.sub !== 'string') return null
    const row = await base.where('id', '=', claims.sub).executeTakeFirst()
    return row ? { id: row.id, userName: row.user_name } : null
  }
  const name = [claims.preferred_username, claims.username].find((v): v is string => typeof v === 'string' && !!v)
  if (name) {
    const row = await base.where('user_name', '=', name.trim().toLowerCase()).executeTakeFirst()
    if (row) return { id: row.id, userName: row.user_name }
  }
  if (typeof claims.email === 'string' && claims.email) {
    const rows = await base
      .where(sql<string>`lower(email)`, '=', claims.email.trim().toLowerCase())
      .limit(2)
      .execute()
    // an email two members share names neither
    if (rows.length === 1) return { id: rows[0].id, userName: rows[0].user_name }
  }
  return null
}
