/**
 * DEV ONLY: prints an access token for a seeded user, without going through the login pages (the real
 * login is /api/auth/oidc/authorize with the demo password, see docs/login.md).
 *   npm run token -- approved.cn
 * Uses the same secret as the server (JWT_SECRET or .data/jwt-secret). Demo users have fixed ids in the
 * seed, so no database access is needed for them (PGlite's data dir must not be opened by a second
 * process while the server runs). Other users are looked up only on PostgreSQL (DATABASE_URL).
 *   npm run token -- --staff admin.staff
 * prints a staff token (one hour) instead, without the staff sign-in (docs/admin-api/signin.md). A seeded staff member's
 * token carries ver 1 (the seed's) unless DATABASE_URL is set, where the id and ver are read from the database: after
 * a role change, a token with the old ver is refused.
 */
import { createPostgresDb } from '../db'
import { DEMO_ACCOUNTS } from '../db/seed'
import { loadJwtSecret } from '../secret'
import { signAccessToken } from '../domains/auth/tokens'
import { signStaffToken } from '../domains/staff/tokens'
import { DEMO_STAFF } from '../db/seed'
import { loadConfig } from '../config'

async function staffToken(userName: string | undefined) {
  if (!userName) {
    console.error(
      'usage: npm run token -- --staff <staff userName>   (e.g. admin.staff, orderdesk.staff, finance.staff)',
    )
    process.exit(2)
  }
  const config = loadConfig()
  let staff: { staffId: string; ver: number } | undefined
  if (config.DATABASE_URL) {
    const h = createPostgresDb(config.DATABASE_URL, { max: 1 })
    try {
      const row = await h.db
        .selectFrom('staff_users')
        .select(['id', 'ver'])
        .where('user_name', '=', userName)
        .executeTakeFirst()
      if (row) staff = { staffId: row.id, ver: row.ver }
    } finally {
      await h.close()
    }
  } else {
    const seeded = DEMO_STAFF.find((s) => s.userName === userName)
    if (seeded) staff = { staffId: seeded.id, ver: 1 }
  }
  if (!staff) throw new Error(`unknown staff user: ${userName}`)
  console.log(await signStaffToken(loadJwtSecret(config), staff))
}

async function main() {
  if (process.argv[2] === '--staff') return staffToken(process.argv[3])
  const userName = process.argv[2]
  if (!userName) {
    console.error('usage: npm run token -- <userName>   (e.g. approved.cn, lite.cn, distributor.cn, approved.in)')
    process.exit(2)
  }
  const config = loadConfig()
  let userId = DEMO_ACCOUNTS.find((a) => a.user.userName === userName)?.user.id
  if (!userId && config.DATABASE_URL) {
    const h = createPostgresDb(config.DATABASE_URL, { max: 1 })
    try {
      userId = (await h.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst())?.id
    } finally {
      await h.close()
    }
  }
  if (!userId) throw new Error(`unknown user: ${userName}`)
  console.log(await signAccessToken(loadJwtSecret(config), { userId, userName }))
}
main().catch((e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
