import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { paging } from '../../../lib/paging'
import { FEEDBACK_MOVES, type FeedbackStatus } from '../../../../types/membership'
import type { AdminFeedback } from '../../../../types/membership/staff-endpoints'
import { plainTextProblem } from '../../../../types/membership/staff-rules'
import { staffWrite } from '../../staff'
import { mailNotices, notifyBuyer } from '../../account'
import { feedbackResolvedNotice } from './notices'

/**
 * Redemption feedback, resolved by staff (issue 24: "redemption feedback resolved"): the resolution note becomes
 * the feedback's result and its status completed (types/membership/gifts.ts FEEDBACK_MOVES), which the member
 * reads in their feedback list. Completed is final: resolving again is 409.
 */

type Db = Kysely<DB> | Transaction<DB>
const iso = (d: Date | string) => new Date(d).toISOString()

const feedbackQuery = (db: Db) =>
  db
    .selectFrom('gift_redemption_feedback as f')
    .innerJoin('gift_redemptions as r', 'r.id', 'f.redemption_id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select([
      'f.id',
      'r.redemption_number',
      'f.user_id',
      'u.user_name',
      'f.category',
      'f.type',
      'f.description',
      'f.status',
      'f.result',
      'f.resolved_at',
      'f.resolved_by',
      'f.created_at',
    ])

type Row = Awaited<ReturnType<ReturnType<typeof feedbackQuery>['executeTakeFirstOrThrow']>>
const out = (f: Row): AdminFeedback => ({
  id: String(f.id),
  number: f.redemption_number,
  member: { userId: f.user_id, userName: f.user_name },
  category: f.category as AdminFeedback['category'],
  type: f.type as AdminFeedback['type'],
  description: f.description,
  status: f.status,
  result: f.result,
  resolvedAt: f.resolved_at ? iso(f.resolved_at) : null,
  resolvedBy: f.resolved_by,
  createdAt: iso(f.created_at),
})

/** GET /admin/redemption-feedback: oldest first; `status=open` for pending and In-Progress. */
export async function listFeedback(
  db: Kysely<DB>,
  q: { page?: number; pageSize?: number; status?: FeedbackStatus | 'open' },
) {
  const { page, pageSize, offset } = paging(q, 20)
  const statuses: FeedbackStatus[] | null =
    q.status === undefined ? null : q.status === 'open' ? ['pending', 'In-Progress'] : [q.status]
  let base = feedbackQuery(db)
  let count = db.selectFrom('gift_redemption_feedback as f').select(sql<number>`count(*)::int`.as('total'))
  if (statuses) {
    base = base.where('f.status', 'in', statuses)
    count = count.where('f.status', 'in', statuses)
  }
  const [{ total }, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    base.orderBy('f.created_at').orderBy('f.id').limit(pageSize).offset(offset).execute(),
  ])
  return { items: rows.map(out), total, page, pageSize }
}

/** POST /admin/redemption-feedback/:id/resolve {note}. */
export async function resolveFeedback(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  id: string,
  note: string,
): Promise<AdminFeedback> {
  const problem = plainTextProblem('body/note', note)
  if (problem) throw new ApiError(400, 'VALIDATION_ERROR', problem)
  const text = note.trim()
  return staffWrite(
    db,
    req,
    { permission: 'redemption.ship', action: 'feedback.resolve', entity: 'redemption_feedback', entityId: id },
    async (trx) => {
      const f = await trx
        .selectFrom('gift_redemption_feedback')
        .select(['id', 'user_id', 'status', 'result'])
        .where('id', '=', id as never)
        .forUpdate()
        .executeTakeFirst()
      if (!f) throw new ApiError(404, 'NOT_FOUND', `Feedback ${id} not found`, 'FEEDBACK_NOT_FOUND')
      if (!FEEDBACK_MOVES[f.status].includes('completed'))
        throw new ApiError(409, 'CONFLICT', `Feedback ${id} is ${f.status} already`, 'FEEDBACK_STATUS')
      const now = new Date()
      await trx
        .updateTable('gift_redemption_feedback')
        .set({ status: 'completed', result: text, resolved_at: now, resolved_by: req.staff!.id, updated_at: now })
        .where('id', '=', f.id as never)
        .execute()
      const after = out(
        await feedbackQuery(trx)
          .where('f.id', '=', f.id as never)
          .executeTakeFirstOrThrow(),
      )
      const mail = await notifyBuyer(trx, feedbackResolvedNotice(f.user_id, after.number, text))
      return {
        before: { status: f.status, result: f.result },
        after: { status: 'completed', result: text },
        result: after,
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
}
