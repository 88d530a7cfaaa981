/**
 * DEV ONLY: prints an access token for a seeded user, without going through the login pages (the real
 * login is /api/auth/oidc/authorize with the demo password, see docs/login.md).
 *   npm run token -- approved.cn
 * Uses the same secret as the server (JWT_SECRET or .data/jwt-secret). Demo users have fixed ids in the
 * seed, so no database access is needed for them (PGlite's data dir must not be opened by a second
 * process while the server runs). Other users are looked up only on PostgreSQL (DATABASE_URL).
 */
import { createPostgresDb } from '../db'
import { DEMO_ACCOUNTS } from '../db/seed'
import { loadJwtSecret } from '../secret'
import { signAccessToken } from '../domains/auth/tokens'
import { loadConfig } from '../config'

async function main() {
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
