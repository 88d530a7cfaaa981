import fs from 'node:fs'
import path from 'node:path'
import { Kysely, PostgresDialect, PGliteDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { DB } from './schema'
import { staticMigrationProvider } from './migrations'
import { pglitePrepared, postgresPreparedPool, registerPreparedExecutor } from './prepared'
import { dbAvailability, watchPool } from './availability'
import type { Config } from '../config'

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

/**
 * PGlite (a 9 MB WASM build of PostgreSQL) is loaded only when a PGlite database is opened: a server on
 * PostgreSQL never pays for its code.
 */
async function loadPglite() {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ])
  return { PGlite, extensions: { pg_trgm } }
}

/**
 * bigint (int8) columns — order money in minor units, count(*) — are read as JS numbers on both
 * databases (exact up to 2^53, far above any order total), not as strings (pg) or BigInt.
 */
const INT8_OID = 20
const parseInt8 = (v: string) => Number(v)

export interface PgliteOptions {
  dataDir?: string
  loadDataDir?: Blob | File
  /** PostgreSQL's shared_buffers (e.g. '16MB'); default: the data folder's postgresql.conf (128MB) */
  sharedBuffers?: string
}

export async function createPgliteDb(opts: PgliteOptions = {}): Promise<DbHandle> {
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true })
  const { PGlite, extensions } = await loadPglite()
  const pglite = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions,
    parsers: { [INT8_OID]: parseInt8 },
    ...(opts.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`] }
      : {}),
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
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  }
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10, types })
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  kindOf.set(db, 'postgres')
  // A client dropped by the server (restart, crash, DROP DATABASE ... FORCE), idle or inside a query, must not
  // crash the process: every connection error has a listener, and an outage logs one JSON warning (issue 22 #27, #29)
  const availability = dbAvailability(db)
  watchPool(pool, availability, 'main')
  const prepared = postgresPreparedPool({ connectionString, max: Math.min(4, opts.max ?? 10), types }, availability)
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

/** The PGlite data folder of the server: DATA_DIR, default `.data/pglite`. */
export function pgliteDataDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR)
}

/** DATABASE_URL → PostgreSQL; otherwise PGlite in DATA_DIR (default `.data/pglite`, persistent). */
export async function createDb(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'PGLITE_SHARED_BUFFERS'>,
): Promise<DbHandle> {
  if (config.DATABASE_URL) return createPostgresDb(config.DATABASE_URL)
  return createPgliteDb({ dataDir: pgliteDataDir(config), sharedBuffers: config.PGLITE_SHARED_BUFFERS })
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticMigrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
