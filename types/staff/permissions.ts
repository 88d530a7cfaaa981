/**
 * Staff roles and what each may do (issue 24, "Staff and what each may do"). Pure data: the server's guard
 * (server/domains/staff/guard.ts) refuses a staff route whose permission no role of the caller grants, and
 * docs/staff.md shows this table (a test checks it against ROLE_PERMISSIONS).
 */

/** The six roles of the issue: administrator, order desk, customer service, catalogue, marketing, finance. */
export const STAFF_ROLES = [
  'administrator',
  'orderDesk',
  'customerService',
  'catalogue',
  'marketing',
  'finance',
] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** Every permission a staff route may demand, with what it allows. */
export const PERMISSIONS = {
  'staff.read': 'Read your own staff profile, roles and permissions',
  'staff.manage': "List staff and change a staff member's roles",
  'audit.read': 'Read the audit log',
  'account.read': 'Read accounts and their buyers, ship-tos, bill-tos, registration and points',
  'shipTo.decide': 'Approve or reject a new ship-to address',
  'onboarding.decide': 'Approve or reject an onboarding link-account request',
  'supplyCentre.decide': 'Approve or reject a supply-centre change',
  'order.read': 'Search orders; read their lines, shipments, invoices, request history and audit trail; export them',
  'order.review': 'Decide orders pending review, financial review or approval',
  'order.hold': "Hold and release orders; send the buyer an order's confirmation link",
  'orderRequest.decide': 'Accept or refuse cancel and return requests; record returned goods',
  'enquiry.reply': 'Reply to enquiries and change their status',
  'redemption.ship': 'Ship gift redemptions and prize orders; cancel gift redemptions; resolve redemption feedback',
  'lead.quote': 'Turn a lead into an S-quote for the account',
  'flashSale.manage': 'Create, schedule, change and end flash sales',
  'promotion.manage': 'Create, schedule, change and end promotions',
  'coupon.manage': 'Create, change and end coupons',
  'gift.manage': 'Create, change and end gifts',
  'draw.manage': 'Create, change and end lucky draws',
  'content.manage': 'Create, change and end articles and banners',
  'points.adjust': 'Adjust a member’s points with a reason (through the points ledger)',
  'invoice.read': 'Read invoices',
  'ar.read': 'Read accounts-receivable statements',
  'catalogue.read': 'Read products, account prices and stock by warehouse and supply centre',
  'catalogue.import': 'Import products, prices and stock (CSV or XLSX), upload CoA and SDS files',
  'catalogue.manage': 'Change products and their data',
  'webhook.manage': 'See ERP webhook deliveries and replay them',
  'integration.manage': 'Manage the ERP integration clients',
} as const satisfies Record<string, string>
export type Permission = keyof typeof PERMISSIONS

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[]

/** What each role grants besides staff.read, which every role grants. */
const GRANTS: Record<StaffRole, readonly Permission[]> = {
  administrator: ALL_PERMISSIONS,
  orderDesk: [
    'account.read',
    'order.read',
    'catalogue.read',
    'order.review',
    'order.hold',
    'orderRequest.decide',
    'shipTo.decide',
    'onboarding.decide',
    'supplyCentre.decide',
    'lead.quote',
    'invoice.read',
  ],
  customerService: [
    'account.read',
    'order.read',
    'catalogue.read',
    'enquiry.reply',
    'redemption.ship',
    'orderRequest.decide',
    'points.adjust',
    'shipTo.decide',
    'onboarding.decide',
  ],
  catalogue: ['catalogue.read', 'catalogue.import', 'catalogue.manage'],
  marketing: [
    'catalogue.read',
    'flashSale.manage',
    'promotion.manage',
    'coupon.manage',
    'gift.manage',
    'draw.manage',
    'content.manage',
  ],
  finance: ['account.read', 'order.read', 'invoice.read', 'ar.read'],
}

/** The permissions of each role, in the order of PERMISSIONS. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  administrator: granted('administrator'),
  orderDesk: granted('orderDesk'),
  customerService: granted('customerService'),
  catalogue: granted('catalogue'),
  marketing: granted('marketing'),
  finance: granted('finance'),
}
function granted(role: StaffRole): Permission[] {
  return ALL_PERMISSIONS.filter((p) => p === 'staff.read' || GRANTS[role].includes(p))
}

export const isStaffRole = (s: string): s is StaffRole => (STAFF_ROLES as readonly string[]).includes(s)

/** Whether any of the roles grants the permission (unknown role names grant nothing). */
export const roleMay = (roles: readonly string[], permission: Permission): boolean =>
  roles.some((r) => isStaffRole(r) && ROLE_PERMISSIONS[r].includes(permission))

/** Every permission the roles grant, in the order of PERMISSIONS. */
export const permissionsOf = (roles: readonly string[]): Permission[] =>
  ALL_PERMISSIONS.filter((p) => roleMay(roles, p))
