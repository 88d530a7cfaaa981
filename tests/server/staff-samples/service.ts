import type { StaffSamples } from './types'

/**
 * Sample requests for the service domain's staff routes (types/service/staff-endpoints.ts), on the seeded requests
 * (server/db/seed/enquiries.ts): RQ-D00004 is approved.in's open, undecided quote request; RQ-D00001 is
 * approved.cn's open, unquoted lead whose items are on sale (quoted as asked, at the account's prices).
 */
const DAY = 86_400_000
export const serviceSamples: StaffSamples = {
  'GET /api/admin/enquiries': { url: '/api/admin/enquiries?status=pending&page=1&pageSize=5' },
  'GET /api/admin/enquiries/:requestId': { url: '/api/admin/enquiries/RQ-D00004' },
  'POST /api/admin/enquiries/:requestId/replies': {
    url: '/api/admin/enquiries/RQ-D00004/replies',
    body: { text: 'We are checking the bulk prices and will come back tomorrow.' },
  },
  'POST /api/admin/enquiries/:requestId/status': {
    url: '/api/admin/enquiries/RQ-D00004/status',
    body: { status: 'approved', note: 'Approved: the quotation follows.' },
  },
  'GET /api/admin/leads': { url: '/api/admin/leads?status=open' },
  'GET /api/admin/leads/:requestId': { url: '/api/admin/leads/RQ-D00001' },
  'POST /api/admin/leads/:requestId/quote': {
    url: '/api/admin/leads/RQ-D00001/quote',
    // computed when the tests load: always 30 days ahead
    body: { expiresAt: new Date(Date.now() + 30 * DAY).toISOString() },
  },
}
