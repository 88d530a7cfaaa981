import fs from 'node:fs'
import path from 'node:path'
import { Kysely, PostgresDialect, PGliteDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import type { DB } from './schema'
import { staticMigrationProvider } from './migrations'
import { pglitePrepared, postgresPreparedPool, registerPreparedExecutor } from './prepared'

export type { DB } from './schema'
export type DbKind = 'pglite' | 'postgres'

export interface DbHandle {
  db: Kysely<DB>
  kind: DbKind
  /** Present for PGlite (tests dump/load data dirs through it). */
  pglite?: PGlite
  close(): Promise<void>
}

const kindOf = new WeakMap<Kysely<any>, DbKind>()
export function dbKind(db: Kysely<any>): DbKind {
  return kindOf.get(db) ?? 'postgres'
}

export const pgliteExtensions = { pg_trgm }

/**
 * bigint (int8) columns — order money in minor units, count(*) — are read as JS numbers on both
 * databases (exact up to 2^53, far above any order total), not as strings (pg) or BigInt.
 */
const INT8_OID = 20
const parseInt8 = (v: string) => Number(v)

export async function createPgliteDb(opts: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<DbHandle> {
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true })
  const pglite = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: pgliteExtensions,
    parsers: { [INT8_OID]: parseInt8 },
  })
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) })
  kindOf.set(db, 'pglite')
  registerPreparedExecutor(db, pglitePrepared(db))
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      await db.destroy() // PGliteDialect closes the PGlite instance
      if (!pglite.closed) await pglite.close().catch(() => {})
    },
  }
}

export function createPostgresDb(connectionString: string, opts: { max?: number } = {}): DbHandle {
  const types = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser }
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10, types })
  // An idle client dropped by the server (restart, DROP DATABASE ... FORCE) must not crash the process.
  pool.on('error', (err) => console.error(`[pg pool] idle client error: ${err.message}`))
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  kindOf.set(db, 'postgres')
  const prepared = postgresPreparedPool({ connectionString, max: Math.min(4, opts.max ?? 10), types })
  registerPreparedExecutor(db, prepared.exec)
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.destroy()
      await prepared.close()
    },
  }
}

/** DATABASE_URL → PostgreSQL; otherwise PGlite in DATA_DIR (default `.data/pglite`, persistent). */
export async function createDb(env: NodeJS.ProcessEnv = process.env): Promise<DbHandle> {
  if (env.DATABASE_URL) return createPostgresDb(env.DATABASE_URL)
  const dataDir = path.resolve(env.DATA_DIR ?? path.join('.data', 'pglite'))
  return createPgliteDb({ dataDir })
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticMigrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
