import path from 'node:path'
import { openServerDb, openServerDbWaiting, runPrepareChild } from './db/startup'
import { createDb, type DbHandle } from './db'
import { buildTemplate } from './db/template'
import { loadJwtSecret } from './secret'
import { authOptionsFromEnv } from './domains/auth/config'
import { loadConfig } from './config'

async function main() {
  // the environment, checked once (server/config.ts): a bad value ends the start here, naming the variable
  const config = loadConfig()
  // the child process that prepares a fresh PGlite data folder (server/db/startup.ts) runs this same entry
  if (config.STOREFRONT_PREPARE_DB) {
    await runPrepareChild(config.STOREFRONT_PREPARE_DB, config)
    process.exit(0)
  }
  // npm run build:server makes the seeded PGlite template that a first start copies (server/db/template.ts)
  if (config.STOREFRONT_BUILD_TEMPLATE) {
    const dir = await buildTemplate(
      (dataDir) => runPrepareChild(dataDir, { ...config, PGLITE_INITDB_CACHE: '0' }),
      config,
    )
    console.log(`[build:server] seeded PGlite template: ${dir ?? 'none (PGLITE_TEMPLATE_DIR=0)'}`)
    process.exit(0)
  }

  const staticDir = path.resolve(config.STATIC_DIR)
  const adminDir = path.resolve(config.ADMIN_DIR)

  // login settings: PUBLIC_URL, APP_URL, OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET, WECHAT_* (docs/configuration.md)
  const auth = authOptionsFromEnv(config)
  let handle: DbHandle
  let app: import('fastify').FastifyInstance
  let waitForDb: (() => Promise<void>) | null = null
  if (config.DATABASE_URL) {
    // PostgreSQL (issue 22 #28): the instance listens at once and answers 503 (/api/health included) while it waits
    // for its database with a bounded, logged backoff, then migrates and checks it and starts taking work
    const { buildApp } = await import('./app')
    handle = await createDb(config)
    app = buildApp({ db: handle.db, jwtSecret: loadJwtSecret(config), logger: true, staticDir, adminDir, auth, config })
    app.lifecycle.starting = true
    const started = app
    const h = handle
    waitForDb = async () => {
      const { migrations, seeded, products } = await openServerDbWaiting({ config, handle: h, log: started.log })
      started.log.info({ db: h.kind, migrations, seeded, products }, 'database ready')
      started.lifecycle.starting = false
    }
  } else {
    // the app's modules load while the database is opened (or prepared by the child on a first start)
    const [opened, { buildApp }] = await Promise.all([openServerDb(config), import('./app')])
    handle = opened.handle
    app = buildApp({ db: handle.db, jwtSecret: loadJwtSecret(config), logger: true, staticDir, adminDir, auth, config })
    app.log.info(
      { db: handle.kind, migrations: opened.migrations, seeded: opened.seeded, products: opened.products },
      'database ready',
    )
  }

  // Graceful shutdown (docs/deployment.md): on SIGTERM the instance reports not-ready on /api/health
  // and keeps serving for SHUTDOWN_DRAIN_MS (a load balancer's health checks see it and send it nothing
  // new), then stops listening, finishes the requests in flight, and closes its pools.
  let closing = false
  const drainMs = config.SHUTDOWN_DRAIN_MS
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.lifecycle.draining = true
    app.log.info({ signal, drainMs }, 'draining')
    const timer = setTimeout(() => process.exit(1), drainMs + 15_000)
    timer.unref()
    try {
      if (drainMs) await new Promise((r) => setTimeout(r, drainMs))
      app.log.info('shutting down: closing the listener and waiting for the requests in flight')
      await app.close()
      await handle.close()
    } finally {
      process.exit(0)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  const url = await app.listen({ port: config.PORT, host: config.HOST })
  app.log.info(`API server listening on ${url} (API under ${url}/api, db ${handle.kind})`)
  if (waitForDb) await waitForDb()
}

main().catch((err) => {
  // the log stays JSON (issue 22 #29): a failed start is one line at level 60 (fatal) with its stack
  const e = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : { message: String(err) }
  process.stdout.write(
    `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, err: e, msg: 'start-up failed' })}\n`,
    () => process.exit(1),
  )
})
