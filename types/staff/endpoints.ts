import { Type, type Static } from 'typebox'
import { get, post, withPermission } from '../endpoint'
import { Closed, Literals, Nullable, Paged, pageQueryFields } from '../common'
import { PERMISSIONS, STAFF_ROLES, type Permission } from './permissions'

/**
 * The staff domain's endpoints (issue 24), all under /admin/ and each with the permission it needs: the server
 * serves them behind the staff token (server/domains/staff/guard.ts), never a buyer's.
 */

export const StaffRoleSchema = Literals(STAFF_ROLES)
export const PermissionSchema = Literals(Object.keys(PERMISSIONS) as Permission[])

/** The signed-in staff member and what their roles allow. */
export const StaffMeSchema = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  displayName: Type.String(),
  roles: Type.Array(StaffRoleSchema),
  permissions: Type.Array(PermissionSchema),
})
export type StaffMe = Static<typeof StaffMeSchema>

export const StaffMemberSchema = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  displayName: Type.String(),
  email: Type.String(),
  active: Type.Boolean(),
  roles: Type.Array(StaffRoleSchema),
})
export type StaffMember = Static<typeof StaffMemberSchema>

/** A date (2026-11-27) or an instant (2026-11-27T10:00:00Z, with an offset or none). */
const InstantSchema = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
  description: 'a date (YYYY-MM-DD, midnight UTC) or an ISO 8601 instant',
})

export const AuditQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  staffId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  entity: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  entityId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  from: Type.Optional(InstantSchema),
  to: Type.Optional(InstantSchema),
})

/** One audit-log entry: who (and with which roles), under which permission, did what to which record, from where. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String({ description: 'ISO 8601 instant' }),
  staffId: Type.String(),
  roles: Type.String({ description: 'the roles the actor held, comma-separated' }),
  permission: Type.String(),
  action: Type.String(),
  entity: Type.String(),
  entityId: Nullable(Type.String()),
  before: Type.Unknown({ description: 'the record before the change (null when it was created)' }),
  after: Type.Unknown({ description: 'the record after the change (null when it was removed)' }),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
})
export type AuditEntry = Static<typeof AuditEntrySchema>

export const StaffIdParamsSchema = Closed({ id: Type.String({ minLength: 1, maxLength: 64 }) })
export const SetStaffRolesSchema = Closed({
  roles: Type.Array(StaffRoleSchema, { uniqueItems: true, maxItems: STAFF_ROLES.length }),
})

export const staffEndpoints = {
  me: withPermission('staff.read', get('/admin/me', StaffMeSchema)),
  audit: withPermission('audit.read', get('/admin/audit', Paged(AuditEntrySchema), { query: AuditQuerySchema })),
  staffList: withPermission('staff.manage', get('/admin/staff', Type.Array(StaffMemberSchema))),
  setRoles: withPermission(
    'staff.manage',
    post('/admin/staff/:id/roles', StaffMemberSchema, { params: StaffIdParamsSchema, body: SetStaffRolesSchema }),
  ),
}
export type StaffEndpoints = typeof staffEndpoints
