import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import {
  MINOR_PER_POINT,
  ORDER_CREDIT_STATUSES,
  ORDER_REVERSAL_STATUSES,
  expiryDue,
  lotExpiresAt,
  nextExpiry,
  orderPoints,
  type PointsLot,
} from '../../../../types'
import { isMembershipBlocked } from '../../../../types/membership/eligibility'
import { earnPoints, lockMember, pointsBalance, reverseEntry } from '../ledger'

/**
 * Keeping a member's ledger up to date with their orders and the calendar (docs/membership.md,
 * "Points and gifts"). Both are idempotent and cheap when there is nothing to do (one read each), so
 * they run whenever a member's points are read or spent.
 *
 * - syncOrderPoints: credits every order that has left the warehouse (types/membership/points.ts
 *   ORDER_CREDIT_STATUSES) and is not credited yet, and reverses the credit of an order cancelled
 *   since. The unique index (user, source, source_ref, kind) of points_entries is the last word: an
 *   order is credited once and reversed once, whoever runs first.
 * - syncExpiry: writes one 'expired' entry (source 'expiry') for the unused points of the lots whose
 *   expiry has passed (FIFO, expiryDue), under the member's lock.
 */

type Db = Kysely<DB> | Transaction<DB>

export async function syncOrderPoints(db: Kysely<DB>, userId: string): Promise<{ credited: number; reversed: number }> {
  const notCredited = (kind: 'earned' | 'reversed') => sql<boolean>`NOT EXISTS (SELECT 1 FROM points_entries e
    WHERE e.user_id = ${userId} AND e.source = 'order' AND e.kind = ${kind} AND e.source_ref = o.order_number)`
  const [toCredit, toReverse] = await Promise.all([
    db
      .selectFrom('orders as o')
      .select(['o.order_number', 'o.currency', 'o.total_amount', 'o.created_at'])
      .where('o.user_id', '=', userId)
      .where('o.status', 'in', [...ORDER_CREDIT_STATUSES])
      .where(
        sql<boolean>`o.total_amount >= CASE WHEN o.currency = 'INR' THEN ${MINOR_PER_POINT.INR}::bigint ELSE ${MINOR_PER_POINT.CNY}::bigint END`,
      )
      .where(notCredited('earned'))
      .orderBy('o.created_at')
      .orderBy('o.id')
      .execute(),
    db
      .selectFrom('orders as o')
      .innerJoin('points_entries as e', (j) =>
        j
          .on('e.user_id', '=', userId)
          .on('e.source', '=', 'order')
          .on('e.kind', '=', 'earned')
          .onRef('e.source_ref', '=', 'o.order_number'),
      )
      .select(['e.id', 'o.order_number'])
      .where('o.user_id', '=', userId)
      .where('o.status', 'in', [...ORDER_REVERSAL_STATUSES])
      .where(notCredited('reversed'))
      .execute(),
  ])
  if (!toCredit.length && !toReverse.length) return { credited: 0, reversed: 0 }
  return db.transaction().execute(async (trx) => {
    let credited = 0
    let reversed = 0
    for (const o of toCredit) {
      const pts = orderPoints(o.currency, Number(o.total_amount))
      if (
        pts > 0 &&
        (await earnPoints(trx, userId, pts, {
          source: 'order',
          sourceRef: o.order_number,
          expiresAt: lotExpiresAt(o.created_at),
        }))
      )
        credited++
    }
    // a cancelled order's points are taken back even when they were spent already (the balance may then
    // go below zero; nothing can be spent until it is positive again)
    for (const e of toReverse)
      if (
        (await reverseEntry(trx, String(e.id), `order ${e.order_number} cancelled`, { allowNegative: true })) ===
        'reversed'
      )
        reversed++
    return { credited, reversed }
  })
}

/** The facts of the FIFO rule: unreversed earned lots by expiry date, net spending, and what has expired already. */
export async function ledgerFacts(
  db: Db,
  userId: string,
): Promise<{ lots: PointsLot[]; spent: number; expired: number }> {
  const [lots, spent, expired] = await Promise.all([
    db
      .selectFrom('points_entries as e')
      .select(['e.expires_at', sql<string>`sum(e.points)`.as('points')])
      .where('e.user_id', '=', userId)
      .where('e.kind', '=', 'earned')
      .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM points_entries r WHERE r.reverses_id = e.id)`)
      .groupBy('e.expires_at')
      .execute(),
    // spent, less what came back (reversals of spends: a cancelled redemption)
    db
      .selectFrom('points_entries as e')
      .leftJoin('points_entries as t', 't.id', 'e.reverses_id')
      .select(sql<string>`coalesce(-sum(e.points), 0)`.as('n'))
      .where('e.user_id', '=', userId)
      .where((w) => w.or([w('e.kind', '=', 'spent'), w.and([w('e.kind', '=', 'reversed'), w('t.kind', '=', 'spent')])]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('points_entries')
      .select(sql<string>`coalesce(-sum(points), 0)`.as('n'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'expired')
      .executeTakeFirstOrThrow(),
  ])
  return {
    lots: lots.map((l) => ({ expiresAt: l.expires_at, points: Number(l.points) })),
    spent: Number(spent.n),
    expired: Number(expired.n),
  }
}

/** Expires what is due now (FIFO); returns the points expired by this call (0 when nothing was due). */
export async function syncExpiry(db: Kysely<DB>, userId: string, now = new Date()): Promise<number> {
  const f = await ledgerFacts(db, userId)
  if (expiryDue(f.lots, f.spent + f.expired, now) <= 0) return 0
  return db.transaction().execute(async (trx) => {
    await lockMember(trx, userId)
    const g = await ledgerFacts(trx, userId)
    const due = expiryDue(g.lots, g.spent + g.expired, now)
    // never below zero (a reversed order credit can have taken points the lots still count)
    const amount = Math.min(due, await pointsBalance(trx, userId))
    if (amount <= 0) return 0
    // the reference is the running total expired after this entry: unique, so a second writer with the same view fails
    await trx
      .insertInto('points_entries')
      .values({
        user_id: userId,
        kind: 'expired',
        points: -amount,
        source: 'expiry',
        source_ref: `expired-total:${g.expired + amount}`,
        note: `expired ${now.toISOString().slice(0, 10)}`,
      })
      .execute()
    return amount
  })
}

/** Orders and the calendar, then the member's balance: what every points read and spend starts with. */
export async function syncMember(db: Kysely<DB>, userId: string): Promise<void> {
  await syncOrderPoints(db, userId)
  await syncExpiry(db, userId)
}

export async function pointsSummary(db: Kysely<DB>, userId: string, now = new Date()) {
  await syncMember(db, userId)
  const [balance, f] = await Promise.all([pointsBalance(db, userId), ledgerFacts(db, userId)])
  const next = nextExpiry(f.lots, f.spent + f.expired, now)
  return { balance, expiring: next ? { points: next.points, expiresAt: next.expiresAt.toISOString() } : null }
}

/**
 * The hook of an order's status change (server/domains/order/status-change.ts, after its commit): an order that
 * has just left the warehouse (or was cancelled) brings its owner's points up to date at once, unless the owner's
 * account is barred from the programme (spec §1: distributor, agent and special accounts earn nothing).
 */
export async function syncOrderOwnerPoints(db: Kysely<DB>, orderId: number): Promise<void> {
  const o = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['o.user_id', 'a.account_type'])
    .where('o.id', '=', orderId)
    .executeTakeFirst()
  if (!o || isMembershipBlocked(o.account_type)) return
  await syncOrderPoints(db, o.user_id)
}
