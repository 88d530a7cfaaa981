/**
 * A checksum of the seeded data per table: md5 over every row (as PostgreSQL prints it), ordered by the
 * primary key. Columns whose default is a clock or a random uuid (created_at now(), ...) are left out
 * when the seed does not set them... they differ between any two seeds. Used to prove that a faster
 * seed writes byte-for-byte the same rows, on PGlite and on PostgreSQL.
 */
import { sql, type Kysely } from 'kysely'

export async function tableChecksums(db: Kysely<any>): Promise<Record<string, string>> {
  const tables = (
    await sql<{ t: string }>`
    SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT LIKE 'kysely_%' ORDER BY 1`.execute(db)
  ).rows.map((r) => r.t)
  const out: Record<string, string> = {}
  for (const t of tables) {
    const cols = (
      await sql<{ c: string; volatile: boolean }>`
      SELECT a.attname AS c, coalesce(pg_get_expr(d.adbin, d.adrelid) ~ '(now|random|gen_random_uuid)\\(', false) AS volatile
      FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = ${t}::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`.execute(db)
    ).rows
    const pk = (
      await sql<{ c: string }>`
      SELECT a.attname AS c FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = ${t}::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`.execute(db)
    ).rows.map((r) => r.c)
    const kept = cols.filter((c) => !c.volatile).map((c) => c.c)
    const row = sql`ROW(${sql.join(kept.map((c) => sql.ref(c)))})::text`
    const order = pk.length ? sql.join(pk.map((c) => sql.ref(c))) : row
    const r = await sql<{ n: number; md5: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(${row}, E'\\n' ORDER BY ${order})) AS md5 FROM ${sql.table(t)}`.execute(
      db,
    )
    out[t] = `${r.rows[0].n}:${r.rows[0].md5 ?? '-'}`
  }
  return out
}
