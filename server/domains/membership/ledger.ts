import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { PointsSource } from '../../../types'

/**
 * The points ledger (issue 13): "every change is an entry (earned, spent, expired, reversed); the
 * balance is derived from the entries, never edited in place; concurrent spending can never drive it
 * below zero."
 *
 * How: every writer that takes points away runs inside a transaction that first takes the member's
 * transaction-scoped advisory lock (`lockMember`), then reads the balance and appends its entry. Two
 * spends for one member are therefore serialized (the second reads the balance after the first
 * committed), on PostgreSQL with any number of server instances and on PGlite alike. Credits need no
 * lock (they can only raise the balance) but take it anyway when they must be idempotent by reference:
 * the unique index (user, source, source_ref, kind) is the final word.
 */

type Db = Kysely<DB> | Transaction<DB>

/** the advisory-lock namespace of the points ledger (the first key of the two-key lock) */
const LEDGER_LOCK = 1313

/** Serializes this transaction with every other points writer of `userId` until it commits or rolls back. */
export async function lockMember(trx: Transaction<DB>, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${LEDGER_LOCK}, hashtext(${userId}))`.execute(trx)
}

/** The member's balance: the sum of their entries. */
export async function pointsBalance(db: Db, userId: string): Promise<number> {
  const r = await db
    .selectFrom('points_entries')
    .where('user_id', '=', userId)
    .select(sql<string>`coalesce(sum(points), 0)`.as('balance'))
    .executeTakeFirstOrThrow()
  return Number(r.balance)
}

export type EntrySource = { source: PointsSource; sourceRef: string | null; note?: string | null }

export type SpendResult = { ok: true; balance: number; entryId: string } | { ok: false; balance: number }

/**
 * Takes `points` (> 0) from the member: appends a 'spent' entry of -points, or refuses (ok: false)
 * when the balance is short. Must run inside the caller's transaction, so that whatever the points pay
 * for (a redemption, a draw) is written with the entry or not at all.
 */
export async function spendPoints(
  trx: Transaction<DB>,
  userId: string,
  points: number,
  src: EntrySource,
): Promise<SpendResult> {
  if (!Number.isInteger(points) || points <= 0)
    throw new Error(`spendPoints: points must be a positive integer, got ${points}`)
  await lockMember(trx, userId)
  const balance = await pointsBalance(trx, userId)
  if (balance < points) return { ok: false, balance }
  const row = await trx
    .insertInto('points_entries')
    .values({
      user_id: userId,
      kind: 'spent',
      points: -points,
      source: src.source,
      source_ref: src.sourceRef,
      note: src.note ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { ok: true, balance: balance - points, entryId: String(row.id) }
}

/**
 * Credits `points` (> 0). With a sourceRef the credit happens at most once per (source, ref): a
 * second call returns false and writes nothing.
 */
export async function earnPoints(
  trx: Transaction<DB>,
  userId: string,
  points: number,
  src: EntrySource & { expiresAt?: Date | null },
): Promise<boolean> {
  if (!Number.isInteger(points) || points <= 0)
    throw new Error(`earnPoints: points must be a positive integer, got ${points}`)
  await lockMember(trx, userId)
  const r = await trx
    .insertInto('points_entries')
    .values({
      user_id: userId,
      kind: 'earned',
      points,
      source: src.source,
      source_ref: src.sourceRef,
      note: src.note ?? null,
      expires_at: src.expiresAt ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'source', 'source_ref', 'kind']).where('source_ref', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

/**
 * Undoes one entry with a 'reversed' entry of the opposite amount (once: the second call returns
 * null). Reversing a credit may leave the balance below zero only if the points were already spent;
 * `allowNegative: false` (the default) refuses that instead and returns 'short'.
 */
export async function reverseEntry(
  trx: Transaction<DB>,
  entryId: string,
  note: string | null,
  opts: { allowNegative?: boolean } = {},
): Promise<'reversed' | 'already' | 'short' | 'missing'> {
  const e = await trx
    .selectFrom('points_entries')
    .selectAll()
    .where('id', '=', entryId as never)
    .executeTakeFirst()
  if (!e || e.kind === 'reversed') return 'missing'
  await lockMember(trx, e.user_id)
  const done = await trx.selectFrom('points_entries').select('id').where('reverses_id', '=', entryId).executeTakeFirst()
  if (done) return 'already'
  if (e.points > 0 && !opts.allowNegative && (await pointsBalance(trx, e.user_id)) < e.points) return 'short'
  await trx
    .insertInto('points_entries')
    .values({
      user_id: e.user_id,
      kind: 'reversed',
      points: -e.points,
      source: e.source,
      source_ref: e.source_ref,
      note,
      reverses_id: entryId,
    })
    .execute()
  return 'reversed'
}
