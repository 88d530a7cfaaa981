import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ok } from '../../errors'
import { tagRoutes, IDEMPOTENCY_KEY } from '../../lib/openapi'
import { serveEndpoint } from '../../lib/endpoint-route'
import { flashbuyEndpoints } from '../../../types/flashbuy/endpoints'
import { createFlashPlacer } from './place'
import { applyFlashPromo, listSales, quoteSale, saleDetail } from './sales'
import { flashbuyStaffRoutes } from './staff/routes'

/**
 * Flash-buy domain (spec §2, §3, §4, §5, §7): the sale list, the detail, apply-promo and placement.
 */
export async function flashbuyRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'flashbuy')
  const db = opts.db

  // ---- the sale list (the flash-sale list screen) and the detail (spec §3 "Flash-buy detail")
  serveEndpoint(app, flashbuyEndpoints.list, app.optionalUser, async (req) => ok(await listSales(db, req)))
  serveEndpoint(app, flashbuyEndpoints.detail, app.optionalUser, async (req) =>
    ok(await saleDetail(db, req, req.params.id)),
  )
  // ---- what an order of this quantity is charged now: line, taxes, total (issue 22 item 4; nothing reserved)
  serveEndpoint(app, flashbuyEndpoints.quote, app.optionalUser, async (req) =>
    ok(await quoteSale(db, req, req.params.id, req.query.quantity)),
  )

  // ---- POST /flashbuy/promos/apply (spec §7): business refusals are statuses of a 200 answer
  serveEndpoint(app, flashbuyEndpoints.applyPromo, app.requireUser, async (req) =>
    ok(await applyFlashPromo(db, req, req.body)),
  )

  const placer = createFlashPlacer(db, app.config, app.log)
  app.addHook('onClose', async () => placer.close())

  // ---- POST /flashbuy/place/order (place/): header Idempotency-Key required
  serveEndpoint(
    app,
    flashbuyEndpoints.placeOrder,
    app.requireUser,
    async (req) => ok(await placer.place(req, req.body)),
    IDEMPOTENCY_KEY,
  )

  // ---- staff: flash sales (issue 24); a change reaches the placement's Redis gate after its commit
  await app.register(flashbuyStaffRoutes, { db, saleChanged: (id: string) => placer.saleChanged(id) })
}
