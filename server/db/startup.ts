/**
 * The server's database at start-up: migrated to the latest schema and seeded once.
 *
 * A first start does the heavy one-off work in a child process that exits and gives its memory back:
 * - on an empty PGlite data folder: initdb, the migrations and the seed. PGlite's WASM memory never
 *   shrinks, and initdb plus the seed took the server to ~800 MB RSS that it kept for its whole life;
 *   now the server opens the finished folder like on any later start. The child builds the folder
 *   beside the target and renames it into place when complete, so a crash midway leaves no
 *   half-seeded data folder.
 * - on an empty PostgreSQL database: the migrations and the seed (the seed's generated rows and modules
 *   left ~30 MB in the server's heap).
 * Later starts find the work done and only check it (migrations up to date, products present).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import { copyTemplate } from './template'
import { createDb, createPgliteDb, createPostgresDb, migrateToLatest, pgliteDataDir, type DbHandle } from './index'
import { briefError, isDbUnavailable, jsonDbLog, type DbLog } from './availability'
import { childEnv, type Config } from '../config'

/**
 * Set in the environment of the child process that prepares the database: the PGlite folder to build,
 * or 'postgres' (the child then migrates and seeds DATABASE_URL).
 */
export const PREPARE_ENV = 'STOREFRONT_PREPARE_DB'

export interface ServerDb {
  handle: DbHandle
  /** migrations applied by this start */
  migrations: string[]
  /** whether this start seeded the database (here or in the child) */
  seeded: boolean
  products: number
}

/** A data folder that initdb has completed (PGlite's own test: PG_VERSION exists). */
export function isPgliteDataDir(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'))
}

async function productCount(db: Kysely<any>): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM products`.execute(db)
  return r.rows[0].n
}

/** A PostgreSQL database that has never been migrated or seeded (no products table, or no products). */
async function postgresIsEmpty(url: string): Promise<boolean> {
  const h = createPostgresDb(url, { max: 1 })
  try {
    const t = await sql<{ t: string | null }>`SELECT to_regclass('public.products')::text AS t`.execute(h.db)
    return !t.rows[0].t || (await productCount(h.db)) === 0
  } finally {
    await h.close()
  }
}

/**
 * Opens the server's database (DATABASE_URL or PGlite in DATA_DIR), preparing a fresh PGlite folder in a
 * child process first (see above). `entry`/`execArgv` start the child: the running server's own entry
 * (server/index.ts through tsx, or the dist/server bundle), which checks PREPARE_ENV first.
 */
export async function openServerDb(
  config: Config,
  entry = process.argv[1],
  execArgv = process.execArgv,
  /** PostgreSQL: the server's own handle (already serving the app), migrated and checked here instead of a new one */
  handle?: DbHandle,
): Promise<ServerDb> {
  // several instances may start at once on one PostgreSQL database: one prepares (migrations, seed),
  // the others wait for it and then find the work done (a PGlite folder belongs to one process anyway)
  if (config.DATABASE_URL)
    return withStartupLock(config.DATABASE_URL, () => openUnlocked(config, entry, execArgv, handle))
  return openUnlocked(config, entry, execArgv)
}

/** Start-up's retry delays (issue 22 #28): 250 ms doubling up to DB_START_RETRY_MAX_MS (default 5 s). */
export function startRetryDelays(config: Pick<Config, 'DB_START_RETRY_MAX_MS' | 'DB_START_TIMEOUT_MS'>): {
  firstMs: number
  maxMs: number
  giveUpMs: number
} {
  return { firstMs: 250, maxMs: config.DB_START_RETRY_MAX_MS, giveUpMs: config.DB_START_TIMEOUT_MS }
}

/**
 * openServerDb, waiting for the database (issue 22 #28: the server used to exit within 0.2 s when PostgreSQL was
 * not there yet, and only an outside supervisor restarting it in a loop brought it up). While the database is
 * unreachable each attempt is logged (JSON) and retried after a bounded backoff: 250 ms doubling up to
 * DB_START_RETRY_MAX_MS (5 s); DB_START_TIMEOUT_MS (default 0: never) gives up. Any other error (a failed
 * migration, a bad URL) ends the start at once, as before.
 */
export async function openServerDbWaiting(opts: {
  config: Config
  handle?: DbHandle
  log?: DbLog
  entry?: string
  execArgv?: string[]
}): Promise<ServerDb> {
  const { config } = opts
  const log = opts.log ?? jsonDbLog
  const { firstMs, maxMs, giveUpMs } = startRetryDelays(config)
  const t0 = Date.now()
  for (let attempt = 1; ; attempt++) {
    try {
      return await openServerDb(config, opts.entry ?? process.argv[1], opts.execArgv ?? process.execArgv, opts.handle)
    } catch (err) {
      if (!isDbUnavailable(err)) throw err
      const waited = Date.now() - t0
      if (giveUpMs && waited >= giveUpMs) throw err
      const retryInMs = Math.min(maxMs, firstMs * 2 ** Math.min(attempt - 1, 20))
      log.warn(
        { attempt, waitedMs: waited, retryInMs, err: briefError(err) },
        'database not reachable at start; retrying',
      )
      await new Promise((r) => setTimeout(r, retryInMs))
    }
  }
}

/** the advisory-lock key of server start-up (migrations and seed), the same for every instance */
const STARTUP_LOCK = 13_580_001

/**
 * Runs `fn` holding a session-level advisory lock of the database at `url` (on a connection of its own,
 * released when `fn` ends or the process dies). Kysely's migrator takes its own lock too; this one also
 * covers the "is it empty?" check and the seed, so two instances never both seed.
 */
async function withStartupLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const lock = createPostgresDb(url, { max: 1 })
  try {
    return await lock.db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(conn)
      try {
        return await fn()
      } finally {
        await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn).catch(() => {})
      }
    })
  } finally {
    await lock.close()
  }
}

async function openUnlocked(config: Config, entry: string, execArgv: string[], given?: DbHandle): Promise<ServerDb> {
  let preparedHere = false
  if (config.DATABASE_URL ? await postgresIsEmpty(config.DATABASE_URL) : !isPgliteDataDir(pgliteDataDir(config))) {
    // a fresh PGlite folder is a copy of the build's seeded template when that is current (server/db/template.ts)
    const dataDir = config.DATABASE_URL ? null : pgliteDataDir(config)
    const copied = dataDir !== null && (await placeFolder(dataDir, async (tmp) => copyTemplate(tmp, config)))
    if (!copied) await prepareInChild(dataDir, entry, execArgv, config)
    preparedHere = true
  }
  const handle = given ?? (await createDb(config))
  try {
    // no-ops on a prepared folder; they still bring an older folder (or a PostgreSQL database) up to date
    const migrations = await migrateToLatest(handle.db)
    let products = await productCount(handle.db)
    let seeded = preparedHere
    if (products === 0) {
      // the seed's modules (generators, marketing copy) are loaded only when there is something to seed
      const { seedDatabase } = await import('./seed')
      products = (await seedDatabase(handle.db)).products
      seeded = true
    }
    return { handle, migrations, seeded, products }
  } catch (err) {
    if (!given) await handle.close().catch(() => {})
    throw err
  }
}

/**
 * Makes the data folder `dataDir` with `make` (given a sibling folder to fill) and moves it into place when
 * `make` says it succeeded: a crash midway leaves no half-made data folder. An empty `dataDir` (made by a
 * test or a deployment) is replaced; one with files of its own is not ours.
 */
async function placeFolder(dataDir: string, make: (tmp: string) => Promise<boolean>): Promise<boolean> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length)
    throw new Error(`DATA_DIR ${dataDir} has files but no PostgreSQL data folder (PG_VERSION)`)
  const tmp = `${dataDir}.preparing-${process.pid}`
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  try {
    if (!(await make(tmp))) return false
    if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir)
    fs.renameSync(tmp, dataDir)
    return true
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

/**
 * Migrates and seeds through a child process: a PGlite data folder built in a sibling folder and moved to
 * `dataDir` when complete, or (dataDir null) the PostgreSQL database of DATABASE_URL. The child runs with
 * this process's environment and `config` as resolved here.
 */
export async function prepareInChild(
  dataDir: string | null,
  entry: string,
  execArgv: string[],
  config: Config,
): Promise<void> {
  // a debugger port of the parent would clash in the child
  const args = [...execArgv.filter((a) => !a.startsWith('--inspect')), entry]
  const run = (target: string) =>
    new Promise<boolean>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        env: childEnv(config, { [PREPARE_ENV]: target }),
        // the IPC channel tells the child when the server is gone (it then stops, see runPrepareChild)
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
      child.on('error', reject)
      child.on('exit', (code, signal) =>
        code === 0
          ? resolve(true)
          : reject(
              new Error(
                `preparing the database (${dataDir ?? 'DATABASE_URL'}) failed (${signal ?? `exit code ${code}`})`,
              ),
            ),
      )
    })
  if (dataDir) await placeFolder(dataDir, run)
  else await run('postgres')
}

/**
 * initdb's output (an empty cluster, before our migrations) is cached as a tarball beside the data folder,
 * one per PGlite version: initdb is ~3.5 s of a ~7 s first start, and the same for every fresh folder
 * (each end-to-end test server starts on one). PGLITE_INITDB_CACHE: another file, or 0 for none.
 */
export function initdbCacheFile(dataDir: string, config: Pick<Config, 'PGLITE_INITDB_CACHE'>): string | null {
  if (config.PGLITE_INITDB_CACHE === '0') return null
  if (config.PGLITE_INITDB_CACHE) return path.resolve(config.PGLITE_INITDB_CACHE)
  try {
    // the dist/server bundle is ESM (import.meta.url); tsx may run this as CommonJS (require)
    const req = typeof import.meta.url === 'string' ? createRequire(import.meta.url) : require
    const pkg = path.join(path.dirname(req.resolve('@electric-sql/pglite')), '..', 'package.json')
    const { version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }
    return path.join(path.dirname(dataDir), `.pglite-${version}-initdb.tar`)
  } catch {
    return null
  }
}

/** A new PGlite data folder in `dir`: from the cached initdb output when there is one, else initdb (then cached). */
async function createFreshPglite(dir: string, config: Pick<Config, 'PGLITE_INITDB_CACHE'>): Promise<DbHandle> {
  const cache = initdbCacheFile(dir.replace(/\.preparing-\d+$/, ''), config)
  if (cache && fs.existsSync(cache)) {
    try {
      return await createPgliteDb({ dataDir: dir, loadDataDir: new Blob([fs.readFileSync(cache)]) })
    } catch {
      // unreadable or from another build: initdb below replaces it
      fs.rmSync(dir, { recursive: true, force: true })
      fs.mkdirSync(dir, { recursive: true })
    }
  }
  const handle = await createPgliteDb({ dataDir: dir })
  if (cache) {
    try {
      const tar = Buffer.from(await (await handle.pglite!.dumpDataDir('none')).arrayBuffer())
      const tmp = `${cache}.${process.pid}`
      fs.writeFileSync(tmp, tar)
      fs.renameSync(tmp, cache) // whole or not at all, also with another server preparing beside
    } catch {
      /* a cache is an optimisation only */
    }
  }
  return handle
}

/**
 * The child's work: migrations and seed, in the PGlite folder `target` (initdb first) or, for 'postgres',
 * in DATABASE_URL; closed cleanly. Exits when the server goes away.
 */
export async function runPrepareChild(
  target: string,
  config: Pick<Config, 'DATABASE_URL' | 'PGLITE_INITDB_CACHE'>,
): Promise<void> {
  process.on('disconnect', () => process.exit(1))
  const handle =
    target === 'postgres' ? createPostgresDb(config.DATABASE_URL!, { max: 1 }) : await createFreshPglite(target, config)
  try {
    await migrateToLatest(handle.db)
    const { seedDatabase } = await import('./seed')
    await seedDatabase(handle.db)
  } finally {
    await handle.close()
  }
}
