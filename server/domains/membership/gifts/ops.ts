import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { canMoveRedemption, FEEDBACK_MOVES, RELEASED_REDEMPTION_STATUSES } from '../../../../types'
import { ApiError, ok } from '../../../errors'
import { membershipEndpoints } from '../../../../types/membership/endpoints'
import { opsEndpoints } from '../../../lib/ops-route'
import { lockMember, reverseEntry } from '../ledger'

/**
 * The operator's gift-centre endpoints, for tests and demos (server/lib/ops-guard.ts: header
 * x-ops-token against OPS_TOKEN; absent without it):
 * - POST /api/ops/gift-redemptions/{redemptionNumber}/status {status}: one move of
 *   types/membership/gifts.ts REDEMPTION_MOVES; to cancelled or expired, in the same transaction, the
 *   points come back (reverseEntry of the spend) and so does the stock.
 * - POST /api/ops/redemption-feedback/{id} {status, result?}: pending → In-Progress → completed.
 * Their schemas: types/membership/endpoints.ts.
 */

export function registerGiftOps(app: FastifyInstance, db: Kysely<DB>, token: string) {
  const serveOps = opsEndpoints(app, token)

  serveOps(membershipEndpoints.opsMoveRedemption, async (req) => {
    const to = req.body.status
    const res = await db.transaction().execute(async (trx) => {
      const head = await trx
        .selectFrom('gift_redemptions')
        .select(['user_id'])
        .where('redemption_number', '=', req.params.redemptionNumber)
        .executeTakeFirst()
      if (!head)
        throw new ApiError(
          404,
          'NOT_FOUND',
          `Redemption ${req.params.redemptionNumber} not found`,
          'REDEMPTION_NOT_FOUND',
        )
      // the member's lock first, then the rows (the order redemption takes them in: no deadlock)
      await lockMember(trx, head.user_id)
      const rd = await trx
        .selectFrom('gift_redemptions')
        .select(['id', 'status', 'points_entry_id', 'user_id'])
        .where('redemption_number', '=', req.params.redemptionNumber)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (!canMoveRedemption(rd.status, to)) {
        throw new ApiError(409, 'CONFLICT', `A ${rd.status} redemption cannot become ${to}`, 'REDEMPTION_STATUS')
      }
      await trx
        .updateTable('gift_redemptions')
        .set({ status: to, updated_at: sql<Date>`now()` })
        .where('id', '=', rd.id)
        .execute()
      let pointsReturned = 0
      if (RELEASED_REDEMPTION_STATUSES.includes(to)) {
        if (rd.points_entry_id) {
          const e = await trx
            .selectFrom('points_entries')
            .select('points')
            .where('id', '=', rd.points_entry_id as never)
            .executeTakeFirstOrThrow()
          if (
            (await reverseEntry(trx, rd.points_entry_id, `redemption ${req.params.redemptionNumber} ${to}`)) ===
            'reversed'
          )
            pointsReturned = -e.points
        }
        const lines = await trx
          .selectFrom('gift_redemption_lines')
          .select(['gift_id', 'quantity'])
          .where('redemption_id', '=', rd.id)
          .orderBy('gift_id')
          .execute()
        for (const l of lines)
          await trx
            .updateTable('gifts')
            .set({ stock: sql<number>`stock + ${l.quantity}`, updated_at: sql<Date>`now()` })
            .where('id', '=', l.gift_id)
            .execute()
      }
      return { redemptionNumber: req.params.redemptionNumber, from: rd.status, status: to, pointsReturned }
    })
    req.log.info(res, 'redemption moved by the operator endpoint')
    return ok(res)
  })

  serveOps(membershipEndpoints.opsMoveFeedback, async (req) => {
    const f = await db
      .selectFrom('gift_redemption_feedback')
      .select(['id', 'status', 'result'])
      .where('id', '=', req.params.id as never)
      .executeTakeFirst()
    if (!f) throw new ApiError(404, 'NOT_FOUND', `Feedback ${req.params.id} not found`, 'FEEDBACK_NOT_FOUND')
    if (!FEEDBACK_MOVES[f.status].includes(req.body.status))
      throw new ApiError(409, 'CONFLICT', `Feedback ${f.status} cannot become ${req.body.status}`, 'FEEDBACK_STATUS')
    const result = req.body.result ?? f.result
    await db
      .updateTable('gift_redemption_feedback')
      .set({ status: req.body.status, result, updated_at: sql<Date>`now()` })
      .where('id', '=', f.id as never)
      .where('status', '=', f.status)
      .execute()
    return ok({ id: String(f.id), status: req.body.status, result })
  })
}
