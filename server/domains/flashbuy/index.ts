import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { FlashPlaceOrderBodySchema, FlashPlaceOrderResultSchema } from '../../../types'
import { ok } from '../../errors'
import { okReply, tagRoutes } from '../../lib/openapi'
import { createFlashPlacer } from './place'

/**
 * Flash-buy domain (spec §2, §3, §4, §5, §7): the sale list, the detail, apply-promo and placement.
 */
export async function flashbuyRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'flashbuy')
  const db = opts.db
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const required = { preHandler: app.requireUser }

  const placer = createFlashPlacer(db, { redisUrl: process.env.REDIS_URL || null, log: app.log })
  app.addHook('onClose', async () => placer.close())

  // ---- POST /flashbuy/place/order (place/): header Idempotency-Key required
  r.post('/flashbuy/place/order', { ...required, schema: { body: FlashPlaceOrderBodySchema, response: okReply(FlashPlaceOrderResultSchema) } }, async (req) => {
    return ok(await placer.place(req, req.body))
  })
}
