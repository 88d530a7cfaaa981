import { Type, type Static } from 'typebox'
import { CurrencySchema, Nullable } from '../common'

const literals = <T extends readonly string[]>(xs: T) => Type.Unsafe<T[number]>(Type.Union(xs.map((x) => Type.Literal(x))))

/**
 * Requests and enquiries (issue 12; spec §2 /my-request-china/{requestId}, §3 "Interaction: status,
 * comments, attachments", §4 "Interaction: pending, approved, not approved or rejected, auto approved
 * or auto completed", §8 "Interaction: limit reached, no permission, does not exist") and order
 * confirmation links (§8 "Order confirmation link expired; order confirmed, cancelled or not found;
 * confirmation failed", §9 "Pre-order: 24 hours").
 */

/** 'RQ-000123' (placed) or 'RQ-D00001' (seeded demo) */
export const RequestIdParamsSchema = Type.Object(
  { requestId: Type.String({ minLength: 4, maxLength: 20, pattern: '^RQ-[A-Z0-9]{1,16}$' }) },
  { additionalProperties: false },
)

export const REQUEST_KINDS = ['lead', 'quote'] as const
export const RequestKindSchema = literals(REQUEST_KINDS)
export const REQUEST_STATUSES = ['pending', 'in_progress', 'completed'] as const
export const RequestStatusSchema = literals(REQUEST_STATUSES)
export type RequestStatus = Static<typeof RequestStatusSchema>

/** §4: pending, approved, not approved (rejected), auto approved (auto completed) */
export const INTERACTION_STATUSES = ['pending', 'approved', 'rejected', 'autoApproved'] as const
export const InteractionStatusSchema = literals(INTERACTION_STATUSES)
export type InteractionStatus = Static<typeof InteractionStatusSchema>

import { REQUEST_COMMENT_MAX_LENGTH } from './enquiry-rules'
export { REQUEST_COMMENT_LIMIT, REQUEST_COMMENT_MAX_LENGTH } from './enquiry-rules'

export const AttachmentSchema = Type.Object({ name: Type.String(), url: Nullable(Type.String()) })
export type Attachment = Static<typeof AttachmentSchema>

export const InteractionSchema = Type.Object({
  id: Type.Integer(),
  author: Type.Union([Type.Literal('customer'), Type.Literal('staff')]),
  status: InteractionStatusSchema,
  comment: Nullable(Type.String()),
  attachments: Type.Array(AttachmentSchema),
  createdAt: Type.String(),
})
export type Interaction = Static<typeof InteractionSchema>

export const RequestItemSchema = Type.Object({ catalogNumber: Type.String(), itemName: Type.String(), itemCount: Type.Integer() })

export const RequestSummarySchema = Type.Object({
  requestId: Type.String(),
  kind: RequestKindSchema,
  status: RequestStatusSchema,
  /** the status of the latest interaction (pending when there is none) */
  interactionStatus: InteractionStatusSchema,
  createdAt: Type.String(),
  itemCount: Type.Integer(),
  firstItemName: Nullable(Type.String()),
  interactionCount: Type.Integer(),
})
export type RequestSummary = Static<typeof RequestSummarySchema>
export const RequestListSchema = Type.Array(RequestSummarySchema)

export const RequestDetailSchema = Type.Object({
  requestId: Type.String(),
  kind: RequestKindSchema,
  status: RequestStatusSchema,
  interactionStatus: InteractionStatusSchema,
  createdAt: Type.String(),
  contactName: Type.String(),
  companyOrInstitution: Type.String(),
  city: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  items: Type.Array(RequestItemSchema),
  interactions: Type.Array(InteractionSchema),
  /** customer comments so far and the limit (§8 "limit reached") */
  customerComments: Type.Integer(),
  commentLimit: Type.Integer(),
  /** false once the request is completed (closed): a comment answers "no permission" */
  canComment: Type.Boolean(),
})
export type RequestDetail = Static<typeof RequestDetailSchema>

export const RequestCommentBodySchema = Type.Object(
  { comment: Type.String({ minLength: 1, maxLength: REQUEST_COMMENT_MAX_LENGTH }) },
  { additionalProperties: false },
)
export type RequestCommentBody = Static<typeof RequestCommentBodySchema>

// ---- order confirmation links

export const ConfirmTokenParamsSchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
)
export const CONFIRMATION_STATES = ['pending', 'expired', 'confirmed', 'cancelled', 'failed'] as const
export const ConfirmationStateSchema = literals(CONFIRMATION_STATES)
export type ConfirmationState = Static<typeof ConfirmationStateSchema>
export const ConfirmationKindSchema = Type.Union([Type.Literal('order'), Type.Literal('preorder')])

export const ConfirmationSchema = Type.Object({
  state: ConfirmationStateSchema,
  kind: ConfirmationKindSchema,
  expiresAt: Type.String(),
  /** the order's summary, while the link waits for an answer (pending) */
  order: Nullable(Type.Object({
    orderNumber: Type.String(),
    createdAt: Type.String(),
    currency: CurrencySchema,
    total: Type.Number(),
    lines: Type.Array(Type.Object({ catalogNumber: Type.String(), productTitle: Type.String(), quantity: Type.Integer() })),
  })),
})
export type Confirmation = Static<typeof ConfirmationSchema>

export const ConfirmActionBodySchema = Type.Object(
  { action: Type.Union([Type.Literal('confirm'), Type.Literal('cancel')]) },
  { additionalProperties: false },
)
export type ConfirmActionBody = Static<typeof ConfirmActionBodySchema>
