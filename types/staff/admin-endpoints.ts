import { staffEndpoints } from './endpoints'
import { integrationStaffEndpoints } from './integration-endpoints'
import { catalogStaffEndpoints } from '../catalog/staff-endpoints'
import { accountStaffEndpoints } from '../account/staff-endpoints'
import { orderStaffEndpoints } from '../order/staff-endpoints'
import { serviceStaffEndpoints } from '../service/staff-endpoints'
import { membershipStaffEndpoints } from '../membership/staff-endpoints'
import { marketingStaffEndpoints } from '../marketing/staff-endpoints'
import { flashbuyStaffEndpoints } from '../flashbuy/staff-endpoints'
import { platformStaffEndpoints } from '../platform/staff-endpoints'

/**
 * Every staff endpoint under /api/admin (issue 24): the staff domain's own and each domain's decisions. The role
 * matrix test (tests/server/staff-roles.test.ts) checks that the app serves exactly these, each behind its permission.
 */
export const adminEndpoints = {
  ...staffEndpoints,
  ...integrationStaffEndpoints,
  ...catalogStaffEndpoints,
  ...accountStaffEndpoints,
  ...orderStaffEndpoints,
  ...serviceStaffEndpoints,
  ...membershipStaffEndpoints,
  ...marketingStaffEndpoints,
  ...flashbuyStaffEndpoints,
  ...platformStaffEndpoints,
}
export type AdminEndpoints = typeof adminEndpoints
