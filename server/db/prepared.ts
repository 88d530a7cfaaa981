import { CompiledQuery, type Kysely } from 'kysely'
import pg from 'pg'
import { watchPool, type DbAvailability } from './availability'

/**
 * Hot statements by name: on PostgreSQL a named prepared statement (pg's `{ name, text, values }`: parsed
 * once per connection, then only bound and executed), on PGlite a plain parameterised query. The SQL text
 * must be the same for every call of one name. server/db/index.ts registers the executor of each handle;
 * a Kysely without one (not made by createPgliteDb/createPostgresDb) runs the text through Kysely.
 */
export type PreparedExecutor = (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>

const executors = new WeakMap<Kysely<any>, PreparedExecutor>()

export function registerPreparedExecutor(db: Kysely<any>, exec: PreparedExecutor): void {
  executors.set(db, exec)
}

export async function queryPrepared<R>(db: Kysely<any>, name: string, text: string, values: unknown[]): Promise<R[]> {
  const exec = executors.get(db)
  if (exec) return (await exec(name, text, values)) as R[]
  return (await db.executeQuery<R>(CompiledQuery.raw(text, values))).rows as R[]
}

/**
 * The threshold of pg_trgm's `%` operator in the sessions of prepared statements: just below the 0.2 of the
 * search suggestions (which keep `similarity() >= 0.2` as the rule), so that `%` can serve as their index
 * condition. Nothing else uses `%`.
 */
const TRGM_THRESHOLD = 0.19

/**
 * PGlite (one session): through Kysely, whose connection lock keeps a statement out of another request's
 * open transaction; the same `%` threshold, set once before the first statement.
 */
export function pglitePrepared(db: Kysely<any>): PreparedExecutor {
  let ready: Promise<unknown> | null = null
  return async (_name, text, values) => {
    ready ??= db.executeQuery(CompiledQuery.raw(`SET pg_trgm.similarity_threshold = ${TRGM_THRESHOLD}`)).catch((e) => {
      ready = null
      throw e
    })
    await ready
    return (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values))).rows
  }
}

/**
 * PostgreSQL: prepared statements on a small pool of their own whose sessions use generic plans
 * (plan_cache_mode = force_generic_plan): each statement is planned once per connection instead of once
 * per call. Only statements written for it run here (their plan must suit every parameter value);
 * everything else keeps the main pool and PostgreSQL's default custom plans.
 */
export function postgresPreparedPool(
  config: pg.PoolConfig,
  availability: DbAvailability,
): { exec: PreparedExecutor; close: () => Promise<void> } {
  const options = `${config.options ?? ''} -c plan_cache_mode=force_generic_plan -c pg_trgm.similarity_threshold=${TRGM_THRESHOLD}`
  const pool = new pg.Pool({ ...config, options: options.trim() })
  watchPool(pool, availability, 'prepared')
  return {
    exec: async (name, text, values) => (await pool.query({ name, text, values })).rows,
    close: () => pool.end(),
  }
}
