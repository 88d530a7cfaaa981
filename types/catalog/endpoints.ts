import { endpoint, get, post } from '../endpoint'
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
  productList: get('/product/list', ProductListSchema, { query: ProductListQuerySchema }),
  categoryTree: get('/category/tree', CategoryTreeSchema),
  searchProducts: get('/product/search', ProductSearchResultSchema, { query: ProductSearchQuerySchema }),
  /** catalogNumber is a comma list */
  productCatalog: get('/product/catalog', ProductDetailListSchema, { query: ProductCatalogQuerySchema }),
  prices: post('/product/price', PriceResponseSchema, { body: PriceRequestSchema }),
  availability: post('/product/availability', AvailabilityResponseSchema, { body: AvailabilityRequestSchema }),
  /** the same call under its short name */
  availabilityShort: post('/availability', AvailabilityResponseSchema, { body: AvailabilityRequestSchema }),
  searchDocuments: get('/document/search', DocumentSearchResultSchema, { query: DocumentSearchQuerySchema }),
  documentFile: endpoint('GET', '/document/file/:id', {
    params: DocumentIdParamsSchema,
    file: { description: 'The document as a PDF file', contentTypes: ['application/pdf'] },
  }),
  selectionFacets: get('/product/selection/facets', SelectionFacetsSchema, { query: SelectionFacetsQuerySchema }),
  selection: get('/product/selection', SelectionResultSchema, { query: SelectionQuerySchema }),
  dualOrigin: get('/product/dual-origin', DualOriginListSchema, { query: DualOriginQuerySchema }),
}
export type CatalogEndpoints = typeof catalogEndpoints
