import { get } from '../endpoint'
import {
  ArticleTypeListSchema,
  ContentCategoryListSchema,
  ContentDetailSchema,
  ContentIdParamsSchema,
  ContentListQuerySchema,
  ContentListSchema,
  ContentTypeQuerySchema,
  ProductPromotionListSchema,
  ProductPromotionsQuerySchema,
  SkuContentParamsSchema,
  SkuContentQuerySchema,
  SkuContentSchema,
  SpecialColumnListSchema,
} from './index'
import { PromotionQuerySchema, PromotionSchema } from '../catalog/index'

/** The marketing endpoints (spec section 7): content under /mkt, and a promotion's page. */
export const marketingEndpoints = {
  contentCategories: get('/mkt/category/getByContentType', ContentCategoryListSchema, {
    query: ContentTypeQuerySchema,
  }),
  articleTypes: get('/mkt/system/dict/ARTICLE_TYPE', ArticleTypeListSchema),
  contentList: get('/mkt/content/list', ContentListSchema, { query: ContentListQuerySchema }),
  contentDetail: get('/mkt/content/details/:id', ContentDetailSchema, { params: ContentIdParamsSchema }),
  specialColumns: get('/mkt/content/special-column/list', SpecialColumnListSchema),
  skuContentList: get('/mkt/content/sku/list', SkuContentSchema, { query: SkuContentQuerySchema }),
  skuContentCategory: get('/mkt/content/sku/category/:catalogNumber', SkuContentSchema, {
    params: SkuContentParamsSchema,
  }),
  /** "/activity-product/promotions?source=mobility&skus={list}" */
  productPromotions: get('/mkt/activity-product/promotions', ProductPromotionListSchema, {
    query: ProductPromotionsQuerySchema,
  }),
  promotionById: get('/get/promotionById', PromotionSchema, { query: PromotionQuerySchema }),
}
export type MarketingEndpoints = typeof marketingEndpoints
