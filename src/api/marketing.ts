import type { ContentType, MarketingEndpoints } from '../../types'
import { createFetch } from './client'

/** Marketing API (spec section 7), served under /api/mkt. Contract in types/marketing/. */

const contentCategories = createFetch<MarketingEndpoints['contentCategories']>('GET', '/mkt/category/getByContentType')
export const getContentCategories = (contentType: ContentType) => contentCategories({ contentType })

export const getContentList = createFetch<MarketingEndpoints['contentList']>('GET', '/mkt/content/list')

/** GET /mkt/content/details/{id} */
const contentDetail = createFetch<MarketingEndpoints['contentDetail']>('GET', '/mkt/content/details/:id')
export const getContentDetail = (id: string) => contentDetail({ id })

export const getSpecialColumns = createFetch<MarketingEndpoints['specialColumns']>(
  'GET',
  '/mkt/content/special-column/list',
)

export const getArticleTypes = createFetch<MarketingEndpoints['articleTypes']>('GET', '/mkt/system/dict/ARTICLE_TYPE')

/** GET /mkt/content/sku/category/{catalogNumber} */
const skuContentCategory = createFetch<MarketingEndpoints['skuContentCategory']>(
  'GET',
  '/mkt/content/sku/category/:catalogNumber',
)
export const getSkuContentCategory = (catalogNumber: string) => skuContentCategory({ catalogNumber })

const skuContentList = createFetch<MarketingEndpoints['skuContentList']>('GET', '/mkt/content/sku/list')
export const getSkuContentList = (catalogNumber: string) => skuContentList({ catalogNumber })

const productPromotions = createFetch<MarketingEndpoints['productPromotions']>(
  'GET',
  '/mkt/activity-product/promotions',
)
/** "/activity-product/promotions?source=mobility&skus={list}" */
export const getProductPromotions = (skus: string[]) => productPromotions({ source: 'mobility', skus: skus.join(',') })
