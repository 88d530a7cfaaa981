import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { DB } from '../../db/schema'
import type { CatalogDB } from '../../db/schema-catalog'
import type { AuthUser } from '../auth'
import { ApiError } from '../../errors'

export const asCatalogDb = (db: Kysely<DB>) => db as unknown as Kysely<CatalogDB>

export const badRequest = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message)

/** Catalogue data changes only with a (re)seed or an import: short-lived caches are safe. */
export const CATALOG_TTL_MS = 60_000

/**
 * A small TTL + LRU cache (lru-cache) of promises: concurrent misses for one key share one load;
 * a failed load is forgotten at once.
 */
export function createCache<V>(max: number, ttlMs = CATALOG_TTL_MS) {
  const cache = new LRUCache<string, Promise<V>>({ max, ttl: ttlMs })
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = cache.get(key)
      if (hit) return hit
      const value = load()
      cache.set(key, value)
      value.catch(() => {
        if (cache.peek(key) === value) cache.delete(key)
      })
      return value
    },
    clear() {
      cache.clear()
    },
  }
}

/**
 * An account-scoped body field: the token decides the account. `accountNumber`, when sent, must be the
 * caller's own account (its number, or one of its ship-to / bill-to account numbers); anonymous callers
 * may not send one. Anything else is refused with 403.
 */
export async function assertOwnAccount(
  db: Kysely<DB>,
  user: AuthUser | null,
  accountNumber: string | undefined,
): Promise<void> {
  if (accountNumber === undefined || accountNumber === '') return
  if (!user)
    throw new ApiError(
      403,
      'FORBIDDEN',
      'body/accountNumber is only accepted from a logged-in user, for their own account',
    )
  if (user.accountNumber !== null && user.accountNumber === accountNumber) return
  const own = await db
    .selectFrom('ship_tos as s')
    .leftJoin('bill_tos as b', 'b.ship_to_id', 's.id')
    .select('s.id')
    .where('s.account_id', '=', user.accountId)
    .where((eb) => eb.or([eb('s.account_number', '=', accountNumber), eb('b.account_number', '=', accountNumber)]))
    .limit(1)
    .executeTakeFirst()
  if (!own) throw new ApiError(403, 'FORBIDDEN', 'body/accountNumber is not an account of the logged-in user')
}

/** A catalogue number as users type and links carry it: letters, digits and . _ / - (max 40). */
export const CATALOG_NUMBER_RE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/
