import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import { STAFF_ROLES, type StaffRole } from '../../../types/staff/permissions'
import { hashPassword } from '../../domains/auth/passwords'
import { DEV_STAFF_PASSWORD } from '../../domains/auth/provider/staff-accounts'

/**
 * Issue 24 seed (staff): one staff member per role, ids 'staff-<role>', user names such as admin.staff and
 * orderdesk.staff, each with the DEV password DEV_STAFF_PASSWORD (refused at sign-in when NODE_ENV=production,
 * docs/admin-api/signin.md) and no second factor yet: the first sign-in enrols an authenticator.
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

/** Deterministic salt per member (seeded demo data only; real passwords get random salts). */
const seedSalt = (staffId: string) =>
  crypto.createHash('sha256').update(`staff-demo-salt:${staffId}`).digest().subarray(0, 16)

export async function seedStaff(db: Kysely<DB>): Promise<void> {
  const rows = await Promise.all(
    DEMO_STAFF.map(async (s) => ({
      id: s.id,
      user_name: s.userName,
      display_name: s.displayName,
      email: `${s.userName}@lab-store.example`,
      password_hash: await hashPassword(DEV_STAFF_PASSWORD, seedSalt(s.id)),
      created_at: SEEDED_AT,
    })),
  )
  await db.insertInto('staff_users').values(rows).execute()
  await db
    .insertInto('staff_roles')
    .values(DEMO_STAFF.map((s) => ({ staff_id: s.id, role: s.role })))
    .execute()
}
