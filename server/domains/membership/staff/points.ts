import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { isMembershipBlocked } from '../../../../types/membership'
import type { AdjustPointsBody } from '../../../../types/membership/staff-endpoints'
import { plainTextProblem } from '../../../../types/membership/staff-rules'
import { staffWrite } from '../../staff'
import { mailNotices, notifyBuyer } from '../../account'
import { emitEvent } from '../../platform'
import { earnPoints, lockMember, pointsBalance, spendPoints } from '../ledger'
import { syncMember } from '../points/sync'
import { pointsAdjustedNotice } from './notices'

/**
 * A manual adjustment of a member's points (issue 24: "Points: manual adjustment with a reason, through the points
 * ledger"): one entry of source 'adjustment' whose note is the reason, which the member reads on the ledger line.
 * Added points are an 'earned' entry that never expires; taken points a 'spent' entry, written by the ledger's
 * spendPoints under the member's lock, so an adjustment can never take the balance below zero (409), whatever is
 * spent at the same time.
 */
export async function adjustPoints(app: FastifyInstance, db: Kysely<DB>, req: FastifyRequest, b: AdjustPointsBody) {
  if (b.delta === 0) throw new ApiError(400, 'VALIDATION_ERROR', 'body/delta must not be 0')
  const problem = plainTextProblem('body/reason', b.reason)
  if (problem) throw new ApiError(400, 'VALIDATION_ERROR', problem)
  const reason = b.reason.trim()
  const user = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['u.id', 'a.account_type'])
    .where('u.id', '=', b.userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(404, 'NOT_FOUND', `Member ${b.userId} not found`, 'USER_NOT_FOUND')
  if (isMembershipBlocked(user.account_type))
    throw new ApiError(409, 'CONFLICT', 'Distributor, agent and special accounts have no points', 'MEMBERSHIP_BLOCKED')
  // the balance the member sees: orders credited and expiries written first (idempotent)
  await syncMember(db, user.id)
  const ref = `ADJ-${Date.now().toString(36).toUpperCase()}-${randomBytes(3).toString('hex').toUpperCase()}`
  return staffWrite(
    db,
    req,
    { permission: 'points.adjust', action: 'points.adjust', entity: 'member_points', entityId: user.id },
    async (trx) => {
      await lockMember(trx, user.id)
      const before = await pointsBalance(trx, user.id)
      const src = { source: 'adjustment' as const, sourceRef: ref, note: reason }
      if (b.delta > 0) await earnPoints(trx, user.id, b.delta, { ...src, expiresAt: null })
      else {
        const spent = await spendPoints(trx, user.id, -b.delta, src)
        if (!spent.ok)
          throw new ApiError(
            409,
            'CONFLICT',
            `The balance is ${spent.balance}: ${-b.delta} points cannot be taken`,
            'POINTS_INSUFFICIENT',
          )
      }
      const entry = await trx
        .selectFrom('points_entries')
        .select('id')
        .where('user_id', '=', user.id)
        .where('source', '=', 'adjustment')
        .where('source_ref', '=', ref)
        .executeTakeFirstOrThrow()
      const balance = before + b.delta
      const mail = await notifyBuyer(trx, pointsAdjustedNotice(user.id, b.delta, reason, balance))
      await emitEvent(trx, 'points.adjusted', {
        userId: user.id,
        entryId: String(entry.id),
        delta: b.delta,
        reason,
        balance,
      })
      const result = { userId: user.id, entryId: String(entry.id), delta: b.delta, reason, balance }
      return {
        before: { balance: before },
        after: { balance, entryId: result.entryId },
        result,
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
}
