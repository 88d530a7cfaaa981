import { Type, type Static } from 'typebox'
import { ShipToSchema, CreditRecordSchema, SupplyCenterSchema, RegistrationStatusSchema } from './user'
import { AppLinkSchema, Closed, CurrencySchema, Literals, Nullable, pageQueryFields, PageTotals } from '../common'

/**
 * Account contract (issue 4): addresses, credit, invoices and AR, supply centre, notifications,
 * persona, onboarding. Every route here requires a token and is scoped to the caller's own account;
 * a key or number that belongs to someone else is answered 403 FORBIDDEN (or 404 when it does not
 * exist) and nothing is read or changed.
 */

const IsoCountry = Literals(['CN', 'IN'])

// ---------------------------------------------------------------- addresses

/** POST /api/address/changeDefault (spec section 7: body addresskey, userid, username) → data null */
export const ChangeDefaultBodySchema = Closed({
  addresskey: Type.String({ minLength: 1, maxLength: 64 }),
  userid: Type.String({ minLength: 1, maxLength: 64 }),
  username: Type.String({ minLength: 1, maxLength: 128 }),
})
export type ChangeDefaultBody = Static<typeof ChangeDefaultBodySchema>
/** → data: null */
export const ChangeDefaultResultSchema = Type.Null()

/** GET /api/address/getPhoneDictionary → data: PhoneDictionaryEntry[] */
export const PhoneDictionaryEntrySchema = Type.Object({
  isoCountryCode: IsoCountry,
  /** '+86' */
  dialCode: Type.String(),
  label: Type.String(),
})
export type PhoneDictionaryEntry = Static<typeof PhoneDictionaryEntrySchema>
export const PhoneDictionarySchema = Type.Array(PhoneDictionaryEntrySchema)
export type PhoneDictionary = Static<typeof PhoneDictionarySchema>

/**
 * POST /api/address/add (new ship-to, starts PENDING with a web reference; review about 2 business
 * days) and POST /api/address/update (addressKey required; only ACTIVE ship-tos of the caller).
 * The server re-checks every rule of types/account/address-rules.ts and stores the phone with its dial
 * prefix. 400 VALIDATION_ERROR names the field.
 */
export const ShipToAddressInputSchema = Closed({
  addressKey: Type.Optional(Type.String({ maxLength: 64 })),
  isoCountryCode: IsoCountry,
  nickName: Type.Optional(Type.String({ maxLength: 60 })),
  contactName: Type.String({ minLength: 1, maxLength: 60 }),
  /** as typed; normalized by the server with checkPhone() */
  contactPhone: Type.String({ minLength: 1, maxLength: 30 }),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
  email: Type.Optional(Type.String({ maxLength: 120 })),
  deptOrLab: Type.Optional(Type.String({ maxLength: 100 })),
  companyOrInstitution: Type.String({ minLength: 1, maxLength: 120 }),
  stateOrProvince: Type.String({ minLength: 1, maxLength: 60 }),
  city: Type.String({ minLength: 1, maxLength: 60 }),
  streetAddress: Type.String({ minLength: 1, maxLength: 200 }),
  buildingOrRoom: Type.Optional(Type.String({ maxLength: 100 })),
  zipCode: Type.String({ minLength: 1, maxLength: 12 }),
  isDefault: Type.Optional(Type.Boolean()),
})
export type ShipToAddressInput = Static<typeof ShipToAddressInputSchema>

/** GET /api/address/detail?addressKey → data: ShipTo (the caller's own only) */
export const AddressKeyQuerySchema = Closed({ addressKey: Type.String({ minLength: 1, maxLength: 64 }) })
export const AddressMutationResultSchema = Type.Object({ shipTo: ShipToSchema })
export type AddressMutationResult = Static<typeof AddressMutationResultSchema>

// ---------------------------------------------------------------- credit

/** POST /api/creditlimit/list: a flat JSON array of bill-to account numbers → data: CreditRecord[] */
export const CreditListBodySchema = Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 100 })
export const CreditListResultSchema = Type.Array(CreditRecordSchema)
export type CreditListResult = Static<typeof CreditListResultSchema>

// ---------------------------------------------------------------- invoices and AR

export const FrequencySchema = Literals(['daily', 'monthly'])
export type Frequency = Static<typeof FrequencySchema>
/** Spec section 9: "Invoice types: general or special". */
export const InvoiceKindSchema = Literals(['general', 'special'])
export type InvoiceKind = Static<typeof InvoiceKindSchema>
/** Catalogue label: "type (e-invoice or paper)". */
export const InvoiceMediumSchema = Literals(['e-invoice', 'paper'])
export const InvoiceStatusSchema = Literals(['issued', 'delivered', 'paid', 'overdue', 'cancelled'])
export type InvoiceStatus = Static<typeof InvoiceStatusSchema>

export const InvoiceSchema = Type.Object({
  invoiceNumber: Type.String(),
  invoiceCode: Type.String(),
  kind: InvoiceKindSchema,
  medium: InvoiceMediumSchema,
  /** invoice title (the buyer's registered name) */
  title: Type.String(),
  taxNumber: Type.String(),
  bank: Type.String(),
  bankAccount: Type.String(),
  /** major units, 2 decimals */
  amount: Type.Number(),
  currency: CurrencySchema,
  status: InvoiceStatusSchema,
  /** courier / delivery number for paper invoices; null for e-invoices */
  deliveryNumber: Nullable(Type.String()),
  salesOrderNumber: Nullable(Type.String()),
  /** ISO timestamps */
  issueDate: Type.String(),
  dueDate: Type.String(),
})
export type Invoice = Static<typeof InvoiceSchema>

/** GET /api/invoice/list?billToAccountNumber&status?&kind?&page&pageSize */
export const InvoiceListQuerySchema = Closed({
  billToAccountNumber: Type.String({ minLength: 1, maxLength: 32 }),
  status: Type.Optional(InvoiceStatusSchema),
  kind: Type.Optional(InvoiceKindSchema),
  ...pageQueryFields(),
})
export type InvoiceListQuery = Static<typeof InvoiceListQuerySchema>

export const BillToSummarySchema = Type.Object({
  accountNumber: Type.String(),
  title: Type.String(),
  /** Spec section 9: "Invoice and AR frequency: daily, monthly". */
  invoiceFrequency: FrequencySchema,
  statementFrequency: FrequencySchema,
  currency: CurrencySchema,
})
export type BillToSummary = Static<typeof BillToSummarySchema>

export const InvoiceListResultSchema = Type.Object({
  billTo: BillToSummarySchema,
  list: Type.Array(InvoiceSchema),
  ...PageTotals,
})
export type InvoiceListResult = Static<typeof InvoiceListResultSchema>

/** GET /api/ar/statement?billToAccountNumber&period=YYYY-MM (default: latest period) */
export const ArStatementQuerySchema = Closed({
  billToAccountNumber: Type.String({ minLength: 1, maxLength: 32 }),
  period: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
})
export type ArStatementQuery = Static<typeof ArStatementQuerySchema>

export const ArLineSchema = Type.Object({
  date: Type.String(),
  documentNumber: Type.String(),
  type: Literals(['invoice', 'payment', 'credit_note']),
  description: Type.String(),
  /** major units; debit increases what is owed, credit decreases it */
  debit: Type.Number(),
  credit: Type.Number(),
  balance: Type.Number(),
  dueDate: Nullable(Type.String()),
  overdue: Type.Boolean(),
})
export type ArLine = Static<typeof ArLineSchema>

export const ArStatementSchema = Type.Object({
  billTo: BillToSummarySchema,
  period: Type.String(),
  /** periods that have a statement, newest first (for the period picker) */
  periods: Type.Array(Type.String()),
  openingBalance: Type.Number(),
  invoiced: Type.Number(),
  paid: Type.Number(),
  closingBalance: Type.Number(),
  overdueAmount: Type.Number(),
  creditLimit: Type.Number(),
  lines: Type.Array(ArLineSchema),
  /** ISO timestamp of the credit record (the ARstatement route's updateTime) */
  updateTime: Nullable(Type.String()),
})
export type ArStatement = Static<typeof ArStatementSchema>

// ---------------------------------------------------------------- supply centre

/** GET /api/sc/getSupplyCenter?stNumber&loginName → data: SupplyCenter[] (types/account/user.ts) */
export const SupplyCenterQuerySchema = Closed({
  stNumber: Type.Optional(Type.String({ maxLength: 32 })),
  loginName: Type.Optional(Type.String({ maxLength: 128 })),
})
export type SupplyCenterQuery = Static<typeof SupplyCenterQuerySchema>
export const SupplyCenterListSchema = Type.Array(SupplyCenterSchema)
export type SupplyCenterList = Static<typeof SupplyCenterListSchema>

/** GET /api/sc/options → data: SupplyCenterOption[] (the centres a ship-to can apply for) */
export const SupplyCenterOptionSchema = Type.Object({
  supplyCenterId: Type.String(),
  name: Type.String(),
  city: Type.String(),
  operationStatus: Type.String(),
})
export type SupplyCenterOption = Static<typeof SupplyCenterOptionSchema>
export const SupplyCenterOptionListSchema = Type.Array(SupplyCenterOptionSchema)
export type SupplyCenterOptionList = Static<typeof SupplyCenterOptionListSchema>

/** POST /api/sc/apply: apply for or change the supply centre of one of the caller's ACTIVE ship-tos. */
/**
 * A request a person reviews (a supply-centre application, an onboarding request): its status, when it was
 * submitted and when the review is due (submittedAt + the business days of its kind).
 */
const ReviewFields = {
  status: Literals(['PENDING', 'APPROVED', 'REJECTED']),
  submittedAt: Type.String(),
  reviewDueBy: Type.String(),
  /** issue 24: why staff rejected it (null while pending or when approved) */
  decisionReason: Type.Optional(Nullable(Type.String())),
}

export const SupplyCenterApplyBodySchema = Closed({
  shipToNum: Type.String({ minLength: 1, maxLength: 32 }),
  supplyCenterId: Type.String({ minLength: 1, maxLength: 32 }),
  /** "Supply-centre apply reason: required, at most 200 characters." */
  reason: Type.String({ minLength: 1, maxLength: 200 }),
  /** "Terms must be agreed." */
  agreeTerms: Type.Literal(true),
})
export type SupplyCenterApplyBody = Static<typeof SupplyCenterApplyBodySchema>

export const SupplyCenterRequestSchema = Type.Object({
  requestId: Type.String(),
  kind: Literals(['apply', 'change']),
  shipToNum: Type.String(),
  supplyCenterId: Type.String(),
  reason: Type.String(),
  /** "A supply-centre change request is pending, with review up to 1 business day." */
  ...ReviewFields,
})
export type SupplyCenterRequest = Static<typeof SupplyCenterRequestSchema>
export const SupplyCenterRequestListSchema = Type.Array(SupplyCenterRequestSchema)
export type SupplyCenterRequestList = Static<typeof SupplyCenterRequestListSchema>
/** GET /api/sc/requests → data: SupplyCenterRequest[]; POST /api/sc/apply → data: SupplyCenterRequest */

// ---------------------------------------------------------------- notifications

export const NotificationCategorySchema = Literals(['order', 'promotion', 'account', 'system'])
export const NotificationSchema = Type.Object({
  id: Type.String(),
  category: NotificationCategorySchema,
  /** plain text in the request's language */
  title: Type.String(),
  body: Type.String(),
  createdAt: Type.String(),
  link: Nullable(AppLinkSchema),
})
export type Notification = Static<typeof NotificationSchema>

/** GET /api/notification/list?page&pageSize */
export const NotificationListQuerySchema = Closed(pageQueryFields())
export const NotificationListResultSchema = Type.Object({ list: Type.Array(NotificationSchema), ...PageTotals })
export type NotificationListResult = Static<typeof NotificationListResultSchema>

/**
 * POST /api/notification/unread {readNotification: ids read on this device}.
 * Spec: "presence of data drives the bell dot": data is {unreadCount, latestId} when at least one of
 * the caller's notifications is not in the list, and null otherwise.
 */
export const NotificationUnreadBodySchema = Closed({
  readNotification: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 }),
})
export type NotificationUnreadBody = Static<typeof NotificationUnreadBodySchema>
export const NotificationUnreadResultSchema = Nullable(
  Type.Object({ unreadCount: Type.Integer(), latestId: Type.String() }),
)
export type NotificationUnreadResult = Static<typeof NotificationUnreadResultSchema>

// ---------------------------------------------------------------- persona

/** GET /api/persona/options → data: the choices, labelled in the request's language */
export const PersonaOptionSchema = Type.Object({ code: Type.String(), label: Type.String() })
export const PersonaOptionsSchema = Type.Object({
  roles: Type.Array(PersonaOptionSchema),
  industries: Type.Array(PersonaOptionSchema),
  interestAreas: Type.Array(PersonaOptionSchema),
})
export type PersonaOptions = Static<typeof PersonaOptionsSchema>

/** POST /api/persona: the caller's choices by code → data: Persona (labels) */
export const PersonaSaveBodySchema = Closed({
  roles: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 }),
  industries: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 }),
  interestAreas: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
})
export type PersonaSaveBody = Static<typeof PersonaSaveBodySchema>

// ---------------------------------------------------------------- onboarding (Partially Registered path)

/** POST /api/onboarding/link-account: ask to link an organisation account → data: OnboardingRequest */
export const LinkAccountBodySchema = Closed({
  accountNumber: Type.String({ minLength: 5, maxLength: 20, pattern: '^[0-9]+$' }),
  companyOrInstitution: Type.String({ minLength: 1, maxLength: 120 }),
  /** the organisation's ship-to zip code, as a light proof of knowledge */
  zipCode: Type.String({ minLength: 1, maxLength: 12 }),
})
export type LinkAccountBody = Static<typeof LinkAccountBodySchema>

export const OnboardingRequestSchema = Type.Object({
  requestId: Type.String(),
  kind: Literals(['link-account', 'address']),
  /** "Approvals: up to 3 business days." */
  ...ReviewFields,
})
export type OnboardingRequest = Static<typeof OnboardingRequestSchema>
export const OnboardingStatusSchema = Type.Object({
  registrationStatus: RegistrationStatusSchema,
  /** newest first */
  requests: Type.Array(OnboardingRequestSchema),
})
export type OnboardingStatus = Static<typeof OnboardingStatusSchema>
/** GET /api/onboarding/status → data: { registrationStatus, requests: OnboardingRequest[] } */

// ---------------------------------------------------------------- customer-service chat (appended by the chat work)

/**
 * GET /api/chat/config (no login needed) → data. widgetUrl is the chat widget the app opens with the
 * spec section 7 payload as URL-encoded query: env CHAT_WIDGET_URL; when unset outside production,
 * the server's local stand-in page /__chat; null when no chat is available.
 */
export const ChatConfigSchema = Type.Object({ widgetUrl: Nullable(Type.String()) })
export type ChatConfig = Static<typeof ChatConfigSchema>
