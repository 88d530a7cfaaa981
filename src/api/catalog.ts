import type { CatalogEndpoints, MarketingEndpoints, SelectionFilter } from '../../types'
import { createFetch } from './client'

/** Catalogue calls (spec section 7; contract in types/catalog). */

export const getProductList = createFetch<CatalogEndpoints['productList']>('GET', '/product/list')

export const getCategoryTree = createFetch<CatalogEndpoints['categoryTree']>('GET', '/category/tree')

export const searchProducts = createFetch<CatalogEndpoints['searchProducts']>('GET', '/product/search')

/** GET /product/catalog: catalogNumber is a comma list */
const productCatalog = createFetch<CatalogEndpoints['productCatalog']>('GET', '/product/catalog')
export const getProductCatalog = (catalogNumbers: string[]) =>
  productCatalog({ catalogNumber: catalogNumbers.join(',') })

export const getPrices = createFetch<CatalogEndpoints['prices']>('POST', '/product/price')

export const getAvailability = createFetch<CatalogEndpoints['availability']>('POST', '/product/availability')

export const searchDocuments = createFetch<CatalogEndpoints['searchDocuments']>('GET', '/document/search')

const promotionById = createFetch<MarketingEndpoints['promotionById']>('GET', '/get/promotionById')
export const getPromotionById = (promoId: string) => promotionById({ promoId })

/** Selection filters travel as JSON, [{"name":"Host Species","value":"Mouse"}] (types/catalog/selection.ts). */
const filtersParam = (filters?: SelectionFilter[]) =>
  filters && filters.length ? JSON.stringify(filters.map((f) => ({ name: f.name, value: f.value }))) : undefined

const selectionFacets = createFetch<CatalogEndpoints['selectionFacets']>('GET', '/product/selection/facets')
const selection = createFetch<CatalogEndpoints['selection']>('GET', '/product/selection')

/** GET /product/selection/facets: the attribute values to choose from in a category, with counts under the chosen filters */
export const getSelectionFacets = (q: { categoryCode?: string; filters?: SelectionFilter[] }) =>
  selectionFacets({ categoryCode: q.categoryCode, filters: filtersParam(q.filters) })

/** GET /product/selection: the products matching every chosen value */
export const getSelectionProducts = (q: {
  categoryCode?: string
  filters?: SelectionFilter[]
  page?: number
  pageSize?: number
}) => selection({ categoryCode: q.categoryCode, filters: filtersParam(q.filters), page: q.page, pageSize: q.pageSize })

/** GET /product/dual-origin: products sold imported and locally made, or with a surcharge, priced for the user */
export const getDualOriginProducts = createFetch<CatalogEndpoints['dualOrigin']>('GET', '/product/dual-origin')
