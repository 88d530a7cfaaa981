import {
  deliveryChannelOf, needsSupplyCentreLookup, smartChannel, channelForMode, deliveryModeOf, isSupplyCentreOrderType,
  DEFAULT_ORDER_PREFERENCE, SUPPLY_CENTRE_ORDER_TYPES, type DeliveryChannel, type DeliveryMode,
} from '../../types/cart/channel'
import {
  checkCouponCombination, couponMessageKey, couponTypeOf, couponBlockedFor, exceedsCouponSkuLimit, isCouponInfo,
  COUPON_CODE_MESSAGES, COUPON_MAX_SKUS, COUPON_TYPES, COUPON_SERVER_CODES, type CouponType,
} from '../../types/cart/coupons'
import {
  stepQuantity, checkQuantityInput, mergedQuantity, quantityCap, CART_QTY_MIN, CART_QTY_MAX, QTY_CHECK_DELAY_MS, QTY_TOOLTIP_MS,
} from '../../types/cart/quantity'
import {
  formatAnonymousCartId, isAnonymousCartId, anonymousCartIdTime, shouldMergeBeforeQuery, ANONYMOUS_CART_ID_PATTERN,
  CART_STORAGE_KEYS, LEAD_CART_STORAGE_KEY,
} from '../../types/cart/cart-id'
import { parseQuickOrder, QUICK_ORDER_MAX_LINES } from '../../types/cart/quick-order'
import {
  orderTotal, orderSavings, taxOf, toMinor, toMajorUnits, checkOrderFields, PO_NUMBER_MAX, REMARK_MAX, ADDITIONAL_EMAILS_MAX,
} from '../../types/order/totals'

/** A small deterministic generator for the property-style loops (no Math.random: failures must reproduce). */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('types/cart/channel (spec section 4, "Delivery channel")', () => {
  it('"SP or SC become SC; anything else becomes TFS."', () => {
    expect(deliveryChannelOf('SP')).toBe('SC')
    expect(deliveryChannelOf('SC')).toBe('SC')
    for (const other of ['Web', 'TFS', '', 'S', 'SPX', 'sp', ' SC', null, undefined]) expect(deliveryChannelOf(other)).toBe('TFS')
  })
  it('"A coupon code containing M forces TFS."', () => {
    expect(deliveryChannelOf('SP', ['M-PLASTIC5'])).toBe('TFS')
    expect(deliveryChannelOf('SC', ['P-ANTI10', 'm-plastic5'])).toBe('TFS')
    expect(deliveryChannelOf('SP', ['P-ANTI10', 'D-PCR15', 'R-REAGENT8', 'T-TRIAL'])).toBe('SC')
    expect(deliveryChannelOf('SP', [])).toBe('SC')
    expect(deliveryChannelOf('Web', ['M-PLASTIC5'])).toBe('TFS')
  })
  it('the SKU channel lookup is "Used when the quote channel is SP and a default SC exists" (section 7)', () => {
    expect(needsSupplyCentreLookup('SP', 'SC-SH-01')).toBe(true)
    expect(needsSupplyCentreLookup('SP', null)).toBe(false)
    expect(needsSupplyCentreLookup('SP', '  ')).toBe(false)
    expect(needsSupplyCentreLookup('SC', 'SC-SH-01')).toBe(false)
    expect(needsSupplyCentreLookup('sp', 'SC-SH-01')).toBe(false)
    expect(needsSupplyCentreLookup('Web', 'SC-SH-01')).toBe(false)
    expect(needsSupplyCentreLookup(undefined, undefined)).toBe(false)
  })
  it('"Items with no delivery-centre stock match are non-smart-procurement and use TFS."', () => {
    expect(smartChannel({ wanted: 'SC', scStockMatch: true, tfsStockMatch: false })).toEqual({ deliveryChannel: 'SC', isSmartProc: true, spFlag: true })
    expect(smartChannel({ wanted: 'SC', scStockMatch: false, tfsStockMatch: false })).toEqual({ deliveryChannel: 'TFS', isSmartProc: false, spFlag: false })
  })
  it('"A TFS inventory match clears the smart flags."', () => {
    expect(smartChannel({ wanted: 'SC', scStockMatch: true, tfsStockMatch: true })).toEqual({ deliveryChannel: 'TFS', isSmartProc: false, spFlag: false })
    // property: over every input, the flags are set only together, and only on the SC channel
    for (const wanted of ['SC', 'TFS'] as DeliveryChannel[]) for (const sc of [true, false]) for (const tfs of [true, false]) {
      const d = smartChannel({ wanted, scStockMatch: sc, tfsStockMatch: tfs })
      expect(d.isSmartProc).toBe(d.spFlag)
      expect(d.isSmartProc).toBe(d.deliveryChannel === 'SC')
      if (tfs) expect(d.isSmartProc).toBe(false)
    }
  })
  it('a line that wants TFS stays TFS, without smart flags', () => {
    expect(smartChannel({ wanted: 'TFS', scStockMatch: true, tfsStockMatch: false })).toEqual({ deliveryChannel: 'TFS', isSmartProc: false, spFlag: false })
  })
  it('"Cart delivery modes: SP (by flag SC or TFS), Web (all TFS), Split (by flag)."', () => {
    expect(channelForMode('SP', 'SC')).toBe('SC')
    expect(channelForMode('SP', 'TFS')).toBe('TFS')
    expect(channelForMode('Web', 'SC')).toBe('TFS')
    expect(channelForMode('Web', 'TFS')).toBe('TFS')
    expect(channelForMode('Split', 'SC')).toBe('SC')
    expect(channelForMode('Split', 'TFS')).toBe('TFS')
    expect(deliveryModeOf(['SC', 'SC'])).toBe('SP')
    expect(deliveryModeOf(['TFS'])).toBe('Web')
    expect(deliveryModeOf([])).toBe('Web')
    expect(deliveryModeOf(['SC', 'TFS', 'SC'])).toBe('Split')
  })
  it('the mode of a cart gives back each line its own channel (property)', () => {
    const next = rng(7)
    for (let n = 0; n < 200; n++) {
      const channels: DeliveryChannel[] = Array.from({ length: Math.floor(next() * 6) }, () => (next() < 0.5 ? 'SC' : 'TFS'))
      const mode: DeliveryMode = deliveryModeOf(channels)
      expect(channels.map((c) => channelForMode(mode, c))).toEqual(channels)
    }
  })
  it('"Smart-distribution is the default order preference; supply-centre priority is the alternative."', () => {
    expect(DEFAULT_ORDER_PREFERENCE).toBe('SMART_DISTRIBUTION')
  })
  it('"Order types D1, D2 and CR count as supply-centre orders."', () => {
    expect([...SUPPLY_CENTRE_ORDER_TYPES]).toEqual(['D1', 'D2', 'CR'])
    for (const t of ['D1', 'D2', 'CR']) expect(isSupplyCentreOrderType(t)).toBe(true)
    for (const t of ['SO', 'D3', '', 'C', 'ZOR', 'd1']) expect(isSupplyCentreOrderType(t)).toBe(false)
  })
})

describe('types/cart/coupons (spec sections 5, 6 and 8)', () => {
  it('the coupon type is the first letter of the code (seeded P-ANTI10, D-PCR15, R-REAGENT8, M-PLASTIC5, T-TRIAL)', () => {
    expect([...COUPON_TYPES]).toEqual(['P', 'D', 'R', 'M', 'T'])
    expect(couponTypeOf('P-ANTI10')).toBe('P')
    expect(couponTypeOf('D-PCR15')).toBe('D')
    expect(couponTypeOf('R-REAGENT8')).toBe('R')
    expect(couponTypeOf('M-PLASTIC5')).toBe('M')
    expect(couponTypeOf('T-TRIAL')).toBe('T')
    expect(couponTypeOf('  m-plastic5 ')).toBe('M')
    for (const bad of ['', '   ', 'X-1', '1P', '-P', 'Ｐ-ANTI']) expect(couponTypeOf(bad)).toBeNull()
  })
  it('"P and D quotes cannot be mixed"', () => {
    expect(checkCouponCombination(['P-ANTI10', 'D-PCR15'])).toEqual({ ok: false, kind: 'PD_MIX', codes: ['P-ANTI10', 'D-PCR15'] })
    expect(checkCouponCombination(['D-PCR15', 'P-ANTI10'])).toEqual({ ok: false, kind: 'PD_MIX', codes: ['D-PCR15', 'P-ANTI10'] })
  })
  it('"M and R, M and T, and R and T cannot be mixed."', () => {
    expect(checkCouponCombination(['M-PLASTIC5', 'R-REAGENT8'])).toMatchObject({ ok: false, kind: 'MRT_MIX' })
    expect(checkCouponCombination(['M-PLASTIC5', 'T-TRIAL'])).toMatchObject({ ok: false, kind: 'MRT_MIX' })
    expect(checkCouponCombination(['T-TRIAL', 'R-REAGENT8'])).toEqual({ ok: false, kind: 'MRT_MIX', codes: ['T-TRIAL', 'R-REAGENT8'] })
  })
  it('"Only one each of P, D, R, M and T per order."', () => {
    expect(checkCouponCombination(['P-ANTI10', 'P-ANTI20'])).toEqual({ ok: false, kind: 'SAME_TYPE', codes: ['P-ANTI10', 'P-ANTI20'] })
    expect(checkCouponCombination(['t-trial', 'T-TRIAL50'])).toMatchObject({ ok: false, kind: 'SAME_TYPE' })
  })
  it('allowed pairs combine; a code repeated (any case) counts once; blanks are ignored', () => {
    expect(checkCouponCombination([])).toEqual({ ok: true })
    expect(checkCouponCombination(['P-ANTI10', 'M-PLASTIC5'])).toEqual({ ok: true })
    expect(checkCouponCombination(['D-PCR15', 'R-REAGENT8'])).toEqual({ ok: true })
    expect(checkCouponCombination(['P-ANTI10', 'T-TRIAL', 'p-anti10 ', ''])).toEqual({ ok: true })
  })
  it('a code of no known type is refused, and the first offending pair in input order is reported', () => {
    expect(checkCouponCombination(['P-ANTI10', 'X-99'])).toEqual({ ok: false, kind: 'UNKNOWN_TYPE', codes: ['X-99'] })
    expect(checkCouponCombination(['P-ANTI10', 'M-PLASTIC5', 'T-TRIAL', 'D-PCR15'])).toEqual({ ok: false, kind: 'MRT_MIX', codes: ['M-PLASTIC5', 'T-TRIAL'] })
    expect(checkCouponCombination(['P-ANTI10', 'R-REAGENT8', 'D-PCR15', 'T-TRIAL'])).toEqual({ ok: false, kind: 'PD_MIX', codes: ['P-ANTI10', 'D-PCR15'] })
  })
  it('the combination rule agrees with the spec table for every pair of types (property)', () => {
    const forbidden = new Set(['PD', 'DP', 'MR', 'RM', 'MT', 'TM', 'RT', 'TR'])
    for (const a of COUPON_TYPES) for (const b of COUPON_TYPES) {
      const r = checkCouponCombination([`${a}-ONE`, `${b}-TWO`])
      if (a === b) expect(r).toMatchObject({ ok: false, kind: 'SAME_TYPE' })
      else expect(r.ok).toBe(!forbidden.has(a + b))
    }
    // any accepted set holds at most one code per type, and at most one of M, R, T
    const next = rng(11)
    for (let n = 0; n < 300; n++) {
      const codes = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => `${COUPON_TYPES[Math.floor(next() * 5)]}-C${i}`)
      const r = checkCouponCombination(codes)
      const types = codes.map((c) => couponTypeOf(c) as CouponType)
      const ok = new Set(types).size === types.length && !(types.includes('P') && types.includes('D')) && types.filter((t) => 'MRT'.includes(t)).length <= 1
      expect(r.ok).toBe(ok)
    }
  })
  it('"More than 30 SKUs under one code may prevent an immediate price reduction."', () => {
    expect(COUPON_MAX_SKUS).toBe(30)
    expect(exceedsCouponSkuLimit(0)).toBe(false)
    expect(exceedsCouponSkuLimit(30)).toBe(false)
    expect(exceedsCouponSkuLimit(31)).toBe(true)
  })
  it('section 8, "Coupon codes mapped to message keys", code for code', () => {
    const table: Record<string, string[]> = {
      COUPON_ERR_INVALID_10: ['10', 'E1PQ10', 'SQ40'],
      COUPON_ERR_EXPIRED_20: ['20', 'E1PQ20', 'SQ05', 'SQ10'],
      COUPON_ERR_30: ['30', 'E1PQ30', 'E1PQ35', 'SQ20', 'SQ70'],
      COUPON_ERR_40: ['E1PQ40'],
      COUPON_INFO_CASE_2: ['E1PQ60', 'E1PQ500'],
      COUPON_ERR_MAX_CODES: ['SQ30'],
      COUPON_ERR_CONTACT: ['SQ50', 'SQ60', 'SQ500'],
      COUPON_ERR_ADDRESS_REVIEW: ['ADDRESS_UNDER_REVIEW'],
      COUPON_ERR_PENDING_ADDRESS: ['PENDING_ADDRESS_VALIDATION'],
    }
    const expected = Object.fromEntries(Object.entries(table).flatMap(([key, codes]) => codes.map((c) => [c, key])))
    expect({ ...COUPON_CODE_MESSAGES }).toEqual(expected)
    for (const [code, key] of Object.entries(expected)) expect(couponMessageKey(code)).toBe(key)
    expect(Object.isFrozen(COUPON_CODE_MESSAGES)).toBe(true)
  })
  it('numeric codes, spacing and case are read the same; anything else is "generic failure contact service"', () => {
    expect(couponMessageKey(10)).toBe('COUPON_ERR_INVALID_10')
    expect(couponMessageKey(' e1pq40 ')).toBe('COUPON_ERR_40')
    for (const other of [null, undefined, '', '0', 'SQ99', 'constructor', '__proto__', 'toString', 40]) expect(couponMessageKey(other)).toBe('COUPON_ERR_GENERIC')
  })
  it('"E1PQ60, E1PQ500: informational (COUPON_INFO_CASE_2)" — the only key that is not an error', () => {
    expect(isCouponInfo(couponMessageKey('E1PQ60'))).toBe(true)
    expect(isCouponInfo(couponMessageKey('E1PQ500'))).toBe(true)
    for (const k of new Set(Object.values(COUPON_CODE_MESSAGES))) if (k !== 'COUPON_INFO_CASE_2') expect(isCouponInfo(k)).toBe(false)
    expect(isCouponInfo('COUPON_ERR_GENERIC')).toBe(false)
  })
  it('the codes the server answers with all map to their section 8 keys', () => {
    expect(couponMessageKey(COUPON_SERVER_CODES.unknown)).toBe('COUPON_ERR_INVALID_10')
    expect(couponMessageKey(COUPON_SERVER_CODES.expired)).toBe('COUPON_ERR_EXPIRED_20')
    expect(couponMessageKey(COUPON_SERVER_CODES.notApplicable)).toBe('COUPON_ERR_30')
    expect(couponMessageKey(COUPON_SERVER_CODES.mixRefused)).toBe('COUPON_ERR_30')
    expect(couponMessageKey(COUPON_SERVER_CODES.sameType)).toBe('COUPON_ERR_MAX_CODES')
    expect(couponMessageKey(COUPON_SERVER_CODES.manySkus)).toBe('COUPON_INFO_CASE_2')
    expect(couponMessageKey(COUPON_SERVER_CODES.pendingAddress)).toBe('COUPON_ERR_PENDING_ADDRESS')
  })
  it('"Partially registered (lite) user: … cannot apply coupons"; "Pending-address accounts cannot use promo codes."', () => {
    expect(couponBlockedFor(null)).toBe('login')
    expect(couponBlockedFor({ registrationStatus: 'Partially Registered', hasPendingAddress: false })).toBe('lite')
    expect(couponBlockedFor({ registrationStatus: 'partially registered', hasPendingAddress: true })).toBe('lite')
    expect(couponBlockedFor({ registrationStatus: 'Siebel Approved', hasPendingAddress: true })).toBe('pendingAddress')
    expect(couponBlockedFor({ registrationStatus: 'Siebel Approved', hasPendingAddress: false })).toBeNull()
  })
})

describe('types/cart/quantity (spec sections 4, 5 and 9)', () => {
  it('"Quantity 1 to 999", "Quantity validation delay 1000 ms", "Quantity tooltip 4000 ms"', () => {
    expect([CART_QTY_MIN, CART_QTY_MAX, QTY_CHECK_DELAY_MS, QTY_TOOLTIP_MS]).toEqual([1, 999, 1000, 4000])
  })
  it('"The cart limit is 1 to 999. The minus button does nothing below 0." (read: minus does nothing at 1)', () => {
    expect(stepQuantity(1, -1)).toBe(1)
    expect(stepQuantity(2, -1)).toBe(1)
    expect(stepQuantity(1, 1)).toBe(2)
    expect(stepQuantity(998, 1)).toBe(999)
    expect(stepQuantity(999, 1)).toBe(999)
    expect(stepQuantity(999, -1)).toBe(998)
  })
  it('a step from a value outside 1..999 lands inside (property)', () => {
    for (const v of [-5, 0, 0.5, 1000, 5000, NaN, Infinity, -Infinity, 3.7]) for (const d of [1, -1] as const) {
      const r = stepQuantity(v, d)
      expect(Number.isInteger(r) && r >= 1 && r <= 999).toBe(true)
    }
    for (let q = 1; q <= 999; q++) {
      expect(stepQuantity(q, 1)).toBe(Math.min(999, q + 1))
      expect(stepQuantity(q, -1)).toBe(Math.max(1, q - 1))
    }
  })
  it('"A change is checked and accepted, or rejected with a temporary message": digits only, 1..999', () => {
    expect(checkQuantityInput('1')).toEqual({ ok: true, value: 1 })
    expect(checkQuantityInput(' 42 ')).toEqual({ ok: true, value: 42 })
    expect(checkQuantityInput('999')).toEqual({ ok: true, value: 999 })
    expect(checkQuantityInput('007')).toEqual({ ok: true, value: 7 })
    expect(checkQuantityInput('１２')).toEqual({ ok: true, value: 12 })
    expect(checkQuantityInput('0')).toEqual({ ok: false, error: 'min', value: 1 })
    expect(checkQuantityInput('000')).toEqual({ ok: false, error: 'min', value: 1 })
    expect(checkQuantityInput('1000')).toEqual({ ok: false, error: 'max', value: 999 })
    expect(checkQuantityInput('99999999999999999999999')).toEqual({ ok: false, error: 'max', value: 999 })
    for (const bad of ['', '  ', '-1', '+3', '1.5', '1,000', '1e3', 'abc', '12a', '0x10', '1 2', 'Infinity']) {
      expect(checkQuantityInput(bad)).toEqual({ ok: false, error: 'numeric', value: 1 })
    }
  })
  it('every integer typed is accepted exactly when it is within 1..999 (property)', () => {
    for (let n = 0; n <= 1200; n++) {
      const r = checkQuantityInput(String(n))
      expect(r.ok).toBe(n >= 1 && n <= 999)
      expect(r.value).toBe(Math.min(999, Math.max(1, n)))
    }
  })
  it('"the same SKU sums its quantity, capped at 999"', () => {
    expect(mergedQuantity(2, 3)).toBe(5)
    expect(mergedQuantity(500, 499)).toBe(999)
    expect(mergedQuantity(500, 500)).toBe(999)
    expect(mergedQuantity(999, 999)).toBe(999)
    expect(mergedQuantity(0, 7)).toBe(7)
  })
  it('"The cap is the maximum order quantity for a logged-in user, otherwise the account purchase limit."', () => {
    const limits = { maxOrderQty: 50, accountPurchaseLimitQty: 20, minOrderQty: 1 }
    expect(quantityCap({ loggedIn: true, ...limits })).toEqual({ cap: 50, forcedQuantity: null })
    expect(quantityCap({ loggedIn: false, ...limits })).toEqual({ cap: 20, forcedQuantity: null })
    expect(quantityCap({ loggedIn: true, maxOrderQty: null, accountPurchaseLimitQty: 20, minOrderQty: 5 })).toEqual({ cap: null, forcedQuantity: null })
    expect(quantityCap({ loggedIn: true, maxOrderQty: 0, accountPurchaseLimitQty: 20, minOrderQty: 5 })).toEqual({ cap: null, forcedQuantity: null })
  })
  it('"If the cap is below the minimum, the quantity is set to the cap."', () => {
    expect(quantityCap({ loggedIn: true, maxOrderQty: 3, accountPurchaseLimitQty: null, minOrderQty: 10 })).toEqual({ cap: 3, forcedQuantity: 3 })
    expect(quantityCap({ loggedIn: false, maxOrderQty: null, accountPurchaseLimitQty: 4, minOrderQty: 5 })).toEqual({ cap: 4, forcedQuantity: 4 })
    expect(quantityCap({ loggedIn: true, maxOrderQty: 10, accountPurchaseLimitQty: null, minOrderQty: 10 })).toEqual({ cap: 10, forcedQuantity: null })
    expect(quantityCap({ loggedIn: true, maxOrderQty: 3, accountPurchaseLimitQty: null, minOrderQty: null })).toEqual({ cap: 3, forcedQuantity: null })
  })
})

describe('types/cart/cart-id (spec sections 3, 4 and 9)', () => {
  const T = Date.UTC(2026, 10, 23, 14, 22, 8, 123)
  const bytes = (n: number, fill = (i: number) => i) => Uint8Array.from({ length: n }, (_, i) => fill(i) & 255)

  it('"Anonymous cart id: built from a timestamp to milliseconds", plus 16 random bytes in base64url', () => {
    const id = formatAnonymousCartId(T, bytes(16))
    expect(id).toBe(`${T}-AAECAwQFBgcICQoLDA0ODw`)
    expect(isAnonymousCartId(id)).toBe(true)
    expect(anonymousCartIdTime(id)).toBe(T)
    expect(formatAnonymousCartId(T, bytes(16, () => 255))).toBe(`${T}-_____________________w`)
    expect(formatAnonymousCartId(T, bytes(18, () => 0xfb))).toBe(`${T}-${'-_v7'.repeat(6)}`)
  })
  it('base64url agrees with the standard encoder for every length 16..37 (property)', () => {
    const next = rng(3)
    for (let n = 16; n <= 37; n++) for (let k = 0; k < 20; k++) {
      const r = bytes(n, () => Math.floor(next() * 256))
      const std = Buffer.from(r).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
      const id = formatAnonymousCartId(T, r)
      expect(id).toBe(`${T}-${std}`)
      expect(id.length).toBeLessThanOrEqual(64)
      expect(ANONYMOUS_CART_ID_PATTERN.test(id)).toBe(true)
    }
  })
  it('needs at least 16 random bytes (so nobody can guess another visitor\'s cart) and a 13-digit time', () => {
    expect(() => formatAnonymousCartId(T, bytes(15))).toThrow(RangeError)
    expect(() => formatAnonymousCartId(T, bytes(0))).toThrow(RangeError)
    expect(() => formatAnonymousCartId(T, bytes(38))).toThrow(RangeError)
    for (const bad of [NaN, -1, 1.5, 1e13, Infinity]) expect(() => formatAnonymousCartId(bad, bytes(16))).toThrow(RangeError)
    expect(formatAnonymousCartId(0, bytes(16))).toMatch(/^0{13}-/)
  })
  it('isAnonymousCartId accepts only ids of the pattern (13-digit ms, "-", 22+ base64url characters, at most 64)', () => {
    const good = `${T}-${'A'.repeat(22)}`
    expect(isAnonymousCartId(good)).toBe(true)
    expect(isAnonymousCartId(`${T}-${'A'.repeat(50)}`)).toBe(true)
    for (const bad of [
      `${T}-${'A'.repeat(21)}`, `${T}-${'A'.repeat(51)}`, `${T}${'A'.repeat(22)}`, `12345-${'A'.repeat(22)}`,
      `${T}-${'A'.repeat(21)}=`, `${T}-${'A'.repeat(21)}+`, ` ${good}`, `${good}\n`, String(T), '',
      '1732371728123', 'anonymous', `../${good}`,
    ]) expect(isAnonymousCartId(bad)).toBe(false)
    for (const notString of [null, undefined, 42, {}, [good]]) expect(isAnonymousCartId(notString)).toBe(false)
    expect(anonymousCartIdTime('nope')).toBeNull()
  })
  it('"Locally stored keys include leadCartId, cart_sp, IS_NEW_CART_ID"', () => {
    expect(CART_STORAGE_KEYS).toEqual({ gcId: 'gcId', isNewCartId: 'IS_NEW_CART_ID', cartSp: 'cart_sp' })
    expect(LEAD_CART_STORAGE_KEY).toBe('leadCartId')
  })
  it('"If the user is logged in, an unmerged anonymous cart exists and merge has not been called: merge first, then query."', () => {
    const base = { loggedIn: true, isNewCartId: true, gcId: `${T}-${'A'.repeat(22)}`, mergeCalled: false }
    expect(shouldMergeBeforeQuery(base)).toBe(true)
    expect(shouldMergeBeforeQuery({ ...base, loggedIn: false })).toBe(false)
    expect(shouldMergeBeforeQuery({ ...base, isNewCartId: false })).toBe(false)
    expect(shouldMergeBeforeQuery({ ...base, gcId: null })).toBe(false)
    expect(shouldMergeBeforeQuery({ ...base, gcId: '' })).toBe(false)
    expect(shouldMergeBeforeQuery({ ...base, mergeCalled: true })).toBe(false)
  })
  it('"If the merge fails, the cart is marked unmerged again": the next query merges again', () => {
    const state = { loggedIn: true, isNewCartId: true, gcId: `${T}-${'A'.repeat(22)}`, mergeCalled: false }
    expect(shouldMergeBeforeQuery(state)).toBe(true)
    // the merge is called and fails: the caller marks the cart unmerged again (mergeCalled reset)
    expect(shouldMergeBeforeQuery({ ...state, mergeCalled: true })).toBe(false)
    expect(shouldMergeBeforeQuery({ ...state, mergeCalled: false })).toBe(true)
  })
})

describe('types/cart/quick-order (quick order by paste, "as copied from a spreadsheet")', () => {
  it('one per line, a header row skipped, a missing quantity is 1', () => {
    const r = parseQuickOrder('Catalog Number\tQty\nma1-10175\t2\n11668019\n\n4368814\t10\n')
    expect(r.problems).toEqual([])
    expect(r.lines).toEqual([
      { line: 2, catalogNumber: 'MA1-10175', quantity: 2 },
      { line: 3, catalogNumber: '11668019', quantity: 1 },
      { line: 5, catalogNumber: '4368814', quantity: 10 },
    ])
  })
  it('comma, tab, semicolon and full-width separators, CRLF, several spaces between number and quantity', () => {
    const r = parseQuickOrder('MA1-10175,3\r\n11668019;2\r\n4368814，5\r\nAM9937     7\r\nQ32851\t\t4\r\nA-1.5；1\r\n')
    expect(r.problems).toEqual([])
    expect(r.lines.map((l) => [l.line, l.catalogNumber, l.quantity])).toEqual([
      [1, 'MA1-10175', 3], [2, '11668019', 2], [3, '4368814', 5], [4, 'AM9937', 7], [5, 'Q32851', 4], [6, 'A-1.5', 1],
    ])
  })
  it('a single line of many numbers: "MA1-10175, 11668019, 4368814" is three lines of quantity 1', () => {
    expect(parseQuickOrder('MA1-10175, 11668019, 4368814').lines).toEqual([
      { line: 1, catalogNumber: 'MA1-10175', quantity: 1 },
      { line: 1, catalogNumber: '11668019', quantity: 1 },
      { line: 1, catalogNumber: '4368814', quantity: 1 },
    ])
    expect(parseQuickOrder('MA1-10175 2 11668019 4368814 3').lines.map((l) => l.quantity)).toEqual([2, 1, 3])
  })
  it('5 or more digits make a catalogue number, up to 4 digits after a catalogue number a quantity', () => {
    expect(parseQuickOrder('AM9937 12345').lines.map((l) => [l.catalogNumber, l.quantity])).toEqual([['AM9937', 1], ['12345', 1]])
    expect(parseQuickOrder('AM9937 0012').lines).toEqual([{ line: 1, catalogNumber: 'AM9937', quantity: 12 }])
    expect(parseQuickOrder('AM9937 1000').problems).toEqual([{ line: 1, raw: 'AM9937 1000', error: 'quantity' }])
  })
  it('a quantity must be an integer 1..999', () => {
    const r = parseQuickOrder('AM9937 0\nQ32851 2.5\nMA1-10175 -3\n11668019 999\n4368814 +2')
    expect(r.lines).toEqual([{ line: 4, catalogNumber: '11668019', quantity: 999 }])
    expect(r.problems).toEqual([
      { line: 1, raw: 'AM9937 0', error: 'quantity' },
      { line: 2, raw: 'Q32851 2.5', error: 'quantity' },
      { line: 3, raw: 'MA1-10175 -3', error: 'quantity' },
      { line: 5, raw: '4368814 +2', error: 'quantity' },
    ])
  })
  it('a line that is not catalogue numbers and quantities is a format problem, and nothing of it is added', () => {
    const r = parseQuickOrder('AM9937 2\n12\nAM9937 2 3\nfoo bar\nQ32851 pcs\nQ3*851\nMA1-10175, 0, 11668019 $')
    expect(r.lines).toEqual([{ line: 1, catalogNumber: 'AM9937', quantity: 2 }])
    expect(r.problems.map((p) => [p.line, p.error])).toEqual([[2, 'format'], [3, 'format'], [4, 'format'], [5, 'format'], [6, 'format'], [7, 'format']])
    expect(r.problems[0].raw).toBe('12')
  })
  it('a header is only the first line, and only without digits; blank and separator-only lines are ignored', () => {
    expect(parseQuickOrder('\n  \n货号\t数量\nAM9937\t2').problems).toEqual([])
    expect(parseQuickOrder('Cat. No.,Qty\n,,,\n\t\nAM9937,2').lines).toEqual([{ line: 4, catalogNumber: 'AM9937', quantity: 2 }])
    expect(parseQuickOrder('AM9937\nCatalog Number\tQty').problems).toEqual([{ line: 2, raw: 'Catalog Number\tQty', error: 'format' }])
    expect(parseQuickOrder('')).toEqual({ lines: [], problems: [] })
    expect(parseQuickOrder('\uFEFFAM9937\t2').lines).toEqual([{ line: 1, catalogNumber: 'AM9937', quantity: 2 }])
  })
  it('the same catalogue number twice is one line with the quantities summed, capped at 999, at its first line', () => {
    const r = parseQuickOrder('AM9937 5\nQ32851\nam9937 7\nAM9937 990')
    expect(r.lines).toEqual([{ line: 1, catalogNumber: 'AM9937', quantity: 999 }, { line: 2, catalogNumber: 'Q32851', quantity: 1 }])
    expect(r.problems).toEqual([])
    expect(parseQuickOrder('ＡＭ９９３７　２').lines).toEqual([{ line: 1, catalogNumber: 'AM9937', quantity: 2 }])
  })
  it(`more than ${QUICK_ORDER_MAX_LINES} entries: the rest are 'tooMany' problems`, () => {
    expect(QUICK_ORDER_MAX_LINES).toBe(200)
    const rows = Array.from({ length: 203 }, (_, i) => `CAT-${1000 + i}\t2`)
    rows.push('CAT-1000\t1') // a repeat of a listed number still counts
    const r = parseQuickOrder(rows.join('\n'))
    expect(r.lines).toHaveLength(200)
    expect(r.lines[0]).toEqual({ line: 1, catalogNumber: 'CAT-1000', quantity: 3 })
    expect(r.problems).toEqual([201, 202, 203].map((line) => ({ line, raw: `CAT-${999 + line}\t2`, error: 'tooMany' })))
    const oneLine = parseQuickOrder(Array.from({ length: 250 }, (_, i) => `X${100000 + i}`).join(', '))
    expect(oneLine.lines).toHaveLength(200)
    expect(oneLine.problems.map((p) => [p.line, p.error])).toEqual([[1, 'tooMany']])
  })
  it('round trip: any list written one per line with tabs reads back as itself (property)', () => {
    const next = rng(5)
    const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ0123456789'
    for (let n = 0; n < 100; n++) {
      const want = new Map<string, number>()
      const count = 1 + Math.floor(next() * 30)
      while (want.size < count) {
        const len = 3 + Math.floor(next() * 10)
        let cat = Array.from({ length: len }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')
        if (!/[0-9]/.test(cat)) cat += '7'
        if (/^[0-9]+$/.test(cat) && cat.length < 5) cat = `A${cat}`
        want.set(cat, 1 + Math.floor(next() * 999))
      }
      const sep = ['\t', ',', ';', '   ', '，'][n % 5]
      const text = [...want].map(([c, q]) => `${c.toLowerCase()}${sep}${q}`).join(n % 2 ? '\r\n' : '\n')
      const r = parseQuickOrder(text)
      expect(r.problems).toEqual([])
      expect(r.lines.map((l) => [l.catalogNumber, l.quantity])).toEqual([...want])
    }
  })
})

describe('types/order/totals (spec sections 5 and 9)', () => {
  const s = { totalPriceAmount: 328000, totalAmount: 278800, taxes: 36244 }
  it('"Total amount: totalAmount plus taxes" — "total = totalAmount + taxes when ENABLE_ORDER_TAX is on"', () => {
    expect(orderTotal(s, true)).toBe(315044)
    expect(orderTotal(s, false)).toBe(278800)
  })
  it('"Savings: totalPriceAmount minus totalAmount", never negative', () => {
    expect(orderSavings(s)).toBe(49200)
    expect(orderSavings({ ...s, totalAmount: 330000 })).toBe(0)
    expect(orderSavings({ totalPriceAmount: 0, totalAmount: 0, taxes: 0 })).toBe(0)
  })
  it('tax at a rate in basis points, rounded half up to a minor unit', () => {
    expect(taxOf(278800, 1300)).toBe(36244)
    expect(taxOf(50, 1000)).toBe(5)
    expect(taxOf(5, 1000)).toBe(1) // 0.5 → 1
    expect(taxOf(4, 1000)).toBe(0) // 0.4 → 0
    expect(taxOf(15, 1000)).toBe(2) // 1.5 → 2
    expect(taxOf(0, 1300)).toBe(0)
    expect(taxOf(12345, 0)).toBe(0)
    expect(taxOf(-5, 1000)).toBe(-1)
    expect(taxOf(9_000_000_000_000, 1300)).toBe(1_170_000_000_000)
  })
  it('taxOf equals exact rational rounding (property)', () => {
    const next = rng(9)
    for (let n = 0; n < 2000; n++) {
      const a = Math.floor(next() * 1e9)
      const r = Math.floor(next() * 3000)
      const exact = (BigInt(a) * BigInt(r) * 2n + 10000n) / 20000n // floor(a*r/10000 + 1/2)
      expect(taxOf(a, r)).toBe(Number(exact))
    }
  })
  it('money is kept in minor units: toMinor / toMajorUnits', () => {
    expect(toMinor(3280)).toBe(328000)
    expect(toMinor(19.99)).toBe(1999)
    expect(toMinor(0.1 + 0.2)).toBe(30)
    expect(toMajorUnits(1999)).toBe(19.99)
    for (let c = 0; c < 100000; c += 37) expect(toMinor(toMajorUnits(c))).toBe(c)
  })
  it('"Purchase order number: optional, at most 60 characters" and "Remark: optional, at most 100 characters."', () => {
    expect([PO_NUMBER_MAX, REMARK_MAX, ADDITIONAL_EMAILS_MAX]).toEqual([60, 100, 2])
    expect(checkOrderFields({})).toEqual([])
    expect(checkOrderFields({ poNumber: '', remark: '' })).toEqual([])
    expect(checkOrderFields({ poNumber: 'P'.repeat(60), remark: 'r'.repeat(100) })).toEqual([])
    expect(checkOrderFields({ poNumber: 'P'.repeat(61), remark: 'r'.repeat(101) })).toEqual([
      { field: 'poNumber', error: 'tooLong' }, { field: 'remark', error: 'tooLong' },
    ])
  })
  it('characters are counted as the user sees them (an emoji or a CJK character is one)', () => {
    expect(checkOrderFields({ remark: '😀'.repeat(100) })).toEqual([])
    expect(checkOrderFields({ remark: '请'.repeat(100) })).toEqual([])
    expect(checkOrderFields({ poNumber: '𠀀'.repeat(61) })).toEqual([{ field: 'poNumber', error: 'tooLong' }])
  })
  it('"Email must match a standard address pattern. At most 2 additional emails (cart mail)."', () => {
    expect(checkOrderFields({ emails: ['a@lab.cn', ' b.c+d@uni.edu.cn '] })).toEqual([])
    expect(checkOrderFields({ emails: ['a@lab.cn', '', '  '] })).toEqual([])
    expect(checkOrderFields({ emails: ['a@lab.cn', 'b@lab.cn', 'c@lab.cn'] })).toEqual([{ field: 'emails', error: 'tooMany' }])
    for (const bad of ['a', 'a@', '@lab.cn', 'a@lab', 'a b@lab.cn', 'a@lab..cn', 'a@-lab.cn', 'a@lab.c']) {
      expect(checkOrderFields({ emails: [bad] })).toEqual([{ field: 'emails', error: 'invalidEmail' }])
    }
    expect(checkOrderFields({ emails: ['x', 'b@lab.cn', 'c@lab.cn'] })).toEqual([
      { field: 'emails', error: 'tooMany' }, { field: 'emails', error: 'invalidEmail' },
    ])
  })
})
