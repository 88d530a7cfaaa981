import { Type, type Static } from 'typebox'
import { CountryCodeSchema, CurrencySchema, LanguageCodeSchema, Nullable } from '../common'
import { DisplayAttributeSchema, PriceTypeSchema } from '../catalog/product'
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

export const DeliveryChannelSchema = Type.Union([Type.Literal('SC'), Type.Literal('TFS')])
export const DeliveryModeSchema = Type.Union([Type.Literal('SP'), Type.Literal('Web'), Type.Literal('Split')])
export const OrderPreferenceSchema = Type.Union([Type.Literal('SMART_DISTRIBUTION'), Type.Literal('SC_PRIORITY')])

/** A gcId: 13-digit milliseconds, '-', at least 22 base64url characters (types/cart/cart-id.ts). */
export const GcIdSchema = Type.String({ pattern: '^[0-9]{13}-[A-Za-z0-9_-]{22,50}$', maxLength: 64 })

/**
 * Why a product cannot go into the cart by itself:
 * active = orderable online; discontinued; notOnline = "not orderable online"; quoteOnly = a lead
 * target (request a quote instead); noPrice = no price for this account (price on request).
 */
export const SalesStatusSchema = Type.Union([
  Type.Literal('active'), Type.Literal('discontinued'), Type.Literal('notOnline'), Type.Literal('quoteOnly'), Type.Literal('noPrice'),
])
export type SalesStatus = Static<typeof SalesStatusSchema>

export const CartItemSchema = Type.Object({
  /** cart line id (used by /cart/quantity and /cart/deleteItems) */
  id: Type.Integer(),
  sku: Type.String(),
  catalogNumber: Type.String(),
  productTitle: Type.String(),
  size: Type.String(),
  image: Nullable(Type.String()),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
  /** per unit; null = no price */
  listPrice: Nullable(Type.Number()),
  /** per unit, the account's price (your price / discount / online offer) or list */
  unitPrice: Nullable(Type.Number()),
  /** per unit after the cart's valid coupons */
  finalPrice: Nullable(Type.Number()),
  /** finalPrice x quantity */
  lineTotal: Nullable(Type.Number()),
  priceType: Nullable(PriceTypeSchema),
  priceStatus: Type.Union([Type.Literal('orderable'), Type.Literal('no price')]),
  salesStatus: SalesStatusSchema,
  deliveryChannel: DeliveryChannelSchema,
  isSmartProc: Type.Boolean(),
  spFlag: Type.Boolean(),
  /** the stock we disclose for this line (exact up to 100; see catalogue availability) — spec spelling */
  availibilityCount: Type.Integer(),
  displayInventory: Type.String(),
  availability: Type.Union([Type.Literal('IN_STOCK'), Type.Literal('PARTIALLY_IN_STOCK'), Type.Literal('OUT_OF_STOCK')]),
  displayAttributeList: Type.Array(DisplayAttributeSchema),
  freeGoodItem: Nullable(FreeGoodSchema),
  addedAt: Type.String(),
})
export type CartItem = Static<typeof CartItemSchema>

export const CouponTypeSchema = Type.Union([Type.Literal('P'), Type.Literal('D'), Type.Literal('R'), Type.Literal('M'), Type.Literal('T')])

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
export const CartQuerySchema = Type.Object(
  { country: Type.Optional(CountryCodeSchema), language: Type.Optional(LanguageCodeSchema), gcId: Type.Optional(GcIdSchema) },
  { additionalProperties: false },
)
export type CartQuery = Static<typeof CartQuerySchema>

/** GET /cart/merge?country&language&gcId — login required; merges the anonymous cart into the user's, once. */
export const CartMergeQuerySchema = Type.Object(
  { country: Type.Optional(CountryCodeSchema), language: Type.Optional(LanguageCodeSchema), gcId: GcIdSchema },
  { additionalProperties: false },
)
export type CartMergeQuery = Static<typeof CartMergeQuerySchema>
/** how many anonymous lines were merged; alreadyMerged = the gcId was merged before (by this user) */
export const CartMergeResultSchema = Type.Object({ cart: CartSchema, mergedLines: Type.Integer(), alreadyMerged: Type.Boolean() })
export type CartMergeResult = Static<typeof CartMergeResultSchema>

export const CartAddSourceSchema = Type.Union([
  Type.Literal('product'), Type.Literal('quickAdd'), Type.Literal('quickOrder'), Type.Literal('assay'), Type.Literal('reorder'),
  Type.Literal('recommendation'), Type.Literal('wishlist'),
])

/** POST /cart/addItems { items, gcId } — without a token and without gcId the server starts a new anonymous cart and returns its gcId. */
export const CartAddItemsBodySchema = Type.Object(
  {
    gcId: Type.Optional(GcIdSchema),
    items: Type.Array(
      Type.Object(
        {
          catalogNumber: Type.String({ minLength: 1, maxLength: 40 }),
          quantity: Type.Integer({ minimum: 1, maximum: 999 }),
          source: Type.Optional(CartAddSourceSchema),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200 },
    ),
  },
  { additionalProperties: false },
)
export type CartAddItemsBody = Static<typeof CartAddItemsBodySchema>

/** POST /cart/deleteItems { items: [{ id }], gcId } → status 'ok' */
export const CartDeleteItemsBodySchema = Type.Object(
  {
    gcId: Type.Optional(GcIdSchema),
    items: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }, { additionalProperties: false }), { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
)
export const CartDeleteResultSchema = Type.Object({ status: Type.Literal('ok'), deleted: Type.Integer(), cart: CartSchema })
export type CartDeleteResult = Static<typeof CartDeleteResultSchema>

/** POST /cart/quantity { id, quantity, gcId } */
export const CartQuantityBodySchema = Type.Object(
  {
    gcId: Type.Optional(GcIdSchema),
    id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    quantity: Type.Integer({ minimum: 1, maximum: 999 }),
  },
  { additionalProperties: false },
)

/** The per-line verdict of quick add, quick order, assay id and reorder. */
export const LineResultStatusSchema = Type.Union([
  Type.Literal('added'), Type.Literal('unknown'), Type.Literal('discontinued'), Type.Literal('notOnline'),
  Type.Literal('quoteOnly'), Type.Literal('noPrice'), Type.Literal('capped'),
  // add by assay ID: no product has that assay (issue 22: it said "Unknown catalogue number")
  Type.Literal('unknownAssay'),
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
export const LineResultsSchema = Type.Object({ results: Type.Array(LineResultSchema), cart: CartSchema, gcId: Nullable(Type.String()) })
export type LineResults = Static<typeof LineResultsSchema>

/** POST /cart/quickAdd { lines } — quick SKU add and quick order (parsed by types/cart/quick-order.ts) */
export const CartQuickAddBodySchema = Type.Object(
  {
    gcId: Type.Optional(GcIdSchema),
    lines: Type.Array(
      Type.Object(
        {
          line: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
          catalogNumber: Type.String({ minLength: 1, maxLength: 40 }),
          quantity: Type.Integer({ minimum: 1, maximum: 999 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200 },
    ),
  },
  { additionalProperties: false },
)
export type CartQuickAddBody = Static<typeof CartQuickAddBodySchema>

/** POST /cart/assayId { assayId, quantity } — a TaqMan-style assay id (e.g. Hs00187842_m1) to its product */
export const CartAssayBodySchema = Type.Object(
  {
    gcId: Type.Optional(GcIdSchema),
    assayId: Type.String({ minLength: 1, maxLength: 40 }),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
  },
  { additionalProperties: false },
)

/** POST /cart/reorder { orderNumber } — login required; the order must be the caller's account's */
export const CartReorderBodySchema = Type.Object(
  { orderNumber: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
)

/** POST /cart/coupon/apply { code } and /cart/coupon/remove { code } — login required (lite and pending-address users refused) */
export const CartCouponBodySchema = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
)
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
export const CartPreferenceBodySchema = Type.Object(
  { gcId: Type.Optional(GcIdSchema), orderPreference: OrderPreferenceSchema },
  { additionalProperties: false },
)

/** POST /sc/getSkuDeliveryChannel (spec §7) */
export const SkuDeliveryChannelBodySchema = Type.Object(
  {
    items: Type.Array(
      Type.Object({ catalogNumber: Type.String({ minLength: 1, maxLength: 40 }), quantity: Type.Integer({ minimum: 1, maximum: 999 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 200 },
    ),
    shipToNum: Type.String({ minLength: 1, maxLength: 32 }),
    sourcePage: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
)
export const SkuDeliveryChannelResultSchema = Type.Object({
  productDeliveryItems: Type.Record(
    Type.String(),
    Type.Object({ deliveryChannel: DeliveryChannelSchema, isSmartProc: Type.Boolean(), spFlag: Type.Boolean() }),
  ),
})
export type SkuDeliveryChannelResult = Static<typeof SkuDeliveryChannelResultSchema>
