import { Type, type Static } from 'typebox'
import { get, post, withPermission } from '../endpoint'
import { Closed, Literals, Nullable, Paged, pageQueryFields } from '../common'
import { DocumentRecordSchema } from './index'

/**
 * The catalog domain's staff endpoints (issue 24): each under /admin/ with the permission its route needs
 * (`withPermission`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 * "Catalogue import by staff: CSV or XLSX of products, prices or stock, with a dry run that lists every row's error,
 * then apply; CoA and SDS files uploaded per catalogue number and lot." (docs/admin-api/catalogue-import.md)
 */

export const IMPORT_KINDS = ['products', 'prices', 'stock'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** Limits of an import file: its decoded size and its data rows (header excluded). */
export const IMPORT_MAX_FILE_BYTES = 20 * 1024 * 1024
export const IMPORT_MAX_ROWS = 50_000
/** Limit of an uploaded document (PDF). */
export const DOCUMENT_MAX_FILE_BYTES = 10 * 1024 * 1024

export const ImportRequestSchema = Closed({
  kind: Literals(IMPORT_KINDS),
  format: Literals(IMPORT_FORMATS),
  /** the file's own name, kept in the import record (optional) */
  fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  fileBase64: Type.String({ minLength: 1, description: 'the file, base64; at most 20 MB decoded' }),
  /** true: validate and count only, nothing is written */
  dryRun: Type.Boolean(),
})
export type ImportRequest = Static<typeof ImportRequestSchema>

/** A row's problem: `row` is the file's line as a spreadsheet numbers it (the header is row 1). */
export const ImportRowErrorSchema = Type.Object({
  row: Type.Integer(),
  column: Nullable(Type.String()),
  message: Type.String(),
})
export type ImportRowError = Static<typeof ImportRowErrorSchema>

export const ImportResultSchema = Type.Object({
  /** the import record (null for a dry run: nothing is written) */
  importId: Nullable(Type.Integer()),
  kind: Literals(IMPORT_KINDS),
  dryRun: Type.Boolean(),
  /** data rows in the file */
  rows: Type.Integer(),
  /** rows without an error (created + updated + unchanged) */
  valid: Type.Integer(),
  errors: Type.Array(ImportRowErrorSchema),
  /** what apply wrote (a dry run: what it would write) */
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
})
export type ImportResult = Static<typeof ImportResultSchema>

export const ImportRecordSchema = Type.Object({
  id: Type.Integer(),
  at: Type.String({ description: 'ISO 8601 instant' }),
  staffId: Type.String(),
  kind: Literals(IMPORT_KINDS),
  format: Literals(IMPORT_FORMATS),
  fileName: Nullable(Type.String()),
  fileSha256: Type.String(),
  rows: Type.Integer(),
  valid: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errorCount: Type.Integer(),
  durationMs: Type.Integer(),
})
export type ImportRecord = Static<typeof ImportRecordSchema>

export const ImportDetailSchema = Type.Intersect([
  ImportRecordSchema,
  Type.Object({ errors: Type.Array(ImportRowErrorSchema, { description: 'the first 1,000 row errors' }) }),
])
export type ImportDetail = Static<typeof ImportDetailSchema>

export const ImportListQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  kind: Type.Optional(Literals(IMPORT_KINDS)),
})

export const DOCUMENT_UPLOAD_TYPES = ['coa', 'sds', 'manual'] as const

export const DocumentUploadSchema = Closed({
  catalogNumber: Type.String({ minLength: 1, maxLength: 40 }),
  docType: Literals(DOCUMENT_UPLOAD_TYPES),
  /** required for a certificate of analysis (coa), refused for the others */
  lotNumber: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,39}$' })),
  /** the document's language (default en) */
  language: Type.Optional(Literals(['en', 'zh'])),
  /** the title buyers see (default: the type and the product's title) */
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  fileName: Type.String({ pattern: '^[A-Za-z0-9._-]{1,156}\\.pdf$' }),
  contentType: Type.Literal('application/pdf'),
  fileBase64: Type.String({ minLength: 1, description: 'the PDF, base64; at most 10 MB decoded' }),
})
export type DocumentUpload = Static<typeof DocumentUploadSchema>

export const DocumentUploadResultSchema = Type.Object({
  document: DocumentRecordSchema,
  /** true when it replaced the document of the same product, type, lot and language */
  replaced: Type.Boolean(),
  size: Type.Integer(),
  sha256: Type.String(),
})
export type DocumentUploadResult = Static<typeof DocumentUploadResultSchema>

/** A product (one SKU: a catalogue number in one size) as the console lists it. Amounts in major units (yuan, rupees). */
export const AdminProductSchema = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  catalogNumber: Type.String(),
  titleEn: Type.String(),
  titleZh: Type.String(),
  size: Type.String(),
  brand: Type.String(),
  category: Type.Object({ code: Type.String(), nameEn: Type.String(), nameZh: Type.String() }),
  /** null = price on request */
  listPriceCny: Nullable(Type.Number()),
  listPriceInr: Nullable(Type.Number()),
  /** the central warehouse's stock (product_stock; what availability and the cart read) */
  stock: Type.Integer(),
  salesStatus: Literals(['active', 'discontinued', 'notOnline']),
})
export type AdminProduct = Static<typeof AdminProductSchema>

/** At most this many account prices in a product's detail (the rest are counted, not listed). */
export const PRODUCT_ACCOUNT_PRICES_SHOWN = 50

export const AdminProductDetailSchema = Type.Object({
  ...AdminProductSchema.properties,
  /** the family's other sizes (the same product in another pack size), this one included, by catalogue number */
  sizes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      sku: Type.String(),
      catalogNumber: Type.String(),
      size: Type.String(),
      listPriceCny: Nullable(Type.Number()),
      listPriceInr: Nullable(Type.Number()),
    }),
  ),
  /** account prices (account_prices), by account number; the first PRODUCT_ACCOUNT_PRICES_SHOWN */
  accountPrices: Type.Array(
    Type.Object({
      accountNumber: Nullable(Type.String()),
      accountName: Type.String(),
      country: Type.String(),
      currency: Literals(['CNY', 'INR']),
      price: Type.Number(),
      priceType: Literals(['yourPrice', 'discount', 'wop']),
    }),
  ),
  accountPricesTotal: Type.Integer(),
  /** stock by location: the central warehouse, the ERP's warehouses, the supply centres */
  stockByLocation: Type.Array(
    Type.Object({
      kind: Literals(['central', 'warehouse', 'supplyCentre']),
      /** 'WAREHOUSE' for the central one, the ERP warehouse's code, or the supply centre's id */
      location: Type.String(),
      /** the supply centre's name (en, zh); null for a warehouse */
      nameEn: Nullable(Type.String()),
      nameZh: Nullable(Type.String()),
      quantity: Type.Integer(),
      updatedAt: Nullable(Type.String({ description: 'ISO 8601 instant' })),
    }),
  ),
})
export type AdminProductDetail = Static<typeof AdminProductDetailSchema>

export const AdminProductQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  /** a catalogue number (its start, ignoring case, '-' and spaces), a SKU, or words of the English or Chinese title */
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** a category's code (its subcategories included) */
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' })),
})

export const catalogStaffEndpoints = {
  adminProducts: withPermission(
    'catalogue.read',
    get('/admin/products', Paged(AdminProductSchema), { query: AdminProductQuerySchema }),
    'Products by catalogue number, SKU or title, and category; by catalogue number',
  ),
  adminProduct: withPermission(
    'catalogue.read',
    get('/admin/products/:id', AdminProductDetailSchema, {
      params: Closed({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }),
    }),
    "One product: its family's sizes, list and account prices, stock by warehouse and supply centre",
  ),
  catalogueImport: withPermission(
    'catalogue.import',
    post('/admin/catalogue/imports', ImportResultSchema, { body: ImportRequestSchema }),
    'Import products, prices or stock from CSV or XLSX: a dry run lists every row error, apply writes the valid rows (audited)',
  ),
  catalogueImportList: withPermission(
    'catalogue.import',
    get('/admin/catalogue/imports', Paged(ImportRecordSchema), { query: ImportListQuerySchema }),
    'The applied catalogue imports, newest first',
  ),
  catalogueImportDetail: withPermission(
    'catalogue.import',
    get('/admin/catalogue/imports/:id', ImportDetailSchema, {
      params: Closed({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }),
    }),
    'One catalogue import with its row errors',
  ),
  catalogueDocumentUpload: withPermission(
    'catalogue.import',
    post('/admin/catalogue/documents', DocumentUploadResultSchema, { body: DocumentUploadSchema }),
    'Upload a CoA, SDS or manual PDF for a catalogue number (and lot), replacing the same document (audited)',
  ),
}
