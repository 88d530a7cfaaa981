import { quantityCap } from '../cart/quantity'
import { PHONE_PATTERN, isValidEmail } from '../account/address-rules'
import type { FlashApplyStatus, FlashBuyStatus } from './schemas'

/**
 * The flash-buy rules of the spec, pure, shared by the app (what the buyer is told) and the server
 * (what it refuses): one place each.
 */

/**
 * Spec §4 "Flash-buy status": the server decides it from the window and the stock.
 * Before start: COMING_SOON; at or after the end: OVER; running with no stock left: SOLD_OUT.
 */
export function flashBuyStatusAt(
  sale: { startAt: Date | string; endAt: Date | string; remainQty: number },
  now = Date.now(),
): FlashBuyStatus {
  if (now < new Date(sale.startAt).getTime()) return 'COMING_SOON'
  if (now >= new Date(sale.endAt).getTime()) return 'OVER'
  return sale.remainQty > 0 ? 'IN_PROGRESS' : 'SOLD_OUT'
}

/** "Coming soon is blocked … Over is blocked … Otherwise it is orderable." (and nothing left to sell is blocked) */
export const isOrderable = (s: FlashBuyStatus) => s === 'IN_PROGRESS'

/**
 * Spec §4: "Catalogue labels for flash-buy states: In progress, Purchase now, Coming soon, Empty,
 * Expired. Sale-list labels: in progress, on sale, soon, sold out, expired."
 * A running sale carries the badge In progress and the action Purchase now; on the sale list it is
 * "in progress" while it has stock and "on sale" is the heading of the running sales.
 */
export const CATALOGUE_LABEL: Record<FlashBuyStatus, 'inProgress' | 'comingSoon' | 'empty' | 'expired'> = {
  IN_PROGRESS: 'inProgress',
  COMING_SOON: 'comingSoon',
  SOLD_OUT: 'empty',
  OVER: 'expired',
}
export const SALE_LIST_LABEL: Record<FlashBuyStatus, 'inProgress' | 'soon' | 'soldOut' | 'expired'> = {
  IN_PROGRESS: 'inProgress',
  COMING_SOON: 'soon',
  SOLD_OUT: 'soldOut',
  OVER: 'expired',
}

export interface FlashLimits {
  minOrderQty: number
  maxOrderQty: number
  accountPurchaseLimitQty: number
  remainQty: number
  /** what the buyer's account has bought of this sale already */
  purchasedQty?: number
}

/**
 * Spec §5 "Quantity": "The cap is the maximum order quantity for a logged-in user, otherwise the
 * account purchase limit. If the cap is below the minimum, the quantity is set to the cap."
 * Returns the cap and the starting quantity (the minimum, or the cap when the cap is below it).
 */
export function flashQuantityCap(d: FlashLimits, loggedIn: boolean): { cap: number; initial: number } {
  const { cap, forcedQuantity } = quantityCap({
    loggedIn,
    maxOrderQty: d.maxOrderQty,
    accountPurchaseLimitQty: d.accountPurchaseLimitQty,
    minOrderQty: d.minOrderQty,
  })
  const c = cap ?? d.maxOrderQty
  return { cap: c, initial: forcedQuantity ?? Math.max(1, Math.min(d.minOrderQty, c)) }
}

/**
 * The most the buyer can order now, the "Maximum" hint and the stepper's top (issue 22: the hint ignored what
 * the account had already bought): the cap above, and no more than the account's purchase limit less what
 * it has bought of this sale (the server refuses `quantity + purchased > accountPurchaseLimitQty`). Never
 * below 0; the remaining stock is said by its own hint.
 */
export function flashQuantityMax(d: FlashLimits, loggedIn: boolean): number {
  const { cap } = flashQuantityCap(d, loggedIn)
  const left = d.accountPurchaseLimitQty - (d.purchasedQty ?? 0)
  return Math.max(0, Math.min(cap, left))
}

export type FlashQuantityTip =
  'FLASHBUY_TIP_NUMBERONLY' | 'FLASHBUY_TIP_GTMAX' | 'FLASHBUY_TIP_GTTOTAL' | 'FLASHBUY_TIP_LTMIN'

/**
 * Spec §5 "Flash-buy quantity" (message keys): "Must be numeric (FLASHBUY_TIP_NUMBERONLY). Above the
 * cap: FLASHBUY_TIP_GTMAX. Above the remaining stock: FLASHBUY_TIP_GTTOTAL. Below the minimum:
 * FLASHBUY_TIP_LTMIN. If the minimum exceeds the cap and the quantity is within the cap, it is valid."
 */
/** the quantity as typed, trimmed, with full-width digits (a Chinese keyboard's ０-９) read as digits */
export const normalizeQuantityText = (text: string | number) =>
  String(text ?? '')
    .trim()
    .replace(/[０-９]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))

export function checkFlashQuantity(
  text: string | number,
  d: FlashLimits,
  loggedIn: boolean,
): { ok: true; value: number } | { ok: false; tip: FlashQuantityTip } {
  const t = normalizeQuantityText(text)
  if (!/^\d+$/.test(t) || Number(t) < 1) return { ok: false, tip: 'FLASHBUY_TIP_NUMBERONLY' }
  const n = Number(t)
  const { cap } = flashQuantityCap(d, loggedIn)
  if (n > cap) return { ok: false, tip: 'FLASHBUY_TIP_GTMAX' }
  if (n > d.remainQty) return { ok: false, tip: 'FLASHBUY_TIP_GTTOTAL' }
  if (n < d.minOrderQty && !(d.minOrderQty > cap && n <= cap)) return { ok: false, tip: 'FLASHBUY_TIP_LTMIN' }
  return { ok: true, value: n }
}

/**
 * The three quantity refusals of submit check 5 and of the apply-promo statuses (spec §5 and §8):
 * minimum → 'Sorry, your purchase quantity doesn't meet the minimum order quantity…',
 * remaining stock → 'Sorry, the current quantity of this product is not enough for your purchase…',
 * per-account limit → 'Sorry, You have exceeded the purchase limit of this product online…'.
 * The order of the checks: minimum, remaining stock, per-account limit (the spec's order).
 */
export type FlashQuantityRefusal = 'min' | 'stock' | 'limit'
export function quantityRefusal(quantity: number, d: FlashLimits, loggedIn = true): FlashQuantityRefusal | null {
  const { cap } = flashQuantityCap(d, loggedIn)
  const belowMin = quantity < d.minOrderQty && !(d.minOrderQty > cap && quantity <= cap)
  if (belowMin) return 'min'
  if (quantity > d.remainQty) return 'stock'
  if (quantity + (d.purchasedQty ?? 0) > d.accountPurchaseLimitQty || quantity > d.maxOrderQty) return 'limit'
  return null
}

/** apply-promo status → the refusal it stands for; any other status (not 'success') → 'generic' */
export function applyStatusRefusal(status: FlashApplyStatus | string): FlashQuantityRefusal | 'generic' | null {
  switch (status) {
    case 'success':
      return null
    case 'check_minOrderQty':
      return 'min'
    case 'check_remainQty':
      return 'stock'
    case 'check_accountPurchaseLimitQty':
      return 'limit'
    default:
      return 'generic'
  }
}

/** the server's side of the same mapping */
export const REFUSAL_STATUS: Record<FlashQuantityRefusal, FlashApplyStatus> = {
  min: 'check_minOrderQty',
  stock: 'check_remainQty',
  limit: 'check_accountPurchaseLimitQty',
}

/**
 * Spec §5 "Flash-buy submit checks, in order":
 * 1. Not logged in: 'Please login for better experience'.
 * 2. Logged in but without a complete registration or delivery address: redirect to the ship-to address add page.
 * 3. Status coming soon or over: show the matching message.
 * 4. Quantity not numeric: 'Invalid input, Please input number'.
 * 5. Quantity against minimum, remaining stock and per-account limit: the matching message.
 * 6. Terms unchecked: 'Please agree to the terms'.
 * 7. Receiver, invoice receiver, and their phone numbers are all required: 'Please enter correct contact name and phone number'.
 *    (a phone must also pass the spec's phone rule, PHONE_PATTERN)
 * 8. The optional additional email, if given, must be valid: 'Please enter valid email id'.
 * The first failing check wins; null when all pass.
 */
export type FlashSubmitFailure =
  | { check: 1; reason: 'login' }
  | { check: 2; reason: 'registration' }
  | { check: 3; reason: 'comingSoon' | 'over' | 'soldOut' }
  | { check: 4; reason: 'numeric' }
  | { check: 5; reason: FlashQuantityRefusal }
  | { check: 6; reason: 'terms' }
  | { check: 7; reason: 'contact' }
  | { check: 8; reason: 'email' }

export interface FlashSubmitInput {
  loggedIn: boolean
  /** registrationStatus is Siebel Approved and a delivery address is chosen */
  registrationComplete: boolean
  hasAddress: boolean
  status: FlashBuyStatus
  quantityText: string
  limits: FlashLimits
  terms: boolean
  receiver: { name: string; phone: string }
  invoiceReceiver: { name: string; phone: string }
  additionalEmail: string
}

export function firstFailingCheck(i: FlashSubmitInput): FlashSubmitFailure | null {
  if (!i.loggedIn) return { check: 1, reason: 'login' }
  if (!i.registrationComplete || !i.hasAddress) return { check: 2, reason: 'registration' }
  if (i.status === 'COMING_SOON') return { check: 3, reason: 'comingSoon' }
  if (i.status === 'OVER') return { check: 3, reason: 'over' }
  if (i.status === 'SOLD_OUT') return { check: 3, reason: 'soldOut' }
  // the same reading of the field as checkFlashQuantity (full-width digits are digits)
  const t = normalizeQuantityText(i.quantityText)
  if (!/^\d+$/.test(t) || Number(t) < 1) return { check: 4, reason: 'numeric' }
  const refusal = quantityRefusal(Number(t), i.limits, i.loggedIn)
  if (refusal) return { check: 5, reason: refusal }
  if (!i.terms) return { check: 6, reason: 'terms' }
  const contactOk = (c: { name: string; phone: string }) =>
    c.name.trim().length > 0 && c.phone.trim().length > 0 && PHONE_PATTERN.test(c.phone.trim())
  if (!contactOk(i.receiver) || !contactOk(i.invoiceReceiver)) return { check: 7, reason: 'contact' }
  if (i.additionalEmail.trim() && !isValidEmail(i.additionalEmail)) return { check: 8, reason: 'email' }
  return null
}
