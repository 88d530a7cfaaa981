import fs from 'node:fs'
import path from 'node:path'
import { Kysely, PostgresDialect, PGliteDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import type { DB } from './schema'
import { staticMigrationProvider } from './migrations'

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

export async function createPgliteDb(opts: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<DbHandle> {
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true })
  const pglite = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: pgliteExtensions,
  })
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) })
  kindOf.set(db, 'pglite')
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
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10 })
  // An idle client dropped by the server (restart, DROP DATABASE ... FORCE) must not crash the process.
  pool.on('error', (err) => console.error(`[pg pool] idle client error: ${err.message}`))
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  kindOf.set(db, 'postgres')
  return {
    db,
    kind: 'postgres',
    async close() {
      await db.destroy()
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
