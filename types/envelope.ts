import { Type, type Static, type TSchema } from 'typebox'
import { Literals } from './common'

/** Success envelope: `{ success: true, code: '200', message: 'ok', data }`. */
export const SuccessEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Literal(true),
    code: Type.Literal('200'),
    message: Type.String(),
    data,
  })

export const ErrorCodeSchema = Literals([
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  /** 409: the request is valid but the current state forbids it (e.g. a PENDING address set as default) */
  'CONFLICT',
])
export type ErrorCode = Static<typeof ErrorCodeSchema>

/** Error envelope: `{ success: false, code, message, statusCode }`. Never carries stack or SQL. */
export const ErrorEnvelopeSchema = Type.Object({
  success: Type.Literal(false),
  code: ErrorCodeSchema,
  message: Type.String(),
  statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
  /**
   * A business reason the app acts on, beside the human message (cart and order calls):
   * REGISTRATION_INCOMPLETE, ADDRESS_UNDER_REVIEW, PENDING_ADDRESS_VALIDATION, COUPON_NOT_ALLOWED,
   * CART_EMPTY, CART_CHANGED, LINE_BLOCKED, QUOTE_EXPIRED, QUOTE_NOT_FOUND, IDEMPOTENCY_KEY_REUSED,
   * IDEMPOTENCY_KEY_IN_USE, CART_NOT_FOUND, ORDER_NOT_FOUND, CATALOG_NUMBER_MISSING.
   */
  reason: Type.Optional(Type.String()),
  /**
   * VALIDATION_ERROR of a request its route's schema refuses: each failing field (by its path in the refused part:
   * `reason`, nested `items.0.quantity`) and what is wrong with it, in the request's language; `message` names them
   * all in one sentence.
   */
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
})
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>

export type SuccessEnvelopeOf<T> = { success: true; code: '200'; message: string; data: T }
export type ApiResponse<T> = SuccessEnvelopeOf<T> | ErrorEnvelope
