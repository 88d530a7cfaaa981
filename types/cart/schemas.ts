import { Type, type Static } from 'typebox'
import { Closed, CountryCodeSchema, CurrencySchema, LanguageCodeSchema, Literals, Nullable } from '../common'
import { DisplayAttributeSchema, LineProductFields, PriceAccessStatusSchema, PriceTypeSchema } from '../catalog/product'
import { FreeGoodSchema } from '../catalog/index'

/**
 * The cart domain's contract (spec sections 3, 4, 7, 8). The server is the source of truth: every
 * price, total, channel and stock figure in these answers is computed by the server from the
 * database; the app shows them and never sends a price that counts.
 *
 * Money is in major units (yuan / rupees) with 2 decimals, like the catalogue's prices.
 * A cart belongs to a logged-in user (the token decides) or to an anonymous visitor who holds its
 * gcId (timestamp in milliseconds + a random part; types/cart/cart-id.ts).
 */

export const DeliveryChannelSchema = Literals(['SC', 'TFS'])
export const DeliveryModeSchema = Literals(['SP', 'Web', 'Split'])
export const OrderPreferenceSchema = Literals(['SMART_DISTRIBUTION', 'SC_PRIORITY'])

/** A gcId: 13-digit milliseconds, '-', at least 22 base64url characters (types/cart/cart-id.ts). */
export const GcIdSchema = Type.String({ pattern: '^[0-9]{13}-[A-Za-z0-9_-]{22,50}$', maxLength: 64 })

/**
 * Why a product cannot go into the cart by itself:
 * active = orderable online; discontinued; notOnline = "not orderable online"; leadOnly = a lead
 * target (request a quote instead); noPrice = no price for this account (price on request).
 */
export const SalesStatusSchema = Literals(['active', 'discontinued', 'notOnline', 'leadOnly', 'noPrice'])
export type SalesStatus = Static<typeof SalesStatusSchema>

/** The prices of a cart or checkout line, as the server computed them; null = no price. */
export const LinePriceFields = {
  /** per unit */
  listPrice: Nullable(Type.Number()),
  /** per unit, the account's price (your price / discount / online offer) or list */
  unitPrice: Nullable(Type.Number()),
  /** per unit after the valid coupons / promo codes */
  finalPrice: Nullable(Type.Number()),
  /** finalPrice x quantity */
  lineTotal: Nullable(Type.Number()),
}

export const CartItemSchema = Type.Object({
  /** cart line id (used by /cart/quantity and /cart/deleteItems) */
  id: Type.Integer(),
  ...LineProductFields,
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
  ...LinePriceFields,
  priceType: Nullable(PriceTypeSchema),
  priceStatus: PriceAccessStatusSchema,
  salesStatus: SalesStatusSchema,
  deliveryChannel: DeliveryChannelSchema,
  isSmartProc: Type.Boolean(),
  spFlag: Type.Boolean(),
  /** the stock we disclose for this line (exact up to 100; see catalogue availability) — spec spelling */
  availibilityCount: Type.Integer(),
  displayInventory: Type.String(),
  availability: Literals(['IN_STOCK', 'PARTIALLY_IN_STOCK', 'OUT_OF_STOCK']),
  displayAttributeList: Type.Array(DisplayAttributeSchema),
  freeGoodItem: Nullable(FreeGoodSchema),
  addedAt: Type.String(),
})
export type CartItem = Static<typeof CartItemSchema>

export const CouponTypeSchema = Literals(['P', 'D', 'R', 'M', 'T'])

/** A code applied to the cart, with the server's verdict (message keys: types/cart/coupons.ts). */
export const AppliedCouponSchema = Type.Object({
  code: Type.String(),
  type: Nullable(CouponTypeSchema),
  valid: Type.Boolean(),
  /** section 8 code ('10', 'E1PQ20', 'SQ30' …) when not valid or informational */
  errorCode: Nullable(Type.String()),
  description: Type.String(),
})
export type AppliedCoupon = Static<typeof AppliedCouponSchema>

/** Order summary (spec §3): totalPriceAmount (list), totalAmount (to pay before tax), taxes; total and savings per §9. */
export const OrderSummarySchema = Type.Object({
  currency: CurrencySchema,
  totalPriceAmount: Type.Number(),
  totalAmount: Type.Number(),
  taxes: Type.Number(),
  /** totalAmount + taxes when ENABLE_ORDER_TAX is on for the country, else totalAmount */
  total: Type.Number(),
  /** totalPriceAmount - totalAmount */
  savings: Type.Number(),
  taxEnabled: Type.Boolean(),
  /** lines without a price are left out of the sums */
  unpricedLines: Type.Integer(),
})
export type OrderSummary = Static<typeof OrderSummarySchema>

export const CartSchema = Type.Object({
  /** the cart's id (cartId in /order/applyPromotions and placement) */
  id: Type.String(),
  /** the anonymous cart id, for a visitor's cart; null for a user's cart */
  gcId: Nullable(Type.String()),
  coupons: Type.Array(AppliedCouponSchema),
  cartItems: Type.Array(CartItemSchema),
  /** true until the first order is placed from this cart's owner */
  isFirstCart: Type.Boolean(),
  /** the badge: number of lines */
  itemCount: Type.Integer(),
  /** sum of quantities */
  unitCount: Type.Integer(),
  deliveryMode: DeliveryModeSchema,
  orderPreference: OrderPreferenceSchema,
  summary: OrderSummarySchema,
  updatedAt: Type.String(),
})
export type Cart = Static<typeof CartSchema>

// ---------------- calls (spec §7) ----------------

/** GET /cart/query?country&language(&gcId when anonymous) */
export const CartQuerySchema = Closed({
  country: Type.Optional(CountryCodeSchema),
  language: Type.Optional(LanguageCodeSchema),
  gcId: Type.Optional(GcIdSchema),
})
export type CartQuery = Static<typeof CartQuerySchema>

/** GET /cart/merge?country&language&gcId — login required; merges the anonymous cart into the user's, once. */
export const CartMergeQuerySchema = Closed({
  country: Type.Optional(CountryCodeSchema),
  language: Type.Optional(LanguageCodeSchema),
  gcId: GcIdSchema,
})
export type CartMergeQuery = Static<typeof CartMergeQuerySchema>
/** how many anonymous lines were merged; alreadyMerged = the gcId was merged before (by this user) */
export const CartMergeResultSchema = Type.Object({
  cart: CartSchema,
  mergedLines: Type.Integer(),
  alreadyMerged: Type.Boolean(),
})
export type CartMergeResult = Static<typeof CartMergeResultSchema>

export const CartAddSourceSchema = Literals([
  'product',
  'quickAdd',
  'quickOrder',
  'assay',
  'reorder',
  'recommendation',
  'wishlist',
])

/** POST /cart/addItems { items, gcId } — without a token and without gcId the server starts a new anonymous cart and returns its gcId. */
export const CartAddItemsBodySchema = Closed({
  gcId: Type.Optional(GcIdSchema),
  items: Type.Array(
    Closed({
      catalogNumber: Type.String({ minLength: 1, maxLength: 40 }),
      quantity: Type.Integer({ minimum: 1, maximum: 999 }),
      source: Type.Optional(CartAddSourceSchema),
    }),
    { minItems: 1, maxItems: 200 },
  ),
})
export type CartAddItemsBody = Static<typeof CartAddItemsBodySchema>

/** POST /cart/deleteItems { items: [{ id }], gcId } → status 'ok' */
export const CartDeleteItemsBodySchema = Closed({
  gcId: Type.Optional(GcIdSchema),
  items: Type.Array(Closed({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), { minItems: 1, maxItems: 200 }),
})
export const CartDeleteResultSchema = Type.Object({
  status: Type.Literal('ok'),
  deleted: Type.Integer(),
  cart: CartSchema,
})
export type CartDeleteResult = Static<typeof CartDeleteResultSchema>

/** POST /cart/quantity { id, quantity, gcId } */
export const CartQuantityBodySchema = Closed({
  gcId: Type.Optional(GcIdSchema),
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
})

/** The per-line verdict of quick add, quick order, assay id and reorder. */
export const LineResultStatusSchema = Literals([
  'added',
  'unknown',
  'discontinued',
  'notOnline',
  'leadOnly',
  'noPrice',
  'capped',
  // add by assay ID: no product has that assay (issue 22: it said "Unknown catalogue number")
  'unknownAssay',
])
export type LineResultStatus = Static<typeof LineResultStatusSchema>
export const LineResultSchema = Type.Object({
  /** source line (quick order) or order line number (reorder); 1-based */
  line: Type.Integer(),
  catalogNumber: Type.String(),
  quantity: Type.Integer(),
  status: LineResultStatusSchema,
  /** the product's title when known */
  productTitle: Nullable(Type.String()),
  cartItemId: Nullable(Type.Integer()),
})
export type LineResult = Static<typeof LineResultSchema>
export const LineResultsSchema = Type.Object({
  results: Type.Array(LineResultSchema),
  cart: CartSchema,
  gcId: Nullable(Type.String()),
})
export type LineResults = Static<typeof LineResultsSchema>

/** POST /cart/quickAdd { lines } — quick SKU add and quick order (parsed by types/cart/quick-order.ts) */
export const CartQuickAddBodySchema = Closed({
  gcId: Type.Optional(GcIdSchema),
  lines: Type.Array(
    Closed({
      line: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
      catalogNumber: Type.String({ minLength: 1, maxLength: 40 }),
      quantity: Type.Integer({ minimum: 1, maximum: 999 }),
    }),
    { minItems: 1, maxItems: 200 },
  ),
})
export type CartQuickAddBody = Static<typeof CartQuickAddBodySchema>

/** POST /cart/assayId { assayId, quantity } — a TaqMan-style assay id (e.g. Hs00187842_m1) to its product */
export const CartAssayBodySchema = Closed({
  gcId: Type.Optional(GcIdSchema),
  assayId: Type.String({ minLength: 1, maxLength: 40 }),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
})

/** POST /cart/reorder { orderNumber } — login required; the order must be the caller's account's */
export const CartReorderBodySchema = Closed({ orderNumber: Type.String({ minLength: 1, maxLength: 40 }) })

/** POST /cart/coupon/apply { code } and /cart/coupon/remove { code } — login required (lite and pending-address users refused) */
export const CartCouponBodySchema = Closed({ code: Type.String({ minLength: 1, maxLength: 40 }) })
/** the verdict for the code just applied (errorCode per section 8) and the cart after it */
export const CartCouponResultSchema = Type.Object({ coupon: AppliedCouponSchema, cart: CartSchema })
export type CartCouponResult = Static<typeof CartCouponResultSchema>

/** GET /cart/coupon/list — the coupon sheet: codes offered to this account now */
export const CouponOfferSchema = Type.Object({
  code: Type.String(),
  type: CouponTypeSchema,
  description: Type.String(),
  validFrom: Type.String(),
  validTo: Type.String(),
  /** catalogue numbers it applies to; empty = every product */
  skuCount: Type.Integer(),
  applied: Type.Boolean(),
})
export const CouponOfferListSchema = Type.Array(CouponOfferSchema)
export type CouponOffer = Static<typeof CouponOfferSchema>

/** POST /cart/preference { deliveryMode?, orderPreference? } — what cart_sp stores on the device */
export const CartPreferenceBodySchema = Closed({
  gcId: Type.Optional(GcIdSchema),
  orderPreference: OrderPreferenceSchema,
})

/** POST /sc/getSkuDeliveryChannel (spec §7) */
export const SkuDeliveryChannelBodySchema = Closed({
  items: Type.Array(
    Closed({
      catalogNumber: Type.String({ minLength: 1, maxLength: 40 }),
      quantity: Type.Integer({ minimum: 1, maximum: 999 }),
    }),
    { minItems: 1, maxItems: 200 },
  ),
  shipToNum: Type.String({ minLength: 1, maxLength: 32 }),
  sourcePage: Type.Optional(Type.String({ maxLength: 40 })),
})
export const SkuDeliveryChannelResultSchema = Type.Object({
  productDeliveryItems: Type.Record(
    Type.String(),
    Type.Object({ deliveryChannel: DeliveryChannelSchema, isSmartProc: Type.Boolean(), spFlag: Type.Boolean() }),
  ),
})
export type SkuDeliveryChannelResult = Static<typeof SkuDeliveryChannelResultSchema>
