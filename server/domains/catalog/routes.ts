import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { createCategoryIndex, treeRoutes } from './tree'
import { searchRoutes } from './search'
import { detailRoutes } from './detail'
import { priceRoutes } from './price'
import { documentRoutes } from './documents'
import { selectionRoutes } from './selection'
import { productsRoutes } from './product-list'
import { tagRoutes } from '../../lib/openapi'
import { onCatalogueChange } from './freshness'
import { catalogStaffRoutes } from './staff/routes'

/** catalogue: product list, category tree, search, product page, prices, availability, documents, selection tools, dual-origin list */
export async function catalogRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'catalog')
  await app.register(productsRoutes, opts)
  const categories = createCategoryIndex(opts.db)
  onCatalogueChange(opts.db, () => categories.clear())
  treeRoutes(app, categories)
  searchRoutes(app, opts.db, categories)
  detailRoutes(app, opts.db)
  priceRoutes(app, opts.db)
  documentRoutes(app, opts.db)
  selectionRoutes(app, opts.db, categories)
  await app.register(catalogStaffRoutes, opts)
}

export { mediaRoutes } from './media'
