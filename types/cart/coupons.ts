/**
 * Coupon rules.
 * Section 5: "Coupon combinations: P and D quotes cannot be mixed; M and R, M and T, and R and T cannot
 * be mixed. Only one each of P, D, R, M and T per order." "More than 30 SKUs under one code may prevent
 * an immediate price reduction."
 * Section 8: the coupon codes mapped to message keys.
 * Section 6: "Partially registered (lite) user: … cannot apply coupons"; "Pending-address accounts
 * cannot use promo codes."
 */
export type CouponType = 'P' | 'D' | 'R' | 'M' | 'T'
export const COUPON_TYPES: readonly CouponType[] = ['P', 'D', 'R', 'M', 'T']

/** The type is the code's first letter (seeded codes: P-ANTIBODY10, D-PCR15, R-REAGENT8, M-PLASTIC5, T-TRIAL50). */
export function couponTypeOf(code: string): CouponType | null {
  const c = code.trim().charAt(0).toUpperCase()
  return (COUPON_TYPES as readonly string[]).includes(c) ? (c as CouponType) : null
}

export type CombinationError = {
  kind: 'PD_MIX' | 'MRT_MIX' | 'SAME_TYPE' | 'UNKNOWN_TYPE'
  codes: [string, string] | [string]
}

const FORBIDDEN_PAIRS: [CouponType, CouponType, 'PD_MIX' | 'MRT_MIX'][] = [
  ['P', 'D', 'PD_MIX'],
  ['M', 'R', 'MRT_MIX'],
  ['M', 'T', 'MRT_MIX'],
  ['R', 'T', 'MRT_MIX'],
]

export function checkCouponCombination(codes: readonly string[]): { ok: true } | ({ ok: false } & CombinationError) {
  const seen: { code: string; type: CouponType }[] = []
  const unique = new Set<string>()
  for (const raw of codes) {
    const code = raw.trim()
    if (unique.has(code.toUpperCase())) continue
    unique.add(code.toUpperCase())
    const type = couponTypeOf(code)
    if (!type) return { ok: false, kind: 'UNKNOWN_TYPE', codes: [code] }
    for (const prev of seen) {
      if (prev.type === type) return { ok: false, kind: 'SAME_TYPE', codes: [prev.code, code] }
      const pair = FORBIDDEN_PAIRS.find(([a, b]) => (a === prev.type && b === type) || (b === prev.type && a === type))
      if (pair) return { ok: false, kind: pair[2], codes: [prev.code, code] }
    }
    seen.push({ code, type })
  }
  return { ok: true }
}

export const COUPON_MAX_SKUS = 30
export const exceedsCouponSkuLimit = (skuCount: number) => skuCount > COUPON_MAX_SKUS

export type CouponMessageKey =
  | 'COUPON_ERR_INVALID_10'
  | 'COUPON_ERR_EXPIRED_20'
  | 'COUPON_ERR_30'
  | 'COUPON_ERR_40'
  | 'COUPON_INFO_CASE_2'
  | 'COUPON_ERR_MAX_CODES'
  | 'COUPON_ERR_CONTACT'
  | 'COUPON_ERR_ADDRESS_REVIEW'
  | 'COUPON_ERR_PENDING_ADDRESS'
  | 'COUPON_ERR_GENERIC'

const table = (keys: string[], v: CouponMessageKey) => Object.fromEntries(keys.map((k) => [k, v]))

/** Section 8, "Coupon codes mapped to message keys", code for code. */
export const COUPON_CODE_MESSAGES: Readonly<Record<string, CouponMessageKey>> = Object.freeze({
  ...table(['10', 'E1PQ10', 'SQ40'], 'COUPON_ERR_INVALID_10'),
  ...table(['20', 'E1PQ20', 'SQ05', 'SQ10'], 'COUPON_ERR_EXPIRED_20'),
  ...table(['30', 'E1PQ30', 'E1PQ35', 'SQ20', 'SQ70'], 'COUPON_ERR_30'),
  ...table(['E1PQ40'], 'COUPON_ERR_40'),
  ...table(['E1PQ60', 'E1PQ500'], 'COUPON_INFO_CASE_2'),
  ...table(['SQ30'], 'COUPON_ERR_MAX_CODES'),
  ...table(['SQ50', 'SQ60', 'SQ500'], 'COUPON_ERR_CONTACT'),
  ADDRESS_UNDER_REVIEW: 'COUPON_ERR_ADDRESS_REVIEW',
  PENDING_ADDRESS_VALIDATION: 'COUPON_ERR_PENDING_ADDRESS',
})

export function couponMessageKey(code: string | number | null | undefined): CouponMessageKey {
  if (code === null || code === undefined) return 'COUPON_ERR_GENERIC'
  return COUPON_CODE_MESSAGES[String(code).trim().toUpperCase()] ?? 'COUPON_ERR_GENERIC'
}
export const isCouponInfo = (key: CouponMessageKey) => key === 'COUPON_INFO_CASE_2'

/**
 * The section 8 codes the server answers with (server/domains/cart/pricing.ts):
 * '10' unknown code, '20' outside its validity window, '30' applies to no line of this order,
 * 'PD_MIX' / 'MRT_MIX' a combination section 5 forbids (the app shows the rule itself), 'SQ30' a second code of a type already applied,
 * 'E1PQ60' informational: more than 30 SKUs under the code (price reduced at order review),
 * 'PENDING_ADDRESS_VALIDATION' the account has no usable (ACTIVE) ship-to.
 */
export const COUPON_SERVER_CODES = {
  unknown: '10',
  expired: '20',
  notApplicable: '30',
  sameType: 'SQ30',
  manySkus: 'E1PQ60',
  pendingAddress: 'PENDING_ADDRESS_VALIDATION',
} as const

export function couponBlockedFor(
  user: { registrationStatus: string; hasPendingAddress: boolean } | null,
): 'login' | 'lite' | 'pendingAddress' | null {
  if (!user) return 'login'
  if (user.registrationStatus === 'Partially Registered') return 'lite'
  if (user.hasPendingAddress) return 'pendingAddress'
  return null
}
