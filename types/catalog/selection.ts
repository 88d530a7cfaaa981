import { Type, type Static } from 'typebox'
import { Closed, CurrencySchema, Literals, pageQueryFields } from '../common'
import { CatalogPageTotals, ProductSummarySchema } from './product'

/**
 * Selection tools and the dual-origin / surcharge product list (spec section 2: "selection tools and a
 * dual-origin and surcharge product list"). Issue 3, catalogue domain.
 */

const CategoryCode = Type.String({ maxLength: 64, pattern: '^[a-z0-9-]*$' })

/**
 * Chosen attribute values, either
 *  - JSON: `{"Host Species":["Mouse"],"Conjugate":"FITC"}` or `[{"name":"Host Species","value":"Mouse"}]`, or
 *  - repeated `filters=Host Species:Mouse&filters=Conjugate:FITC` (name, colon, value).
 * A product matches when it has every chosen value (AND; a multi-valued attribute such as Reactivity
 * can hold several: Reactivity Human + Mouse = reacts with both). At most 12 values.
 */
export const SelectionFiltersParamSchema = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 12 }),
])
export const SelectionFilterSchema = Type.Object({ name: Type.String(), value: Type.String() })
export type SelectionFilter = Static<typeof SelectionFilterSchema>

/** GET /api/product/selection/facets?categoryCode=&filters= */
export const SelectionFacetsQuerySchema = Closed({
  categoryCode: Type.Optional(CategoryCode),
  filters: Type.Optional(SelectionFiltersParamSchema),
})
export type SelectionFacetsQuery = Static<typeof SelectionFacetsQuerySchema>
export const SelectionFacetSchema = Type.Object({
  /** attribute name as stored (send it back in `filters`) */
  name: Type.String(),
  /** attribute name in the request language */
  label: Type.String(),
  /** a product can hold several values (Reactivity, Applications): choosing two narrows; otherwise pick one */
  multiValued: Type.Boolean(),
  /** values with the number of products (in the category, under the current filters) that have them */
  values: Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() })),
})
export type SelectionFacet = Static<typeof SelectionFacetSchema>
export const SelectionFacetsSchema = Type.Object({
  categoryCode: Type.Union([Type.String(), Type.Null()]),
  /** products in the category matching the current filters */
  total: Type.Integer(),
  filters: Type.Array(SelectionFilterSchema),
  facets: Type.Array(SelectionFacetSchema),
})
export type SelectionFacets = Static<typeof SelectionFacetsSchema>

/** GET /api/product/selection?categoryCode=&filters=&page=&pageSize= */
export const SelectionQuerySchema = Closed({
  categoryCode: Type.Optional(CategoryCode),
  filters: Type.Optional(SelectionFiltersParamSchema),
  ...pageQueryFields(),
})
export type SelectionQuery = Static<typeof SelectionQuerySchema>
export const SelectionResultSchema = Type.Object({
  items: Type.Array(ProductSummarySchema),
  ...CatalogPageTotals,
  /** the filters as understood by the server */
  filters: Type.Array(SelectionFilterSchema),
})
export type SelectionResult = Static<typeof SelectionResultSchema>

// ---------- dual origin and surcharge: GET /api/product/dual-origin?page=&pageSize=&origin= ----------
/** imported, made locally, or sold both ways (imported and locally made) */
export const ProductOriginSchema = Literals(['imported', 'local', 'dual'])
export type ProductOrigin = Static<typeof ProductOriginSchema>
/** e.g. dry-ice or hazardous-goods surcharge; amount in major units with 2 decimals, in the request's currency */
export const SurchargeSchema = Type.Object({ amount: Type.Number(), currency: CurrencySchema, reason: Type.String() })
export type Surcharge = Static<typeof SurchargeSchema>
export const DualOriginQuerySchema = Closed({
  ...pageQueryFields(),
  /** only 'dual' products, or only products with a surcharge; default both */
  only: Type.Optional(Literals(['dual', 'surcharge'])),
})
export type DualOriginQuery = Static<typeof DualOriginQuerySchema>
export const DualOriginItemSchema = Type.Intersect([
  ProductSummarySchema,
  Type.Object({ origin: ProductOriginSchema, surcharge: Type.Union([SurchargeSchema, Type.Null()]) }),
])
export type DualOriginItem = Static<typeof DualOriginItemSchema>
export const DualOriginListSchema = Type.Object({ items: Type.Array(DualOriginItemSchema), ...CatalogPageTotals })
export type DualOriginList = Static<typeof DualOriginListSchema>
