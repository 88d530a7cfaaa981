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
  'GET /api/admin/audit': { url: '/api/admin/audit?page=1&pageSize=5' },
  'GET /api/admin/staff': { url: '/api/admin/staff' },
  // an allowed call leaves finance with the role it has (it still writes: ver + 1 and an audit entry)
  'POST /api/admin/staff/:id/roles': { url: '/api/admin/staff/staff-finance/roles', body: { roles: ['finance'] } },
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
