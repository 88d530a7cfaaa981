import type { StaffSamples } from './types'

/**
 * Sample requests for the flashbuy domain's staff routes (types/flashbuy/staff-endpoints.ts). Against the seed
 * (server/db/seed/flashbuy.ts): FB-CN-002 is running (500 in stock, 112 sold), FB-CN-003 running; 53-3302-81 is
 * the first seeded product, orderable, list price ¥4,282. Creating answers 200 each time (a new id each call);
 * the second end of FB-CN-003 is 409.
 */
export const flashbuySamples: StaffSamples = {
  'GET /api/admin/flash-sales': { url: '/api/admin/flash-sales?state=running&country=cn' },
  'GET /api/admin/flash-sales/:id': { url: '/api/admin/flash-sales/FB-CN-001' },
  'POST /api/admin/flash-sales': {
    url: '/api/admin/flash-sales',
    body: {
      country: 'cn',
      catalogNumber: '53-3302-81',
      flashPrice: 1999,
      startAt: '2098-12-01T02:00:00Z',
      endAt: '2099-01-01T14:00:00Z',
      totalQty: 50,
      minOrderQty: 1,
      maxOrderQty: 5,
      accountPurchaseLimitQty: 5,
    },
  },
  'PUT /api/admin/flash-sales/:id': { url: '/api/admin/flash-sales/FB-CN-002', method: 'PUT', body: { totalQty: 600 } },
  'POST /api/admin/flash-sales/:id/end': { url: '/api/admin/flash-sales/FB-CN-003/end' },
}
