/**
 * The rules of a flash sale as staff set it up (issue 24: "create, schedule, change, end, with the same validation
 * the storefront relies on"), pure, next to the buyers' rules (./rules.ts). The storefront shows the list price
 * struck through beside the flash price (spec §2 "struck-through list price, flash price"), works out the status
 * from the window and the stock (§4 "Flash-buy status"), and sells from the sale's own stock, which buyers
 * decrement: so a sale has a list price to undercut, a window, and a stock no lower than what it has sold.
 */

export interface SaleTerms {
  /** minor units */
  flashPrice: number
  /** the product's list price in the sale's currency (minor units), null when it has none */
  listPrice: number | null
}

/** What is wrong with a sale's price, by field, or null. */
export function saleTermsRefusal(t: SaleTerms): { field: 'catalogNumber' | 'flashPrice'; message: string } | null {
  if (t.listPrice === null) return { field: 'catalogNumber', message: "has no list price in the sale's currency" }
  if (t.flashPrice <= 0) return { field: 'flashPrice', message: 'must be above 0' }
  if (t.flashPrice >= t.listPrice)
    return { field: 'flashPrice', message: `must be below the list price (${(t.listPrice / 100).toFixed(2)})` }
  return null
}

/**
 * "A sale's stock can only be raised, or lowered to what is unsold": the new total may not go below what buyers
 * have bought (total - remaining); the remaining stock moves by the same amount as the total.
 */
export const stockChangeAllowed = (newTotal: number, sold: number) => newTotal >= sold

export type SaleState = 'scheduled' | 'running' | 'ended'

/** Where a sale stands for staff: ended (by staff, or past its end), scheduled (before its start), running. */
export function saleStateAt(
  s: { startAt: Date | string; endAt: Date | string; endedAt: Date | string | null },
  now = Date.now(),
): SaleState {
  if (s.endedAt !== null || now >= new Date(s.endAt).getTime()) return 'ended'
  if (now < new Date(s.startAt).getTime()) return 'scheduled'
  return 'running'
}
