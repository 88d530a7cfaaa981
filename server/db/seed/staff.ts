import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { STAFF_ROLES, type StaffRole } from '../../../types/staff/permissions'

/**
 * Issue 24 seed (staff): one staff member per role, ids 'staff-<role>', user names such as admin.staff and
 * orderdesk.staff. No password nor TOTP yet (staff sign-in is not built): a dev token comes from
 * `npm run token -- --staff admin.staff` (server/scripts/token.ts).
 */
export const STAFF_SEED_TABLES: string[] = ['staff_roles', 'staff_users']

const SEEDED_AT = '2026-01-01T00:00:00.000Z'

const USER_NAMES: Record<StaffRole, string> = {
  administrator: 'admin.staff',
  orderDesk: 'orderdesk.staff',
  customerService: 'service.staff',
  catalogue: 'catalogue.staff',
  marketing: 'marketing.staff',
  finance: 'finance.staff',
}
const DISPLAY_NAMES: Record<StaffRole, string> = {
  administrator: 'Ada Admin',
  orderDesk: 'Oscar Orderdesk',
  customerService: 'Cora Service',
  catalogue: 'Carl Catalogue',
  marketing: 'Mia Marketing',
  finance: 'Fred Finance',
}

export interface SeedStaff {
  id: string
  userName: string
  displayName: string
  role: StaffRole
}

export const DEMO_STAFF: readonly SeedStaff[] = STAFF_ROLES.map((role) => ({
  id: `staff-${role}`,
  userName: USER_NAMES[role],
  displayName: DISPLAY_NAMES[role],
  role,
}))

export async function seedStaff(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('staff_users')
    .values(
      DEMO_STAFF.map((s) => ({
        id: s.id,
        user_name: s.userName,
        display_name: s.displayName,
        email: `${s.userName}@lab-store.example`,
        created_at: SEEDED_AT,
      })),
    )
    .execute()
  await db
    .insertInto('staff_roles')
    .values(DEMO_STAFF.map((s) => ({ staff_id: s.id, role: s.role })))
    .execute()
}
