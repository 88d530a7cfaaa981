import { Type, type Static } from 'typebox'
import { CurrencySchema, Nullable } from '../common'
import { DeliveryChannelSchema } from '../cart/schemas'
import { ORDER_STATUS_CODES, OrderSourceSchema, OrderStatusCodeSchema, OrderTypeSchema } from './schemas'
import { ORDER_STATUS_GROUP_NAMES } from './statuses'

/**
 * GET /order/list — the order history (spec §9 "Order history shows the last 3 months"; §8 "Empty
 * lists for orders"). The caller's account's orders only, every source (cart checkout, quick order,
 * S-quote, flash buy …), newest first, in pages of at most 50 joined by an opaque cursor.
 */

/** Spec §9: "Order history shows the last 3 months; export and email cover up to one year." */
export const ORDER_HISTORY_MONTHS = 3
export const ORDER_LIST_LIMIT_MAX = 50
export const ORDER_LIST_LIMIT_DEFAULT = 20
/** a search is an order, sales order or PO number: PO numbers have at most 60 characters (spec §9) */
export const ORDER_SEARCH_MAX = 60
export const ORDER_LIST_THUMBNAILS_MAX = 4

/**
 * The first instant of the history window: `now` minus 3 calendar months, the day clamped to the
 * end of a shorter month (31 May → 28/29 Feb), as PostgreSQL's `now() - interval '3 months'`.
 */
export function orderHistorySince(now: Date, months = ORDER_HISTORY_MONTHS): Date {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth() - months
  const target = new Date(Date.UTC(y, m, 1))
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  const d = Math.min(now.getUTCDate(), daysInTarget)
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), d, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()))
}

/** A status filter: a group of the chips (types/order/statuses.ts) or one status code. */
export const ORDER_LIST_STATUS_FILTERS = [...ORDER_STATUS_GROUP_NAMES, ...ORDER_STATUS_CODES] as const
export const OrderListStatusFilterSchema = Type.Union(ORDER_LIST_STATUS_FILTERS.map((c) => Type.Literal(c)))

export const OrderListQuerySchema = Type.Object(
  {
    status: Type.Optional(OrderListStatusFilterSchema),
    /** an order number, sales order number or PO number, or the start of one (case-insensitive); trimmed */
    q: Type.Optional(Type.String({ maxLength: ORDER_SEARCH_MAX })),
    /** nextCursor of the previous page */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_-]+$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_LIST_LIMIT_MAX })),
  },
  { additionalProperties: false },
)
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
  thumbnails: Type.Array(
    Type.Object({ catalogNumber: Type.String(), image: Nullable(Type.String()), productTitle: Type.String() }),
    { maxItems: ORDER_LIST_THUMBNAILS_MAX },
  ),
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
