import { endpoint } from '../endpoint'
import {
  AvailabilityRequestSchema,
  AvailabilityResponseSchema,
  CategoryTreeSchema,
  DocumentIdParamsSchema,
  DocumentSearchQuerySchema,
  DocumentSearchResultSchema,
  PriceRequestSchema,
  PriceResponseSchema,
  ProductCatalogQuerySchema,
  ProductDetailListSchema,
  ProductSearchQuerySchema,
  ProductSearchResultSchema,
} from './index'
import { ProductListQuerySchema, ProductListSchema } from './product'
import {
  DualOriginListSchema,
  DualOriginQuerySchema,
  SelectionFacetsQuerySchema,
  SelectionFacetsSchema,
  SelectionQuerySchema,
  SelectionResultSchema,
} from './selection'

/** The catalogue's endpoints (spec section 7): lists, search, detail, prices and stock, documents, selection tools. */
export const catalogEndpoints = {
  productList: endpoint('GET', '/product/list', { query: ProductListQuerySchema, answer: ProductListSchema }),
  categoryTree: endpoint('GET', '/category/tree', { answer: CategoryTreeSchema }),
  searchProducts: endpoint('GET', '/product/search', {
    query: ProductSearchQuerySchema,
    answer: ProductSearchResultSchema,
  }),
  /** catalogNumber is a comma list */
  productCatalog: endpoint('GET', '/product/catalog', {
    query: ProductCatalogQuerySchema,
    answer: ProductDetailListSchema,
  }),
  prices: endpoint('POST', '/product/price', { body: PriceRequestSchema, answer: PriceResponseSchema }),
  availability: endpoint('POST', '/product/availability', {
    body: AvailabilityRequestSchema,
    answer: AvailabilityResponseSchema,
  }),
  /** the same call under its short name */
  availabilityShort: endpoint('POST', '/availability', {
    body: AvailabilityRequestSchema,
    answer: AvailabilityResponseSchema,
  }),
  searchDocuments: endpoint('GET', '/document/search', {
    query: DocumentSearchQuerySchema,
    answer: DocumentSearchResultSchema,
  }),
  documentFile: endpoint('GET', '/document/file/:id', {
    params: DocumentIdParamsSchema,
    file: { description: 'The document as a PDF file', contentTypes: ['application/pdf'] },
  }),
  selectionFacets: endpoint('GET', '/product/selection/facets', {
    query: SelectionFacetsQuerySchema,
    answer: SelectionFacetsSchema,
  }),
  selection: endpoint('GET', '/product/selection', { query: SelectionQuerySchema, answer: SelectionResultSchema }),
  dualOrigin: endpoint('GET', '/product/dual-origin', { query: DualOriginQuerySchema, answer: DualOriginListSchema }),
}
export type CatalogEndpoints = typeof catalogEndpoints
