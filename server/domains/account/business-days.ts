import { countryClock } from '../../../types/country-time'

/**
 * Review deadlines counted in business days (spec section 4 "A supply-centre change request is
 * pending, with review up to 1 business day"; section 9 "Approvals: up to 3 business days. Address
 * change: about 2 business days."). Saturdays and Sundays are skipped in the user's own calendar
 * (types/country-time.ts: China time for cn, India time for in).
 */

export const REVIEW_BUSINESS_DAYS = { supplyCentre: 1, linkAccount: 3, address: 2 } as const

/** `from` plus `days` business days, at the same local time of day. */
export function addBusinessDays(from: Date, days: number, country: string = 'cn'): Date {
  let local = countryClock(from, country)
  let left = days
  while (left > 0) {
    local = local.add(1, 'day')
    const dow = local.day()
    if (dow !== 0 && dow !== 6) left--
  }
  return local.toDate()
}
