import { Type, type Static } from 'typebox'
import { Closed, Literals } from '../common'
import {
  CONTACT_NAME_MAX,
  EMAIL_MAX,
  ORDER_REQUEST_STATUSES,
  type OrderRequestKind,
  PHONE_MAX,
  REMARK_MAX,
  RETURN_FILES_MAX,
} from './return-rules'

/**
 * Contract of the after-order requests (issue 12): POST /order/:orderNumber/cancel (JSON),
 * POST /order/:orderNumber/return (multipart/form-data: the same fields + up to 2 `files`),
 * GET /order/:orderNumber/requests, GET /order/request-file/:fileId (the bytes).
 * The rules themselves (categories, limits, file types, 48 h) are in return-rules.ts.
 */

const code = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_]+$' })

const requestFields = {
  category: code,
  subCategory: code,
  contactName: Type.String({ minLength: 1, maxLength: CONTACT_NAME_MAX }),
  phone: Type.String({ minLength: 1, maxLength: PHONE_MAX }),
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX }),
  remark: Type.Optional(Type.String({ maxLength: REMARK_MAX })),
}

export const OrderRequestFieldsSchema = Closed(requestFields)
export type OrderRequestFields = Static<typeof OrderRequestFieldsSchema>

/** The multipart body of the return form, as documented (files as binary parts). */
export const ReturnFormBodySchema = Type.Object({
  ...requestFields,
  files: Type.Optional(Type.Array(Type.String({ format: 'binary' }), { maxItems: RETURN_FILES_MAX })),
})

export const OrderRequestFileSchema = Type.Object({
  fileId: Type.Integer(),
  fileName: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
})
export type OrderRequestFile = Static<typeof OrderRequestFileSchema>

export const OrderRequestSchema = Type.Object({
  requestNumber: Type.String(),
  kind: Literals<OrderRequestKind>(['cancel', 'return']),
  orderNumber: Type.String(),
  category: Type.String(),
  subCategory: Type.String(),
  categoryLabel: Type.String(),
  subCategoryLabel: Type.String(),
  contactName: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  remark: Type.Union([Type.String(), Type.Null()]),
  status: Literals(ORDER_REQUEST_STATUSES),
  createdAt: Type.String(),
  /** spec §9 "Return and cancellation follow-up: 48 hours": createdAt + 48 h */
  followUpBy: Type.String(),
  files: Type.Array(OrderRequestFileSchema),
})
export type OrderRequest = Static<typeof OrderRequestSchema>
export const OrderRequestListSchema = Type.Array(OrderRequestSchema)

export const RequestFileParamsSchema = Closed({ fileId: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
