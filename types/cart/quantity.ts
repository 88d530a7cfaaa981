/**
 * Quantity rules.
 * Section 5, "Quantity": "The cart limit is 1 to 999. The minus button does nothing below 0."
 * "The cap is the maximum order quantity for a logged-in user, otherwise the account purchase limit.
 *  If the cap is below the minimum, the quantity is set to the cap."
 * Section 4, "Quantity input": "A change is checked and accepted, or rejected with a temporary message
 * for 4 seconds." "Typed input is checked after a 1 second delay."
 * Section 9: "Quantity 1 to 999", "Quantity validation delay 1000 ms", "Quantity tooltip 4000 ms".
 *
 * Reading of "The minus button does nothing below 0": with the cart limit of 1..999 a line can never
 * reach 0 by the minus button, so minus does nothing at the minimum (1); a line leaves the cart by
 * delete, never by minus.
 */
export const CART_QTY_MIN = 1
export const CART_QTY_MAX = 999
export const QTY_CHECK_DELAY_MS = 1000
export const QTY_TOOLTIP_MS = 4000

const clamp = (n: number) => Math.min(CART_QTY_MAX, Math.max(CART_QTY_MIN, n))

/** The plus / minus buttons: one step, never below CART_QTY_MIN nor above CART_QTY_MAX (a value outside is first brought inside). */
export function stepQuantity(current: number, delta: 1 | -1): number {
  if (!Number.isFinite(current)) return CART_QTY_MIN
  const from = clamp(Math.trunc(current))
  return clamp(from + (delta < 0 ? -1 : 1))
}

export type QuantityCheck = { ok: true; value: number } | { ok: false; error: 'numeric' | 'min' | 'max'; value: number /* the clamped fallback */ }

const toHalfWidthDigits = (s: string) => s.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))

/**
 * Typed quantity: digits only (after trimming; full-width digits ０-９ are converted), 1..999.
 * A sign, decimal point, group separator or any other character is 'numeric' (fallback CART_QTY_MIN);
 * 0 is 'min' (fallback 1); above 999 is 'max' (fallback 999).
 */
export function checkQuantityInput(text: string): QuantityCheck {
  const t = toHalfWidthDigits(String(text ?? '').trim())
  if (!/^[0-9]+$/.test(t)) return { ok: false, error: 'numeric', value: CART_QTY_MIN }
  const digits = t.replace(/^0+(?=\d)/, '')
  if (digits.length > 3) return { ok: false, error: 'max', value: CART_QTY_MAX }
  const n = Number(digits)
  if (n < CART_QTY_MIN) return { ok: false, error: 'min', value: CART_QTY_MIN }
  return { ok: true, value: n }
}

/** Adding a SKU already in the cart: "the same SKU sums its quantity, capped at 999". */
export function mergedQuantity(a: number, b: number): number {
  return Math.min(CART_QTY_MAX, a + b)
}

const positive = (n: number | null | undefined): number | null =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : null

/**
 * "The cap is the maximum order quantity for a logged-in user, otherwise the account purchase limit.
 *  If the cap is below the minimum, the quantity is set to the cap."
 * A missing, zero, negative or non-finite limit means no cap is known (cap null). forcedQuantity is the
 * cap when it is below the minimum order quantity, else null. The cart's own 1..999 limit applies
 * separately.
 */
export function quantityCap(input: { loggedIn: boolean; maxOrderQty: number | null; accountPurchaseLimitQty: number | null; minOrderQty: number | null }): { cap: number | null; forcedQuantity: number | null } {
  const cap = positive(input.loggedIn ? input.maxOrderQty : input.accountPurchaseLimitQty)
  const min = positive(input.minOrderQty)
  return { cap, forcedQuantity: cap !== null && min !== null && cap < min ? cap : null }
}
