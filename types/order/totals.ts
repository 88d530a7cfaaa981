/**
 * Order totals and order fields.
 * Section 9: "Total amount: totalAmount plus taxes"; "Savings: totalPriceAmount minus totalAmount";
 * issue 9: "total = totalAmount + taxes when ENABLE_ORDER_TAX is on".
 * Section 5: "Purchase order number: optional, at most 60 characters … Remark: optional, at most 100
 * characters"; "Email must match a standard address pattern. At most 2 additional emails (cart mail)."
 * Money here is integer minor units (fen / paise), so sums are exact (types/money.ts converts).
 */
export interface OrderSummaryMinor {
  totalPriceAmount: number
  totalAmount: number
  taxes: number
}

export const orderTotal = (s: OrderSummaryMinor, taxEnabled: boolean) =>
  taxEnabled ? s.totalAmount + s.taxes : s.totalAmount
export const orderSavings = (s: OrderSummaryMinor) => Math.max(0, s.totalPriceAmount - s.totalAmount)
/** tax on an amount at a rate in basis points (1300 = 13 %), rounded half up to a minor unit */
export const taxOf = (amountMinor: number, rateBasisPoints: number) =>
  Math.floor((amountMinor * rateBasisPoints + 5000) / 10000)

export const PO_NUMBER_MAX = 60
export const REMARK_MAX = 100
export const ADDITIONAL_EMAILS_MAX = 2
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

const chars = (s: string) => Array.from(s).length

export function checkOrderFields(f: {
  poNumber?: string
  remark?: string
  emails?: string[]
}): { field: 'poNumber' | 'remark' | 'emails'; error: 'tooLong' | 'tooMany' | 'invalidEmail' }[] {
  const out: { field: 'poNumber' | 'remark' | 'emails'; error: 'tooLong' | 'tooMany' | 'invalidEmail' }[] = []
  if (f.poNumber && chars(f.poNumber) > PO_NUMBER_MAX) out.push({ field: 'poNumber', error: 'tooLong' })
  if (f.remark && chars(f.remark) > REMARK_MAX) out.push({ field: 'remark', error: 'tooLong' })
  const emails = (f.emails ?? []).map((e) => e.trim()).filter(Boolean)
  if (emails.length > ADDITIONAL_EMAILS_MAX) out.push({ field: 'emails', error: 'tooMany' })
  else if (emails.some((e) => e.length > 254 || !EMAIL_PATTERN.test(e)))
    out.push({ field: 'emails', error: 'invalidEmail' })
  return out
}
