import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { staffWrite } from '../../staff'
import { asCatalogDb, CATALOG_NUMBER_RE } from '../common'
import { documentRecord, documentsWithProduct, DOC_RECORD_COLUMNS } from '../documents'
import {
  DOCUMENT_MAX_FILE_BYTES,
  type DocumentUpload,
  type DocumentUploadResult,
} from '../../../../types/catalog/staff-endpoints'
import { decodeBase64 } from './base64'

/**
 * Issue 24: "CoA and SDS files uploaded per catalogue number and lot". The PDF is stored in product_document_files
 * beside its product_documents row, replacing the document of the same product, type, language and lot (a CoA is
 * per lot; a manual or SDS has no lot); buyers then find it in the document search and on the product page, and
 * GET /document/file/:id serves the uploaded bytes (documents without an upload are still rendered on the fly).
 * Refused: a file that is not a PDF (its first bytes are not %PDF-), over 10 MB (413), a CoA without a lot or
 * another type with one (400), an unknown catalogue number (404).
 */

const TITLES = {
  coa: { en: 'Certificate of Analysis', zh: '分析证书' },
  sds: { en: 'Safety Data Sheet', zh: '安全技术说明书 (SDS)' },
  manual: { en: 'User Manual', zh: '使用说明书' },
} as const

const isPdf = (b: Buffer) => b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-'

export async function uploadDocument(
  db: Kysely<DB>,
  req: FastifyRequest,
  body: DocumentUpload,
): Promise<DocumentUploadResult> {
  const catalogNumber = body.catalogNumber.trim().toUpperCase()
  if (!CATALOG_NUMBER_RE.test(catalogNumber))
    throw new ApiError(400, 'VALIDATION_ERROR', 'body/catalogNumber is not a catalogue number')
  const lot = body.lotNumber?.trim().toUpperCase() ?? null
  if (body.docType === 'coa' && !lot)
    throw new ApiError(400, 'VALIDATION_ERROR', 'body/lotNumber is required for a certificate of analysis (coa)')
  if (body.docType !== 'coa' && lot)
    throw new ApiError(400, 'VALIDATION_ERROR', `body/lotNumber is only given for a coa, not a ${body.docType}`)
  const file = decodeBase64(body.fileBase64, DOCUMENT_MAX_FILE_BYTES, 'fileBase64')
  if (!isPdf(file))
    throw new ApiError(400, 'VALIDATION_ERROR', 'body/fileBase64 is not a PDF (it does not start with %PDF-)')
  const language = body.language ?? 'en'
  const sha256 = crypto.createHash('sha256').update(file).digest('hex')
  const staffId = req.staff!.id

  const product = await db
    .selectFrom('products')
    .select(['id', 'catalog_number', 'title_en', 'title_zh'])
    .where(sql`upper(catalog_number)`, '=', catalogNumber)
    .executeTakeFirst()
  if (!product) throw new ApiError(404, 'NOT_FOUND', `Product ${catalogNumber} not found`)

  return staffWrite(
    db,
    req,
    {
      permission: 'catalogue.import',
      action: 'catalogue.uploadDocument',
      entity: 'product_document',
      entityId: [product.catalog_number, body.docType, language, ...(lot ? [lot] : [])].join('/'),
    },
    async (trx) => {
      const cdb = asCatalogDb(trx)
      // one upload of a product's documents at a time: two uploads of the same document cannot both insert it
      const locked = await trx.selectFrom('products').select('id').where('id', '=', product.id).forUpdate().execute()
      if (!locked.length) throw new ApiError(404, 'NOT_FOUND', `Product ${catalogNumber} not found`)
      let existing = cdb
        .selectFrom('product_documents as d')
        .leftJoin('product_document_files as f', 'f.document_id', 'd.id')
        .select(['d.id', 'd.title', 'd.file_name', 'd.updated_at', 'f.size', 'f.sha256'])
        .where('d.product_id', '=', product.id)
        .where('d.doc_type', '=', body.docType)
        .where('d.language', '=', language)
      existing = lot ? existing.where(sql`upper(d.lot_number)`, '=', lot) : existing.where('d.lot_number', 'is', null)
      const old = await existing.orderBy('d.id').limit(1).executeTakeFirst()
      const label = TITLES[body.docType][language]
      const title =
        body.title ??
        (language === 'zh'
          ? `${product.title_zh} ${label}${lot ? ` 批号 ${lot}` : ''}`
          : `${label} - ${product.title_en}${lot ? ` - Lot ${lot}` : ''}`)
      let documentId: number
      if (old) {
        documentId = old.id
        await cdb
          .updateTable('product_documents')
          .set({ title: body.title ?? old.title, file_name: body.fileName, updated_at: new Date() })
          .where('id', '=', old.id)
          .execute()
      } else {
        documentId = (
          await cdb
            .insertInto('product_documents')
            .values({
              product_id: product.id,
              doc_type: body.docType,
              language,
              title: title.slice(0, 300),
              lot_number: lot,
              file_name: body.fileName,
              updated_at: new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      }
      await cdb
        .insertInto('product_document_files')
        .values({
          document_id: documentId,
          content_type: 'application/pdf',
          size: file.length,
          sha256,
          content: file,
          uploaded_by: staffId,
        })
        .onConflict((oc) =>
          oc.column('document_id').doUpdateSet({
            size: file.length,
            sha256,
            content: file,
            uploaded_by: staffId,
            uploaded_at: new Date(),
          }),
        )
        .execute()
      const doc = await documentsWithProduct(cdb)
        .select(DOC_RECORD_COLUMNS)
        .where('d.id', '=', documentId)
        .executeTakeFirstOrThrow()
      const record = documentRecord(doc)
      return {
        before: old
          ? {
              documentId: old.id,
              fileName: old.file_name,
              updatedAt: new Date(old.updated_at).toISOString(),
              file: old.sha256 ? { size: old.size, sha256: old.sha256 } : 'rendered',
            }
          : null,
        after: {
          documentId,
          fileName: record.fileName,
          updatedAt: record.updatedAt,
          file: { size: file.length, sha256 },
        },
        result: { document: record, replaced: !!old, size: file.length, sha256 },
      }
    },
  )
}
