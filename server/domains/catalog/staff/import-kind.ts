import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { DB } from '../../../db/schema'
import type { ImportRowError } from '../../../../types/catalog/staff-endpoints'

/**
 * What one kind of import (products, prices, stock) is: its columns, how a row's cells become a record, the key
 * that makes two rows the same record (a duplicate within the file), and the plan against the database: which
 * records are new, changed or identical to what is stored (an identical row is not rewritten, so a rerun of the same
 * file changes nothing), which rows refer to something that does not exist, and the writes.
 */
export interface ImportColumn {
  /** the canonical header name (docs/admin-api/catalogue-import.md) */
  name: string
  required: boolean
}

/** A cell problem of a row, before the row number is known. */
export interface CellIssue {
  column: string | null
  message: string
}

export interface ParsedRow<R> {
  line: number
  value: R
}

export interface ImportPlan {
  created: number
  updated: number
  unchanged: number
  /** rows refused against the database (unknown category, product, account, supply centre, taken SKU...) */
  errors: ImportRowError[]
  /** writes the created and updated records (inside the import's transaction) */
  write(trx: Kysely<DB>): Promise<void>
}

export interface ImportKindSpec<R> {
  columns: readonly ImportColumn[]
  /**
   * The row's record, or every problem of its cells. `cells` holds the columns the file has (a column the header
   * lacks is absent: for optional columns that means "keep what is stored").
   */
  parse(cells: Map<string, string>): { value: R } | { issues: CellIssue[] }
  /** rows with the same key are the same record: the later ones are refused as duplicates */
  key(r: R): string
  /** what the key is, in a duplicate's message */
  keyLabel: string
  plan(db: Kysely<DB>, rows: ParsedRow<R>[]): Promise<ImportPlan>
  /** the number of stored records of the tables this kind writes (the audit entry's before and after) */
  counts(db: Kysely<DB>): Promise<Record<string, number>>
}

/** Rows per statement when writing (one JSON parameter each: far cheaper than bound parameters on PGlite). */
export const WRITE_BATCH = 2000

/** A JSON array parameter as a set of text values: `x IN (${textSet(list)})` with one bound parameter. */
export const textSet = (values: string[]): RawBuilder<string> =>
  sql`SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)`

/** Runs `write` for each batch of `rows`. */
export async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) await write(rows.slice(i, i + WRITE_BATCH))
}

/** The products of these (normalised, upper-case) catalogue numbers, by catalogue number. */
export async function productIdsByNumber(db: Kysely<DB>, numbers: string[]): Promise<Map<string, number>> {
  if (!numbers.length) return new Map()
  const rows = await sql<{ id: number; catalog_number: string }>`
    SELECT id, catalog_number FROM products WHERE upper(catalog_number) IN (${textSet(numbers)})`.execute(db)
  return new Map(rows.rows.map((r) => [r.catalog_number.toUpperCase(), r.id]))
}

export const countRows = async (db: Kysely<DB>, table: string, where = sql`true`) =>
  Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${where}`.execute(db)).rows[0].n,
  )
