/** npm run db:migrate — applies server/db/migrations to DATABASE_URL (PostgreSQL) or PGlite in DATA_DIR. */
import { createDb, migrateToLatest } from '../db'
import { loadConfig } from '../config'

async function main() {
  const h = await createDb(loadConfig())
  try {
    const applied = await migrateToLatest(h.db)
    console.log(`[${h.kind}] ${applied.length ? `applied: ${applied.join(', ')}` : 'already up to date'}`)
  } finally {
    await h.close()
  }
}
main().catch((e) => {
  console.error(e)
  process.exit(1)
})
