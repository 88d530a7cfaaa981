/**
 * Review deadlines counted in business days (spec section 4 "A supply-centre change request is
 * pending, with review up to 1 business day"; section 9 "Approvals: up to 3 business days. Address
 * change: about 2 business days."). Saturdays and Sundays are skipped in the user's own calendar:
 * China time for cn (UTC+8), IST for in (UTC+5:30).
 */
export const TZ_OFFSET_MINUTES: Record<string, number> = { cn: 480, in: 330 }

export const REVIEW_BUSINESS_DAYS = { supplyCentre: 1, linkAccount: 3, address: 2 } as const

const DAY = 86_400_000

/** `from` plus `days` business days, at the same local time of day. */
export function addBusinessDays(from: Date, days: number, country: string = 'cn'): Date {
  const offset = (TZ_OFFSET_MINUTES[country] ?? TZ_OFFSET_MINUTES.cn) * 60_000
  let local = from.getTime() + offset
  let left = days
  while (left > 0) {
    local += DAY
    const dow = new Date(local).getUTCDay()
    if (dow !== 0 && dow !== 6) left--
  }
  return new Date(local - offset)
}
