import { Type, type Static } from 'typebox'
import { Closed, CurrencySchema, Literals, Nullable } from '../common'
import { FreeGoodSchema } from '../catalog/index'
import { REMARK_MAX } from './totals'
import {
  DeliveryChannelSchema,
  DeliveryModeSchema,
  GcIdSchema,
  LinePriceFields,
  OrderPreferenceSchema,
  OrderSummarySchema,
} from '../cart/schemas'
import { LineProductFields } from '../catalog/product'
import { AddressStatusSchema } from '../account/user'

/**
 * The order domain's contract: pricing a checkout (/order/applyPromotions), placing it
 * (/order/placeOrder with an Idempotency-Key), the orders it made, pending lead-time lines, S-quotes
 * and leads. Money in major units; every figure computed by the server.
 */

/**
 * Order status codes (spec §4 "Status labels": "The mapped codes are SUBMITTED, ORDER_SUBMITTED,
 * PENDING_REVIEW, TO_BE_CONFIRMED, IN_PROGRESS, COMPLETED, PENDING_ADDRESS_VALIDATION, CANCELLED,
 * PENDING_APPROVAL, SHIPPED, PENDING and 'Waiting for Delivery'"). Labels: types/order/statuses.ts.
 */
export const ORDER_STATUS_CODES = [
  'SUBMITTED',
  'ORDER_SUBMITTED',
  'PENDING_REVIEW',
  'TO_BE_CONFIRMED',
  'IN_PROGRESS',
  'COMPLETED',
  'PENDING_ADDRESS_VALIDATION',
  'CANCELLED',
  'PENDING_APPROVAL',
  'SHIPPED',
  'PENDING',
  'Waiting for Delivery',
] as const
export type OrderStatusCode = (typeof ORDER_STATUS_CODES)[number]
export const OrderStatusCodeSchema = Literals(ORDER_STATUS_CODES)

/** Where an order came from. */
export const ORDER_SOURCES = [
  'cart',
  'quickOrder',
  'reorder',
  'squote',
  'flashbuy',
  'redemption',
  'web',
  'phone',
] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]
export const OrderSourceSchema = Literals(ORDER_SOURCES)

/** SC orders are typed D1 (stock at the supply centre), D2 (centre orders from the warehouse) or CR (consignment refill); TFS orders ZOR. */
export const ORDER_TYPES = ['D1', 'D2', 'CR', 'ZOR'] as const
export type OrderType = (typeof ORDER_TYPES)[number]
export const OrderTypeSchema = Literals(ORDER_TYPES)

export const PromoResultSchema = Type.Object({
  promoCode: Type.String(),
  valid: Type.Boolean(),
  /** section 8 code when not valid or informational ('10', 'E1PQ40', 'SQ30' …) */
  errorCode: Nullable(Type.String()),
})
export type PromoResult = Static<typeof PromoResultSchema>

/** skuList entry: the cart line and quantity the buyer saw. unitPrice/finalPrice are accepted and IGNORED (the server prices). */
export const SkuListEntrySchema = Closed({
  cartItemId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  sku: Type.Optional(Type.String({ maxLength: 40 })),
  catalogNumber: Type.Optional(Type.String({ maxLength: 40 })),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
  priceStatus: Type.Optional(Type.String({ maxLength: 20 })),
  deliveryChannel: Type.Optional(Type.String({ maxLength: 10 })),
  unitPrice: Type.Optional(Type.Number()),
  finalPrice: Type.Optional(Type.Number()),
})

export const SQuoteRefSchema = Closed({ staticQuoteId: Type.String({ minLength: 1, maxLength: 40 }) })

/**
 * POST /order/applyPromotions (spec §7). The token decides the user, account, lite status and
 * prepayment: isLiteUser, siebelRowId and prePaymentAccount are accepted for the spec's shape and
 * not trusted. With squoteDetail the quote's lines and prices are used instead of the cart.
 */
export const ApplyPromotionsBodySchema = Closed({
  squoteDetail: Type.Optional(Nullable(SQuoteRefSchema)),
  addressKey: Type.Optional(Type.String({ maxLength: 64 })),
  orderShipTo: Type.Optional(Type.String({ maxLength: 32 })),
  cartId: Type.Optional(Type.String({ maxLength: 64 })),
  siebelRowId: Type.Optional(Type.String({ maxLength: 64 })),
  generateE1Order: Type.Optional(Type.Boolean()),
  promoCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 10 })),
  isLiteUser: Type.Optional(Type.Boolean()),
  prePaymentAccount: Type.Optional(Type.Boolean()),
  skuList: Type.Optional(Type.Array(SkuListEntrySchema, { maxItems: 200 })),
  gcId: Type.Optional(GcIdSchema),
  orderPreference: Type.Optional(OrderPreferenceSchema),
})
export type ApplyPromotionsBody = Static<typeof ApplyPromotionsBodySchema>

export const PricedLineSchema = Type.Object({
  cartItemId: Nullable(Type.Integer()),
  lineNumber: Type.Integer(),
  ...LineProductFields,
  quantity: Type.Integer(),
  ...LinePriceFields,
  freeGoodItem: Nullable(FreeGoodSchema),
  deliveryChannel: DeliveryChannelSchema,
  /** what stock can serve now; the rest becomes a pending lead-time line at placement */
  availableQuantity: Type.Integer(),
  /** the promo codes that lowered this line */
  appliedPromoCodes: Type.Array(Type.String()),
})
export type PricedLine = Static<typeof PricedLineSchema>

export const ApplyPromotionsResultSchema = Type.Object({
  promos: Type.Array(PromoResultSchema),
  itemList: Type.Array(PricedLineSchema),
  summary: OrderSummarySchema,
  deliveryMode: DeliveryModeSchema,
  /** SC and TFS subtotals (before tax) */
  scAmount: Type.Number(),
  tfsAmount: Type.Number(),
  /** a line that cannot be ordered (discontinued, no price …) blocks placement; listed here */
  blockedLines: Type.Array(Type.Object({ catalogNumber: Type.String(), reason: Type.String() })),
})
export type ApplyPromotionsResult = Static<typeof ApplyPromotionsResultSchema>

/**
 * POST /order/placeOrder, header `Idempotency-Key` (8–128 characters, required). The same key with
 * the same body returns the first answer; with a different body 409 CONFLICT. Places the caller's
 * cart (or the quote in squoteDetail) as one SC order and/or one TFS order; the lines ordered leave
 * the cart in the same transaction.
 */
export const PlaceOrderBodySchema = Closed({
  cartId: Type.Optional(Type.String({ maxLength: 64 })),
  squoteDetail: Type.Optional(Nullable(SQuoteRefSchema)),
  addressKey: Type.String({ minLength: 1, maxLength: 64 }),
  billToNumber: Type.Optional(Type.String({ maxLength: 32 })),
  poNumber: Type.Optional(Type.String({ maxLength: 60 })),
  remark: Type.Optional(Type.String({ maxLength: REMARK_MAX })),
  additionalEmails: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 2 })),
  promoCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 10 })),
  orderPreference: Type.Optional(OrderPreferenceSchema),
  termsAccepted: Type.Literal(true),
  /** the lines and quantities the buyer confirmed; a cart that changed since gives 409 */
  skuList: Type.Optional(Type.Array(SkuListEntrySchema, { maxItems: 200 })),
})
export type PlaceOrderBody = Static<typeof PlaceOrderBodySchema>

/** What every answer about a placed order starts with: its numbers, type, channel and status. */
export const OrderHeadFields = {
  orderNumber: Type.String(),
  salesOrderNumber: Type.String(),
  orderType: OrderTypeSchema,
  deliveryChannel: DeliveryChannelSchema,
  status: OrderStatusCodeSchema,
}

export const PlacedOrderSchema = Type.Object({ ...OrderHeadFields, total: Type.Number() })
export const PlaceOrderResultSchema = Type.Object({
  placementId: Type.String(),
  orders: Type.Array(PlacedOrderSchema),
  /** the success page's parameters (spec §2 /submit-order/success?salesOrderNumber&spSalesOrderNumber&addressStatus) */
  salesOrderNumber: Nullable(Type.String()),
  spSalesOrderNumber: Nullable(Type.String()),
  addressStatus: AddressStatusSchema,
  /** set when stock could not cover some lines: /my-orders/PendingLTO/{orderNumber} */
  pendingLtoOrderNumber: Nullable(Type.String()),
  currency: CurrencySchema,
  total: Type.Number(),
})
export type PlaceOrderResult = Static<typeof PlaceOrderResultSchema>

export const OrderNumberParamsSchema = Closed({ orderNumber: Type.String({ minLength: 1, maxLength: 40 }) })

export const ShipmentSchema = Type.Object({
  carrier: Type.String(),
  expressNumber: Type.String(),
  shippedAt: Type.String(),
  signedAt: Nullable(Type.String()),
  packageStatus: Type.String(),
})
export type Shipment = Static<typeof ShipmentSchema>

export const OrderLineSchema = Type.Object({
  lineNumber: Type.Integer(),
  ...LineProductFields,
  quantity: Type.Integer(),
  allocatedQuantity: Type.Integer(),
  /** pending lead time (not covered by stock when placed) */
  backorderedQuantity: Type.Integer(),
  estimatedShipDate: Nullable(Type.String()),
  listPrice: Nullable(Type.Number()),
  unitPrice: Type.Number(),
  finalPrice: Type.Number(),
  lineTotal: Type.Number(),
  deliveryChannel: DeliveryChannelSchema,
})
export type OrderLine = Static<typeof OrderLineSchema>

export const OrderChargeSchema = Type.Object({
  kind: Literals(['HandlingCharge', 'Tax', 'Discount']),
  amount: Type.Number(),
})

/** GET /order/detail/{orderNumber} — the caller's account's order only (404 otherwise) */
export const OrderDetailSchema = Type.Object({
  ...OrderHeadFields,
  statusCode: Type.Integer(),
  source: OrderSourceSchema,
  poNumber: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  createdAt: Type.String(),
  currency: CurrencySchema,
  summary: OrderSummarySchema,
  charges: Type.Array(OrderChargeSchema),
  promoCodes: Type.Array(Type.String()),
  shipTo: Type.Object({
    addressKey: Type.String(),
    accountNumber: Nullable(Type.String()),
    text: Type.String(),
    attentionTo: Nullable(Type.String()),
  }),
  billToNumber: Nullable(Type.String()),
  lines: Type.Array(OrderLineSchema),
  shipments: Type.Array(ShipmentSchema),
  invoiceNumbers: Type.Array(Type.String()),
  /** the order's invoices with their bill-to (the invoice records of the account screens: /my-account/InvoiceList/{billToAccountNumber}) */
  invoices: Type.Optional(Type.Array(Type.Object({ invoiceNumber: Type.String(), billToNumber: Type.String() }))),
  /** a line carries a surcharge (dry ice, cold chain, hazardous goods, oversize): spec §9 "check the final price within 4 hours of submission" */
  surcharge: Type.Optional(Type.Boolean()),
  placementId: Type.String(),
  /** the other order of the same placement (SC and TFS halves) */
  relatedOrderNumbers: Type.Array(Type.String()),
})
export type OrderDetail = Static<typeof OrderDetailSchema>

/** GET /order/pendingLto/{orderNumber} — the lines waiting for stock (spec §2 PendingLTO "with a sku list") */
export const PendingLtoSchema = Type.Object({
  orderNumber: Type.String(),
  salesOrderNumber: Type.String(),
  createdAt: Type.String(),
  items: Type.Array(
    Type.Object({
      sku: Type.String(),
      catalogNumber: Type.String(),
      productTitle: Type.String(),
      image: Nullable(Type.String()),
      quantity: Type.Integer(),
      backorderedQuantity: Type.Integer(),
      estimatedShipDate: Nullable(Type.String()),
    }),
  ),
})
export type PendingLto = Static<typeof PendingLtoSchema>

// ---------------- S-quotes (spec §3 "S-quote": orderHeader, orderLineList) ----------------

export const QuoteStatusSchema = Literals(['active', 'expired', 'ordered'])
export const SQuoteHeaderSchema = Type.Object({
  staticQuoteId: Type.String(),
  quoteNumber: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  status: QuoteStatusSchema,
  currency: CurrencySchema,
  /** discounted total */
  totalPrice: Type.Number(),
  totalListPrice: Type.Number(),
  /** SP, SC or Web (spec §3) */
  deliveryChannel: Literals(['SP', 'SC', 'Web']),
  itemCount: Type.Integer(),
})
export const SQuoteLineSchema = Type.Object({
  lineNumber: Type.Integer(),
  ...LineProductFields,
  quantity: Type.Integer(),
  listPrice: Type.Number(),
  unitPrice: Type.Number(),
  finalPrice: Type.Number(),
})
/** A line's thumbnail on a list card (a quote, an order). */
export const LineThumbnailSchema = Type.Object({
  catalogNumber: Type.String(),
  image: Nullable(Type.String()),
  productTitle: Type.String(),
})
/** GET /quote/list */
export const SQuoteSummarySchema = Type.Object({
  orderHeader: SQuoteHeaderSchema,
  /** at most 4 thumbnails (spec §9 "Quote card thumbnails: max 4, then '+N'") */
  thumbnails: Type.Array(LineThumbnailSchema, { maxItems: 4 }),
})
export const SQuoteListSchema = Type.Array(SQuoteSummarySchema)
export type SQuoteSummary = Static<typeof SQuoteSummarySchema>
/** GET /quote/detail/{staticQuoteId} */
export const SQuoteDetailSchema = Type.Object({
  orderHeader: SQuoteHeaderSchema,
  orderLineList: Type.Array(SQuoteLineSchema),
})
export type SQuoteDetail = Static<typeof SQuoteDetailSchema>
export const QuoteIdParamsSchema = Closed({ staticQuoteId: Type.String({ minLength: 1, maxLength: 40 }) })

// ---------------- leads (request a quote) ----------------

/** POST /save/leadItem (spec §3 "Lead item") → { leadCartId }; userId must be the caller's own when given */
export const LeadItemBodySchema = Closed({
  catalogNumber: Type.Optional(Type.String({ maxLength: 40 })),
  itemCount: Type.Integer({ minimum: 1, maximum: 999 }),
  itemName: Type.Optional(Type.String({ maxLength: 300 })),
  priceStatus: Type.Optional(Type.String({ maxLength: 20 })),
  productFlag: Type.Optional(Type.String({ maxLength: 40 })),
  userId: Type.Optional(Type.String({ maxLength: 64 })),
  /** add to an existing lead cart of this visitor */
  leadCartId: Type.Optional(Type.String({ maxLength: 64 })),
})
export type LeadItemBody = Static<typeof LeadItemBodySchema>
export const LeadItemResultSchema = Type.Object({ leadCartId: Type.String() })

export const LeadCartParamsSchema = Closed({ leadCartId: Type.String({ minLength: 1, maxLength: 64 }) })
/** GET /lead/cart/{leadCartId} */
export const LeadCartSchema = Type.Object({
  leadCartId: Type.String(),
  items: Type.Array(
    Type.Object({
      catalogNumber: Type.String(),
      itemName: Type.String(),
      itemCount: Type.Integer(),
      image: Nullable(Type.String()),
      size: Type.String(),
    }),
  ),
  submitted: Type.Boolean(),
})
export type LeadCart = Static<typeof LeadCartSchema>

/** POST /lead/submit — the lead form of /lead-generation/ordersubmit, stored as a request record */
export const LeadSubmitBodySchema = Closed({
  leadCartId: Type.String({ minLength: 1, maxLength: 64 }),
  contactName: Type.String({ minLength: 1, maxLength: 60 }),
  phone: Type.String({ minLength: 1, maxLength: 30 }),
  email: Type.String({ minLength: 3, maxLength: 254 }),
  companyOrInstitution: Type.String({ minLength: 1, maxLength: 120 }),
  city: Type.Optional(Type.String({ maxLength: 60 })),
  remark: Type.Optional(Type.String({ maxLength: REMARK_MAX })),
})
export type LeadSubmitBody = Static<typeof LeadSubmitBodySchema>
export const LeadSubmitResultSchema = Type.Object({ requestId: Type.String(), createdAt: Type.String() })
export type LeadSubmitResult = Static<typeof LeadSubmitResultSchema>
