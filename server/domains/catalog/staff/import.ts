import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { staffWrite } from '../../staff'
import { catalogueChanged } from '../freshness'
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportRequest,
  type ImportResult,
  type ImportRowError,
} from '../../../../types/catalog/staff-endpoints'
import { readTable, type Table } from './table-file'
import { headerKey } from './cells'
import type { ImportKindSpec, ParsedRow } from './import-kind'
import { productsImport } from './import-products'
import { pricesImport } from './import-prices'
import { stockImport } from './import-stock'
import { decodeBase64 } from './base64'
import { lockCatalogueWrites } from '../product-upsert'

/**
 * Catalogue import (issue 24): "CSV or XLSX of products, prices or stock, with a dry run that lists every row's
 * error, then apply". Both read the whole file and check every row: its cells (import-<kind>.ts parse), duplicates
 * within the file (the first row of a key wins, the later ones are errors), then against the database (plan:
 * unknown category, product, account, supply centre; taken SKU). A dry run answers there and writes nothing.
 * Apply writes every valid row (rows with an error are skipped) in ONE transaction, in statements of 2,000 rows,
 * together with the import record and its audit entry; rows identical to what is stored are counted unchanged and
 * not written, so running the same file again changes nothing. Imports are serialised by a transaction-scoped
 * advisory lock (the ERP's product rows take it too), so two staff importing at once cannot interleave their plans
 * and writes.
 */

const KINDS: Record<ImportKind, ImportKindSpec<unknown>> = {
  products: productsImport,
  prices: pricesImport,
  stock: stockImport,
}

/** Row errors kept in the import record (the answer has them all). */
const STORED_ERRORS = 1000

const byRowThenColumn = (a: ImportRowError, b: ImportRowError) =>
  a.row - b.row || String(a.column ?? '').localeCompare(String(b.column ?? ''))

/** The columns of the file's header, mapped to the kind's names; unknown, duplicate or missing columns are a 400. */
function mapHeader(spec: ImportKindSpec<unknown>, kind: ImportKind, header: string[]): (string | null)[] {
  const byKey = new Map(spec.columns.map((c) => [headerKey(c.name), c.name]))
  const names = header.map((h) => (h === '' ? null : (byKey.get(headerKey(h)) ?? undefined)))
  const unknown = header.filter((h, i) => names[i] === undefined)
  if (unknown.length)
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      `Unknown column(s) for a ${kind} import: ${unknown.map((u) => `"${u}"`).join(', ')} (the columns are ${spec.columns
        .map((c) => c.name)
        .join(', ')})`,
    )
  const seen = new Set<string>()
  for (const n of names) {
    if (!n) continue
    if (seen.has(n)) throw new ApiError(400, 'VALIDATION_ERROR', `Column ${n} appears twice in the header`)
    seen.add(n)
  }
  const missing = spec.columns.filter((c) => c.required && !seen.has(c.name)).map((c) => c.name)
  if (missing.length)
    throw new ApiError(400, 'VALIDATION_ERROR', `Missing column(s) for a ${kind} import: ${missing.join(', ')}`)
  return names as (string | null)[]
}

interface Checked {
  table: Table
  parsed: ParsedRow<unknown>[]
  errors: ImportRowError[]
}

/** Every row's cells and duplicates (no database). */
function checkRows(spec: ImportKindSpec<unknown>, kind: ImportKind, table: Table): Checked {
  const names = mapHeader(spec, kind, table.header)
  const errors: ImportRowError[] = []
  const parsed: ParsedRow<unknown>[] = []
  const firstOf = new Map<string, number>()
  for (const row of table.rows) {
    const extra = row.cells.slice(names.length).filter((c) => c.trim() !== '').length
    if (extra) {
      errors.push({ row: row.line, column: null, message: `the row has more fields than the header (${names.length})` })
      continue
    }
    const cells = new Map<string, string>()
    names.forEach((n, i) => {
      if (n) cells.set(n, row.cells[i] ?? '')
    })
    const r = spec.parse(cells)
    if ('issues' in r) {
      for (const i of r.issues) errors.push({ row: row.line, ...i })
      continue
    }
    const key = spec.key(r.value)
    const first = firstOf.get(key)
    if (first !== undefined) {
      errors.push({ row: row.line, column: null, message: `the same ${spec.keyLabel} as row ${first}` })
      continue
    }
    firstOf.set(key, row.line)
    parsed.push({ line: row.line, value: r.value })
  }
  return { table, parsed, errors }
}

export async function runImport(db: Kysely<DB>, req: FastifyRequest, body: ImportRequest): Promise<ImportResult> {
  const started = Date.now()
  const file = decodeBase64(body.fileBase64, IMPORT_MAX_FILE_BYTES, 'fileBase64')
  const spec = KINDS[body.kind]
  const table = await readTable(body.format, file, IMPORT_MAX_ROWS)
  const { parsed, errors } = checkRows(spec, body.kind, table)
  const answer = (plan: { created: number; updated: number; unchanged: number; errors: ImportRowError[] }) => {
    const all = [...errors, ...plan.errors].sort(byRowThenColumn)
    return {
      rows: table.rows.length,
      valid: plan.created + plan.updated + plan.unchanged,
      errors: all,
      created: plan.created,
      updated: plan.updated,
      unchanged: plan.unchanged,
    }
  }

  if (body.dryRun) {
    const plan = await spec.plan(db, parsed)
    return { importId: null, kind: body.kind, dryRun: true, ...answer(plan) }
  }

  // the import record's id first: the audit entry names it
  const { id } = (
    await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('catalogue_imports', 'id'))::int AS id`.execute(db)
  ).rows[0]
  const staffId = req.staff!.id
  const result = await staffWrite(
    db,
    req,
    { permission: 'catalogue.import', action: 'catalogue.import', entity: 'catalogue_import', entityId: String(id) },
    async (trx) => {
      await lockCatalogueWrites(trx)
      const before = await spec.counts(trx)
      const plan = await spec.plan(trx, parsed)
      await plan.write(trx).catch((e: unknown) => {
        // another writer (the ERP) created the same record between the plan and the write
        if ((e as { code?: string }).code === '23505')
          throw new ApiError(409, 'CONFLICT', 'The catalogue changed during the import: run it again')
        throw e
      })
      const out = answer(plan)
      await trx
        .insertInto('catalogue_imports')
        .values({
          id,
          staff_id: staffId,
          kind: body.kind,
          format: body.format,
          file_name: body.fileName ?? null,
          file_sha256: crypto.createHash('sha256').update(file).digest('hex'),
          rows: out.rows,
          valid: out.valid,
          created: out.created,
          updated: out.updated,
          unchanged: out.unchanged,
          error_count: out.errors.length,
          errors: JSON.stringify(out.errors.slice(0, STORED_ERRORS)),
          duration_ms: Date.now() - started,
        })
        .execute()
      const after = await spec.counts(trx)
      const changed = out.created + out.updated > 0
      return {
        // counts, not rows: an import may touch 50,000 records
        before: { kind: body.kind, stored: before },
        after: {
          kind: body.kind,
          stored: after,
          importId: id,
          rows: out.rows,
          created: out.created,
          updated: out.updated,
          unchanged: out.unchanged,
          errors: out.errors.length,
        },
        result: out,
        // the caches of the catalogue drop what they hold; the search index is rebuilt before the answer
        afterCommit: changed ? () => catalogueChanged(db) : undefined,
      }
    },
  )
  return { importId: id, kind: body.kind, dryRun: false, ...result }
}
