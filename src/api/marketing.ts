import type {
  ArticleType, ContentCategory, ContentDetail, ContentList, ContentListQuery, ContentType, ProductPromotion, SkuContent,
  SpecialColumn
} from '../../types'
import { createFetch } from './client'

/** Marketing API (spec section 7), served under /api/mkt. Contract in types/marketing.ts. */
const MKT = '/mkt'

const contentCategories = createFetch<{ contentType: ContentType }, ContentCategory[]>('GET', `${MKT}/category/getByContentType`)
export const getContentCategories = (contentType: ContentType) => contentCategories({ contentType })

export const getContentList = createFetch<ContentListQuery, ContentList>('GET', `${MKT}/content/list`)

/** GET /mkt/content/details/{id} */
export const getContentDetail = (id: string) =>
  createFetch<void, ContentDetail>('GET', `${MKT}/content/details/${encodeURIComponent(id)}`)()

export const getSpecialColumns = createFetch<void, SpecialColumn[]>('GET', `${MKT}/content/special-column/list`)

export const getArticleTypes = createFetch<void, ArticleType[]>('GET', `${MKT}/system/dict/ARTICLE_TYPE`)

/** GET /mkt/content/sku/category/{catalogNumber} */
export const getSkuContentCategory = (catalogNumber: string) =>
  createFetch<void, SkuContent>('GET', `${MKT}/content/sku/category/${encodeURIComponent(catalogNumber)}`)()

const skuContentList = createFetch<{ catalogNumber: string }, SkuContent>('GET', `${MKT}/content/sku/list`)
export const getSkuContentList = (catalogNumber: string) => skuContentList({ catalogNumber })

const productPromotions = createFetch<{ source: 'mobility'; skus: string }, ProductPromotion[]>('GET', `${MKT}/activity-product/promotions`)
/** "/activity-product/promotions?source=mobility&skus={list}" */
export const getProductPromotions = (skus: string[]) => productPromotions({ source: 'mobility', skus: skus.join(',') })
