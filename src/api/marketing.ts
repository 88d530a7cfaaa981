import type {
  ArticleType, ContentCategory, ContentDetail, ContentList, ContentListQuery, ContentType, ProductPromotion, SkuContent,
  SpecialColumn
} from '../../types'
import { api } from './client'

/** Marketing API (spec section 7), served under /api/mkt. Contract in types/marketing.ts. */
const MKT = '/mkt'

export const getContentCategories = (contentType: ContentType) =>
  api.get<ContentCategory[]>(`${MKT}/category/getByContentType`, { contentType })

export const getContentList = (q: ContentListQuery) => api.get<ContentList>(`${MKT}/content/list`, q)

export const getContentDetail = (id: string) => api.get<ContentDetail>(`${MKT}/content/details/${encodeURIComponent(id)}`)

export const getSpecialColumns = () => api.get<SpecialColumn[]>(`${MKT}/content/special-column/list`)

export const getArticleTypes = () => api.get<ArticleType[]>(`${MKT}/system/dict/ARTICLE_TYPE`)

export const getSkuContentCategory = (catalogNumber: string) =>
  api.get<SkuContent>(`${MKT}/content/sku/category/${encodeURIComponent(catalogNumber)}`)

export const getSkuContentList = (catalogNumber: string) => api.get<SkuContent>(`${MKT}/content/sku/list`, { catalogNumber })

/** "/activity-product/promotions?source=mobility&skus={list}" */
export const getProductPromotions = (skus: string[]) =>
  api.get<ProductPromotion[]>(`${MKT}/activity-product/promotions`, { source: 'mobility', skus: skus.join(',') })
