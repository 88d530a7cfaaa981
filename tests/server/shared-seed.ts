/**
 * One seeded database for the whole API test layer instead of one per test file.
 *
 * Every test file runs in its own process (node --test), and each used to migrate and seed its own PGlite
 * (~9 s) and its own PostgreSQL database (~4 s): about ten minutes of the layer's time on this 2-core
 * machine. scripts/test-all.mjs now runs `prepare` once before the layer and `drop` after it:
 *   - PGlite: the migrated, seeded data folder is dumped to a file; each process loads that file
 *     (TEST_PGLITE_DUMP) instead of seeding.
 *   - PostgreSQL: a seeded database is made once; each process gets `CREATE DATABASE … TEMPLATE` of it
 *     (TEST_PG_TEMPLATE), a file copy, and drops its copy at the end as before.
 * Without the variables (a single file run by hand) the helpers seed for themselves as they always did.
 *
 *   node --import tsx tests/server/shared-seed.ts prepare <dump-file> [<pg-template-name>]
 *   node --import tsx tests/server/shared-seed.ts drop <dump-file> [<pg-template-name>]
 */
import fs from 'node:fs'
import type pg from 'pg'
import {
  POSTGRES_URL,
  TEST_PRODUCT_COUNT,
  createDatabaseSql,
  seedPostgres,
  seededPgliteDump,
  withAdmin,
  withDatabase,
} from './helpers'

/** Template databases of earlier runs whose process is gone (a run that was killed leaves its template). */
async function dropOrphans(c: pg.Client): Promise<void> {
  const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'sf_tpl_%'`)
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2])
    let alive = false
    try {
      process.kill(pid, 0)
      alive = true
    } catch {
      alive = false
    }
    if (!alive) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  }
}

async function prepare(dumpFile: string, pgName?: string): Promise<void> {
  const t0 = Date.now()
  const dump = await seededPgliteDump()
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()))
  console.log(`PGlite: seeded ${TEST_PRODUCT_COUNT} products and dumped to ${dumpFile} in ${Date.now() - t0} ms`)
  if (!pgName || !POSTGRES_URL) return
  const t1 = Date.now()
  await withAdmin(async (c) => {
    await dropOrphans(c)
    await c.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`)
    await c.query(createDatabaseSql(pgName))
  })
  await seedPostgres(withDatabase(POSTGRES_URL, pgName))
  console.log(`PostgreSQL: seeded template database ${pgName} in ${Date.now() - t1} ms`)
}

async function drop(dumpFile: string, pgName?: string): Promise<void> {
  fs.rmSync(dumpFile, { force: true })
  if (pgName && POSTGRES_URL) await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`))
}

const [cmd, dumpFile, pgName] = process.argv.slice(2)
const work =
  cmd === 'prepare' && dumpFile ? prepare(dumpFile, pgName) : cmd === 'drop' && dumpFile ? drop(dumpFile, pgName) : null
if (!work) {
  console.error('usage: shared-seed.ts prepare|drop <dump-file> [<pg-template-name>]')
  process.exit(2)
}
work.catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
