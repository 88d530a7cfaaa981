import { Type, type Static } from 'typebox'
import { get, post, withPermission } from '../endpoint'
import { Closed, CountryCodeSchema, CurrencySchema, Literals, Nullable, Paged, pageQueryFields } from '../common'
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
  /** an action's name ('catalogue.import') */
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
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

/** A queue of requests staff decide: how many wait, how many are past the deadline the buyer was told, the oldest. */
export const TodayQueueSchema = Type.Object({
  pending: Type.Integer({ minimum: 0 }),
  overdue: Type.Integer({ minimum: 0 }),
  /** ISO 8601 instant: when the longest-waiting one was submitted (null: none waits) */
  oldestAt: Nullable(Type.String()),
})
export type TodayQueue = Static<typeof TodayQueueSchema>

/**
 * Today (issue 25): the console's first screen, GET /admin/today. Each block is there only when the caller's roles
 * grant its permission (named beside it); figures are read at `at`.
 */
export const TodaySchema = Type.Object({
  at: Type.String({ description: 'ISO 8601 instant the figures were read at' }),
  /** order.review: orders placed today (each country's own day) and orders waiting on a review decision */
  orders: Type.Optional(
    Type.Object({
      placedToday: Type.Array(
        Type.Object({
          country: CountryCodeSchema,
          /** ISO 8601 instant: midnight of today on the country's clock (Asia/Shanghai, Asia/Kolkata) */
          since: Type.String(),
          count: Type.Integer({ minimum: 0 }),
          /** what the buyers pay (goods, tax, handling), in major units, per currency */
          value: Type.Array(Type.Object({ currency: CurrencySchema, amount: Type.Number() })),
        }),
      ),
      /** orders in a review status (pending review, financial review, pending approval), not held */
      awaitingDecision: Type.Object({
        total: Type.Integer({ minimum: 0 }),
        byStatus: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
      }),
    }),
  ),
  /** shipTo.decide: new ship-tos waiting for review (overdue: past the business days the buyer was told) */
  shipTos: Type.Optional(TodayQueueSchema),
  /** onboarding.decide: onboarding requests (link-account, address) waiting */
  onboarding: Type.Optional(TodayQueueSchema),
  /** supplyCentre.decide: supply-centre changes waiting (overdue: past 1 business day) */
  supplyCentre: Type.Optional(TodayQueueSchema),
  /** orderRequest.decide: open cancel and return requests (overdue: past their 48 h follow-up) */
  orderRequests: Type.Optional(TodayQueueSchema),
  /** flashSale.manage: the flash sales live now, their stock left and orders in the last 10 minutes */
  flashSales: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        country: CountryCodeSchema,
        catalogNumber: Type.String(),
        title: Type.String({ description: "the product's title in the request's language" }),
        remainQty: Type.Integer({ minimum: 0 }),
        totalQty: Type.Integer({ minimum: 0 }),
        endAt: Type.String(),
        ordersLast10Min: Type.Integer({ minimum: 0 }),
        ordersPerMinute: Type.Number({ minimum: 0 }),
      }),
    ),
  ),
  /** webhook.manage: deliveries failing: dead (given up) or still retrying after a failed try */
  webhooks: Type.Optional(
    Type.Object({
      failing: Type.Integer({ minimum: 0 }),
      dead: Type.Integer({ minimum: 0 }),
      retrying: Type.Integer({ minimum: 0 }),
      /** ISO 8601 instant: when the oldest failing delivery was created (null: none fails) */
      oldestAt: Nullable(Type.String()),
    }),
  ),
})
export type Today = Static<typeof TodaySchema>

export const staffEndpoints = {
  me: withPermission('staff.read', get('/admin/me', StaffMeSchema)),
  today: withPermission(
    'staff.read',
    get('/admin/today', TodaySchema),
    "Today, the console's dashboard: each block only for a role with its screen's permission",
  ),
  audit: withPermission('audit.read', get('/admin/audit', Paged(AuditEntrySchema), { query: AuditQuerySchema })),
  staffList: withPermission('staff.manage', get('/admin/staff', Type.Array(StaffMemberSchema))),
  setRoles: withPermission(
    'staff.manage',
    post('/admin/staff/:id/roles', StaffMemberSchema, { params: StaffIdParamsSchema, body: SetStaffRolesSchema }),
  ),
}
export type StaffEndpoints = typeof staffEndpoints
