import { Type, type Static } from 'typebox'
import { Closed, CurrencySchema, Literals, Nullable } from '../common'
import { DeliveryChannelSchema, OrderSummarySchema } from '../cart/schemas'
import { OrderHeadFields } from '../order/schemas'
import { AddressStatusSchema } from '../account/user'

/**
 * The flash-buy domain's contract (spec §2 flash-buy submit screen, §3 "Flash-buy detail",
 * "Flash-buy apply-promo response", "Order payload (flash buy)", §4 "Flash-buy status" and
 * "Flash-buy submit flow", §7 the /flashbuy calls). Money in major units; every price, stock figure
 * and decision is the server's: a price the client sends is never charged.
 */

/**
 * The state of a sale, decided by the server from its window and its stock:
 * COMING_SOON (now before start), IN_PROGRESS (running, stock left), SOLD_OUT (running, no stock
 * left), OVER (now at or after the end). Spec §4: "Coming soon is blocked and shows display text
 * instead of a price. Over is blocked with an expired message. Otherwise it is orderable." A sold-out
 * sale is running but has nothing to sell: it is blocked too (the catalogue label Empty).
 */
export const FLASH_BUY_STATUSES = ['COMING_SOON', 'IN_PROGRESS', 'SOLD_OUT', 'OVER'] as const
export type FlashBuyStatus = (typeof FLASH_BUY_STATUSES)[number]
export const FlashBuyStatusSchema = Literals(FLASH_BUY_STATUSES)

/** How the list and the detail name a sale and its product. */
const SaleProductFields = {
  id: Type.String(),
  sku: Type.String(),
  catalogNumber: Type.String(),
  skuName: Type.String(),
  skuSize: Type.String(),
}

/** One sale of the flash-sale list (GET /flashbuy/list; the spec names the screen, not the call) */
export const FlashSaleSummarySchema = Type.Object({
  ...SaleProductFields,
  image: Nullable(Type.String()),
  /** null while COMING_SOON: the display text shows instead of a price */
  flashPrice: Nullable(Type.Number()),
  originalPrice: Nullable(Type.Number()),
  currency: CurrencySchema,
  displayText: Type.String(),
  flashBuyStatus: FlashBuyStatusSchema,
  startAt: Type.String(),
  endAt: Type.String(),
  totalQty: Type.Integer(),
  remainQty: Type.Integer(),
})
export type FlashSaleSummary = Static<typeof FlashSaleSummarySchema>
export const FlashSaleListSchema = Type.Array(FlashSaleSummarySchema)

export const FlashBuyIdParamsSchema = Closed({
  id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
})

/**
 * GET /flashbuy/detail/{id} (spec §3 "Flash-buy detail": id, sku, skuName, skuSize, skuImages,
 * flashPrice, originalPrice, currentPrice, displayText, minOrderQty, maxOrderQty,
 * accountPurchaseLimitQty, remainQty, flashBuyStatus, coupon, deliveryChannel (TFS or SC)).
 * originalPrice is the list price (struck through); currentPrice the caller's own price outside the
 * sale (account price when logged in and eligible, else list). flashPrice is null while COMING_SOON.
 * accountPurchaseLimitQty is the per-account limit of the sale; purchasedQty what the caller's
 * account has bought of it already (0 when anonymous).
 */
export const FlashBuyDetailSchema = Type.Object({
  ...SaleProductFields,
  skuImages: Type.Array(Type.String()),
  flashPrice: Nullable(Type.Number()),
  originalPrice: Nullable(Type.Number()),
  currentPrice: Nullable(Type.Number()),
  currency: CurrencySchema,
  displayText: Type.String(),
  minOrderQty: Type.Integer(),
  maxOrderQty: Type.Integer(),
  accountPurchaseLimitQty: Type.Integer(),
  purchasedQty: Type.Integer(),
  remainQty: Type.Integer(),
  totalQty: Type.Integer(),
  flashBuyStatus: FlashBuyStatusSchema,
  startAt: Type.String(),
  endAt: Type.String(),
  coupon: Nullable(Type.String()),
  deliveryChannel: DeliveryChannelSchema,
})
export type FlashBuyDetail = Static<typeof FlashBuyDetailSchema>

/**
 * GET /flashbuy/quote/{id}?quantity=N (issue 22 item 4): what an order of N would be charged now, as the
 * checkout shows it: the line at the flash price, the list-price total and the savings, the taxes when
 * ENABLE_ORDER_TAX is on for the sale's country, the total. The same sums placement records (place/commit);
 * nothing is reserved. A visitor may ask (the sale page shows the total before login). A sale that is not
 * running has no price on offer: unitPrice null, sums 0, unpricedLines 1.
 */
export const FlashQuoteQuerySchema = Closed({ quantity: Type.Integer({ minimum: 1, maximum: 999 }) })
export type FlashQuoteQuery = Static<typeof FlashQuoteQuerySchema>
export const FlashQuoteSchema = Type.Object({
  flashBuyId: Type.String(),
  quantity: Type.Integer(),
  /** the flash price now, null when the sale is not running */
  unitPrice: Nullable(Type.Number()),
  summary: OrderSummarySchema,
})
export type FlashQuote = Static<typeof FlashQuoteSchema>

/**
 * Statuses of POST /flashbuy/promos/apply (spec §5: "The server status values returned by the
 * apply-promo call are check_minOrderQty, check_remainQty and check_accountPurchaseLimitQty. They map
 * to the three quantity messages. Any other status gives 'Something went wrong, please refresh'").
 * 'success' means the line can be placed at the returned price; check_flashBuyStatus is a sale that is
 * not IN_PROGRESS (an "other status").
 */
export const APPLY_STATUSES = [
  'success',
  'check_minOrderQty',
  'check_remainQty',
  'check_accountPurchaseLimitQty',
  'check_flashBuyStatus',
] as const
export type FlashApplyStatus = (typeof APPLY_STATUSES)[number]

/**
 * POST /flashbuy/promos/apply (spec §7: body shipTo, siebelRowId, prePaymentAccount, promotionCodes,
 * item{skuId, deliveryChannel, quantity, sku, flashPrice, listPrice, wopFlag}). flashBuyId names the
 * sale (the spec's item.skuId is accepted as the same). The token decides user and account;
 * siebelRowId, prePaymentAccount, flashPrice, listPrice and wopFlag are accepted for the spec's shape
 * and not trusted.
 */
export const FlashApplyBodySchema = Closed({
  flashBuyId: Type.String({ minLength: 1, maxLength: 40 }),
  shipTo: Type.Optional(Type.String({ maxLength: 64 })),
  siebelRowId: Type.Optional(Type.String({ maxLength: 64 })),
  prePaymentAccount: Type.Optional(Type.Boolean()),
  promotionCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 5 })),
  item: Closed({
    skuId: Type.Optional(Type.String({ maxLength: 40 })),
    deliveryChannel: Type.Optional(DeliveryChannelSchema),
    quantity: Type.Integer({ minimum: 1, maximum: 999 }),
    sku: Type.Optional(Type.String({ maxLength: 40 })),
    flashPrice: Type.Optional(Type.Number()),
    listPrice: Type.Optional(Nullable(Type.Number())),
    wopFlag: Type.Optional(Type.Boolean()),
  }),
})
export type FlashApplyBody = Static<typeof FlashApplyBodySchema>

/** spec §3 "Flash-buy apply-promo response": items, promos, sc/tfs job and order numbers, shipTo, siebelRowId, squoteDetail */
export const FlashApplyResultSchema = Type.Object({
  status: Literals(APPLY_STATUSES),
  items: Type.Array(
    Type.Object({
      skuId: Type.String(),
      sku: Type.String(),
      catalogNumber: Type.String(),
      /** the flash price now (from the database) */
      unitPrice: Type.Number(),
      quantity: Type.Integer(),
      lineNumber: Type.Integer(),
      deliveryChannel: DeliveryChannelSchema,
    }),
  ),
  promos: Type.Array(Type.Object({ promoCode: Type.String(), valid: Type.Boolean() })),
  currency: CurrencySchema,
  /** quantity x unitPrice, then taxes when ENABLE_ORDER_TAX is on */
  totalAmount: Type.Number(),
  taxes: Type.Number(),
  total: Type.Number(),
  remainQty: Type.Integer(),
  scJobNumber: Nullable(Type.String()),
  scOrderType: Nullable(Type.String()),
  scSalesOrderNumber: Nullable(Type.String()),
  tfsJobNumber: Nullable(Type.String()),
  tfsOrderType: Nullable(Type.String()),
  tfsSalesOrderNumber: Nullable(Type.String()),
  shipTo: Nullable(Type.String()),
  siebelRowId: Nullable(Type.String()),
  squoteDetail: Nullable(Type.Object({})),
})
export type FlashApplyResult = Static<typeof FlashApplyResultSchema>

const Contact = Closed({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  phone: Type.String({ minLength: 1, maxLength: 30 }),
})

/**
 * POST /flashbuy/place/order, header `Idempotency-Key` (8–128 characters, required: the same key
 * with the same body gives the first answer again; with another body 409 IDEMPOTENCY_KEY_REUSED).
 * The section 3 payload reduced to what the buyer chooses; every figure is the server's:
 * - flashBuyId + quantity: the sale and how many;
 * - addressKey: the caller's account's ship-to; billToNumber one of its bill-tos;
 * - receiver and invoiceReceiver (name + phone, required: check 7), invoice address/title;
 * - poNumber (≤ 60), remark (≤ 100), additionalEmail (optional, valid);
 * - termsAccepted must be true;
 * - expectedUnitPrice: the flash price the buyer saw and confirmed (after the price-changed dialog,
 *   the real-time price). When given and different from the price now, the order is refused with
 *   409 FLASH_PRICE_CHANGED and nothing is placed: a buyer is never charged a price not shown.
 * - line: the spec's "line with prices and a product" is accepted and ignored (prices are the server's).
 */
export const FlashPlaceOrderBodySchema = Closed({
  flashBuyId: Type.String({ minLength: 1, maxLength: 40 }),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
  addressKey: Type.String({ minLength: 1, maxLength: 64 }),
  billToNumber: Type.Optional(Type.String({ maxLength: 32 })),
  receiver: Contact,
  invoiceReceiver: Contact,
  invoiceAddress: Type.Optional(Type.String({ maxLength: 200 })),
  invoiceTitle: Type.Optional(Type.String({ maxLength: 100 })),
  poNumber: Type.Optional(Type.String({ maxLength: 60 })),
  remark: Type.Optional(Type.String({ maxLength: 100 })),
  additionalEmail: Type.Optional(Type.String({ maxLength: 254 })),
  termsAccepted: Type.Literal(true),
  expectedUnitPrice: Type.Optional(Type.Number({ minimum: 0 })),
  deliveryChannel: Type.Optional(DeliveryChannelSchema),
  promoCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 5 })),
  paymentType: Type.Optional(Type.Literal('PURCHASE_ORDER')),
  line: Type.Optional(
    Closed({
      sku: Type.Optional(Type.String({ maxLength: 40 })),
      catalogNumber: Type.Optional(Type.String({ maxLength: 40 })),
      quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
      unitPrice: Type.Optional(Type.Number()),
      listPrice: Type.Optional(Nullable(Type.Number())),
    }),
  ),
})
export type FlashPlaceOrderBody = Static<typeof FlashPlaceOrderBodySchema>

/** spec §7: "success, data: list of orders with orderType and salesOrderNumber" */
export const FlashPlacedOrderSchema = Type.Object({
  ...OrderHeadFields,
  /** 30 = Siebel Approved and the ship-to not pending, else 270 (spec §4) */
  statusCode: Type.Integer(),
  addressStatus: AddressStatusSchema,
  quantity: Type.Integer(),
  unitPrice: Type.Number(),
  currency: CurrencySchema,
  total: Type.Number(),
})
export type FlashPlacedOrder = Static<typeof FlashPlacedOrderSchema>
export const FlashPlaceOrderResultSchema = Type.Array(FlashPlacedOrderSchema)
export type FlashPlaceOrderResult = Static<typeof FlashPlaceOrderResultSchema>
