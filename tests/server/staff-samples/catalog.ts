import type { StaffSamples } from './types'

/** A one-page PDF, as small as a PDF gets (the upload checks the %PDF- magic bytes). */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

/**
 * Sample requests for the catalog domain's staff routes (types/catalog/staff-endpoints.ts).
 * The import sample is an apply of a one-row stock file whose product does not exist: it answers 200 (the row is
 * reported as an error, no stock changes) and records import 1, which the detail sample reads.
 * The upload replaces the certificate of analysis of a seeded lot (the first seeded CoA): 200 every time.
 */
export const catalogSamples: StaffSamples = {
  'POST /api/admin/catalogue/imports': {
    url: '/api/admin/catalogue/imports',
    method: 'POST',
    body: {
      kind: 'stock',
      format: 'csv',
      fileName: 'stock-sample.csv',
      fileBase64: Buffer.from('catalogNumber,quantity\nNO-SUCH-PRODUCT,5\n').toString('base64'),
      dryRun: false,
    },
  },
  // issue 25, read-only: product 1 of the seed
  'GET /api/admin/products': { url: '/api/admin/products?q=a&pageSize=5' },
  'GET /api/admin/products/:id': { url: '/api/admin/products/1' },
  'GET /api/admin/catalogue/imports': { url: '/api/admin/catalogue/imports?page=1&pageSize=5' },
  'GET /api/admin/catalogue/imports/:id': { url: '/api/admin/catalogue/imports/1' },
  'POST /api/admin/catalogue/documents': {
    url: '/api/admin/catalogue/documents',
    method: 'POST',
    body: {
      catalogNumber: '53-3302-81',
      docType: 'coa',
      lotNumber: 'LOT-2307-7256',
      fileName: 'coa-53-3302-81-LOT-2307-7256-en.pdf',
      contentType: 'application/pdf',
      fileBase64: TINY_PDF.toString('base64'),
    },
  },
}
