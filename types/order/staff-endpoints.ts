import { Type, type Static } from 'typebox'
import { endpoint, get, post, withPermission } from '../endpoint'
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

/** A calendar day, YYYY-MM-DD (in the order's account's country time). */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, in the account’s country time' })
const Prefix = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '\\S', description }))

/**
 * The Orders screen's search (issue 25: "search by order, sales-order or PO number, account, date, status"), also
 * the filter of its CSV export: every field optional, all of them together (AND).
 */
export const AdminOrderSearchFields = {
  orderNumber: Prefix('the order number, or its beginning'),
  salesOrderNumber: Prefix('the sales-order number, or its beginning'),
  poNumber: Prefix('the buyer’s PO number, or its beginning (case ignored)'),
  account: Prefix('the account number, or a part of the account’s name (case ignored)'),
  accountId: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  status: Type.Optional(OrderStatusCodeSchema),
  held: Type.Optional(Type.Boolean()),
}
export const AdminOrderSearchQuerySchema = Closed({ ...pageQueryFields(10000, 100), ...AdminOrderSearchFields })
export type AdminOrderSearchQuery = Static<typeof AdminOrderSearchQuerySchema>
export const AdminOrderExportQuerySchema = Closed(AdminOrderSearchFields)
export type AdminOrderExportQuery = Static<typeof AdminOrderExportQuerySchema>
/** An export holds at most this many orders (one row each): more, 400 EXPORT_TOO_LARGE (narrow the search). */
export const ADMIN_ORDER_EXPORT_MAX_ROWS = 20_000

export const AdminRequestFileParamsSchema = Closed({
  id: Type.String({ pattern: '^RR-\\d{1,12}$', description: 'the request number, e.g. RR-000001' }),
  fileId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
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
  account: Type.Object({
    id: Type.Integer(),
    name: Nullable(Type.String()),
    number: Nullable(Type.String()),
    /** cn or in: the country whose time the console shows the order's dates in */
    country: Type.String(),
  }),
  buyer: Type.Object({ userId: Type.String(), userName: Nullable(Type.String()), email: Nullable(Type.String()) }),
  currency: CurrencySchema,
  /** what the buyer pays (goods, tax and handling), in major units */
  total: Type.Number(),
  placedAt: Type.String(),
  status: OrderStatusCodeSchema,
  held: Type.Boolean(),
  hold: Nullable(OrderHoldSchema),
  poNumber: Nullable(Type.String()),
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
  /** the account's country (cn, in): the console shows the request's dates in its time */
  country: Type.String(),
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
  /** the invoices the ERP issued for the order's sales-order number */
  invoices: Type.Array(
    Type.Object({
      invoiceNumber: Type.String(),
      kind: Type.String(),
      amount: Type.Number(),
      currency: CurrencySchema,
      status: Type.String(),
      issueDate: Type.String(),
      dueDate: Type.String(),
    }),
  ),
  requests: Type.Array(AdminOrderRequestSchema),
  history: Type.Array(OrderStatusHistoryEntrySchema),
  /** the audit trail: staff decisions on the order and on its requests, oldest first */
  audit: Type.Array(
    Type.Object({
      at: Type.String(),
      staffId: Type.String(),
      role: Type.String(),
      action: Type.String(),
      entity: Type.String(),
      entityId: Nullable(Type.String()),
      /** the note or reason the decision carried, when it had one */
      note: Nullable(Type.String()),
    }),
  ),
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
  /** the Orders screen (order.read): search, export, and the detail; the decisions stay behind their permissions */
  orderSearch: withPermission(
    'order.read',
    get('/admin/orders/search', Paged(AdminOrderSummarySchema), { query: AdminOrderSearchQuerySchema }),
  ),
  orderExportAdmin: withPermission(
    'order.read',
    endpoint('GET', '/admin/orders/export', {
      query: AdminOrderExportQuerySchema,
      file: {
        description: 'CSV (UTF-8 with a BOM), one row per order of the search, newest first; attachment orders.csv',
        contentTypes: ['text/csv'],
      },
    }),
  ),
  orderDetailAdmin: withPermission(
    'order.read',
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
  orderRequestFile: withPermission(
    'orderRequest.decide',
    endpoint('GET', '/admin/order-requests/:id/files/:fileId', {
      params: AdminRequestFileParamsSchema,
      file: {
        description: 'A file the buyer uploaded with the request',
        contentTypes: ['image/jpeg', 'image/png', 'application/pdf'],
      },
    }),
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
