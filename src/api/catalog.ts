import type {
  AvailabilityRecord, AvailabilityRequest, CategoryNode, DocumentSearchQuery, DocumentSearchResult, PriceRequest,
  PriceResponse, ProductDetail, ProductSearchQuery, ProductSearchResult, Promotion
} from '../../types'
import type { DualOriginList, DualOriginQuery, SelectionFacets, SelectionFilter, SelectionResult } from '../../types'
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

/** Selection filters travel as JSON, [{"name":"Host Species","value":"Mouse"}] (types/selection.ts). */
const filtersParam = (filters?: SelectionFilter[]) =>
  filters && filters.length ? JSON.stringify(filters.map((f) => ({ name: f.name, value: f.value }))) : undefined

/** GET /product/selection/facets: the attribute values to choose from in a category, with counts under the chosen filters */
export const getSelectionFacets = (q: { categoryCode?: string; filters?: SelectionFilter[] }) =>
  api.get<SelectionFacets>('/product/selection/facets', { categoryCode: q.categoryCode, filters: filtersParam(q.filters) })

/** GET /product/selection: the products matching every chosen value */
export const getSelectionProducts = (q: { categoryCode?: string; filters?: SelectionFilter[]; page?: number; pageSize?: number }) =>
  api.get<SelectionResult>('/product/selection', { categoryCode: q.categoryCode, filters: filtersParam(q.filters), page: q.page, pageSize: q.pageSize })

/** GET /product/dual-origin: products sold imported and locally made, or with a surcharge, priced for the user */
export const getDualOriginProducts = (q: DualOriginQuery) => api.get<DualOriginList>('/product/dual-origin', q)
