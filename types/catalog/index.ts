import { Type, type Static } from 'typebox'
import { Closed, CurrencySchema, Literals, Paged, pageQueryFields } from '../common'
import {
  CatalogPageTotals,
  DisplayAttributeSchema,
  PriceAccessSchema,
  PriceTypeSchema,
  ProductSummarySchema,
} from './product'

/** Contract of the catalogue calls (issue 3). Amounts are major units with 2 decimals. */

// ---------- category tree: GET /api/category/tree ----------
export interface CategoryNode {
  id: string
  /** url segment used by /categories/{top}/{code} */
  code: string
  name: string
  parentId: string | null
  productCount: number
  children: CategoryNode[]
}
export const CategoryNodeSchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  productCount: Type.Integer(),
  children: Type.Array(Type.Any()),
})
export const CategoryTreeSchema = Type.Array(CategoryNodeSchema)
export type CategoryTree = Static<typeof CategoryTreeSchema>

// ---------- search: GET /api/product/search?q=&page=&pageSize=&categoryCode= ----------
export const ProductSearchQuerySchema = Closed({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  ...pageQueryFields(),
  categoryCode: Type.Optional(Type.String({ maxLength: 64, pattern: '^[a-z0-9-]*$' })),
})
export type ProductSearchQuery = Static<typeof ProductSearchQuerySchema>
export const ProductSearchResultSchema = Type.Object({
  items: Type.Array(ProductSummarySchema),
  ...CatalogPageTotals,
  /** the total of matches is capped at 1000 for broad queries: this says so */
  totalCapped: Type.Boolean(),
  /** when nothing matched: close catalogue terms and popular categories to try instead */
  suggestions: Type.Array(
    Type.Object({
      text: Type.String(),
      kind: Literals(['term', 'category']),
      categoryCode: Type.Optional(Type.String()),
    }),
  ),
})
export type ProductSearchResult = Static<typeof ProductSearchResultSchema>

// ---------- product page: GET /api/product/catalog?catalogNumber=A,B ----------
export const FreeGoodSchema = Type.Object({
  productName: Type.String(),
  productPic: Type.Union([Type.String(), Type.Null()]),
})
export const ProductVariantSchema = Type.Object({
  catalogNumber: Type.String(),
  size: Type.String(),
  productTitle: Type.String(),
})
export const DocumentTypeSchema = Literals(['manual', 'coa', 'sds'])
export type DocumentType = Static<typeof DocumentTypeSchema>
export const DocumentRecordSchema = Type.Object({
  id: Type.String(),
  type: DocumentTypeSchema,
  title: Type.String(),
  catalogNumber: Type.String(),
  /** certificates of analysis are per lot */
  lotNumber: Type.Union([Type.String(), Type.Null()]),
  language: Literals(['en', 'zh']),
  /** served by the server: /api/document/file/{id} */
  fileUrl: Type.String(),
  fileName: Type.String(),
  updatedAt: Type.String(),
})
export type DocumentRecord = Static<typeof DocumentRecordSchema>
export const ProductDetailSchema = Type.Intersect([
  ProductSummarySchema,
  Type.Object({
    webId: Type.String(),
    category: Type.Object({ code: Type.String(), name: Type.String(), topCode: Type.String(), topName: Type.String() }),
    displayAttributeList: Type.Array(DisplayAttributeSchema),
    /** sanitized HTML (allow-list of tags, no scripts, no event handlers, no javascript: urls) */
    descriptionHtml: Type.String(),
    freeGoodItem: Type.Union([FreeGoodSchema, Type.Null()]),
    promoFreeGoodItem: Type.Union([FreeGoodSchema, Type.Null()]),
    /** other sizes of the same product family (including this one) */
    variants: Type.Array(ProductVariantSchema),
    documents: Type.Array(DocumentRecordSchema),
    /** lead-only products open this lead target instead of add to cart */
    productLeadTarget: Type.Union([Type.String(), Type.Null()]),
  }),
])
export type ProductDetail = Static<typeof ProductDetailSchema>
/** GET /api/product/catalog → data: one detail per catalogue number found, in the order asked */
export const ProductDetailListSchema = Type.Array(ProductDetailSchema)
export type ProductDetailList = Static<typeof ProductDetailListSchema>

/** A catalogue number and a quantity, as the price and availability calls take them. */
const CatalogQuantitySchema = Closed({
  catalogNumber: Type.String({ maxLength: 40 }),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
})

// ---------- prices: POST /api/product/price ----------
export const PriceRequestSchema = Closed({
  accountNumber: Type.Optional(Type.String({ maxLength: 32 })),
  items: Type.Optional(Type.Array(CatalogQuantitySchema, { maxItems: 100 })),
  catalogNumbers: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 100 })),
})
export type PriceRequest = Static<typeof PriceRequestSchema>
export const PriceRecordSchema = Type.Object({
  catalogNumber: Type.String(),
  currency: CurrencySchema,
  /** list price; null = no list price (the app falls back to unitPrice) */
  listPrice: Type.Union([Type.Number(), Type.Null()]),
  unitPrice: Type.Union([Type.Number(), Type.Null()]),
  /** effective price for this account (your price / discount / online offer), null when none */
  efPrice: Type.Union([Type.Number(), Type.Null()]),
  onlinePrice: Type.Union([Type.Number(), Type.Null()]),
  /** the price to charge, unformatted; null = no price */
  unFormattedPrice: Type.Union([Type.Number(), Type.Null()]),
  priceType: Type.Union([PriceTypeSchema, Type.Null()]),
  priceAccess: PriceAccessSchema,
})
export type PriceRecord = Static<typeof PriceRecordSchema>
export const PriceResponseSchema = Type.Object({ products: Type.Array(PriceRecordSchema) })
export type PriceResponse = Static<typeof PriceResponseSchema>

// ---------- availability: POST /api/product/availability (also POST /api/availability) ----------
export const AvailabilityRequestSchema = Closed({
  accountNumber: Type.Optional(Type.String({ maxLength: 32 })),
  items: Type.Array(CatalogQuantitySchema, { minItems: 1, maxItems: 100 }),
})
export type AvailabilityRequest = Static<typeof AvailabilityRequestSchema>
export const AvailabilityRecordSchema = Type.Object({
  catalogNumber: Type.String(),
  availableQuantity: Type.Integer(),
  displayInventory: Type.String(),
})
export type AvailabilityRecord = Static<typeof AvailabilityRecordSchema>
export const AvailabilityResponseSchema = Type.Array(AvailabilityRecordSchema)
export type AvailabilityResponse = Static<typeof AvailabilityResponseSchema>

// ---------- documents: GET /api/document/search?type=&q=&catalogNumber=&lotNumber= ----------
export const DocumentSearchQuerySchema = Closed({
  type: Type.Optional(DocumentTypeSchema),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  catalogNumber: Type.Optional(Type.String({ maxLength: 40 })),
  lotNumber: Type.Optional(Type.String({ maxLength: 40 })),
  ...pageQueryFields(),
})
export type DocumentSearchQuery = Static<typeof DocumentSearchQuerySchema>
export const DocumentSearchResultSchema = Paged(DocumentRecordSchema)
export type DocumentSearchResult = Static<typeof DocumentSearchResultSchema>

// ---------- a document's file: GET /api/document/file/{id} (a PDF) ----------
export const DocumentIdParamsSchema = Closed({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) })

// ---------- product detail: GET /api/product/catalog?catalogNumber=A,B (a comma list of at most 20 catalogue numbers) ----------
export const ProductCatalogQuerySchema = Closed({ catalogNumber: Type.String({ minLength: 1, maxLength: 1000 }) })

// ---------- promotion: GET /api/get/promotionById?promoId= ----------
export const PromotionQuerySchema = Closed({ promoId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }) })
export const PromotionSchema = Type.Object({
  id: Type.String(),
  category: Type.String(),
  subject: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  /** sanitized HTML */
  bodyHtml: Type.String(),
  bannerImage: Type.Union([Type.String(), Type.Null()]),
  startDate: Type.String(),
  endDate: Type.String(),
  status: Literals(['upcoming', 'active', 'expired']),
  products: Type.Array(ProductSummarySchema),
})
export type Promotion = Static<typeof PromotionSchema>
