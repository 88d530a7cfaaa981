import { CompiledQuery, type Kysely } from 'kysely'

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
