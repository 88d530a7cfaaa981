import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { CatalogDB } from '../../db/schema-catalog'
import type { DocumentRecord, DocumentSearchResult, DocumentType } from '../../../types'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { asCatalogDb, badRequest, CATALOG_NUMBER_RE } from './common'
import { catalogNorm, parseSearchQuery } from './search'
import { renderPdf, type PdfLine } from './pdf'
import { paging } from '../../lib/paging'
import { catalogEndpoints } from '../../../types/catalog/endpoints'

/**
 * Document search (spec section 2: "document search (manuals, certificates of analysis, safety sheets)")
 * and the files themselves.
 *  - type: manual | coa | sds;  catalogNumber: the product's documents ('-' and case ignored);
 *  - lotNumber: certificates of analysis of that lot (with catalogNumber: that product's lot);
 *  - q: free text over the document title and catalogue number. Type words ("manual", "SDS",
 *    "certificate", 说明书, 安全技术说明书, 分析证书) and lot numbers in q act as those filters; the other
 *    words must all match the product (title in English or Chinese, catalogue number), through the
 *    product search index.
 * Newest first. GET /document/file/:id renders the document as a one-page PDF on the fly.
 */

export const DOC_TYPE_ORDER: Record<DocumentType, number> = { manual: 0, sds: 1, coa: 2 }

/** The documents (`d`) with their product (`p`). */
export const documentsWithProduct = (cdb: Kysely<CatalogDB>) =>
  cdb.selectFrom('product_documents as d').innerJoin('products as p', 'p.id', 'd.product_id')

/** The columns of documentsWithProduct that documentRecord reads. */
export const DOC_RECORD_COLUMNS = [
  'd.id',
  'd.doc_type',
  'd.language',
  'd.title',
  'd.lot_number',
  'd.file_name',
  'd.updated_at',
  'p.catalog_number',
] as const

interface DocRow {
  id: number
  doc_type: DocumentType
  language: 'en' | 'zh'
  title: string
  lot_number: string | null
  file_name: string
  updated_at: Date | string
  catalog_number: string
}

export function documentRecord(d: DocRow): DocumentRecord {
  return {
    id: String(d.id),
    type: d.doc_type,
    title: d.title,
    catalogNumber: d.catalog_number,
    lotNumber: d.lot_number,
    language: d.language,
    fileUrl: `/api/document/file/${d.id}`,
    fileName: d.file_name,
    updatedAt: new Date(d.updated_at).toISOString(),
  }
}

const TYPE_WORDS: Record<string, DocumentType> = {
  manual: 'manual',
  manuals: 'manual',
  guide: 'manual',
  instructions: 'manual',
  说明书: 'manual',
  使用说明书: 'manual',
  手册: 'manual',
  sds: 'sds',
  msds: 'sds',
  safety: 'sds',
  安全技术说明书: 'sds',
  安全数据表: 'sds',
  安全: 'sds',
  coa: 'coa',
  certificate: 'coa',
  certificates: 'coa',
  analysis: 'coa',
  分析证书: 'coa',
  证书: 'coa',
  质检报告: 'coa',
}
const STOP_WORDS = new Set(['of', 'the', 'data', 'sheet', 'user', 'lot', 'for', '-', '批号', '(sds)'])
const LOT_RE = /^(?:lot-?)?(\d{4})-?(\d{4})$/i
const LOT_PARAM_RE = /^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/

export interface DocQuery {
  types: Set<DocumentType>
  lots: string[]
  productText: string
}

/** Splits free text into type words, lot numbers and words about the product. */
export function parseDocumentText(q: string): DocQuery {
  const types = new Set<DocumentType>()
  const lots: string[] = []
  const rest: string[] = []
  for (const w of q.trim().split(/\s+/).filter(Boolean)) {
    const lw = w.toLowerCase()
    const lot = LOT_RE.exec(w)
    if (TYPE_WORDS[lw]) types.add(TYPE_WORDS[lw])
    else if (lot) lots.push(`LOT-${lot[1]}-${lot[2]}`)
    else if (!STOP_WORDS.has(lw)) rest.push(w)
  }
  return { types, lots, productText: rest.join(' ') }
}

const TYPE_LABEL: Record<DocumentType, { en: string; zh: string }> = {
  manual: { en: 'User Manual', zh: '使用说明书' },
  sds: { en: 'Safety Data Sheet', zh: '安全技术说明书' },
  coa: { en: 'Certificate of Analysis', zh: '分析证书' },
}

/** Deterministic figures for a certificate (same document -> same numbers). */
function figures(id: number) {
  let h = id * 2654435761
  const next = () => (h = (Math.imul(h ^ (h >>> 15), 2246822519) + 0x9e3779b9) >>> 0) / 4294967296
  return {
    purity: (95 + next() * 4.9).toFixed(1),
    endotoxin: (next() * 0.9).toFixed(2),
    concentration: (0.45 + next() * 0.1).toFixed(2),
  }
}

export function documentPdf(
  d: DocRow & { title_en: string; title_zh: string; storage: string | null; brand: string },
): Buffer {
  const zh = d.language === 'zh'
  const label = TYPE_LABEL[d.doc_type][zh ? 'zh' : 'en']
  const date = new Date(d.updated_at).toISOString().slice(0, 10)
  const lines: PdfLine[] = [
    { text: 'Lab Store', size: 9 },
    { text: d.title, size: 15, bold: true, gap: 8 },
    { text: `${zh ? '文件类型' : 'Document type'}: ${label}`, gap: 10 },
    { text: `${zh ? '货号' : 'Catalogue number'}: ${d.catalog_number}` },
    { text: `${zh ? '产品名称' : 'Product'}: ${zh ? d.title_zh : d.title_en}` },
    { text: `${zh ? '品牌' : 'Brand'}: ${d.brand}` },
  ]
  if (d.lot_number) lines.push({ text: `${zh ? '批号' : 'Lot number'}: ${d.lot_number}` })
  lines.push({ text: `${zh ? '版本日期' : 'Revision date'}: ${date}` })
  if (d.doc_type === 'coa') {
    const f = figures(d.id)
    lines.push(
      { text: zh ? '检验项目 / 标准 / 结果' : 'Test / Specification / Result', bold: true, gap: 12 },
      { text: zh ? '外观：符合规定 / 符合' : 'Appearance: conforms to standard / Conforms' },
      { text: `${zh ? '纯度' : 'Purity'}: >= 95% / ${f.purity}%` },
      { text: `${zh ? '浓度' : 'Concentration'} (mg/mL): 0.45-0.55 / ${f.concentration}` },
      { text: `${zh ? '内毒素' : 'Endotoxin'} (EU/mL): < 1.0 / ${f.endotoxin}` },
      { text: zh ? '结论：本批次符合放行标准。' : 'Conclusion: this lot meets the release specification.', gap: 8 },
    )
  } else if (d.doc_type === 'sds') {
    lines.push(
      { text: zh ? '第1部分 化学品及企业标识' : 'Section 1. Identification', bold: true, gap: 12 },
      { text: zh ? '推荐用途：仅供科研使用。' : 'Recommended use: laboratory research use only.' },
      { text: zh ? '第2部分 危险性概述' : 'Section 2. Hazard identification', bold: true, gap: 8 },
      {
        text: zh
          ? '按 GHS 分类，见标签。避免吸入、食入及与皮肤和眼睛接触。'
          : 'Classified under GHS as shown on the label. Avoid inhalation, ingestion and contact with skin and eyes.',
      },
      { text: zh ? '第7部分 操作处置与储存' : 'Section 7. Handling and storage', bold: true, gap: 8 },
      { text: `${zh ? '储存条件' : 'Storage'}: ${d.storage ?? (zh ? '见产品标签' : 'see product label')}` },
    )
  } else {
    lines.push(
      { text: zh ? '产品用途' : 'Intended use', bold: true, gap: 12 },
      {
        text: zh
          ? '仅供科研使用，不可用于临床诊断。'
          : 'For research use only. Not for use in diagnostic or clinical procedures.',
      },
      { text: zh ? '储存' : 'Storage', bold: true, gap: 8 },
      { text: d.storage ?? (zh ? '见产品标签。' : 'See product label.') },
      { text: zh ? '操作步骤' : 'Procedure', bold: true, gap: 8 },
      {
        text: zh
          ? '1. 使用前将试剂平衡至室温。2. 按实验设计准备样品。3. 按说明加样并孵育。4. 记录并分析结果。'
          : '1. Equilibrate reagents to room temperature before use. 2. Prepare samples as required by the experiment. 3. Add reagents and incubate as directed. 4. Record and analyse the results.',
      },
    )
  }
  return renderPdf(d.title, lines)
}

const safeFileName = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 160) || 'document.pdf'

export function documentRoutes(app: FastifyInstance, db: Kysely<DB>) {
  const cdb = asCatalogDb(db)

  serveEndpoint(app, catalogEndpoints.searchDocuments, null, async (req) => {
    const { type, catalogNumber, lotNumber } = req.query
    const { page, pageSize, offset } = paging(req.query)
    if (catalogNumber !== undefined && !CATALOG_NUMBER_RE.test(catalogNumber.trim()))
      throw badRequest('querystring/catalogNumber is not a catalogue number')
    if (lotNumber !== undefined && !LOT_PARAM_RE.test(lotNumber.trim()))
      throw badRequest('querystring/lotNumber must be letters, digits and - (e.g. LOT-2411-0231)')
    const text = parseDocumentText(req.query.q ?? '')
    const pq = text.productText ? parseSearchQuery(text.productText) : null

    let q = documentsWithProduct(cdb)
    if (type) q = q.where('d.doc_type', '=', type)
    if (text.types.size) q = q.where('d.doc_type', 'in', [...text.types])
    if (catalogNumber) q = q.where('p.catalog_norm', '=', catalogNorm(catalogNumber.trim()))
    if (lotNumber) q = q.where(sql`upper(d.lot_number)`, '=', lotNumber.trim().toUpperCase())
    for (const lot of text.lots) q = q.where(sql`upper(d.lot_number)`, '=', lot)
    if (pq) {
      const terms = pq.terms.map((t) => sql<boolean>`p.search_text LIKE ${t.like}`)
      const cat =
        pq.catalog !== null ? [sql<boolean>`p.catalog_norm LIKE ${pq.catalog.replace(/[\\%_]/g, '\\$&') + '%'}`] : []
      const all = terms.length ? [sql<boolean>`(${sql.join(terms, sql` AND `)})`] : []
      const either = [...cat, ...all]
      q = q.where(either.length ? sql<boolean>`(${sql.join(either, sql` OR `)})` : sql<boolean>`false`)
    }
    const [rows, count] = await Promise.all([
      q
        .select(DOC_RECORD_COLUMNS)
        .orderBy('d.updated_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ])
    const data: DocumentSearchResult = { items: rows.map(documentRecord), total: Number(count.n), page, pageSize }
    return ok(data)
  })

  serveEndpoint(app, catalogEndpoints.documentFile, null, async (req, reply) => {
    const d = await documentsWithProduct(cdb)
      .select([
        ...DOC_RECORD_COLUMNS,
        'p.title_en',
        'p.title_zh',
        'p.brand',
        sql<
          string | null
        >`(SELECT e->>'displayValue' FROM jsonb_array_elements(p.attributes) e WHERE e->>'displayName' = 'Storage' LIMIT 1)`.as(
          'storage',
        ),
      ])
      .where('d.id', '=', Number(req.params.id))
      .executeTakeFirst()
    if (!d) throw new ApiError(404, 'NOT_FOUND', `Document ${req.params.id} not found`)
    // a file uploaded by staff (issue 24; staff/document-upload.ts) is served as uploaded; it may be replaced under
    // the same id, so it is not kept by caches
    const uploaded = await cdb
      .selectFrom('product_document_files')
      .select('content')
      .where('document_id', '=', d.id)
      .executeTakeFirst()
    const pdf = uploaded ? Buffer.from(uploaded.content) : documentPdf(d)
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${safeFileName(d.file_name)}"`)
      .header('x-content-type-options', 'nosniff')
    if (uploaded) reply.header('cache-control', 'no-cache')
    else reply.header('cache-control', 'public, max-age=3600')
    return reply.send(pdf)
  })
}
