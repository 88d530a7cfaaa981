import { Type, type Static } from 'typebox'
import { CurrencySchema } from '../common'

/** GET /api/product/list querystring. Unknown properties are rejected. */
export const ProductListQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    /** Category id (top-level includes its children). Empty string = all. */
    categoryId: Type.Optional(Type.String({ pattern: '^[0-9]{0,9}$' })),
  },
  { additionalProperties: false },
)
export type ProductListQuery = Static<typeof ProductListQuerySchema>

export const PriceTypeSchema = Type.Union([
  Type.Literal('list'),
  Type.Literal('yourPrice'),
  Type.Literal('discount'),
  Type.Literal('wop'),
])
export type PriceType = Static<typeof PriceTypeSchema>

export const DisplayAttributeSchema = Type.Object({ displayName: Type.String(), displayValue: Type.String() })
export type DisplayAttribute = Static<typeof DisplayAttributeSchema>

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
  priceAccess: Type.Object({ status: Type.Union([Type.Literal('orderable'), Type.Literal('no price')]) }),
  /** Quote-only (request a quote instead of add to cart). */
  leadTarget: Type.Boolean(),
})
export type ProductSummary = Static<typeof ProductSummarySchema>

export const ProductListSchema = Type.Object({
  items: Type.Array(ProductSummarySchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
})
export type ProductList = Static<typeof ProductListSchema>
