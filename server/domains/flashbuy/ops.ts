import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { toMinor } from '../../../types/money'
import { ApiError, ok } from '../../errors'
import { flashbuyEndpoints } from '../../../types/flashbuy/endpoints'
import { opsEndpoints } from '../../lib/ops-route'
import { flashDisplayText } from '../../db/seed/flashbuy'
import { salesQuery, toSummary } from './sales'

/**
 * The operator's flash-sale endpoint, for tests and demos: POST /api/ops/flashbuy/{id} changes a sale's
 * flash price, stock or window (the end-to-end test moves a price between opening the submit page and
 * submitting, to show the price-changed dialog of spec §4 "Flash-buy submit flow" step 3).
 *
 * It is guarded by server/lib/ops-guard.ts (header x-ops-token against OPS_TOKEN; absent without it).
 * Its schemas: types/flashbuy/endpoints.ts.
 */
export { OPS_TOKEN_MIN_LENGTH, opsToken } from '../../lib/ops-guard'

export function registerFlashOps(app: FastifyInstance, db: Kysely<DB>, token: string) {
  const serveOps = opsEndpoints(app, token)
  // the guard runs onRequest, before the body is parsed or validated: without the key, nothing about the route is answered
  serveOps(flashbuyEndpoints.opsUpdateSale, async (req) => {
    const { id } = req.params
    const b = req.body
    const row = await db.transaction().execute(async (trx) => {
      const cur = await trx
        .selectFrom('flash_sales')
        .select(['country', 'start_at', 'end_at', 'total_qty'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!cur) throw new ApiError(404, 'NOT_FOUND', `Flash sale ${id} not found`, 'FLASH_NOT_FOUND')
      const startAt = b.startAt ? new Date(b.startAt) : new Date(cur.start_at)
      const endAt = b.endAt ? new Date(b.endAt) : new Date(cur.end_at)
      if (Number.isNaN(startAt.getTime()) || Number.isNaN(endAt.getTime()))
        throw new ApiError(400, 'VALIDATION_ERROR', 'startAt and endAt must be dates')
      if (endAt <= startAt) throw new ApiError(400, 'VALIDATION_ERROR', 'endAt must be after startAt')
      const text = flashDisplayText(startAt, cur.country)
      await trx
        .updateTable('flash_sales')
        .set({
          ...(b.flashPrice !== undefined ? { flash_price: toMinor(b.flashPrice) } : {}),
          ...(b.remainQty !== undefined
            ? { remain_qty: b.remainQty, total_qty: Math.max(cur.total_qty, b.remainQty) }
            : {}),
          start_at: startAt,
          end_at: endAt,
          display_text_en: text.en,
          display_text_zh: text.zh,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute()
      return salesQuery(trx).where('f.id', '=', id).executeTakeFirstOrThrow()
    })
    req.log.info({ flashSale: id, change: b }, 'flash sale changed by the operator endpoint')
    return ok(toSummary(row, req.locale.language))
  })
}
