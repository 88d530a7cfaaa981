import { Type, type Static } from 'typebox'
import { Closed, CurrencySchema, Literals, Nullable } from '../common'
import { DeliveryChannelSchema } from '../cart/schemas'
import {
  LineThumbnailSchema,
  ORDER_STATUS_CODES,
  OrderSourceSchema,
  OrderStatusCodeSchema,
  OrderTypeSchema,
} from './schemas'
import { ORDER_STATUS_GROUP_NAMES } from './statuses'
import { ORDER_LIST_LIMIT_MAX, ORDER_LIST_THUMBNAILS_MAX, ORDER_SEARCH_MAX } from './history-rules'

/**
 * GET /order/list — the order history (spec §9 "Order history shows the last 3 months"; §8 "Empty
 * lists for orders"). The caller's account's orders only, every source (cart checkout, quick order,
 * S-quote, flash buy …), newest first, in pages of at most 50 joined by an opaque cursor.
 */

export * from './history-rules'

/** A status filter: a group of the chips (types/order/statuses.ts) or one status code. */
export const ORDER_LIST_STATUS_FILTERS = [...ORDER_STATUS_GROUP_NAMES, ...ORDER_STATUS_CODES] as const
export type OrderListStatusFilter = (typeof ORDER_LIST_STATUS_FILTERS)[number]
export const OrderListStatusFilterSchema = Literals(ORDER_LIST_STATUS_FILTERS)

export const OrderListQuerySchema = Closed({
  status: Type.Optional(OrderListStatusFilterSchema),
  /** an order number, sales order number or PO number, or the start of one (case-insensitive); trimmed */
  q: Type.Optional(Type.String({ maxLength: ORDER_SEARCH_MAX })),
  /** nextCursor of the previous page */
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_-]+$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_LIST_LIMIT_MAX })),
})
export type OrderListQuery = Static<typeof OrderListQuerySchema>

export const OrderListItemSchema = Type.Object({
  orderNumber: Type.String(),
  salesOrderNumber: Type.String(),
  createdAt: Type.String(),
  status: OrderStatusCodeSchema,
  statusCode: Type.Integer(),
  source: OrderSourceSchema,
  orderType: OrderTypeSchema,
  deliveryChannel: DeliveryChannelSchema,
  poNumber: Nullable(Type.String()),
  currency: CurrencySchema,
  /** what the order costs: totalAmount + taxes + handling, as on the order detail (major units) */
  total: Type.Number(),
  /** lines of the order */
  itemCount: Type.Integer(),
  /** the first lines (at most 4) */
  thumbnails: Type.Array(LineThumbnailSchema, { maxItems: ORDER_LIST_THUMBNAILS_MAX }),
})
export type OrderListItem = Static<typeof OrderListItemSchema>

export const OrderListResultSchema = Type.Object({
  items: Type.Array(OrderListItemSchema),
  /** null on the last page */
  nextCursor: Nullable(Type.String()),
  /** the start of the 3-month window the list covers */
  since: Type.String(),
})
export type OrderListResult = Static<typeof OrderListResultSchema>
