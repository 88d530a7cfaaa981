import { endpoint } from '../endpoint'
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
  contentCategories: endpoint('GET', '/mkt/category/getByContentType', {
    query: ContentTypeQuerySchema,
    answer: ContentCategoryListSchema,
  }),
  articleTypes: endpoint('GET', '/mkt/system/dict/ARTICLE_TYPE', { answer: ArticleTypeListSchema }),
  contentList: endpoint('GET', '/mkt/content/list', { query: ContentListQuerySchema, answer: ContentListSchema }),
  contentDetail: endpoint('GET', '/mkt/content/details/:id', {
    params: ContentIdParamsSchema,
    answer: ContentDetailSchema,
  }),
  specialColumns: endpoint('GET', '/mkt/content/special-column/list', { answer: SpecialColumnListSchema }),
  skuContentList: endpoint('GET', '/mkt/content/sku/list', { query: SkuContentQuerySchema, answer: SkuContentSchema }),
  skuContentCategory: endpoint('GET', '/mkt/content/sku/category/:catalogNumber', {
    params: SkuContentParamsSchema,
    answer: SkuContentSchema,
  }),
  /** "/activity-product/promotions?source=mobility&skus={list}" */
  productPromotions: endpoint('GET', '/mkt/activity-product/promotions', {
    query: ProductPromotionsQuerySchema,
    answer: ProductPromotionListSchema,
  }),
  promotionById: endpoint('GET', '/get/promotionById', { query: PromotionQuerySchema, answer: PromotionSchema }),
}
export type MarketingEndpoints = typeof marketingEndpoints
