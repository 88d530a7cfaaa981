import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'
import { DEMO_ACCOUNTS } from './accounts'
import { hashPassword } from '../../domains/auth/passwords'
import { STANDIN_WECHAT_USERS } from '../../wechat-standin/users'

/** Issue 4 seed (auth). Deterministic: no clocks beyond SEED_DATE, no unseeded randomness. */

/** Password of every demo user at the embedded sign-in page (documented in docs/login.md). */
export const DEMO_PASSWORD = 'Lab-Demo-2026!'

/** Tables this seed fills (truncated by a reset seed). */
export const AUTH_SEED_TABLES: string[] = [
  'wechat_bindings',
  'wechat_sessions',
  'auth_tickets',
  'auth_login_states',
  'user_credentials',
]

const SEEDED_AT = '2026-01-01T00:00:00.000Z'

/** Deterministic salt per user (seeded demo data only; real users get random salts). */
const seedSalt = (seed: number, userId: string) =>
  crypto.createHash('sha256').update(`demo-salt:${seed}:${userId}`).digest().subarray(0, 16)

export async function seedAuth(db: Kysely<DB>, ctx: SeedContext): Promise<void> {
  const users = DEMO_ACCOUNTS.map((a) => a.user)
  const rows = await Promise.all(
    users.map(async (u) => ({
      user_id: u.id,
      password_hash: await hashPassword(DEMO_PASSWORD, seedSalt(ctx.seed, u.id)),
      created_at: SEEDED_AT,
    })),
  )
  await db.insertInto('user_credentials').values(rows).execute()
  // one stand-in WeChat user bound to each demo user (the stand-in also has an unbound one)
  const bindings = STANDIN_WECHAT_USERS.filter((w) => w.boundTo).map((w) => ({
    openid: w.openid,
    user_id: users.find((u) => u.userName === w.boundTo)!.id,
    created_at: SEEDED_AT,
  }))
  if (bindings.length) await db.insertInto('wechat_bindings').values(bindings).execute()
}
