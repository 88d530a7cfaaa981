import { Type, type Static } from 'typebox'
import { Closed, CurrencySchema, Literals, Nullable, pageQueryFields } from '../common'
import {
  EnquiryIdParamsSchema,
  EnquiryItemSchema,
  EnquiryKindSchema,
  EnquiryStatusSchema,
  InteractionStatusSchema,
} from '../order/enquiries'
import { ENQUIRY_NOTE_MAX_LENGTH, ENQUIRY_REPLY_MAX_LENGTH } from '../order/enquiry-rules'
import { RETURN_FILE_MAX_BYTES, RETURN_FILE_NAME_MAX, RETURN_FILES_MAX } from '../order/return-rules'
import { SQuoteDetailSchema } from '../order/schemas'

/**
 * What the staff routes of enquiries and leads take and answer (issue 24: "Enquiries: staff replies and status
 * changes (approved, not approved), with attachments"; "Leads (RQ-...): turned into an S-quote for the account
 * (lines, prices, expiry), which the buyer then sees and orders"). An enquiry is any request of the buyer's
 * "requests and enquiries" (service_requests: a lead or a quote request); a lead is one of kind 'lead'.
 */

export { EnquiryIdParamsSchema as StaffRequestIdParamsSchema }

// ---------------- enquiries ----------------

export const StaffEnquiryQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  /** the request's status: pending (nobody answered yet), in_progress, completed (closed) */
  status: Type.Optional(EnquiryStatusSchema),
  /** the latest interaction status: pending (undecided), approved, rejected (not approved), autoApproved */
  interactionStatus: Type.Optional(InteractionStatusSchema),
  kind: Type.Optional(EnquiryKindSchema),
})

/** A file of the thread: `fileId` and its size for the stored ones (staff replies), null for the seeded ones. */
export const StaffAttachmentSchema = Type.Object({
  name: Type.String(),
  fileId: Nullable(Type.Integer()),
  mime: Nullable(Type.String()),
  size: Nullable(Type.Integer()),
  /** the buyer's download path (GET /api/request/file/{fileId}) */
  url: Nullable(Type.String()),
})

export const StaffInteractionSchema = Type.Object({
  id: Type.Integer(),
  author: Literals(['customer', 'staff']),
  /** the staff member who wrote it (null for the buyer's and for entries made before issue 24) */
  staffId: Nullable(Type.String()),
  status: InteractionStatusSchema,
  comment: Nullable(Type.String()),
  attachments: Type.Array(StaffAttachmentSchema),
  createdAt: Type.String(),
})
export type StaffInteraction = Static<typeof StaffInteractionSchema>

/** Who asked: the buyer (null for an anonymous lead) and their account. */
const RequesterFields = {
  userName: Nullable(Type.String()),
  accountNumber: Nullable(Type.String()),
  accountName: Nullable(Type.String()),
  contactName: Type.String(),
  companyOrInstitution: Type.String(),
}

export const StaffEnquirySummarySchema = Type.Object({
  requestId: Type.String(),
  kind: EnquiryKindSchema,
  status: EnquiryStatusSchema,
  interactionStatus: InteractionStatusSchema,
  createdAt: Type.String(),
  /** the latest entry of the thread (createdAt when there is none) */
  lastActivityAt: Type.String(),
  ...RequesterFields,
  itemCount: Type.Integer(),
  interactionCount: Type.Integer(),
})
export type StaffEnquirySummary = Static<typeof StaffEnquirySummarySchema>

export const StaffEnquiryDetailSchema = Type.Object({
  ...StaffEnquirySummarySchema.properties,
  phone: Type.String(),
  email: Type.String(),
  city: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  items: Type.Array(EnquiryItemSchema),
  interactions: Type.Array(StaffInteractionSchema),
  /** the S-quote a lead was turned into */
  staticQuoteId: Nullable(Type.String()),
})
export type StaffEnquiryDetail = Static<typeof StaffEnquiryDetailSchema>

export const ENQUIRY_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
/** base64 of the largest file, with its padding */
const BASE64_MAX = Math.ceil(RETURN_FILE_MAX_BYTES / 3) * 4

/** A file of a reply: JPEG, PNG or PDF, above 0 bytes and at most 5 MB, at most 2 (the buyers' file limits). */
export const ReplyAttachmentSchema = Closed({
  name: Type.String({ minLength: 1, maxLength: RETURN_FILE_NAME_MAX * 2 }),
  contentType: Literals(ENQUIRY_FILE_TYPES),
  base64: Type.String({ minLength: 1, maxLength: BASE64_MAX }),
})
export const EnquiryReplyBodySchema = Closed({
  /** plain text, shown as text (never as HTML) */
  text: Type.String({ minLength: 1, maxLength: ENQUIRY_REPLY_MAX_LENGTH }),
  attachments: Type.Optional(Type.Array(ReplyAttachmentSchema, { maxItems: RETURN_FILES_MAX })),
})
export type EnquiryReplyBody = Static<typeof EnquiryReplyBodySchema>

/** The decisions of §4's interaction statuses: approved, or not approved (stored and shown as 'rejected'). */
export const ENQUIRY_DECISIONS = ['approved', 'rejected'] as const
export const EnquiryStatusBodySchema = Closed({
  status: Literals(ENQUIRY_DECISIONS),
  note: Type.Optional(Type.String({ maxLength: ENQUIRY_NOTE_MAX_LENGTH })),
})
export type EnquiryStatusBody = Static<typeof EnquiryStatusBodySchema>

// ---------------- leads ----------------

/** open: not quoted and not closed; quoted: turned into an S-quote; closed: completed without a quote */
export const LEAD_STATES = ['open', 'quoted', 'closed'] as const
export const LeadStateSchema = Literals(LEAD_STATES)
export type LeadState = Static<typeof LeadStateSchema>

export const StaffLeadQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  status: Type.Optional(LeadStateSchema),
})

export const StaffLeadSummarySchema = Type.Object({
  requestId: Type.String(),
  state: LeadStateSchema,
  status: EnquiryStatusSchema,
  createdAt: Type.String(),
  ...RequesterFields,
  /** the account's currency (null for an anonymous lead: it cannot be quoted) */
  currency: Nullable(CurrencySchema),
  itemCount: Type.Integer(),
  staticQuoteId: Nullable(Type.String()),
  quoteNumber: Nullable(Type.String()),
  quotedAt: Nullable(Type.String()),
})
export type StaffLeadSummary = Static<typeof StaffLeadSummarySchema>

/** An item the buyer asked for, with what the catalogue says of it for the account (to help price it). */
export const StaffLeadItemSchema = Type.Object({
  ...EnquiryItemSchema.properties,
  /** false: no such catalogue number */
  known: Type.Boolean(),
  /** active, discontinued or notOnline (null when unknown) */
  salesStatus: Nullable(Type.String()),
  /** in the account's currency, major units; null when the product has none */
  listPrice: Nullable(Type.Number()),
  /** the account's price (its own price, else the list price): what a line without unitPrice is quoted at */
  accountPrice: Nullable(Type.Number()),
})

export const StaffLeadDetailSchema = Type.Object({
  ...StaffLeadSummarySchema.properties,
  phone: Type.String(),
  email: Type.String(),
  city: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  items: Type.Array(StaffLeadItemSchema),
  /** the S-quote, once quoted */
  quote: Nullable(SQuoteDetailSchema),
})
export type StaffLeadDetail = Static<typeof StaffLeadDetailSchema>

export const LeadQuoteLineSchema = Closed({
  catalogNumber: Type.String({ minLength: 1, maxLength: 40 }),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
  /** per unit, in the account's currency (major units, at most 2 decimals); omitted: the account's price */
  unitPrice: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100_000_000 })),
})
export const LeadQuoteBodySchema = Closed({
  /** omitted: the lead's own items and quantities, each at the account's price */
  lines: Type.Optional(Type.Array(LeadQuoteLineSchema, { minItems: 1, maxItems: 200 })),
  /** an ISO 8601 instant in the future, at most a year ahead */
  expiresAt: Type.String({ minLength: 10, maxLength: 40 }),
  /** told to the buyer with the notice and kept in the request's history */
  note: Type.Optional(Type.String({ maxLength: ENQUIRY_NOTE_MAX_LENGTH })),
})
export type LeadQuoteBody = Static<typeof LeadQuoteBodySchema>
