/**
 * The benches' database: with DATABASE_URL a temporary PostgreSQL database of its own (UTF-8, C
 * collation, as the tests make theirs), dropped by cleanup(); without it an in-memory PGlite.
 */
import crypto from 'node:crypto'
import pg from 'pg'
import { createPgliteDb, createPostgresDb, type DbHandle } from '../server/db'

export async function openBenchDb(prefix: string, poolSize = 10): Promise<{ handle: DbHandle; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const handle = await createPgliteDb()
    return { handle, cleanup: () => handle.close().catch(() => {}) }
  }
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`)
  const u = new URL(url)
  u.pathname = '/' + name
  const handle = createPostgresDb(u.toString(), { max: poolSize })
  return {
    handle,
    async cleanup() {
      await handle.close().catch(() => {})
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {})
      await admin.end().catch(() => {})
    },
  }
}
