import { Type, type Static } from 'typebox'
import { get, post, withPermission } from '../endpoint'
import { Closed, CurrencySchema, Literals, Nullable, Paged, pageQueryFields } from '../common'
import { OrderStatusCodeSchema, OrderSourceSchema } from './schemas'
import { ORDER_REQUEST_STATUSES } from './return-rules'
import { ConfirmationKindSchema } from './enquiries'

/**
 * The order domain's staff endpoints (issue 24): each under /admin/ with the permission its route needs
 * (`withPermission`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 *
 * "Orders: review decisions for pending review, financial review and pending approval; hold and release."
 * "Cancel and return requests: accept or refuse with a note; a return's goods received; the order's status follows."
 * A confirmation link (spec §9: an order waiting on the buyer) is made by staff too and sent to the buyer.
 * Every status change goes through the graph of types/order/lifecycle.ts (server/domains/order/status-change.ts).
 */

/** Staff notes are told to the buyer: short, plain text. */
export const STAFF_NOTE_MAX = 500
const Note = Type.String({ minLength: 1, maxLength: STAFF_NOTE_MAX, pattern: '\\S' })

export const AdminOrderNoParamsSchema = Closed({ orderNo: Type.String({ minLength: 1, maxLength: 40 }) })
export const AdminOrderRequestParamsSchema = Closed({
  id: Type.String({ pattern: '^RR-\\d{1,12}$', description: 'the request number, e.g. RR-000001' }),
})

export const AdminOrderQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  status: Type.Optional(OrderStatusCodeSchema),
  held: Type.Optional(Type.Boolean({ description: 'only held orders (true) or only those not held (false)' })),
  accountId: Type.Optional(Type.Integer({ minimum: 1 })),
})

/** A staff hold: the status the order was held in, why, by whom, since when. */
export const OrderHoldSchema = Type.Object({
  from: OrderStatusCodeSchema,
  reason: Type.String(),
  by: Nullable(Type.String()),
  at: Type.String({ description: 'ISO 8601 instant' }),
})

/** One row of the order queue. */
export const AdminOrderSummarySchema = Type.Object({
  orderNumber: Type.String(),
  salesOrderNumber: Type.String(),
  account: Type.Object({ id: Type.Integer(), name: Nullable(Type.String()), number: Nullable(Type.String()) }),
  buyer: Type.Object({ userId: Type.String(), userName: Nullable(Type.String()), email: Nullable(Type.String()) }),
  currency: CurrencySchema,
  /** what the buyer pays (goods, tax and handling), in major units */
  total: Type.Number(),
  placedAt: Type.String(),
  status: OrderStatusCodeSchema,
  held: Type.Boolean(),
  hold: Nullable(OrderHoldSchema),
})
export type AdminOrderSummary = Static<typeof AdminOrderSummarySchema>

export const OrderRequestKindSchema = Literals(['cancel', 'return'])
export const OrderRequestStatusSchema = Literals(ORDER_REQUEST_STATUSES)

/** A cancel or return request as staff see it, with its decision. */
export const AdminOrderRequestSchema = Type.Object({
  requestNumber: Type.String(),
  kind: OrderRequestKindSchema,
  orderNumber: Type.String(),
  orderStatus: OrderStatusCodeSchema,
  accountId: Type.Integer(),
  userId: Nullable(Type.String()),
  category: Type.String(),
  subCategory: Type.String(),
  contactName: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  remark: Nullable(Type.String()),
  status: OrderRequestStatusSchema,
  createdAt: Type.String(),
  followUpBy: Type.String(),
  /** past followUpBy and still open (spec §9 "Return and cancellation follow-up: 48 hours") */
  overdue: Type.Boolean(),
  files: Type.Array(
    Type.Object({ fileId: Type.Integer(), fileName: Type.String(), mime: Type.String(), size: Type.Integer() }),
  ),
  decision: Nullable(Type.Object({ by: Nullable(Type.String()), at: Type.String(), note: Nullable(Type.String()) })),
  goodsReceived: Nullable(
    Type.Object({ by: Nullable(Type.String()), at: Type.String(), note: Nullable(Type.String()) }),
  ),
})
export type AdminOrderRequest = Static<typeof AdminOrderRequestSchema>

export const OrderStatusHistoryEntrySchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** 'staff:<id>', 'erp:<client>', 'buyer:<user id>'; 'system' on older rows (the status timer, removed) */
  actor: Type.String(),
  note: Nullable(Type.String()),
  at: Type.String(),
})

export const AdminOrderDetailSchema = Type.Object({
  ...AdminOrderSummarySchema.properties,
  source: OrderSourceSchema,
  orderType: Type.String(),
  deliveryChannel: Literals(['SC', 'TFS']),
  supplyCenterId: Nullable(Type.String()),
  poNumber: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  amounts: Type.Object({
    listTotal: Type.Number(),
    goods: Type.Number(),
    taxes: Type.Number(),
    handling: Type.Number(),
  }),
  lines: Type.Array(
    Type.Object({
      lineNumber: Type.Integer(),
      catalogNumber: Type.String(),
      sku: Type.String(),
      title: Type.String(),
      size: Type.String(),
      quantity: Type.Integer(),
      allocatedQuantity: Type.Integer(),
      backorderedQuantity: Type.Integer(),
      unitPrice: Type.Number(),
      lineTotal: Type.Number(),
      deliveryChannel: Literals(['SC', 'TFS']),
    }),
  ),
  addresses: Type.Object({
    shipTo: Type.Object({
      addressKey: Type.String(),
      accountNumber: Nullable(Type.String()),
      snapshot: Type.Unknown(),
    }),
    billToNumber: Nullable(Type.String()),
    contacts: Type.Unknown({ description: "a flash-buy order's receiver and invoice receiver, else null" }),
  }),
  shipments: Type.Array(
    Type.Object({
      carrier: Type.String(),
      expressNumber: Type.String(),
      shippedAt: Type.String(),
      signedAt: Nullable(Type.String()),
      packageStatus: Type.String(),
    }),
  ),
  requests: Type.Array(AdminOrderRequestSchema),
  history: Type.Array(OrderStatusHistoryEntrySchema),
})
export type AdminOrderDetail = Static<typeof AdminOrderDetailSchema>

export const OrderReviewBodySchema = Closed({
  decision: Literals(['approve', 'reject']),
  /** told to the buyer; required to reject */
  note: Type.Optional(Note),
})
export const OrderHoldBodySchema = Closed({ reason: Note })
export const OrderReleaseBodySchema = Closed({ note: Type.Optional(Note) })

export const AdminOrderRequestQuerySchema = Closed({
  ...pageQueryFields(10000, 100),
  type: Type.Optional(OrderRequestKindSchema),
  status: Type.Optional(OrderRequestStatusSchema),
})
export const RequestDecisionBodySchema = Closed({ note: Note })
export const GoodsReceivedBodySchema = Closed({ note: Type.Optional(Note) })

/** A confirmation link: 'preorder' lasts 24 hours (spec §9 "Pre-order: 24 hours"), 'order' 7 days. */
export const ConfirmationLinkBodySchema = Closed({ kind: ConfirmationKindSchema })
/** The new link: the token (shown once; only its hash is kept), the app's page of it, and when it expires. */
export const ConfirmationLinkSchema = Type.Object({
  token: Type.String(),
  path: Type.String({ description: '/order-confirmation/<token>: the page the buyer opens' }),
  expiresAt: Type.String({ description: 'ISO 8601 instant' }),
})
export type ConfirmationLink = Static<typeof ConfirmationLinkSchema>

export const orderStaffEndpoints = {
  orderQueue: withPermission(
    'order.review',
    get('/admin/orders', Paged(AdminOrderSummarySchema), { query: AdminOrderQuerySchema }),
  ),
  orderDetailAdmin: withPermission(
    'order.review',
    get('/admin/orders/:orderNo', AdminOrderDetailSchema, { params: AdminOrderNoParamsSchema }),
  ),
  orderReview: withPermission(
    'order.review',
    post('/admin/orders/:orderNo/review', AdminOrderDetailSchema, {
      params: AdminOrderNoParamsSchema,
      body: OrderReviewBodySchema,
    }),
  ),
  orderHold: withPermission(
    'order.hold',
    post('/admin/orders/:orderNo/hold', AdminOrderDetailSchema, {
      params: AdminOrderNoParamsSchema,
      body: OrderHoldBodySchema,
    }),
  ),
  orderRelease: withPermission(
    'order.hold',
    post('/admin/orders/:orderNo/release', AdminOrderDetailSchema, {
      params: AdminOrderNoParamsSchema,
      body: OrderReleaseBodySchema,
    }),
  ),
  orderConfirmationLink: withPermission(
    'order.hold',
    post('/admin/orders/:orderNo/confirmation-link', ConfirmationLinkSchema, {
      params: AdminOrderNoParamsSchema,
      body: ConfirmationLinkBodySchema,
    }),
  ),
  orderRequestQueue: withPermission(
    'orderRequest.decide',
    get('/admin/order-requests', Paged(AdminOrderRequestSchema), { query: AdminOrderRequestQuerySchema }),
  ),
  orderRequestAccept: withPermission(
    'orderRequest.decide',
    post('/admin/order-requests/:id/accept', AdminOrderRequestSchema, {
      params: AdminOrderRequestParamsSchema,
      body: RequestDecisionBodySchema,
    }),
  ),
  orderRequestRefuse: withPermission(
    'orderRequest.decide',
    post('/admin/order-requests/:id/refuse', AdminOrderRequestSchema, {
      params: AdminOrderRequestParamsSchema,
      body: RequestDecisionBodySchema,
    }),
  ),
  orderRequestGoodsReceived: withPermission(
    'orderRequest.decide',
    post('/admin/order-requests/:id/goods-received', AdminOrderRequestSchema, {
      params: AdminOrderRequestParamsSchema,
      body: GoodsReceivedBodySchema,
    }),
  ),
}
export type OrderStaffEndpoints = typeof orderStaffEndpoints
