/**
 * Coupon rules.
 * Section 5, "Other catalogue rules": "Coupon combinations: P and D quotes cannot be mixed; M and R,
 * M and T, and R and T cannot be mixed. Only one each of P, D, R, M and T per order."
 * "More than 30 SKUs under one code may prevent an immediate price reduction."
 * Section 8, "Coupon codes mapped to message keys" (the table in COUPON_CODE_MESSAGES).
 * Section 6: a partially registered (lite) user "cannot apply coupons"; "Pending-address accounts
 * cannot use promo codes."
 *
 * Pure and dependency-free: shared by the server (pricing, coupon verdicts) and the app (cart).
 */

export type CouponType = 'P' | 'D' | 'R' | 'M' | 'T'
export const COUPON_TYPES: readonly CouponType[] = Object.freeze(['P', 'D', 'R', 'M', 'T'] as CouponType[])

/** The type is the code's first letter, trimmed and upper-cased (seeded: P-ANTI10, D-PCR15, R-REAGENT8, M-PLASTIC5, T-TRIAL). */
export function couponTypeOf(code: string): CouponType | null {
  if (typeof code !== 'string') return null
  const c = code.trim().charAt(0).toUpperCase()
  return (COUPON_TYPES as readonly string[]).includes(c) ? (c as CouponType) : null
}

export type CombinationError = { kind: 'PD_MIX' | 'MRT_MIX' | 'SAME_TYPE' | 'UNKNOWN_TYPE'; codes: [string, string] | [string] }

function pairKind(a: CouponType, b: CouponType): CombinationError['kind'] | null {
  if (a === b) return 'SAME_TYPE'
  const pair = a < b ? a + b : b + a
  if (pair === 'DP') return 'PD_MIX'
  if (pair === 'MR' || pair === 'MT' || pair === 'RT') return 'MRT_MIX'
  return null
}

/**
 * "P and D quotes cannot be mixed; M and R, M and T, and R and T cannot be mixed. Only one each of P, D,
 *  R, M and T per order."
 * Codes are read in input order, trimmed; blank entries are ignored and the same code twice
 * (case-insensitive) counts once. The first code that has no type, or that clashes with an earlier
 * one, is reported: `[code]` for UNKNOWN_TYPE, `[earlier, later]` otherwise (as the user typed them).
 */
export function checkCouponCombination(codes: readonly string[]): { ok: true } | ({ ok: false } & CombinationError) {
  const seen: { code: string; type: CouponType }[] = []
  const unique = new Set<string>()
  for (const raw of codes) {
    const code = typeof raw === 'string' ? raw.trim() : ''
    if (!code) continue
    const key = code.toUpperCase()
    if (unique.has(key)) continue
    unique.add(key)
    const type = couponTypeOf(code)
    if (!type) return { ok: false, kind: 'UNKNOWN_TYPE', codes: [code] }
    for (const prev of seen) {
      const kind = pairKind(prev.type, type)
      if (kind) return { ok: false, kind, codes: [prev.code, code] }
    }
    seen.push({ code, type })
  }
  return { ok: true }
}

/** "More than 30 SKUs under one code may prevent an immediate price reduction." (section 9: "up to 30 SKUs") */
export const COUPON_MAX_SKUS = 30
export function exceedsCouponSkuLimit(skuCount: number): boolean {
  return skuCount > COUPON_MAX_SKUS
}

export type CouponMessageKey =
  | 'COUPON_ERR_INVALID_10' | 'COUPON_ERR_EXPIRED_20' | 'COUPON_ERR_30' | 'COUPON_ERR_40' | 'COUPON_INFO_CASE_2'
  | 'COUPON_ERR_MAX_CODES' | 'COUPON_ERR_CONTACT' | 'COUPON_ERR_ADDRESS_REVIEW' | 'COUPON_ERR_PENDING_ADDRESS' | 'COUPON_ERR_GENERIC'

const rows = (codes: readonly string[], key: CouponMessageKey): [string, CouponMessageKey][] => codes.map((c) => [c, key])

/**
 * Section 8, code for code:
 * "10, E1PQ10, SQ40: invalid (COUPON_ERR_INVALID_10). 20, E1PQ20, SQ05, SQ10: expired or not yet effective
 *  (COUPON_ERR_EXPIRED_20). 30, E1PQ30, E1PQ35, SQ20, SQ70: not applicable (COUPON_ERR_30). E1PQ40
 *  (COUPON_ERR_40): price higher than online offer. E1PQ60, E1PQ500: informational (COUPON_INFO_CASE_2).
 *  SQ30: maximum number of codes reached. SQ50, SQ60, SQ500: contact service. Also: address under review,
 *  pending address validation, generic failure contact service."
 */
export const COUPON_CODE_MESSAGES: Readonly<Record<string, CouponMessageKey>> = Object.freeze(Object.fromEntries([
  ...rows(['10', 'E1PQ10', 'SQ40'], 'COUPON_ERR_INVALID_10'),
  ...rows(['20', 'E1PQ20', 'SQ05', 'SQ10'], 'COUPON_ERR_EXPIRED_20'),
  ...rows(['30', 'E1PQ30', 'E1PQ35', 'SQ20', 'SQ70'], 'COUPON_ERR_30'),
  ...rows(['E1PQ40'], 'COUPON_ERR_40'),
  ...rows(['E1PQ60', 'E1PQ500'], 'COUPON_INFO_CASE_2'),
  ...rows(['SQ30'], 'COUPON_ERR_MAX_CODES'),
  ...rows(['SQ50', 'SQ60', 'SQ500'], 'COUPON_ERR_CONTACT'),
  ...rows(['ADDRESS_UNDER_REVIEW'], 'COUPON_ERR_ADDRESS_REVIEW'),
  ...rows(['PENDING_ADDRESS_VALIDATION'], 'COUPON_ERR_PENDING_ADDRESS'),
]) as Record<string, CouponMessageKey>)

/** The message key for a section 8 code (trimmed, case-insensitive; numbers accepted); anything else is the generic failure. */
export function couponMessageKey(code: string | number | null | undefined): CouponMessageKey {
  if (code === null || code === undefined) return 'COUPON_ERR_GENERIC'
  const k = String(code).trim().toUpperCase()
  return Object.prototype.hasOwnProperty.call(COUPON_CODE_MESSAGES, k) ? COUPON_CODE_MESSAGES[k] : 'COUPON_ERR_GENERIC'
}

/** "E1PQ60, E1PQ500: informational" — the one key that is not an error. */
export const isCouponInfo = (key: CouponMessageKey | string): boolean => key === 'COUPON_INFO_CASE_2'

/**
 * The section 8 codes the server answers coupon verdicts with (server/domains/cart/pricing.ts on main
 * imports this; kept here so that this file can replace main's copy): '10' unknown code, '20' outside
 * its validity window, '30' applies to no line of this order, 'SQ20' a combination section 5 forbids,
 * 'SQ30' a second code of a type already applied, 'E1PQ60' informational: more than 30 SKUs under the
 * code, 'PENDING_ADDRESS_VALIDATION' the account has no usable ship-to.
 */
export const COUPON_SERVER_CODES = {
  unknown: '10', expired: '20', notApplicable: '30', mixRefused: 'SQ20', sameType: 'SQ30', manySkus: 'E1PQ60',
  pendingAddress: 'PENDING_ADDRESS_VALIDATION',
} as const

/** Section 6, "Account: approved or partially registered": the lite user's registration status. */
const LITE_STATUS = 'PARTIALLY REGISTERED'

/**
 * Who may not apply coupons (section 6): the anonymous visitor must log in; "Partially registered
 * (lite) user: … cannot apply coupons"; "Pending-address accounts cannot use promo codes."
 * Lite is reported before pending address (a lite user has no address to wait for).
 */
export function couponBlockedFor(user: { registrationStatus: string; hasPendingAddress: boolean } | null): 'login' | 'lite' | 'pendingAddress' | null {
  if (!user) return 'login'
  if (String(user.registrationStatus ?? '').trim().toUpperCase() === LITE_STATUS) return 'lite'
  if (user.hasPendingAddress) return 'pendingAddress'
  return null
}
