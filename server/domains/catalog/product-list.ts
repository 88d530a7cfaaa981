import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { DB } from '../../db/schema'
import type { ProductList, ProductSummary } from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { onCatalogueChange } from './freshness'
import { loadAccountPrices, pricingContext, summaryColumns, toSummary } from './summary'
import { paging } from '../../lib/paging'
import { catalogEndpoints } from '../../../types/catalog/endpoints'

const COUNT_TTL_MS = 60_000
/** one total per category (and one for all): far more entries than the catalogue has categories */
const COUNT_MAX_ENTRIES = 1000

export async function productsRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  // The catalogue changes rarely: totals come from a small per-category cache, not a count per request.
  const countCache = new LRUCache<string, number>({ max: COUNT_MAX_ENTRIES, ttl: COUNT_TTL_MS })
  onCatalogueChange(db, () => countCache.clear())
  async function total(categoryId: number | null): Promise<number> {
    const key = String(categoryId ?? 'all')
    const hit = countCache.get(key)
    if (hit !== undefined) return hit
    let q = db.selectFrom('products').select(sql<number>`count(*)::int`.as('n'))
    if (categoryId !== null) q = q.where('category_id', 'in', categoryScope(categoryId))
    const { n } = await q.executeTakeFirstOrThrow()
    countCache.set(key, n)
    return n
  }
  const categoryScope = (categoryId: number) =>
    db
      .selectFrom('categories')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', categoryId), eb('parent_id', '=', categoryId)]))

  serveEndpoint(app, catalogEndpoints.productList, app.optionalUser, async (req) => {
    const { page, pageSize, offset } = paging(req.query)
    const categoryId = req.query.categoryId ? Number(req.query.categoryId) : null
    const pctx = pricingContext(req)
    const { title: titleCol, listPrice: priceCol } = summaryColumns(pctx)

    // Deferred join: page through the (rank desc, id) index alone, then fetch only the 20 rows.
    let pageIds = db
      .selectFrom('products')
      .select(['id', 'rank'])
      .orderBy('rank', 'desc')
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset(offset)
    if (categoryId !== null) pageIds = pageIds.where('category_id', 'in', categoryScope(categoryId))
    const q = db
      .selectFrom(pageIds.as('pg'))
      .innerJoin('products as p', 'p.id', 'pg.id')
      .select([
        'p.id',
        'p.sku',
        'p.catalog_number',
        `${titleCol} as title`,
        'p.size',
        'p.brand',
        'p.image',
        `${priceCol} as list_price`,
        'p.lead_target',
      ])
      .orderBy('pg.rank', 'desc')
      .orderBy('pg.id', 'asc')

    const [rows, n] = await Promise.all([q.execute(), total(categoryId)])
    // Account prices for just this page (primary-key lookups), only for eligible users.
    const accountPrices = await loadAccountPrices(
      db,
      pctx,
      rows.map((r) => r.id),
    )
    const items: ProductSummary[] = rows.map((row) => toSummary(row, pctx, accountPrices.get(row.id) ?? null))
    const data: ProductList = { items, page, pageSize, total: n }
    return ok(data)
  })
}
