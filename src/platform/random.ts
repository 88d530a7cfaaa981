/**
 * Crypto-strong random bytes in the mini-program: wx.getRandomValues (base library ≥ 2.12) where
 * it exists. Fallback (older base libraries): Math.random mixed with the clock. That fallback is
 * NOT crypto-strong; it is only used for idempotency keys, whose uniqueness per shopper matters,
 * not their secrecy (the server binds a key to the user and the request body).
 */
declare const wx:
  | {
      getRandomValues?: (o: {
        length: number
        success: (r: { randomValues: ArrayBuffer }) => void
        fail: () => void
      }) => void
    }
  | undefined

function fallbackBytes(n: number): Uint8Array {
  const out = new Uint8Array(n)
  let t = Date.now()
  for (let i = 0; i < n; i++) {
    t = (t * 1103515245 + 12345) >>> 0
    out[i] = (Math.floor(Math.random() * 256) ^ (t >>> 16)) & 0xff
  }
  return out
}

export function randomBytes(n: number): Promise<Uint8Array> {
  const w = typeof wx !== 'undefined' ? wx : undefined
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto
  if (c?.getRandomValues) return Promise.resolve(c.getRandomValues(new Uint8Array(n)))
  if (!w?.getRandomValues) return Promise.resolve(fallbackBytes(n))
  return new Promise((resolve) => {
    w.getRandomValues!({
      length: n,
      success: (r) => resolve(new Uint8Array(r.randomValues)),
      fail: () => resolve(fallbackBytes(n)),
    })
  })
}

/**
 * Random bytes at once (no await): crypto.getRandomValues where the runtime has it, else the fallback above.
 * Used only when no crypto-strong key was drawn ahead (store/order/attempt.ts keeps one ready).
 */
export function randomBytesNow(n: number): Uint8Array {
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto
  return c?.getRandomValues ? c.getRandomValues(new Uint8Array(n)) : fallbackBytes(n)
}

export const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
