/**
 * A short-lived, bounded cache (in-process) for the user lookup behind every authenticated request.
 * An entry is served for at most `ttlMs` after it was read from the database, so a deleted or changed
 * user is seen at the latest `ttlMs` later (sooner when the code that changes it calls `invalidate`).
 */
export interface TtlCache<V> {
  get(key: string): V | undefined
  set(key: string, value: V): void
  invalidate(key?: string): void
  readonly size: number
}

export function createTtlCache<V>(opts: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache<V> {
  const now = opts.now ?? Date.now
  const entries = new Map<string, { value: V; at: number }>()
  return {
    get(key) {
      const e = entries.get(key)
      if (!e) return undefined
      if (now() - e.at >= opts.ttlMs) {
        entries.delete(key)
        return undefined
      }
      return e.value
    },
    set(key, value) {
      entries.delete(key)
      if (entries.size >= opts.maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(key, { value, at: now() })
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
