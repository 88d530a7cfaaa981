import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError, ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { tagRoutes } from '../../../lib/openapi'
import { paging } from '../../../lib/paging'
import { asCatalogDb } from '../common'
import {
  catalogStaffEndpoints,
  DOCUMENT_MAX_FILE_BYTES,
  IMPORT_MAX_FILE_BYTES,
  type ImportRecord,
} from '../../../../types/catalog/staff-endpoints'
import { runImport } from './import'
import { uploadDocument } from './document-upload'
import { listProducts, productDetail } from './products'

/**
 * The catalogue's staff routes (issue 24, permission catalogue.import; docs/admin-api/catalogue-import.md):
 * imports of products, prices and stock (dry run, apply, the import records) and document uploads; and the console's
 * product reads (issue 25, permission catalogue.read: ./products.ts).
 */

/**
 * The body limit of a JSON body carrying a file of at most `bytes` as base64: a quarter more than the file needs, so
 * a file somewhat over the limit reaches the route and is refused with a 413 naming the file's limit (base64.ts).
 */
const bodyLimitFor = (bytes: number) => Math.ceil(((bytes * 5) / 4) * (4 / 3)) + 64 * 1024

const importRecord = (r: {
  id: number
  created_at: Date | string
  staff_id: string
  kind: ImportRecord['kind']
  format: ImportRecord['format']
  file_name: string | null
  file_sha256: string
  rows: number
  valid: number
  created: number
  updated: number
  unchanged: number
  error_count: number
  duration_ms: number
}): ImportRecord => ({
  id: r.id,
  at: new Date(r.created_at).toISOString(),
  staffId: r.staff_id,
  kind: r.kind,
  format: r.format,
  fileName: r.file_name,
  fileSha256: r.file_sha256,
  rows: r.rows,
  valid: r.valid,
  created: r.created,
  updated: r.updated,
  unchanged: r.unchanged,
  errorCount: r.error_count,
  durationMs: r.duration_ms,
})

const RECORD_COLUMNS = [
  'id',
  'created_at',
  'staff_id',
  'kind',
  'format',
  'file_name',
  'file_sha256',
  'rows',
  'valid',
  'created',
  'updated',
  'unchanged',
  'error_count',
  'duration_ms',
] as const

export async function catalogStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  const cdb = asCatalogDb(db)
  tagRoutes(app, 'staff')

  serveEndpoint(
    app,
    catalogStaffEndpoints.catalogueImport,
    null,
    async (req) => ok(await runImport(db, req, req.body)),
    {
      bodyLimit: bodyLimitFor(IMPORT_MAX_FILE_BYTES),
    },
  )

  serveEndpoint(app, catalogStaffEndpoints.catalogueImportList, null, async (req) => {
    const { page, pageSize, offset } = paging(req.query)
    let q = cdb.selectFrom('catalogue_imports')
    if (req.query.kind) q = q.where('kind', '=', req.query.kind)
    const [{ total }, rows] = await Promise.all([
      q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      q
        .select(RECORD_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
    ])
    return ok({ items: rows.map(importRecord), total: Number(total), page, pageSize })
  })

  serveEndpoint(app, catalogStaffEndpoints.catalogueImportDetail, null, async (req) => {
    const r = await cdb
      .selectFrom('catalogue_imports')
      .select([...RECORD_COLUMNS, 'errors'])
      .where('id', '=', Number(req.params.id))
      .executeTakeFirst()
    if (!r) throw new ApiError(404, 'NOT_FOUND', `Import ${req.params.id} not found`)
    return ok({ ...importRecord(r), errors: r.errors })
  })

  // the console's catalogue screens (issue 25, catalogue.read): read only
  serveEndpoint(app, catalogStaffEndpoints.adminProducts, null, async (req) => ok(await listProducts(db, req.query)))
  serveEndpoint(app, catalogStaffEndpoints.adminProduct, null, async (req) =>
    ok(await productDetail(db, Number(req.params.id))),
  )

  serveEndpoint(
    app,
    catalogStaffEndpoints.catalogueDocumentUpload,
    null,
    async (req) => ok(await uploadDocument(db, req, req.body)),
    { bodyLimit: bodyLimitFor(DOCUMENT_MAX_FILE_BYTES) },
  )
}
