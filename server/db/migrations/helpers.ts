import { sql, type ColumnDataType, type CreateTableBuilder, type Kysely } from 'kysely'

/*
 * Column groups the migrations repeat, applied with CreateTableBuilder.$call(). Migrations that have run
 * on a database must keep producing the same schema: never change what a helper here adds (column
 * names, order, types, constraints); write a new helper instead.
 */

type Table = CreateTableBuilder<any, any>

/** `<name> <type> NOT NULL`, one column per name, in the order given. */
export const notNull =
  (type: ColumnDataType, ...names: string[]) =>
  (t: Table): Table =>
    names.reduce((b, n) => b.addColumn(n, type, (c) => c.notNull()), t)

/**
 * The English and Chinese pair `<base>_en`, `<base>_zh` (text NOT NULL) per base, in the order given:
 * what a customer reads is stored in both languages.
 */
export const bilingual = (...bases: string[]) => notNull('text', ...bases.flatMap((b) => [`${b}_en`, `${b}_zh`]))

/** created_at and updated_at, both `timestamptz NOT NULL DEFAULT now()`. */
export const timestamps = (t: Table): Table =>
  t
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))

/**
 * A unique `<name> text NOT NULL` that numbers a row from its own sequence by default: the prefix, a dash
 * and six digits ('SCR-000001'). The migration creates the sequence first.
 */
export const sequenceNumber =
  (name: string, prefix: string, sequence: string) =>
  (t: Table): Table =>
    t.addColumn(name, 'text', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql.raw(`'${prefix}-' || lpad(nextval('${sequence}')::text, 6, '0')`)),
    )

/** Drops the tables in the order given (children before parents), skipping any that are already gone. */
export async function dropTables(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute()
}
