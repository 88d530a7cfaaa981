/** mulberry32: small deterministic PRNG. Same seed → same sequence on every machine. */
export function createRng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)]
  const chance = (p: number) => next() < p
  const digits = (n: number) => {
    let s = ''
    for (let i = 0; i < n; i++) s += String(int(0, 9))
    return s
  }
  const hex = (n: number) => {
    let s = ''
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[int(0, 15)]
    return s
  }
  const weighted = <T>(items: readonly { w: number; v: T }[]): T => {
    const total = items.reduce((s, i) => s + i.w, 0)
    let r = next() * total
    for (const i of items) {
      r -= i.w
      if (r < 0) return i.v
    }
    return items[items.length - 1].v
  }
  return { next, int, pick, chance, digits, hex, weighted }
}
export type Rng = ReturnType<typeof createRng>
