import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ok } from '../../errors'
import { tagRoutes, IDEMPOTENCY_KEY, routeOf } from '../../lib/openapi'
import { flashbuyEndpoints } from '../../../types/flashbuy/endpoints'
import { createFlashPlacer } from './place'
import { applyFlashPromo, listSales, quoteSale, saleDetail } from './sales'
import { opsToken, registerFlashOps } from './ops'

/**
 * Flash-buy domain (spec §2, §3, §4, §5, §7): the sale list, the detail, apply-promo and placement.
 */
export async function flashbuyRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'flashbuy')
  const db = opts.db
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const required = { preHandler: app.requireUser }
  const optional = { preHandler: app.optionalUser }

  // ---- the sale list (the flash-sale list screen) and the detail (spec §3 "Flash-buy detail")
  r.route({ ...routeOf(flashbuyEndpoints.list), ...optional, handler: async (req) => ok(await listSales(db, req)) })
  r.route({
    ...routeOf(flashbuyEndpoints.detail),
    ...optional,
    handler: async (req) => ok(await saleDetail(db, req, req.params.id)),
  })
  // ---- what an order of this quantity is charged now: line, taxes, total (issue 22 item 4; nothing reserved)
  r.route({
    ...routeOf(flashbuyEndpoints.quote),
    ...optional,
    handler: async (req) => ok(await quoteSale(db, req, req.params.id, req.query.quantity)),
  })

  // ---- POST /flashbuy/promos/apply (spec §7): business refusals are statuses of a 200 answer
  r.route({
    ...routeOf(flashbuyEndpoints.applyPromo),
    ...required,
    handler: async (req) => ok(await applyFlashPromo(db, req, req.body)),
  })

  // ---- operator endpoint (tests, demos): only when OPS_TOKEN is configured
  const token = opsToken(app.config)
  if (token) registerFlashOps(app, db, token)

  const placer = createFlashPlacer(db, app.config, app.log)
  app.addHook('onClose', async () => placer.close())

  // ---- POST /flashbuy/place/order (place/): header Idempotency-Key required
  r.route({
    ...routeOf(flashbuyEndpoints.placeOrder),
    ...required,
    ...IDEMPOTENCY_KEY,
    handler: async (req) => {
      return ok(await placer.place(req, req.body))
    },
  })
}
