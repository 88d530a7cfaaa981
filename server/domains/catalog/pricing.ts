import type { PriceType } from '../../../types'
import type { AuthUser } from '../auth'
import { toMajor } from '../../../types/money'

/**
 * Spec §6: account prices apply only to a logged-in user of an approved (Siebel Approved) account.
 * Partially Registered users are priced as lite users = list price only. Anonymous = list price.
 */
export function accountPricingEligible(user: AuthUser | null): boolean {
  return !!user && user.registrationStatus === 'Siebel Approved' && !!user.accountNumber
}

export function computePrice(
  listPrice: number | null,
  account: { price: number; priceType: Exclude<PriceType, 'list'> } | null,
): { amount: number; priceType: PriceType } | null {
  if (account && (listPrice === null || account.price <= listPrice)) {
    return { amount: toMajor(account.price), priceType: account.priceType }
  }
  if (listPrice === null) return null
  return { amount: toMajor(listPrice), priceType: 'list' }
}
