import { describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { FastifyInstance, RouteOptions } from 'fastify'
import type { Kysely } from 'kysely'
import pg from 'pg'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { buildApp } from '../../server/app'
import { createPgliteDb, createPostgresDb, migrateToLatest, type DbHandle, type DbKind } from '../../server/db'
import type { DB } from '../../server/db/schema'
import { seedDatabase } from '../../server/db/seed'
import { signAccessToken } from '../../server/domains/auth/tokens'
import type { AuthUser } from '../../server/domains/auth'
import { SuccessEnvelope } from '../../types'

export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz'
export const TEST_PRODUCT_COUNT = Number(process.env.TEST_PRODUCT_COUNT ?? 6000)

// ---------------- PGlite: migrate + seed once per process, then loadDataDir per suite ----------------
// npm test seeds once for every process (tests/server/shared-seed.ts): TEST_PGLITE_DUMP names the dump.
let pgliteDump: Promise<Blob> | null = null
export function pgliteTemplate(): Promise<Blob> {
  const shared = process.env.TEST_PGLITE_DUMP
  if (shared && fs.existsSync(shared)) {
    pgliteDump ??= fs.promises.readFile(shared).then((b) => new Blob([b]))
    return pgliteDump
  }
  pgliteDump ??= seededPgliteDump()
  return pgliteDump
}
/** A migrated PGlite seeded with TEST_PRODUCT_COUNT products, as a data-folder dump (shared-seed.ts writes it to a file). */
export async function seededPgliteDump(): Promise<Blob> {
  const h = await createPgliteDb()
  await migrateToLatest(h.db)
  await seedDatabase(h.db, { productCount: TEST_PRODUCT_COUNT })
  const dump = await h.pglite!.dumpDataDir('none')
  await h.close()
  return dump
}
export async function newPgliteDb(): Promise<DbHandle> {
  return createPgliteDb({ loadDataDir: await pgliteTemplate() })
}

// ---------------- PostgreSQL: one temporary database per test process, dropped at the end ----------------
/**
 * TEST_DB_KINDS=pglite or =postgres runs one database's half of the layer (npm test runs the two halves side by side,
 * scripts/test-all.mjs); unset, a file runs on PGlite and, with DATABASE_URL, on PostgreSQL too. With pglite only,
 * POSTGRES_URL is unset so that the PostgreSQL-only tests skip here (the postgres half runs them).
 */
const ONLY_KIND = process.env.TEST_DB_KINDS
export const POSTGRES_URL = ONLY_KIND === 'pglite' ? undefined : process.env.DATABASE_URL
/** A PGlite-only test outside describeEachDb: skipped in the PostgreSQL half (the PGlite half runs it). */
export const PGLITE_HALF_ONLY = ONLY_KIND === 'postgres' ? 'run by the PGlite half (TEST_DB_KINDS=postgres)' : false
const createdDbs = new Set<string>()

export function withDatabase(url: string, dbName: string): string {
  const u = new URL(url)
  u.pathname = '/' + dbName
  return u.toString()
}

/** Runs `fn` with a client of the server's maintenance connection (DATABASE_URL), closed after. */
export async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  await admin.connect()
  try {
    return await fn(admin)
  } finally {
    await admin.end()
  }
}

/** CREATE DATABASE of a seeded template, else empty from template0 with a UTF-8 ctype (pg_trgm needs it for CJK text). */
export const createDatabaseSql = (name: string, seededTemplate?: string) =>
  seededTemplate
    ? `CREATE DATABASE "${name}" TEMPLATE "${seededTemplate}"`
    : `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`

/** A new database with a unique name (see createDatabaseSql), dropped at the end of the process if left. */
export async function createTempPostgresDb(prefix = 'sf_test', seededTemplate?: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  await withAdmin((c) => c.query(createDatabaseSql(name, seededTemplate)))
  createdDbs.add(name)
  return name
}

export async function dropTempPostgresDb(name: string): Promise<void> {
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
  createdDbs.delete(name)
}

/** Migrates the database at `url` and seeds TEST_PRODUCT_COUNT products. */
export async function seedPostgres(url: string): Promise<void> {
  const h = createPostgresDb(url, { max: 4 })
  try {
    await migrateToLatest(h.db)
    await seedDatabase(h.db, { productCount: TEST_PRODUCT_COUNT })
  } finally {
    await h.close()
  }
}

let pgShared: Promise<{ name: string; url: string }> | null = null
let pgSharedUsers = 0
async function acquirePostgres(): Promise<DbHandle> {
  pgShared ??= (async () => {
    // npm test seeds one template database for every process (tests/server/shared-seed.ts)
    const template = process.env.TEST_PG_TEMPLATE
    const name = await createTempPostgresDb('sf_test', template)
    const url = withDatabase(POSTGRES_URL!, name)
    if (!template) await seedPostgres(url)
    return { name, url }
  })()
  const { url } = await pgShared
  pgSharedUsers++
  return createPostgresDb(url, { max: 5 })
}
async function releasePostgres(h: DbHandle) {
  await h.close()
  if (--pgSharedUsers === 0 && pgShared) {
    const { name } = await pgShared
    pgShared = null
    await dropTempPostgresDb(name)
  }
}

// Last resort on abnormal exits: drop what is left (sync via a child psql is not available; best effort).
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void Promise.all([...createdDbs].map((n) => dropTempPostgresDb(n).catch(() => {}))).finally(() => process.exit(130))
  })
}

export const DB_KINDS: DbKind[] = (POSTGRES_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
  (k) => !ONLY_KIND || k === ONLY_KIND,
)

export async function openTestDb(kind: DbKind): Promise<DbHandle> {
  return kind === 'pglite' ? newPgliteDb() : acquirePostgres()
}
export async function closeTestDb(h: DbHandle): Promise<void> {
  return h.kind === 'pglite' ? h.close() : releasePostgres(h)
}

// ---------------- app + tokens ----------------
export interface TestContext {
  kind: DbKind
  app: FastifyInstance
  db: Kysely<DB>
}

/**
 * Runs `body` once per database: always PGlite, and PostgreSQL too when DATABASE_URL is set.
 * `setup` may add test-only routes before the app is ready.
 */
export function describeEachDb(
  title: string,
  body: (ctx: () => TestContext) => void,
  setup?: (app: FastifyInstance, db: Kysely<DB>) => void,
) {
  for (const kind of DB_KINDS) {
    describe(`[${kind}] ${title}`, () => {
      let handle: DbHandle
      let ctx: TestContext
      before(async () => {
        handle = await openTestDb(kind)
        const app = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET })
        setup?.(app, handle.db)
        await app.ready()
        ctx = { kind, app, db: handle.db }
      })
      after(async () => {
        await ctx?.app.close()
        if (handle) await closeTestDb(handle)
      })
      body(() => ctx)
    })
  }
}

const dbOf = (appOrDb: Kysely<DB> | TestContext): Kysely<DB> =>
  'db' in appOrDb && 'app' in appOrDb ? appOrDb.db : (appOrDb as Kysely<DB>)

/** a seeded user's id, name and account id */
export function userRow(appOrDb: Kysely<DB> | TestContext, userName: string) {
  return dbOf(appOrDb)
    .selectFrom('users')
    .select(['id', 'user_name', 'account_id'])
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow()
}

/** An app on `db`, ready, and every route it registered, in order (the route-table checks read them). */
export async function appWithRoutes(db: Kysely<DB>): Promise<{ app: FastifyInstance; routes: RouteOptions[] }> {
  const app = buildApp({ db, jwtSecret: TEST_JWT_SECRET })
  const routes: RouteOptions[] = []
  app.addHook('onRoute', (r) => {
    routes.push(r)
  })
  await app.ready()
  return { app, routes }
}

/** A bearer token for a seeded user (the dev/test stand-in for the login flow). */
export async function tokenFor(
  appOrDb: Kysely<DB> | TestContext,
  userName: string,
  opts: { ttlSeconds?: number; nowSeconds?: number; secret?: string } = {},
): Promise<string> {
  const u = await userRow(appOrDb, userName)
  return signAccessToken(
    opts.secret ?? TEST_JWT_SECRET,
    { userId: u.id, userName: u.user_name },
    opts.ttlSeconds,
    opts.nowSeconds,
  )
}

/** a seeded user as the auth plugin hands it to the routes (its account's number and type joined in) */
export async function authUser(db: Kysely<DB>, userName: string): Promise<AuthUser> {
  const r = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select([
      'u.id',
      'u.user_name',
      'u.account_id',
      'a.account_number',
      'a.account_type',
      'u.registration_status',
      'u.country',
      'u.language',
    ])
    .where('u.user_name', '=', userName)
    .executeTakeFirstOrThrow()
  return {
    id: r.id,
    userName: r.user_name,
    accountId: r.account_id!,
    accountNumber: r.account_number,
    accountType: r.account_type,
    registrationStatus: r.registration_status,
    country: r.country,
    language: r.language,
  }
}

export function auth(token: string, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${token}`, ...extra }
}

/** the status and parsed body of an API answer */
export interface ApiAnswer {
  status: number
  body: any
}

/**
 * The API as a client calls it on the suite's app: `/api${url}` with `headers` (the call's own, else the
 * default ones) plus `authorization` when a token is given; the answer's status and body.
 */
export function apiCaller(ctx: () => TestContext, defaultHeaders: Record<string, string>) {
  return async (
    method: 'GET' | 'POST',
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> => {
    const base = { ...(opts.headers ?? defaultHeaders) }
    const res = await ctx().app.inject({
      method,
      url: `/api${url}`,
      headers: opts.token ? auth(opts.token, base) : base,
      payload: opts.body as object | undefined,
    })
    return { status: res.statusCode, body: res.json() }
  }
}

/**
 * The data of a 200 answer whose body is the success envelope of `schema` (else the assertion names the status
 * and body, or the first three places the body differs from the schema).
 */
export function okData<T>(res: { statusCode: number; body: string; json: () => any }, schema: TSchema): T {
  assert.equal(res.statusCode, 200, res.body)
  const body = res.json()
  assert.ok(
    Value.Check(SuccessEnvelope(schema), body),
    JSON.stringify([...Value.Errors(SuccessEnvelope(schema), body)].slice(0, 3)),
  )
  return body.data as T
}

/** An error answer: its status, and the error envelope with exactly this code and message. */
export function assertErrorAnswer(
  res: { statusCode: number; body: string; json: () => any },
  statusCode: number,
  code: string,
  message: string,
): void {
  assert.equal(res.statusCode, statusCode, res.body)
  assert.deepEqual(res.json(), { success: false, code, message, statusCode })
}

/**
 * Each case is refused with a 400 whose message names its field: `send(input)` makes the case's request from its
 * input (a query string or a body); the input labels a failure.
 */
export async function assertRefusedNamingField<I>(
  cases: [input: I, field: string | RegExp][],
  send: (input: I) => Promise<{ statusCode: number; json: () => any }>,
): Promise<void> {
  for (const [input, field] of cases) {
    const res = await send(input)
    const label = typeof input === 'string' ? input : JSON.stringify(input)
    assert.equal(res.statusCode, 400, label)
    assert.match(res.json().message, typeof field === 'string' ? new RegExp(field) : field, label)
  }
}
