import type { StaffSamples } from './types'
import { catalogSamples } from './catalog'
import { accountSamples } from './account'
import { orderSamples } from './order'
import { serviceSamples } from './service'
import { membershipSamples } from './membership'
import { marketingSamples } from './marketing'
import { flashbuySamples } from './flashbuy'
import { platformSamples } from './platform'

export type { StaffSample, StaffSamples } from './types'

/** The staff domain's own routes. */
const staffSamples: StaffSamples = {
  'GET /api/admin/me': { url: '/api/admin/me' },
  'GET /api/admin/today': { url: '/api/admin/today' },
  'GET /api/admin/audit': { url: '/api/admin/audit?page=1&pageSize=5' },
  'GET /api/admin/staff': { url: '/api/admin/staff' },
  // an allowed call leaves finance with the role it has (it still writes: ver + 1 and an audit entry)
  'POST /api/admin/staff/:id/roles': { url: '/api/admin/staff/staff-finance/roles', body: { roles: ['finance'] } },
  'GET /api/admin/integration-clients': { url: '/api/admin/integration-clients' },
  // each allowed call makes a client (a new id each time)
  'POST /api/admin/integration-clients': {
    url: '/api/admin/integration-clients',
    body: { name: 'Matrix ERP', scopes: ['erp:orders'] },
  },
  // a client to revoke (made here: the seed has none); later allowed calls find it revoked (409)
  'POST /api/admin/integration-clients/:clientId/revoke': {
    url: '/api/admin/integration-clients/erp-matrix-demo/revoke',
    prepare: async (db) => {
      await db
        .insertInto('integration_clients')
        .values({
          client_id: 'erp-matrix-demo',
          name: 'Matrix ERP',
          scopes: 'erp:orders',
          created_by: 'staff-administrator',
        })
        .onConflict((oc) => oc.column('client_id').doNothing())
        .execute()
    },
  },
}

/** One sample request per staff route, by 'METHOD /api/admin/path' as the app registers it. */
export const STAFF_SAMPLES: StaffSamples = {
  ...staffSamples,
  ...catalogSamples,
  ...accountSamples,
  ...orderSamples,
  ...serviceSamples,
  ...membershipSamples,
  ...marketingSamples,
  ...flashbuySamples,
  ...platformSamples,
}
