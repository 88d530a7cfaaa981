import { formatMoney } from '../format'

export interface PriceInput {
  currency: string
  listPrice: number | null
  price: { amount: number; priceType: string } | null
}

export type PriceView =
  | { kind: 'hidden'; text: '***' }
  | { kind: 'onRequest' }
  | { kind: 'amount'; text: string; priceType: string; listText: string | null }

/**
 * Spec section 5: "Price shows *** when there is no price and the user is not logged in."
 * Spec section 1: anonymous visitors' prices "are hidden (shown as ***) unless price data is present."
 * A logged-in user with no price sees "price on request" rather than a mask. When the account
 * price is below the list price, the list price is shown struck through beside it.
 */
export function priceView(p: PriceInput, loggedIn: boolean): PriceView {
  if (!p.price) return loggedIn ? { kind: 'onRequest' } : { kind: 'hidden', text: '***' }
  const listText = p.listPrice !== null && p.listPrice > p.price.amount ? formatMoney(p.listPrice, p.currency) : null
  return { kind: 'amount', text: formatMoney(p.price.amount, p.currency), priceType: p.price.priceType, listText }
}

const PRICE_LABEL = {
  list: 'product.listPrice',
  yourPrice: 'product.yourPrice',
  discount: 'product.discount',
  wop: 'product.wop',
} as const

/** The message of a shown price's label by its priceType (the product page and the product cards); another type reads as the list price. */
export const priceLabelKey = (priceType: string) =>
  PRICE_LABEL[priceType as keyof typeof PRICE_LABEL] ?? 'product.listPrice'

/** Spec section 3: "listPrice (falls back to unitPrice)". */
export const effectiveListPrice = (p: { listPrice?: number | null; unitPrice?: number | null }) =>
  p.listPrice ?? p.unitPrice ?? null
