/**
 * STAND-IN written by the app cart engineer (branch h-app-cart) because branch h-rules, which owns
 * this file, had no commits by the deadline. It implements the exports the common brief announced,
 * with the same names and shapes, so that the app typechecks and its tests run. When h-rules is
 * merged, its version replaces this file entirely (take theirs on the add/add conflict).
 */
export const CART_QTY_MIN = 1
export const CART_QTY_MAX = 999
export const QTY_CHECK_DELAY_MS = 1000
export const QTY_TOOLTIP_MS = 4000
export const stepQuantity = (current: number, dir: 1 | -1) => Math.min(CART_QTY_MAX, Math.max(CART_QTY_MIN, current + dir))
export function checkQuantityInput(text: string): { ok: true; value: number } | { ok: false; error: 'numeric' | 'min' | 'max'; value: number } {
  const s = text.trim()
  if (!/^\d+$/.test(s)) return { ok: false, error: 'numeric', value: CART_QTY_MIN }
  const n = Number(s)
  if (n < CART_QTY_MIN) return { ok: false, error: 'min', value: CART_QTY_MIN }
  if (n > CART_QTY_MAX) return { ok: false, error: 'max', value: CART_QTY_MAX }
  return { ok: true, value: n }
}
export const mergedQuantity = (a: number, b: number) => Math.min(CART_QTY_MAX, a + b)
