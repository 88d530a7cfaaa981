import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { JWTPayload } from 'jose'
import type { DB } from '../../db/schema'
import type { ResolvedAuthConfig } from './config'

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
  const userId = `U-${crypto.randomBytes(4).toString('hex')}`
  await db.transaction().execute(async (trx) => {
    const { id: accountId } = await trx
      .insertInto('accounts')
      .values({
        account_number: null,
        name: `${firstName} ${lastName}`.trim(),
        account_type: 'customer',
        country: 'cn',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('users')
      .values({
        id: userId,
        user_name: userName,
        first_name: firstName,
        last_name: lastName,
        siebel_row_id: null,
        cdc_uid: `cdc-${crypto.randomBytes(8).toString('hex')}`,
        email: str(claims.email, 120),
        phone: null,
        country: 'cn',
        language,
        ma_country: 'CN',
        registration_status: 'Partially Registered',
        account_id: accountId,
        analytics_client_id: `GA1.2.${crypto.randomInt(1e8, 1e9)}.${Math.floor(Date.now() / 1000)}`,
      })
      .execute()
  })
  return { userId, registered: true }
}
