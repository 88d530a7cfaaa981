/**
 * npm run db:seed [-- --reset] [-- --count 10000]
 * Idempotent: skips when products exist; --reset truncates and reseeds. Migrates first.
 */
import { createDb, migrateToLatest } from '../db'
import { loadConfig } from '../config'
import { seedDatabase, DEFAULT_PRODUCT_COUNT } from '../db/seed'

async function main() {
  const args = process.argv.slice(2)
  const reset = args.includes('--reset')
  const i = args.indexOf('--count')
  const productCount = i >= 0 ? Number(args[i + 1]) : DEFAULT_PRODUCT_COUNT
  const h = await createDb(loadConfig())
  try {
    await migrateToLatest(h.db)
    const t = Date.now()
    const r = await seedDatabase(h.db, { reset, productCount })
    console.log(
      r.skipped
        ? `[${h.kind}] skipped: ${r.products} products already present (use --reset to reseed)`
        : `[${h.kind}] seeded ${r.products} products, ${r.accountPrices} account prices in ${Date.now() - t} ms`,
    )
  } finally {
    await h.close()
  }
}
main().catch((e) => {
  console.error(e)
  process.exit(1)
})
