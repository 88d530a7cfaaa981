import type { StaffSamples } from './types'

/**
 * Sample requests for the account domain's staff routes (types/account/staff-endpoints.ts), on the records the seed
 * leaves pending (server/db/seed/account-records.ts seedPendingDecisions): each approve and its reject name
 * different records, so the first allowed call of each answers 200.
 * Ship-to reviews: 1 = approved.cn's ST-PENDING-000123, 2 = lite.cn's ST-PENDING-000456.
 * Onboarding: OB-000002 newlab.cn links to 1000001, OB-000003 newtrader.cn (OB-000001 is lite.cn's address request).
 * Supply centre: SCR-000002 distributor.cn, SCR-000003 approved.in (SCR-000001 is approved already).
 */
export const accountSamples: StaffSamples = {
  'GET /api/admin/ship-tos': { url: '/api/admin/ship-tos?status=PENDING' },
  'POST /api/admin/ship-tos/:id/approve': { url: '/api/admin/ship-tos/1/approve', body: {} },
  'POST /api/admin/ship-tos/:id/reject': {
    url: '/api/admin/ship-tos/2/reject',
    body: { reason: 'The address could not be verified' },
  },
  'GET /api/admin/onboarding-requests': { url: '/api/admin/onboarding-requests?status=PENDING' },
  'POST /api/admin/onboarding-requests/:id/approve': {
    url: '/api/admin/onboarding-requests/OB-000002/approve',
    body: {},
  },
  'POST /api/admin/onboarding-requests/:id/reject': {
    url: '/api/admin/onboarding-requests/OB-000003/reject',
    body: { reason: 'No account 3000009 under this company name' },
  },
  'GET /api/admin/supply-centre-requests': { url: '/api/admin/supply-centre-requests' },
  'POST /api/admin/supply-centre-requests/:id/approve': {
    url: '/api/admin/supply-centre-requests/SCR-000002/approve',
    body: {},
  },
  'POST /api/admin/supply-centre-requests/:id/reject': {
    url: '/api/admin/supply-centre-requests/SCR-000003/reject',
    body: { reason: 'The Bengaluru centre does not serve this campus yet' },
  },
  // issue 25, read-only: account 1 is approved.cn's (1000001), with invoices and a statement on bill-to 2000001
  'GET /api/admin/accounts': { url: '/api/admin/accounts?q=1000' },
  'GET /api/admin/accounts/:id': { url: '/api/admin/accounts/1' },
  'GET /api/admin/accounts/:id/invoices': { url: '/api/admin/accounts/1/invoices' },
  'GET /api/admin/accounts/:id/ar': { url: '/api/admin/accounts/1/ar' },
}
