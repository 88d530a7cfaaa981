/**
 * A tiny fixed-window rate limiter (in-memory, one process). At most `max` hits per key per window;
 * at most `maxKeys` keys are tracked (expired windows are dropped first, then the oldest keys), so a
 * flood of distinct keys cannot grow memory without bound.
 */
export interface RateLimitResult {
  allowed: boolean
  /** hits left in the current window */
  remaining: number
  /** seconds until the window resets */
  retryAfter: number
}

export interface FixedWindowLimiter {
  hit(key: string): RateLimitResult
  readonly size: number
  reset(): void
}

export function createFixedWindowLimiter(opts: {
  max: number
  windowMs: number
  maxKeys?: number
  now?: () => number
}): FixedWindowLimiter {
  const maxKeys = opts.maxKeys ?? 10_000
  const now = opts.now ?? Date.now
  const windows = new Map<string, { start: number; count: number }>()

  function evict(t: number) {
    for (const [k, w] of windows) if (t - w.start >= opts.windowMs) windows.delete(k)
    // still full: drop the oldest inserted keys (Map keeps insertion order)
    for (const k of windows.keys()) {
      if (windows.size < maxKeys) break
      windows.delete(k)
    }
  }

  return {
    hit(key: string): RateLimitResult {
      const t = now()
      let w = windows.get(key)
      if (!w || t - w.start >= opts.windowMs) {
        if (w) windows.delete(key)
        else if (windows.size >= maxKeys) evict(t)
        w = { start: t, count: 0 }
        windows.set(key, w)
      }
      w.count++
      const retryAfter = Math.max(1, Math.ceil((w.start + opts.windowMs - t) / 1000))
      return { allowed: w.count <= opts.max, remaining: Math.max(0, opts.max - w.count), retryAfter }
    },
    get size() {
      return windows.size
    },
    reset() {
      windows.clear()
    },
  }
}
