import path from 'node:path'
import { buildApp } from './app'
import { createDb, migrateToLatest } from './db'
import { seedDatabase } from './db/seed'
import { loadJwtSecret } from './secret'
import { authOptionsFromEnv } from './domains/auth/config'

async function main() {
  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '127.0.0.1'
  const staticDir = path.resolve(process.env.STATIC_DIR ?? path.join('dist', 'h5'))

  const handle = await createDb()
  const applied = await migrateToLatest(handle.db)
  const seeded = await seedDatabase(handle.db) // no-op when products exist
  // login settings: PUBLIC_URL, APP_URL, OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET, WECHAT_* (README "Login")
  const auth = authOptionsFromEnv(process.env)
  const app = buildApp({ db: handle.db, jwtSecret: loadJwtSecret(), logger: true, staticDir, auth })
  app.log.info({ db: handle.kind, migrations: applied, seeded: !seeded.skipped, products: seeded.products }, 'database ready')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 10_000)
    timer.unref()
    try {
      await app.close()
      await handle.close()
    } finally {
      process.exit(0)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  const url = await app.listen({ port, host })
  app.log.info(`API server listening on ${url} (API under ${url}/api, db ${handle.kind})`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
