import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { canMoveRedemption } from '../../../../types/membership'
import type { AdminRedemption } from '../../../../types/membership/staff-endpoints'
import { plainTextProblem } from '../../../../types/membership/staff-rules'
import { staffWrite } from '../../staff'
import { mailNotices, notifyBuyer } from '../../account'
import { emitEvent } from '../../platform'
import { lockMember, reverseEntry } from '../ledger'
import { hydrate } from './redemptions'
import { redemptionCancelledNotice } from './notices'

/**
 * Customer service cancels a gift redemption (issue 24 removed the operator endpoint that did it; this is its staff
 * replacement): the move to 'cancelled' of types/membership/gifts.ts REDEMPTION_MOVES (from created, submitted or
 * pending_shipped; shipped, partial_shipped, cancelled and expired are 409), with, in the same transaction, the
 * member's points back (reverseEntry of the spend, at most once) and each gift's stock back. Prize orders (LD…) are
 * not cancelled here: the draw's points paid for the draw, not for the prize.
 */

/** POST /admin/redemptions/:number/cancel {reason}. */
export async function cancelRedemption(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  number: string,
  rawReason: string,
): Promise<AdminRedemption> {
  const problem = plainTextProblem('body/reason', rawReason)
  if (problem) throw new ApiError(400, 'VALIDATION_ERROR', problem)
  const reason = rawReason.trim()
  return staffWrite(
    db,
    req,
    { permission: 'redemption.ship', action: 'redemption.cancel', entity: 'gift_redemption', entityId: number },
    async (trx) => {
      const head = await trx
        .selectFrom('gift_redemptions')
        .select(['user_id'])
        .where('redemption_number', '=', number)
        .executeTakeFirst()
      if (!head) throw new ApiError(404, 'NOT_FOUND', `${number} not found`, 'REDEMPTION_NOT_FOUND')
      // the member's lock first, then the row: the order a redemption takes them in, so the two cannot deadlock
      await lockMember(trx, head.user_id)
      const rd = await trx
        .selectFrom('gift_redemptions')
        .select(['id', 'status', 'points_entry_id', 'user_id'])
        .where('redemption_number', '=', number)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (!canMoveRedemption(rd.status, 'cancelled'))
        throw new ApiError(409, 'CONFLICT', `${number} is ${rd.status}: it cannot be cancelled`, 'REDEMPTION_STATUS')
      const now = new Date()
      await trx
        .updateTable('gift_redemptions')
        .set({ status: 'cancelled', updated_at: now })
        .where('id', '=', rd.id)
        .execute()
      let pointsReturned = 0
      if (rd.points_entry_id) {
        const spent = await trx
          .selectFrom('points_entries')
          .select('points')
          .where('id', '=', rd.points_entry_id as never)
          .executeTakeFirstOrThrow()
        if ((await reverseEntry(trx, rd.points_entry_id, `redemption ${number} cancelled: ${reason}`)) === 'reversed')
          pointsReturned = -spent.points
      }
      const lines = await trx
        .selectFrom('gift_redemption_lines')
        .select(['gift_id', 'quantity'])
        .where('redemption_id', '=', rd.id)
        .orderBy('gift_id')
        .execute()
      // in gift order, so that two cancels touching the same gifts take their row locks in one order
      for (const l of lines)
        await trx
          .updateTable('gifts')
          .set({ stock: sql<number>`stock + ${l.quantity}`, updated_at: now })
          .where('id', '=', l.gift_id)
          .execute()
      const mail = await notifyBuyer(trx, redemptionCancelledNotice(rd.user_id, number, reason, pointsReturned))
      await emitEvent(trx, 'redemption.cancelled', {
        kind: 'gift',
        number,
        userId: rd.user_id,
        reason,
        pointsReturned,
        lines: lines.map((l) => ({ giftId: l.gift_id, quantity: l.quantity })),
        cancelledAt: now.toISOString(),
      })
      const [after] = await hydrate(trx, [{ kind: 'gift', number }])
      return {
        before: { status: rd.status },
        after: { status: 'cancelled', reason, pointsReturned },
        result: after,
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
}
