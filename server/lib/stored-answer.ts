import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import type { StoredAnswer } from './idempotency'

/**
 * The answer stored under the caller's Idempotency-Key (server/lib/idempotency.ts step 3) in an endpoint's own
 * table, whose rows keep user_id, idempotency_key, request_hash and response (the answer, as JSON): order
 * placement (order_placements) and gift redemption (gift_redemptions). Null when none is stored.
 */
export async function storedAnswer<T>(
  db: Kysely<DB>,
  table: 'order_placements' | 'gift_redemptions',
  userId: string,
  key: string,
): Promise<StoredAnswer<T> | null> {
  const p = await db
    .selectFrom(table)
    .select(['request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
  if (!p) return null
  return {
    hash: p.request_hash ?? '',
    answer: (typeof p.response === 'string' ? JSON.parse(p.response) : p.response) as T,
  }
}
