import type {
  AvailabilityRecord, AvailabilityRequest, CategoryNode, DocumentSearchQuery, DocumentSearchResult, PriceRequest,
  PriceResponse, ProductDetail, ProductSearchQuery, ProductSearchResult, Promotion
} from '../../types'
import { api } from './client'

/** Catalogue calls (spec section 7; contract in types/catalog.ts). */

export const getCategoryTree = () => api.get<CategoryNode[]>('/category/tree')

export const searchProducts = (q: ProductSearchQuery) => api.get<ProductSearchResult>('/product/search', q)

/** GET /product/catalog: catalogNumber is a comma list */
export const getProductCatalog = (catalogNumbers: string[]) =>
  api.get<ProductDetail[]>('/product/catalog', { catalogNumber: catalogNumbers.join(',') })

export const getPrices = (body: PriceRequest) => api.post<PriceResponse>('/product/price', body)

export const getAvailability = (body: AvailabilityRequest) => api.post<AvailabilityRecord[]>('/product/availability', body)

export const searchDocuments = (q: DocumentSearchQuery) => api.get<DocumentSearchResult>('/document/search', q)

export const getPromotionById = (promoId: string) => api.get<Promotion>('/get/promotionById', { promoId })
