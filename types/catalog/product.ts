import { Type, type Static } from 'typebox'
import { Closed, CurrencySchema, Literals, Nullable } from '../common'

/** a catalogue number as it appears in URLs and lists */
export const CATALOG_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$'

/** GET /api/product/list querystring. Unknown properties are rejected. */
export const ProductListQuerySchema = Closed({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Category id (top-level includes its children). Empty string = all. */
  categoryId: Type.Optional(Type.String({ pattern: '^[0-9]{0,9}$' })),
})
export type ProductListQuery = Static<typeof ProductListQuerySchema>

export const PriceTypeSchema = Literals(['list', 'yourPrice', 'discount', 'wop'])
export type PriceType = Static<typeof PriceTypeSchema>

export const DisplayAttributeSchema = Type.Object({ displayName: Type.String(), displayValue: Type.String() })
export type DisplayAttribute = Static<typeof DisplayAttributeSchema>

/** Whether a price can be ordered: 'no price' is price on request. */
export const PriceAccessStatusSchema = Literals(['orderable', 'no price'])
export const PriceAccessSchema = Type.Object({ status: PriceAccessStatusSchema })

/** How a line (of a cart, a checkout, an order, a quote) names its product; image as in ProductSummary. */
export const LineProductFields = {
  sku: Type.String(),
  catalogNumber: Type.String(),
  productTitle: Type.String(),
  size: Type.String(),
  image: Nullable(Type.String()),
}

export const ProductSummarySchema = Type.Object({
  sku: Type.String(),
  catalogNumber: Type.String(),
  /** In the request's language (languagecode header). */
  productTitle: Type.String(),
  size: Type.String(),
  brand: Type.String(),
  /** Path without suffix: the app appends -150.jpg / -650.jpg; null → placeholder. */
  image: Type.Union([Type.String(), Type.Null()]),
  currency: CurrencySchema,
  /** null = price on request. */
  listPrice: Type.Union([Type.Number(), Type.Null()]),
  price: Type.Union([Type.Object({ amount: Type.Number(), priceType: PriceTypeSchema }), Type.Null()]),
  priceAccess: PriceAccessSchema,
  /** Lead-only (request a quote instead of add to cart). */
  leadTarget: Type.Boolean(),
})
export type ProductSummary = Static<typeof ProductSummarySchema>

/** The catalogue lists' paging figures, in the order their answers have always given them (types/common.ts has the others'). */
export const CatalogPageTotals = { page: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer() }

export const ProductListSchema = Type.Object({ items: Type.Array(ProductSummarySchema), ...CatalogPageTotals })
export type ProductList = Static<typeof ProductListSchema>
