import { LRUCache } from 'lru-cache'

/**
 * A short-lived, bounded cache (in-process, lru-cache) for the user lookup behind every authenticated request.
 * An entry is served for at most `ttlMs` after it was read from the database, so a deleted or changed
 * user is seen at the latest `ttlMs` later (sooner when the code that changes it calls `invalidate`).
 * Beyond `maxEntries` the least recently used user goes.
 */
export interface TtlCache<V> {
  get(key: string): V | undefined
  set(key: string, value: V): void
  invalidate(key?: string): void
  readonly size: number
}

/** `now`: a clock for tests (lru-cache reads it for every check then; a start at 0 would mean "no TTL" to it) */
export function createTtlCache<V extends NonNullable<unknown>>(opts: {
  ttlMs: number
  maxEntries: number
  now?: () => number
}): TtlCache<V> {
  const clock = opts.now
  const entries = new LRUCache<string, V>({
    max: opts.maxEntries,
    ttl: opts.ttlMs,
    ...(clock ? { perf: { now: clock }, ttlResolution: 0 } : {}),
  })
  return {
    get: (key) => entries.get(key),
    set: (key, value) => {
      entries.set(key, value)
    },
    invalidate(key) {
      if (key === undefined) entries.clear()
      else entries.delete(key)
    },
    get size() {
      return entries.size
    },
  }
}
