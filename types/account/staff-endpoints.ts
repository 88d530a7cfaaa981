import { Type, type Static } from 'typebox'
import { get, post, withPermission } from '../endpoint'
import { Closed, CurrencySchema, Literals, Nullable, Paged, pageQueryFields } from '../common'
import { ArStatementSchema, InvoiceKindSchema, InvoiceSchema, InvoiceStatusSchema } from './index'

/**
 * The account domain's staff endpoints (issue 24): each under /admin/ with the permission its route needs
 * (`withPermission`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 *
 * The three loops that ended in "pending" (docs/admin-api/account.md): a new ship-to, an onboarding request, a
 * supply-centre request. Each has a queue (newest decisions last: oldest submitted first, so the overdue ones lead)
 * and approve / reject.
 */

export const DecisionStatusSchema = Literals(['PENDING', 'APPROVED', 'REJECTED'])
export type DecisionStatus = Static<typeof DecisionStatusSchema>

const QueueQuerySchema = Closed({
  /** PENDING when left out */
  status: Type.Optional(DecisionStatusSchema),
  ...pageQueryFields(10000, 100),
})

/** The decision on a record, null fields while it is pending. */
const DecisionFields = {
  status: DecisionStatusSchema,
  submittedAt: Type.String({ description: 'ISO 8601 instant' }),
  reviewDueBy: Type.String({ description: 'ISO 8601 instant: submittedAt plus the business days the buyer was told' }),
  /** still PENDING after reviewDueBy */
  overdue: Type.Boolean(),
  /** a rejection's reason, as the buyer was told it */
  decisionReason: Nullable(Type.String()),
  decidedBy: Nullable(Type.String({ description: 'the staff id' })),
  decidedAt: Nullable(Type.String()),
}

const AccountRefSchema = Type.Object({
  id: Type.Integer(),
  accountNumber: Nullable(Type.String()),
  name: Type.String(),
  country: Type.String(),
})
const UserRefSchema = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  name: Type.String(),
  registrationStatus: Literals(['Siebel Approved', 'Partially Registered']),
})

export const ReviewedAddressSchema = Type.Object({
  nickName: Nullable(Type.String()),
  attentionTo: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  email: Nullable(Type.String()),
  deptOrLab: Nullable(Type.String()),
  companyOrInstitution: Nullable(Type.String()),
  country: Type.String(),
  isoCountryCode: Type.String(),
  stateOrProvince: Nullable(Type.String()),
  city: Nullable(Type.String()),
  streetAddress: Nullable(Type.String()),
  buildingOrRoom: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
})
export type ReviewedAddress = Static<typeof ReviewedAddressSchema>

/** A new ship-to under review (or decided). */
export const ShipToReviewSchema = Type.Object({
  /** the review's id: the :id of the decision routes */
  id: Type.Integer(),
  webReference: Type.String(),
  /** null once a rejection has removed the ship-to */
  shipToId: Nullable(Type.Integer()),
  addressKey: Nullable(Type.String()),
  account: AccountRefSchema,
  submittedBy: Nullable(UserRefSchema),
  address: ReviewedAddressSchema,
  /** the ship-to number given on approval */
  shipToNumber: Nullable(Type.String()),
  /** the account's orders waiting at PENDING_ADDRESS_VALIDATION on this address */
  waitingOrders: Type.Array(Type.String()),
  ...DecisionFields,
})
export type ShipToReview = Static<typeof ShipToReviewSchema>

export const ShipToDecisionSchema = Type.Object({
  review: ShipToReviewSchema,
  /** orders that moved on with the approval (order numbers) */
  movedOrders: Type.Array(Type.String()),
})
export type ShipToDecision = Static<typeof ShipToDecisionSchema>

export const OnboardingReviewSchema = Type.Object({
  requestId: Type.String(),
  kind: Literals(['link-account', 'address']),
  user: UserRefSchema,
  /** the user's account now (their own lite account until a link is approved) */
  account: AccountRefSchema,
  /** link-account: what the user typed */
  accountNumber: Nullable(Type.String()),
  companyOrInstitution: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
  /** link-account: the account whose number the user typed, when one exists (the buyer is never told) */
  matchingAccount: Nullable(AccountRefSchema),
  /** address: the ship-to review it waits on (decided with POST /admin/ship-tos/:id/...) */
  shipToReviewId: Nullable(Type.Integer()),
  linkedAccount: Nullable(AccountRefSchema),
  ...DecisionFields,
})
export type OnboardingReview = Static<typeof OnboardingReviewSchema>

export const SupplyCentreReviewSchema = Type.Object({
  requestId: Type.String(),
  kind: Literals(['apply', 'change']),
  account: AccountRefSchema,
  user: UserRefSchema,
  shipToNum: Type.String(),
  /** the centre serving the ship-to now (null: none) */
  currentSupplyCenterId: Nullable(Type.String()),
  supplyCenterId: Type.String(),
  supplyCenterName: Type.String(),
  supplyCenterStatus: Type.String(),
  /** the buyer's reason for asking */
  reason: Type.String(),
  ...DecisionFields,
})
export type SupplyCentreReview = Static<typeof SupplyCentreReviewSchema>

const ReviewIdParamsSchema = Closed({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
const RequestIdParamsSchema = Closed({ id: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Z]+-[0-9]+$' }) })

/** A ship-to number (the ERP's account number of the address): letters, digits and dashes. */
export const ShipToApproveBodySchema = Closed({
  shipToNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z][0-9A-Za-z-]*$' })),
})
/** Link-account approval: the account to link, when not the number the user typed. */
export const OnboardingApproveBodySchema = Closed({
  accountNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z][0-9A-Za-z-]*$' })),
})
export const RejectBodySchema = Closed({
  /** told to the buyer as written */
  reason: Type.String({ minLength: 1, maxLength: 500 }),
})

// ---------------------------------------------------------------- accounts and buyers (issue 25, read-only)

export const RegistrationStatusSchema = Literals(['Siebel Approved', 'Partially Registered'])

/** GET /admin/accounts: q = account number or name contains (case-insensitive); an account with a buyer of the status */
export const AccountListQuerySchema = Closed({
  q: Type.Optional(Type.String({ maxLength: 64 })),
  country: Type.Optional(Literals(['cn', 'in'])),
  registrationStatus: Type.Optional(RegistrationStatusSchema),
  ...pageQueryFields(10000, 100),
})

const AccountTypeSchema = Literals(['customer', 'distributor', 'agent', 'special'])

/** An account as the accounts list shows it. */
export const AccountSummarySchema = Type.Object({
  id: Type.Integer(),
  accountNumber: Nullable(Type.String()),
  name: Type.String(),
  accountType: AccountTypeSchema,
  country: Type.String(),
  buyers: Type.Integer(),
  /** its buyers still Partially Registered */
  partiallyRegistered: Type.Integer(),
  shipTos: Type.Integer(),
  /** its ship-tos waiting for approval */
  pendingShipTos: Type.Integer(),
})
export type AccountSummary = Static<typeof AccountSummarySchema>

export const AccountBuyerSchema = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  language: Type.String(),
  registrationStatus: RegistrationStatusSchema,
  /** the member's points balance (the sum of their points-ledger entries) */
  points: Type.Integer(),
})
export type AccountBuyer = Static<typeof AccountBuyerSchema>

const AddressLinesSchema = Type.Object({
  addressKey: Type.String(),
  nickName: Nullable(Type.String()),
  attentionTo: Nullable(Type.String()),
  companyOrInstitution: Nullable(Type.String()),
  deptOrLab: Nullable(Type.String()),
  country: Type.String(),
  stateOrProvince: Nullable(Type.String()),
  city: Nullable(Type.String()),
  streetAddress: Nullable(Type.String()),
  buildingOrRoom: Nullable(Type.String()),
  zipCode: Nullable(Type.String()),
})

export const AccountBillToSchema = Type.Object({
  ...AddressLinesSchema.properties,
  /** the bill-to account number (null until the ERP gives one) */
  accountNumber: Nullable(Type.String()),
  /** the ship-to it bills for */
  shipToKey: Type.String(),
})
export type AccountBillTo = Static<typeof AccountBillToSchema>

export const AccountShipToSchema = Type.Object({
  ...AddressLinesSchema.properties,
  /** the ship-to number (null while PENDING) */
  accountNumber: Nullable(Type.String()),
  status: Literals(['ACTIVE', 'PENDING']),
  isDefault: Type.Boolean(),
  webReference: Nullable(Type.String()),
  prePaymentAccount: Type.Boolean(),
})
export type AccountShipTo = Static<typeof AccountShipToSchema>

/** A bill-to with invoice and statement settings: what the invoices and AR screens are read by. */
export const AccountBillingSchema = Type.Object({
  billToNumber: Type.String(),
  title: Type.String(),
  currency: CurrencySchema,
  invoiceFrequency: Literals(['daily', 'monthly']),
  statementFrequency: Literals(['daily', 'monthly']),
  /** major units */
  creditLimit: Type.Number(),
})

export const AccountOrderSchema = Type.Object({
  orderNumber: Type.String(),
  salesOrderNumber: Type.String(),
  poNumber: Nullable(Type.String()),
  status: Type.String(),
  statusCode: Type.Integer(),
  /** what the buyer pays, major units */
  total: Type.Number(),
  currency: CurrencySchema,
  placedAt: Type.String({ description: 'ISO 8601 instant' }),
  userName: Nullable(Type.String()),
})
export type AccountOrder = Static<typeof AccountOrderSchema>

/** GET /admin/accounts/:id: the account, its buyers, ship-tos, bill-tos, billing accounts, points and recent orders. */
export const AccountDetailSchema = Type.Object({
  ...AccountSummarySchema.properties,
  buyersList: Type.Array(AccountBuyerSchema),
  shipTosList: Type.Array(AccountShipToSchema),
  billTos: Type.Array(AccountBillToSchema),
  billing: Type.Array(AccountBillingSchema),
  /** the points of all its buyers */
  points: Type.Integer(),
  /** its latest orders (at most 20), newest first */
  recentOrders: Type.Array(AccountOrderSchema),
})
export type AccountDetail = Static<typeof AccountDetailSchema>

const AccountIdParamsSchema = Closed({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })

/** An invoice of one of the account's bill-tos (the buyer's invoice, with the bill-to it belongs to). */
export const AccountInvoiceSchema = Type.Object({ ...InvoiceSchema.properties, billToNumber: Type.String() })
export type AccountInvoice = Static<typeof AccountInvoiceSchema>

export const AccountInvoiceQuerySchema = Closed({
  /** one bill-to of the account (default: all of them) */
  billTo: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  status: Type.Optional(InvoiceStatusSchema),
  kind: Type.Optional(InvoiceKindSchema),
  ...pageQueryFields(10000, 100),
})

export const AccountArQuerySchema = Closed({
  /** one bill-to of the account (default: its first with invoice settings) */
  billTo: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  period: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
})

export const accountStaffEndpoints = {
  shipToQueue: withPermission(
    'shipTo.decide',
    get('/admin/ship-tos', Paged(ShipToReviewSchema), { query: QueueQuerySchema }),
    'New ship-tos under review (or decided), oldest first',
  ),
  shipToApprove: withPermission(
    'shipTo.decide',
    post('/admin/ship-tos/:id/approve', ShipToDecisionSchema, {
      params: ReviewIdParamsSchema,
      body: ShipToApproveBodySchema,
    }),
    'Approve a new ship-to: ACTIVE with its number; its waiting orders move on',
  ),
  shipToReject: withPermission(
    'shipTo.decide',
    post('/admin/ship-tos/:id/reject', ShipToDecisionSchema, { params: ReviewIdParamsSchema, body: RejectBodySchema }),
    'Reject a new ship-to with a reason told to the buyer',
  ),
  onboardingQueue: withPermission(
    'onboarding.decide',
    get('/admin/onboarding-requests', Paged(OnboardingReviewSchema), { query: QueueQuerySchema }),
    'Onboarding requests under review (or decided)',
  ),
  onboardingApprove: withPermission(
    'onboarding.decide',
    post('/admin/onboarding-requests/:id/approve', OnboardingReviewSchema, {
      params: RequestIdParamsSchema,
      body: OnboardingApproveBodySchema,
    }),
    'Approve a link-account request: the user is linked and Siebel Approved',
  ),
  onboardingReject: withPermission(
    'onboarding.decide',
    post('/admin/onboarding-requests/:id/reject', OnboardingReviewSchema, {
      params: RequestIdParamsSchema,
      body: RejectBodySchema,
    }),
    'Reject a link-account request with a reason told to the buyer',
  ),
  supplyCentreQueue: withPermission(
    'supplyCentre.decide',
    get('/admin/supply-centre-requests', Paged(SupplyCentreReviewSchema), { query: QueueQuerySchema }),
    'Supply-centre requests under review (or decided), overdue ones first',
  ),
  supplyCentreApprove: withPermission(
    'supplyCentre.decide',
    post('/admin/supply-centre-requests/:id/approve', SupplyCentreReviewSchema, {
      params: RequestIdParamsSchema,
      body: Closed({}),
    }),
    'Approve a supply-centre request: the centre serves the ship-to',
  ),
  supplyCentreReject: withPermission(
    'supplyCentre.decide',
    post('/admin/supply-centre-requests/:id/reject', SupplyCentreReviewSchema, {
      params: RequestIdParamsSchema,
      body: RejectBodySchema,
    }),
    'Reject a supply-centre request with a reason told to the buyer',
  ),
  accountList: withPermission(
    'account.read',
    get('/admin/accounts', Paged(AccountSummarySchema), { query: AccountListQuerySchema }),
    'Accounts by number or name, country and buyer registration status',
  ),
  accountDetail: withPermission(
    'account.read',
    get('/admin/accounts/:id', AccountDetailSchema, { params: AccountIdParamsSchema }),
    'One account: its buyers, ship-tos, bill-tos, points and recent orders',
  ),
  accountInvoices: withPermission(
    'invoice.read',
    get('/admin/accounts/:id/invoices', Paged(AccountInvoiceSchema), {
      params: AccountIdParamsSchema,
      query: AccountInvoiceQuerySchema,
    }),
    "The invoices of an account's bill-tos, newest first",
  ),
  accountAr: withPermission(
    'ar.read',
    get('/admin/accounts/:id/ar', ArStatementSchema, { params: AccountIdParamsSchema, query: AccountArQuerySchema }),
    "One month of the accounts-receivable statement of an account's bill-to",
  ),
}
