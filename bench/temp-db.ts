/**
 * The benches' database: with DATABASE_URL a temporary PostgreSQL database of its own (UTF-8, C
 * collation, as the tests make theirs), dropped by cleanup(); without it an in-memory PGlite.
 */
import crypto from 'node:crypto'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app'
import { createPgliteDb, createPostgresDb, migrateToLatest, type DbHandle } from '../server/db'
import { seedDatabase } from '../server/db/seed'

export async function openBenchDb(
  prefix: string,
  poolSize = 10,
): Promise<{ handle: DbHandle; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) return openPglite()
  const db = await tempPostgres(url, prefix)
  const handle = createPostgresDb(db.url, { max: poolSize })
  return {
    handle,
    async cleanup() {
      await handle.close().catch(() => {})
      await db.drop()
    },
  }
}

async function openPglite(): Promise<{ handle: DbHandle; cleanup: () => Promise<void> }> {
  const handle = await createPgliteDb()
  return { handle, cleanup: () => handle.close().catch(() => {}) }
}

export type BenchDbKind = 'pglite' | 'postgres'

/** the databases a bench that compares them runs on: PGlite always, PostgreSQL too when DATABASE_URL is set (BENCH_DB=pglite|postgres runs one of them) */
export function benchDbKinds(): BenchDbKind[] {
  const only = process.env.BENCH_DB
  return (['pglite', 'postgres'] as const).filter(
    (k) => (!only || only === k) && (k === 'pglite' || !!process.env.DATABASE_URL),
  )
}

/** a database of that kind: an in-memory PGlite, or (DATABASE_URL set) a temporary PostgreSQL database of its own */
export function openBenchDbOf(
  kind: BenchDbKind,
  prefix: string,
  poolSize = 10,
): Promise<{ handle: DbHandle; cleanup: () => Promise<void> }> {
  return kind === 'postgres' ? openBenchDb(prefix, poolSize) : openPglite()
}

/** runs `fn` on a database of that kind, removed after it, and on Ctrl-C too */
export async function withBenchDb<T>(
  kind: BenchDbKind,
  prefix: string,
  fn: (handle: DbHandle) => Promise<T>,
): Promise<T> {
  const { handle, cleanup } = await openBenchDbOf(kind, prefix)
  const onSigint = () => void cleanup().finally(() => process.exit(130))
  process.once('SIGINT', onSigint)
  try {
    return await fn(handle)
  } finally {
    process.off('SIGINT', onSigint)
    await cleanup()
  }
}

/** A temporary PostgreSQL database (UTF-8, C.UTF-8 like the tests'); drop() removes it. */
export async function tempPostgres(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`
  await admin.query(
    `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  )
  const u = new URL(url)
  u.pathname = '/' + name
  return {
    url: u.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {})
      await admin.end().catch(() => {})
    },
  }
}

/**
 * The benches' server: `handle` migrated and seeded with `productCount` products, and the API on a free
 * port with a random token secret (sign tokens with it). The caller closes `app`.
 */
export async function serveSeededApp(
  handle: DbHandle,
  productCount: number,
): Promise<{ app: FastifyInstance; apiUrl: string; secret: string; products: number; seedMs: number }> {
  const t = Date.now()
  await migrateToLatest(handle.db)
  const { products } = await seedDatabase(handle.db, { productCount })
  const seedMs = Date.now() - t
  const secret = crypto.randomBytes(32).toString('hex')
  const app = buildApp({ db: handle.db, jwtSecret: secret })
  const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, apiUrl, secret, products, seedMs }
}
