import type {
  AvailabilityRecord, AvailabilityRequest, CategoryNode, DocumentSearchQuery, DocumentSearchResult, PriceRequest,
  PriceResponse, ProductDetail, ProductList, ProductListQuery, ProductSearchQuery, ProductSearchResult, Promotion
} from '../../types'
import type {
  DualOriginList, DualOriginQuery, SelectionFacets, SelectionFacetsQuery, SelectionFilter, SelectionQuery, SelectionResult
} from '../../types'
import { createFetch } from './client'

/** Catalogue calls (spec section 7; contract in types/catalog). */

export const getProductList = createFetch<ProductListQuery, ProductList>('GET', '/product/list')

export const getCategoryTree = createFetch<void, CategoryNode[]>('GET', '/category/tree')

export const searchProducts = createFetch<ProductSearchQuery, ProductSearchResult>('GET', '/product/search')

/** GET /product/catalog: catalogNumber is a comma list */
const productCatalog = createFetch<{ catalogNumber: string }, ProductDetail[]>('GET', '/product/catalog')
export const getProductCatalog = (catalogNumbers: string[]) => productCatalog({ catalogNumber: catalogNumbers.join(',') })

export const getPrices = createFetch<PriceRequest, PriceResponse>('POST', '/product/price')

export const getAvailability = createFetch<AvailabilityRequest, AvailabilityRecord[]>('POST', '/product/availability')

export const searchDocuments = createFetch<DocumentSearchQuery, DocumentSearchResult>('GET', '/document/search')

const promotionById = createFetch<{ promoId: string }, Promotion>('GET', '/get/promotionById')
export const getPromotionById = (promoId: string) => promotionById({ promoId })

/** Selection filters travel as JSON, [{"name":"Host Species","value":"Mouse"}] (types/selection.ts). */
const filtersParam = (filters?: SelectionFilter[]) =>
  filters && filters.length ? JSON.stringify(filters.map((f) => ({ name: f.name, value: f.value }))) : undefined

const selectionFacets = createFetch<SelectionFacetsQuery, SelectionFacets>('GET', '/product/selection/facets')
const selection = createFetch<SelectionQuery, SelectionResult>('GET', '/product/selection')

/** GET /product/selection/facets: the attribute values to choose from in a category, with counts under the chosen filters */
export const getSelectionFacets = (q: { categoryCode?: string; filters?: SelectionFilter[] }) =>
  selectionFacets({ categoryCode: q.categoryCode, filters: filtersParam(q.filters) })

/** GET /product/selection: the products matching every chosen value */
export const getSelectionProducts = (q: { categoryCode?: string; filters?: SelectionFilter[]; page?: number; pageSize?: number }) =>
  selection({ categoryCode: q.categoryCode, filters: filtersParam(q.filters), page: q.page, pageSize: q.pageSize })

/** GET /product/dual-origin: products sold imported and locally made, or with a surcharge, priced for the user */
export const getDualOriginProducts = createFetch<DualOriginQuery, DualOriginList>('GET', '/product/dual-origin')
