import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { JWTPayload } from 'jose'
import type { DB } from '../../db/schema'
import type { ResolvedAuthConfig } from './config'
import { insertNewUser } from './new-user'

/**
 * Maps a verified OpenID identity to a local user.
 *  - embedded provider: sub is our user id; `registered` when its credentials were created during this
 *    login (the registration page of the same flow);
 *  - external issuer: by the preferred_username / username claim to users.user_name, else (no such user)
 *    a new Partially Registered user with its own account; `registered` when created here.
 */
export async function mapIdentity(
  db: Kysely<DB>,
  cfg: ResolvedAuthConfig['oidc'],
  claims: JWTPayload,
  flowStartedAt: Date,
): Promise<{ userId: string; registered: boolean } | null> {
  if (cfg.embedded) {
    const row = await db
      .selectFrom('users as u')
      .leftJoin('user_credentials as c', 'c.user_id', 'u.id')
      .select(['u.id', 'c.created_at'])
      .where('u.id', '=', String(claims.sub))
      .executeTakeFirst()
    if (!row) return null
    return {
      userId: row.id,
      registered: !!row.created_at && new Date(row.created_at).getTime() >= flowStartedAt.getTime(),
    }
  }

  const claimed =
    typeof claims.preferred_username === 'string'
      ? claims.preferred_username
      : typeof claims.username === 'string'
        ? claims.username
        : ''
  const userName =
    claimed.trim().toLowerCase().slice(0, 128) ||
    `ext-${crypto.createHash('sha256').update(`${cfg.issuer}|${claims.sub}`).digest('hex').slice(0, 16)}`
  const existing = await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst()
  if (existing) return { userId: existing.id, registered: false }

  const str = (v: unknown, max: number) =>
    typeof v === 'string'
      ? v
          .replace(/[\u0000-\u001f\u007f]/g, '')
          .trim()
          .slice(0, max)
      : ''
  const firstName = str(claims.given_name, 40) || str(claims.name, 40) || userName
  const lastName = str(claims.family_name, 40)
  const language = typeof claims.locale === 'string' && claims.locale.toLowerCase().startsWith('en') ? 'en' : 'zh'
  const userId = await db
    .transaction()
    .execute((trx) => insertNewUser(trx, { userName, firstName, lastName, email: str(claims.email, 120), language }))
  return { userId, registered: true }
}
