import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { flashbuyStaffEndpoints as E } from '../../../../types/flashbuy/staff-endpoints'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { tagRoutes } from '../../../lib/openapi'
import { staffWrite } from '../../staff'
import { changeSale, createSale, endSale, newSaleId } from './decisions'
import { getStaffSale, listStaffSales } from './sales'

/**
 * Staff routes of flash sales (issue 24, permission flashSale.manage): list (paged, by state and country), one,
 * create, change, end. They replace the purpose of the OPS_TOKEN demo endpoint (../ops.ts). Each write is one
 * staffWrite (the change and its audit entry, before and after, in one transaction under the sale row's lock).
 * The buyers' list, detail, quote and placement read the sale from the database at each request; the one thing
 * that holds a copy is the optional Redis gate of placement, told after the commit (`saleChanged`).
 */
export async function flashbuyStaffRoutes(
  app: FastifyInstance,
  opts: { db: Kysely<DB>; saleChanged?: (saleId: string) => Promise<void> },
) {
  const { db } = opts
  tagRoutes(app, 'staff')
  const what = (action: string, id: string) => ({
    permission: 'flashSale.manage' as const,
    action,
    entity: 'flash_sale',
    entityId: id,
  })
  const afterCommit = (id: string) => async () => {
    await opts.saleChanged?.(id)
  }

  serveEndpoint(app, E.flashSaleList, null, async (req) => ok(await listStaffSales(db, req.query)))
  serveEndpoint(app, E.flashSaleGet, null, async (req) => ok(await getStaffSale(db, req.params.id)))
  serveEndpoint(app, E.flashSaleCreate, null, async (req) => {
    const id = newSaleId(req.body.country)
    return ok(
      await staffWrite(db, req, what('flashSale.create', id), async (trx) => {
        const after = await createSale(trx, req, id, req.body)
        return { before: null, after, result: after }
      }),
    )
  })
  serveEndpoint(app, E.flashSaleChange, null, async (req) => {
    const { id } = req.params
    return ok(
      await staffWrite(db, req, what('flashSale.change', id), async (trx) => {
        const { before, after } = await changeSale(trx, req, id, req.body)
        return { before, after, result: after, afterCommit: afterCommit(id) }
      }),
    )
  })
  serveEndpoint(app, E.flashSaleEnd, null, async (req) => {
    const { id } = req.params
    return ok(
      await staffWrite(db, req, what('flashSale.end', id), async (trx) => {
        const { before, after } = await endSale(trx, req, id)
        return { before, after, result: after, afterCommit: afterCommit(id) }
      }),
    )
  })
}
