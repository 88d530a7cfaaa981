import type { StaffSamples } from './types'

/**
 * Sample requests for the order domain's staff routes (types/order/staff-endpoints.ts), on approved.in's seeded
 * orders (server/db/seed/orders.ts: its first twelve orders take each status once, 3200237...) and the seeded
 * requests (server/db/seed/order-requests.ts). The role matrix calls the routes in the order they are registered
 * (server/domains/order/staff/routes.ts): the hold of 3200241 comes before its release.
 */
export const orderSamples: StaffSamples = {
  'GET /api/admin/orders': { url: '/api/admin/orders?status=PENDING_REVIEW&page=1&pageSize=5' },
  'GET /api/admin/orders/search': { url: '/api/admin/orders/search?poNumber=PO&page=1&pageSize=5' },
  'GET /api/admin/orders/export': { url: '/api/admin/orders/export?status=SUBMITTED' },
  'GET /api/admin/orders/:orderNo': { url: '/api/admin/orders/3200239' },
  // 3200239: PENDING_REVIEW
  'POST /api/admin/orders/:orderNo/review': {
    url: '/api/admin/orders/3200239/review',
    body: { decision: 'approve', note: 'Checked against the customer’s import licence' },
  },
  // 3200241: IN_PROGRESS
  'POST /api/admin/orders/:orderNo/hold': {
    url: '/api/admin/orders/3200241/hold',
    body: { reason: 'Waiting for the end-user declaration' },
  },
  'POST /api/admin/orders/:orderNo/release': { url: '/api/admin/orders/3200241/release', body: {} },
  // 3200247: PENDING (the spec's "on hold"), answered through a confirmation link
  'POST /api/admin/orders/:orderNo/confirmation-link': {
    url: '/api/admin/orders/3200247/confirmation-link',
    body: { kind: 'order' },
  },
  'GET /api/admin/order-requests': { url: '/api/admin/order-requests?type=cancel&status=pending' },
  // a file of RR-000002 (the seed's requests have none: one is added)
  'GET /api/admin/order-requests/:id/files/:fileId': {
    url: '/api/admin/order-requests/RR-000002/files/990001',
    prepare: async (db) => {
      const r = await db
        .selectFrom('order_requests')
        .select('id')
        .where('request_number', '=', 'RR-000002')
        .executeTakeFirstOrThrow()
      const content = Buffer.from('%PDF-1.4\n%matrix\n')
      await db
        .insertInto('order_request_files')
        .values({
          id: 990001,
          request_id: r.id,
          file_name: 'matrix.pdf',
          mime: 'application/pdf',
          size: content.length,
          sha256: 'matrix',
          content,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
    },
  },
  // RR-000001: a pending cancellation of 3200237 (SUBMITTED)
  'POST /api/admin/order-requests/:id/accept': {
    url: '/api/admin/order-requests/RR-000001/accept',
    body: { note: 'Cancelled as asked' },
  },
  // RR-000002: a pending return of 3200242
  'POST /api/admin/order-requests/:id/refuse': {
    url: '/api/admin/order-requests/RR-000002/refuse',
    body: { note: 'The temperature logger shows the cold chain was kept' },
  },
  // RR-000003: an accepted return of 3200252, awaiting the goods
  'POST /api/admin/order-requests/:id/goods-received': {
    url: '/api/admin/order-requests/RR-000003/goods-received',
    body: {},
  },
}
