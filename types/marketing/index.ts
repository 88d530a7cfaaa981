import { Type, type Static } from 'typebox'
import { AppLinkSchema, Closed, Literals, Paged, pageQueryFields } from '../common'
import { CATALOG_NUMBER_PATTERN } from '../catalog/product'

/**
 * Marketing API (spec section 7), served under /api/mkt: content for the learning centre /
 * knowledge hub, application, workflow, industry solutions, brands, promotions and campaigns,
 * and the home page's banners and special columns. Rich content is sanitized on the server
 * before it is stored, and again when served.
 */
export const ContentTypeSchema = Literals([
  'knowledge', // learning centre / knowledge hub articles
  'application',
  'workflow',
  'industry', // industry solutions
  'brand',
  'campaign', // promotions and campaigns
])
export type ContentType = Static<typeof ContentTypeSchema>

export { VM_WORKFLOW_ARTICLE_TYPE, isVmWorkflow } from './vm-workflow'

/** GET /api/mkt/category/getByContentType?contentType= */
export const ContentCategorySchema = Type.Object({
  id: Type.String(),
  contentType: ContentTypeSchema,
  name: Type.String(),
  count: Type.Integer(),
})
export type ContentCategory = Static<typeof ContentCategorySchema>
export const ContentCategoryListSchema = Type.Array(ContentCategorySchema)
export type ContentCategoryList = Static<typeof ContentCategoryListSchema>

/** GET /api/mkt/system/dict/ARTICLE_TYPE */
export const ArticleTypeSchema = Type.Object({ dictValue: Type.String(), dictLabel: Type.String() })
export type ArticleType = Static<typeof ArticleTypeSchema>
export const ArticleTypeListSchema = Type.Array(ArticleTypeSchema)
export type ArticleTypeList = Static<typeof ArticleTypeListSchema>

export const ContentCardSchema = Type.Object({
  id: Type.String(),
  contentType: ContentTypeSchema,
  categoryId: Type.String(),
  /** ARTICLE_TYPE value, e.g. 'protocol', 'webinar', 'application-note', 'guide' */
  articleType: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  coverImage: Type.Union([Type.String(), Type.Null()]),
  publishedAt: Type.String(),
  readMinutes: Type.Integer(),
})
export type ContentCard = Static<typeof ContentCardSchema>

/** GET /api/mkt/content/list?contentType=&categoryId=&articleType=&page=&pageSize= */
export const ContentListQuerySchema = Closed({
  contentType: Type.Optional(ContentTypeSchema),
  categoryId: Type.Optional(Type.String({ pattern: '^[0-9]{0,9}$' })),
  articleType: Type.Optional(Type.String({ maxLength: 40 })),
  ...pageQueryFields(),
})
export type ContentListQuery = Static<typeof ContentListQuerySchema>
export const ContentListSchema = Paged(ContentCardSchema)
export type ContentList = Static<typeof ContentListSchema>

/** GET /api/mkt/content/details/{id} */
export const ContentDetailSchema = Type.Intersect([
  ContentCardSchema,
  Type.Object({
    /** sanitized HTML: allow-listed tags and attributes only; links http(s) only; images from our own /media */
    bodyHtml: Type.String(),
    author: Type.String(),
    /** catalogue numbers featured in the article */
    skus: Type.Array(Type.String()),
  }),
])
export type ContentDetail = Static<typeof ContentDetailSchema>

/** GET /api/mkt/content/special-column/list: home banners, promotions, the flash-sale entry, recommended picks */
export const SpecialColumnSchema = Type.Object({
  id: Type.String(),
  kind: Literals(['banner', 'promotion', 'flash-sale', 'learning']),
  title: Type.String(),
  subtitle: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  link: AppLinkSchema,
  startDate: Type.String(),
  endDate: Type.String(),
})
export type SpecialColumn = Static<typeof SpecialColumnSchema>
export const SpecialColumnListSchema = Type.Array(SpecialColumnSchema)
export type SpecialColumnList = Static<typeof SpecialColumnListSchema>

/** GET /api/mkt/content/sku/category/{catalogNumber} and /api/mkt/content/sku/list?catalogNumber= : content featuring a product */
export const SkuContentSchema = Type.Object({ catalogNumber: Type.String(), items: Type.Array(ContentCardSchema) })
export type SkuContent = Static<typeof SkuContentSchema>

/** GET /api/mkt/activity-product/promotions?source=mobility&skus=A,B : active promotions per product */
export const ProductPromotionSchema = Type.Object({
  catalogNumber: Type.String(),
  promotions: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      category: Type.String(),
      subject: Type.String(),
      endDate: Type.String(),
    }),
  ),
})
export type ProductPromotion = Static<typeof ProductPromotionSchema>
export const ProductPromotionListSchema = Type.Array(ProductPromotionSchema)
export type ProductPromotionList = Static<typeof ProductPromotionListSchema>

// ---------- what the marketing calls take (query and path parameters)
export const ContentTypeQuerySchema = Closed({ contentType: ContentTypeSchema })
export const ContentIdParamsSchema = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) })
export const SkuContentParamsSchema = Type.Object({ catalogNumber: Type.String({ pattern: CATALOG_NUMBER_PATTERN }) })
export const SkuContentQuerySchema = Closed({ catalogNumber: Type.String({ pattern: CATALOG_NUMBER_PATTERN }) })
export const ProductPromotionsQuerySchema = Closed({
  source: Type.Literal('mobility'),
  skus: Type.String({ minLength: 1, maxLength: 2000 }),
})
