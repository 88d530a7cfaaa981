import { Type, type Static } from 'typebox'
import { Closed, CurrencySchema, Literals, Nullable } from '../common'

/**
 * Requests and enquiries (issue 12; spec §2 /my-request-china/{requestId}, §3 "Interaction: status,
 * comments, attachments", §4 "Interaction: pending, approved, not approved or rejected, auto approved
 * or auto completed", §8 "Interaction: limit reached, no permission, does not exist") and order
 * confirmation links (§8 "Order confirmation link expired; order confirmed, cancelled or not found;
 * confirmation failed", §9 "Pre-order: 24 hours").
 */

/** 'RQ-000123' (placed) or 'RQ-D00001' (seeded demo) */
export const EnquiryIdParamsSchema = Closed({
  requestId: Type.String({ minLength: 4, maxLength: 20, pattern: '^RQ-[A-Z0-9]{1,16}$' }),
})

export const ENQUIRY_KINDS = ['lead', 'quote'] as const
export const EnquiryKindSchema = Literals(ENQUIRY_KINDS)
export const ENQUIRY_STATUSES = ['pending', 'in_progress', 'completed'] as const
export const EnquiryStatusSchema = Literals(ENQUIRY_STATUSES)
export type EnquiryStatus = Static<typeof EnquiryStatusSchema>

/** §4: pending, approved, not approved (rejected), auto approved (auto completed) */
export const INTERACTION_STATUSES = ['pending', 'approved', 'rejected', 'autoApproved'] as const
export const InteractionStatusSchema = Literals(INTERACTION_STATUSES)
export type InteractionStatus = Static<typeof InteractionStatusSchema>

import { ENQUIRY_COMMENT_MAX_LENGTH } from './enquiry-rules'
export { ENQUIRY_COMMENT_LIMIT, ENQUIRY_COMMENT_MAX_LENGTH } from './enquiry-rules'

/**
 * A file of an interaction: `url` is where the buyer downloads it (GET /api/request/file/{fileId}, the caller's own
 * requests only), null for a file that is not online (the seeded ones).
 */
export const AttachmentSchema = Type.Object({ name: Type.String(), url: Nullable(Type.String()) })

/** GET /request/file/{fileId}: a file of a staff reply */
export const EnquiryFileParamsSchema = Closed({ fileId: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
/** The buyer's download path of a stored reply file (AttachmentSchema.url). */
export const enquiryFileUrl = (fileId: number) => `/api/request/file/${fileId}`
export type Attachment = Static<typeof AttachmentSchema>

export const InteractionSchema = Type.Object({
  id: Type.Integer(),
  author: Literals(['customer', 'staff']),
  status: InteractionStatusSchema,
  comment: Nullable(Type.String()),
  attachments: Type.Array(AttachmentSchema),
  createdAt: Type.String(),
})
export type Interaction = Static<typeof InteractionSchema>

export const EnquiryItemSchema = Type.Object({
  catalogNumber: Type.String(),
  itemName: Type.String(),
  itemCount: Type.Integer(),
})

/** What the list and the detail of an enquiry both start with. */
const EnquiryHeadFields = {
  requestId: Type.String(),
  kind: EnquiryKindSchema,
  status: EnquiryStatusSchema,
  /** the status of the latest interaction (pending when there is none) */
  interactionStatus: InteractionStatusSchema,
  createdAt: Type.String(),
}

export const EnquirySummarySchema = Type.Object({
  ...EnquiryHeadFields,
  itemCount: Type.Integer(),
  firstItemName: Nullable(Type.String()),
  interactionCount: Type.Integer(),
})
export type EnquirySummary = Static<typeof EnquirySummarySchema>
export const EnquiryListSchema = Type.Array(EnquirySummarySchema)

export const EnquiryDetailSchema = Type.Object({
  ...EnquiryHeadFields,
  contactName: Type.String(),
  companyOrInstitution: Type.String(),
  city: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  items: Type.Array(EnquiryItemSchema),
  interactions: Type.Array(InteractionSchema),
  /** customer comments so far and the limit (§8 "limit reached") */
  customerComments: Type.Integer(),
  commentLimit: Type.Integer(),
  /** false once the request is completed (closed): a comment answers "no permission" */
  canComment: Type.Boolean(),
})
export type EnquiryDetail = Static<typeof EnquiryDetailSchema>

export const EnquiryCommentBodySchema = Closed({
  comment: Type.String({ minLength: 1, maxLength: ENQUIRY_COMMENT_MAX_LENGTH }),
})
export type EnquiryCommentBody = Static<typeof EnquiryCommentBodySchema>

// ---- order confirmation links

export const ConfirmTokenParamsSchema = Closed({
  token: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
})
export const CONFIRMATION_STATES = ['pending', 'expired', 'confirmed', 'cancelled', 'failed'] as const
export const ConfirmationStateSchema = Literals(CONFIRMATION_STATES)
export type ConfirmationState = Static<typeof ConfirmationStateSchema>
export const ConfirmationKindSchema = Literals(['order', 'preorder'])

export const ConfirmationSchema = Type.Object({
  state: ConfirmationStateSchema,
  kind: ConfirmationKindSchema,
  expiresAt: Type.String(),
  /** the order's summary, while the link waits for an answer (pending) */
  order: Nullable(
    Type.Object({
      orderNumber: Type.String(),
      createdAt: Type.String(),
      currency: CurrencySchema,
      total: Type.Number(),
      lines: Type.Array(
        Type.Object({ catalogNumber: Type.String(), productTitle: Type.String(), quantity: Type.Integer() }),
      ),
    }),
  ),
})
export type Confirmation = Static<typeof ConfirmationSchema>

export const ConfirmActionBodySchema = Closed({ action: Literals(['confirm', 'cancel']) })
export type ConfirmActionBody = Static<typeof ConfirmActionBodySchema>
