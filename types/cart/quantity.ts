/**
 * Quantity rules (spec section 5 "Quantity", section 4 "Quantity input", section 9):
 * "The cart limit is 1 to 999. The minus button does nothing below 0." — read with the 1..999 limit:
 * the minus button does nothing at the minimum (1); a line leaves the cart by Delete, never by minus.
 * "A change is checked and accepted, or rejected with a temporary message for 4 seconds."
 * "Typed input is checked after a 1 second delay."
 * "The cap is the maximum order quantity for a logged-in user, otherwise the account purchase limit.
 *  If the cap is below the minimum, the quantity is set to the cap."
 */
export const CART_QTY_MIN = 1
export const CART_QTY_MAX = 999
export const QTY_CHECK_DELAY_MS = 1000
export const QTY_TOOLTIP_MS = 4000

const clamp = (n: number) => Math.min(CART_QTY_MAX, Math.max(CART_QTY_MIN, n))

export function stepQuantity(current: number, delta: 1 | -1): number {
  if (!Number.isFinite(current)) return CART_QTY_MIN
  if (delta < 0 && current <= CART_QTY_MIN) return CART_QTY_MIN
  return clamp(Math.trunc(current) + delta)
}

export type QuantityCheck = { ok: true; value: number } | { ok: false; error: 'numeric' | 'min' | 'max'; value: number }

export function checkQuantityInput(text: string): QuantityCheck {
  const t = String(text ?? '')
    .trim()
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
  if (!/^\d+$/.test(t)) return { ok: false, error: 'numeric', value: CART_QTY_MIN }
  const n = Number(t)
  if (n < CART_QTY_MIN) return { ok: false, error: 'min', value: CART_QTY_MIN }
  if (n > CART_QTY_MAX) return { ok: false, error: 'max', value: CART_QTY_MAX }
  return { ok: true, value: n }
}

export const mergedQuantity = (a: number, b: number) => Math.min(CART_QTY_MAX, a + b)

export function quantityCap(input: {
  loggedIn: boolean
  maxOrderQty: number | null
  accountPurchaseLimitQty: number | null
  minOrderQty: number | null
}): { cap: number | null; forcedQuantity: number | null } {
  const cap = input.loggedIn ? input.maxOrderQty : input.accountPurchaseLimitQty
  if (cap === null || cap === undefined) return { cap: null, forcedQuantity: null }
  const forced = input.minOrderQty !== null && cap < input.minOrderQty ? cap : null
  return { cap, forcedQuantity: forced }
}
