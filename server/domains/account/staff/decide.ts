import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely'
import type { DB } from '../../../db/schema'
import type { Permission } from '../../../../types/staff/permissions'
import type { EventType } from '../../../../types/platform/events'
import { pageOf } from '../../../lib/paging'
import { staffWrite } from '../../staff'
import { emitEvent } from '../../platform'
import { mailNotices, notifyBuyer, type BuyerNotice, type NoticeMail } from '../notify'
import { alreadyDecided, decided, notFound, rejectionReason } from './common'

/**
 * What every account decision shares (issue 24): a request waits PENDING in its table (a new ship-to's review, an
 * onboarding request, a supply-centre request) until staff approve or reject it. Its queue, its review by id and
 * its decision read the same way for the three kinds: the request is locked and must still be pending (404, 409),
 * the decision writes, the request row records who decided, when and why, the buyers are told (their notification
 * list in the transaction, the email once it has committed), the events are recorded, and the audit entry holds it
 * all (staffWrite). Each kind says what differs in its RequestKind; each decision in what `decide` returns.
 */

export type RequestTable = 'ship_to_reviews' | 'onboarding_requests' | 'supply_center_requests'
/** a row of the kind's table (`id` named for the code that serves any of the three) */
type RequestRow<T extends RequestTable> = Selectable<DB[T]> & { id: number }

export interface RequestKind<T extends RequestTable, L, R> {
  table: T
  /** the column a route names a request by: the review's id, or the request id the buyer was given */
  key: 'id' | 'request_id'
  /** how a refusal names one: 'supply-centre request' */
  label: string
  /** the queue's pending requests come first by: submission (oldest first) or due date (most overdue first) */
  pendingOrder: 'submitted_at' | 'review_due_by'
  /** the audit entry of a decision: its permission (the routes' too) and the kind of record */
  permission: Permission
  entity: string
  /** what a decision needs besides the locked row, under the same transaction (409 for what cannot be decided here) */
  lockMore: (trx: Transaction<DB>, row: RequestRow<T>) => Promise<L>
  /** rows as the queue shows them */
  toReviews: (db: Kysely<DB>, rows: RequestRow<T>[]) => Promise<R[]>
}

// Kysely types a query by the table written in it; these read whichever table the kind names (the columns used are
// those the three tables share, and request_id), so the rows are typed by the kind's table.
const anyTable = <T extends RequestTable>(kind: RequestKind<T, unknown, unknown>): RequestTable => kind.table

/** The queue of a kind: by status (PENDING by default); pending by the kind's order, decided the latest first. */
export async function queueOf<T extends RequestTable, R>(
  db: Kysely<DB>,
  kind: RequestKind<T, unknown, R>,
  q: { status?: 'PENDING' | 'APPROVED' | 'REJECTED'; page?: number; pageSize?: number },
) {
  const status = q.status ?? 'PENDING'
  const base = db.selectFrom(anyTable(kind)).where('status', '=', status)
  const { rows, ...counts } = await pageOf(base, q, (b) =>
    status === 'PENDING'
      ? b.selectAll().orderBy(kind.pendingOrder, 'asc').orderBy('id', 'asc')
      : b.selectAll().orderBy('decided_at', 'desc').orderBy('id', 'desc'),
  )
  return { items: await kind.toReviews(db, rows as unknown as RequestRow<T>[]), ...counts }
}

/** One request as the queue shows it (the answer of a decision). */
export async function reviewOf<T extends RequestTable, R>(
  db: Kysely<DB>,
  kind: RequestKind<T, unknown, R>,
  id: string | number,
): Promise<R> {
  const r = await db.selectFrom(anyTable(kind)).selectAll().where(kind.key, '=', id).executeTakeFirstOrThrow()
  return (await kind.toReviews(db, [r as unknown as RequestRow<T>]))[0]
}

/** The request, locked FOR UPDATE; 404 unknown, 409 decided already (by someone else meanwhile, or twice). */
async function lockPending<T extends RequestTable, L>(
  trx: Transaction<DB>,
  kind: RequestKind<T, L, unknown>,
  id: string | number,
): Promise<{ row: RequestRow<T> } & L> {
  const r = await trx.selectFrom(anyTable(kind)).selectAll().where(kind.key, '=', id).forUpdate().executeTakeFirst()
  if (!r) throw notFound(kind.label, id)
  const label = kind.label[0].toUpperCase() + kind.label.slice(1)
  if (r.status !== 'PENDING') throw alreadyDecided(label, id, r.status)
  const row = r as unknown as RequestRow<T>
  return { row, ...(await kind.lockMore(trx, row)) }
}

/** Approve, or reject with a reason told to the buyer (plain text, not blank: rejectionReason). */
export type Verdict = { status: 'APPROVED' } | { status: 'REJECTED'; reason: string }
type ReasonOf<V extends Verdict> = V extends { reason: string } ? string : null

/** What a decision did, besides recording itself on the request row. */
export interface Decided<T extends RequestTable, Result> {
  /** the audit entry's record before and after */
  before: unknown
  after: unknown
  /** more columns of the request row (the ship-to number given, the account linked) */
  columns?: Updateable<DB[T]>
  /** what the buyers are told, in this order */
  notices: BuyerNotice[]
  /** the events of the decision, recorded after what `decide` recorded itself */
  events: { type: EventType; data: Record<string, unknown> }[]
  /** users whose cached session (account, registration status) the decision changed */
  staleUsers?: string[]
  /** what the route answers besides the review */
  result?: Result
}

/** One decision: which request, what staff decided, and what the decision does besides closing it. */
export interface Decision<T extends RequestTable, L, V extends Verdict, Result> {
  kind: RequestKind<T, L, unknown>
  id: string | number
  /** the audit entry's action: 'supplyCentre.approve' */
  action: string
  verdict: V
  /** the decision's own writes and what to tell and record; the request row is closed after it */
  decide: (
    trx: Transaction<DB>,
    locked: { row: RequestRow<T> } & L,
    how: { staffId: string; reason: ReasonOf<V>; now: Date },
  ) => Promise<Decided<T, Result>>
}

/** Decides a pending request as the staff of `req`, in one audited transaction; returns what `decide` gave. */
export async function decideRequest<T extends RequestTable, L, V extends Verdict, Result = never>(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  { kind, id, action, verdict, decide }: Decision<T, L, V, Result>,
): Promise<Result | undefined> {
  const staffId = req.staff!.id
  // checked before anything is locked: a blank reason is the request's fault
  const reason = (verdict.status === 'REJECTED' ? rejectionReason(verdict.reason) : null) as ReasonOf<V>
  const entityId = String(id)
  return staffWrite(db, req, { permission: kind.permission, action, entity: kind.entity, entityId }, async (trx) => {
    const locked = await lockPending(trx, kind, id)
    const now = new Date()
    const done = await decide(trx, locked, { staffId, reason, now })
    await trx
      .updateTable(anyTable(kind))
      .set({ ...done.columns, status: verdict.status, ...decided(staffId, reason, now) })
      .where('id', '=', locked.row.id)
      .execute()
    const mails: (NoticeMail | null)[] = []
    for (const notice of done.notices) mails.push(await notifyBuyer(trx, notice))
    for (const e of done.events) await emitEvent(trx, e.type, e.data)
    return {
      before: done.before,
      after: done.after,
      result: done.result,
      afterCommit: async () => {
        for (const userId of done.staleUsers ?? []) app.invalidateUser(userId)
        await mailNotices(app, mails)
      },
    }
  })
}
