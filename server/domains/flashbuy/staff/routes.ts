import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { flashSaleEndpoints } from '../../../../types/flashbuy/staff-endpoints'
import { tagRoutes } from '../../../lib/openapi'
import { serveContent } from '../../staff'
import { changeSale, createSale, endSale } from './decisions'
import { getStaffSale, listStaffSales } from './sales'

/**
 * Staff routes of flash sales (issue 24, permission flashSale.manage): list (paged, by state and country), one,
 * create, change, end (the only way a sale changes after the seed). Each write is one
 * staffWrite (the change and its audit entry, before and after, in one transaction under the sale row's lock).
 * The buyers' list, detail, quote and placement read the sale from the database at each request; the one thing
 * that holds a copy is the optional Redis gate of placement, told after the commit (`saleChanged`).
 */
export async function flashbuyStaffRoutes(
  app: FastifyInstance,
  opts: { db: Kysely<DB>; saleChanged?: (saleId: string) => Promise<void> },
) {
  tagRoutes(app, 'staff')
  serveContent(app, opts.db, {
    endpoints: flashSaleEndpoints,
    action: 'flashSale',
    entity: 'flash_sale',
    list: listStaffSales,
    get: getStaffSale,
    create: createSale,
    change: changeSale,
    end: endSale,
    changed: opts.saleChanged,
  })
}
