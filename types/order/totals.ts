/**
 * Order totals and order fields.
 * Section 9: "Total amount: totalAmount plus taxes"; "Savings: totalPriceAmount minus totalAmount";
 * issue: "total = totalAmount + taxes when ENABLE_ORDER_TAX is on" (section 6: "Country-specific feature
 * flags (for example order tax) come from a server configuration").
 * Section 5, "Contact and order fields": "Purchase order number: optional, at most 60 characters …
 * Remark: optional, at most 100 characters." "Email must match a standard address pattern. At most 2
 * additional emails (cart mail)."
 *
 * All money here is in integer minor units (fen, paise), so sums are exact; convert at the edges with
 * toMinor / toMajorUnits.
 */
import { isValidEmail } from '../account/address-rules'

export interface OrderSummaryMinor { totalPriceAmount: number; totalAmount: number; taxes: number }

/** "Total amount: totalAmount plus taxes" — the taxes only when ENABLE_ORDER_TAX is on. */
export function orderTotal(s: OrderSummaryMinor, taxEnabled: boolean): number {
  return taxEnabled ? s.totalAmount + s.taxes : s.totalAmount
}

/** "Savings: totalPriceAmount minus totalAmount", never negative. */
export function orderSavings(s: OrderSummaryMinor): number {
  return Math.max(0, s.totalPriceAmount - s.totalAmount)
}

/**
 * Tax on an amount at a rate in basis points (1300 = 13 %), rounded half up to a minor unit (a negative
 * amount, e.g. a refund, rounds symmetrically: taxOf(-a) = -taxOf(a)). Exact integer arithmetic: the
 * amount is split so that no product leaves the safe-integer range for realistic amounts.
 */
export function taxOf(amountMinor: number, rateBasisPoints: number): number {
  if (amountMinor < 0) return -taxOf(-amountMinor, rateBasisPoints)
  const a = Math.round(amountMinor)
  const r = Math.round(rateBasisPoints)
  const high = Math.floor(a / 10000)
  const low = a - high * 10000
  return high * r + Math.floor((low * r + 5000) / 10000)
}

export const toMinor = (major: number) => Math.round(major * 100)
export const toMajorUnits = (minor: number) => minor / 100

export const PO_NUMBER_MAX = 60
export const REMARK_MAX = 100
export const ADDITIONAL_EMAILS_MAX = 2

export type OrderFieldProblem = { field: 'poNumber' | 'remark' | 'emails'; error: 'tooLong' | 'tooMany' | 'invalidEmail' }

/** Characters as the user sees them (code points: an emoji or a rare CJK character counts once). */
const chars = (s: string) => Array.from(s).length

/**
 * The optional order fields: PO number at most 60 characters, remark at most 100, at most 2 additional
 * emails, each a valid address (the pattern of types/account/address-rules.ts). Blank email entries are
 * ignored; both 'tooMany' and 'invalidEmail' may be reported for the emails. No problems → [].
 */
export function checkOrderFields(f: { poNumber?: string; remark?: string; emails?: string[] }): OrderFieldProblem[] {
  const out: OrderFieldProblem[] = []
  if (typeof f.poNumber === 'string' && chars(f.poNumber) > PO_NUMBER_MAX) out.push({ field: 'poNumber', error: 'tooLong' })
  if (typeof f.remark === 'string' && chars(f.remark) > REMARK_MAX) out.push({ field: 'remark', error: 'tooLong' })
  const emails = (f.emails ?? []).map((e) => (typeof e === 'string' ? e.trim() : '')).filter(Boolean)
  if (emails.length > ADDITIONAL_EMAILS_MAX) out.push({ field: 'emails', error: 'tooMany' })
  if (emails.some((e) => e.length > 254 || !isValidEmail(e))) out.push({ field: 'emails', error: 'invalidEmail' })
  return out
}
