import {
  deliveryChannelOf,
  needsSupplyCentreLookup,
  smartChannel,
  channelForMode,
  deliveryModeOf,
  isSupplyCentreOrderType,
  DEFAULT_ORDER_PREFERENCE,
} from '../../types/cart/channel'
import {
  checkCouponCombination,
  couponMessageKey,
  couponTypeOf,
  couponBlockedFor,
  exceedsCouponSkuLimit,
  isCouponInfo,
} from '../../types/cart/coupons'
import { stepQuantity, checkQuantityInput, mergedQuantity, quantityCap } from '../../types/cart/quantity'
import {
  formatAnonymousCartId,
  isAnonymousCartId,
  anonymousCartIdTime,
  shouldMergeBeforeQuery,
} from '../../types/cart/cart-id'
import { parseQuickOrder } from '../../types/cart/quick-order'
import { orderTotal, orderSavings, taxOf, checkOrderFields } from '../../types/order/totals'

describe('delivery channel (spec section 4)', () => {
  it('"SP or SC become SC; anything else becomes TFS."', () => {
    expect(deliveryChannelOf('SP')).toBe('SC')
    expect(deliveryChannelOf('SC')).toBe('SC')
    for (const c of ['Web', 'TFS', '', null, undefined, 'sp']) expect(deliveryChannelOf(c)).toBe('TFS')
  })
  it('"A coupon code containing M forces TFS."', () => {
    expect(deliveryChannelOf('SP', ['M-PLASTIC5'])).toBe('TFS')
    expect(deliveryChannelOf('SC', ['P-ANTIBODY10', 'x-m'])).toBe('TFS')
    expect(deliveryChannelOf('SC', ['P-ANTIBODY10'])).toBe('SC')
  })
  it('"Used when the quote channel is SP and a default SC exists" (/sc/getSkuDeliveryChannel)', () => {
    expect(needsSupplyCentreLookup('SP', 'SC-SH-01')).toBe(true)
    expect(needsSupplyCentreLookup('SP', null)).toBe(false)
    expect(needsSupplyCentreLookup('SC', 'SC-SH-01')).toBe(false)
  })
  it('"Items with no delivery-centre stock match are non-smart-procurement and use TFS. A TFS inventory match clears the smart flags."', () => {
    expect(smartChannel({ wanted: 'SC', scStockMatch: true, tfsStockMatch: false })).toEqual({
      deliveryChannel: 'SC',
      isSmartProc: true,
      spFlag: true,
    })
    expect(smartChannel({ wanted: 'SC', scStockMatch: false, tfsStockMatch: false })).toEqual({
      deliveryChannel: 'TFS',
      isSmartProc: false,
      spFlag: false,
    })
    expect(smartChannel({ wanted: 'SC', scStockMatch: true, tfsStockMatch: true })).toEqual({
      deliveryChannel: 'TFS',
      isSmartProc: false,
      spFlag: false,
    })
  })
  it('"Cart delivery modes: SP (by flag SC or TFS), Web (all TFS), Split (by flag)."', () => {
    expect(channelForMode('Web', 'SC')).toBe('TFS')
    expect(channelForMode('SP', 'SC')).toBe('SC')
    expect(channelForMode('Split', 'TFS')).toBe('TFS')
    expect(deliveryModeOf(['SC', 'SC'])).toBe('SP')
    expect(deliveryModeOf(['TFS'])).toBe('Web')
    expect(deliveryModeOf([])).toBe('Web')
    expect(deliveryModeOf(['SC', 'TFS'])).toBe('Split')
  })
  it('"Smart-distribution is the default order preference"; "Order types D1, D2 and CR count as supply-centre orders."', () => {
    expect(DEFAULT_ORDER_PREFERENCE).toBe('SMART_DISTRIBUTION')
    expect(['D1', 'D2', 'CR'].every(isSupplyCentreOrderType)).toBe(true)
    expect(isSupplyCentreOrderType('ZOR')).toBe(false)
  })
})

describe('coupons (spec sections 5, 6, 8)', () => {
  it('the type is the first letter of the code', () => {
    expect(couponTypeOf(' p-antibody10')).toBe('P')
    expect(couponTypeOf('X-1')).toBeNull()
  })
  it('"P and D quotes cannot be mixed"', () => {
    expect(checkCouponCombination(['P-ANTIBODY10', 'D-PCR15'])).toEqual({
      ok: false,
      kind: 'PD_MIX',
      codes: ['P-ANTIBODY10', 'D-PCR15'],
    })
  })
  it('"M and R, M and T, and R and T cannot be mixed"', () => {
    for (const [a, b] of [
      ['M-1', 'R-1'],
      ['T-1', 'M-1'],
      ['R-1', 'T-1'],
    ])
      expect(checkCouponCombination([a, b])).toMatchObject({ ok: false, kind: 'MRT_MIX' })
    expect(checkCouponCombination(['P-1', 'M-1'])).toEqual({ ok: true })
    expect(checkCouponCombination(['D-1', 'R-1'])).toEqual({ ok: true })
  })
  it('"Only one each of P, D, R, M and T per order."', () => {
    expect(checkCouponCombination(['P-1', 'P-2'])).toMatchObject({ ok: false, kind: 'SAME_TYPE' })
    expect(checkCouponCombination(['P-1', 'p-1'])).toEqual({ ok: true })
    expect(checkCouponCombination(['Q-1'])).toMatchObject({ ok: false, kind: 'UNKNOWN_TYPE' })
  })
  it('"More than 30 SKUs under one code may prevent an immediate price reduction."', () => {
    expect(exceedsCouponSkuLimit(30)).toBe(false)
    expect(exceedsCouponSkuLimit(31)).toBe(true)
  })
  it('section 8: every listed code maps to its message key', () => {
    const cases: [string[], string][] = [
      [['10', 'E1PQ10', 'SQ40'], 'COUPON_ERR_INVALID_10'],
      [['20', 'E1PQ20', 'SQ05', 'SQ10'], 'COUPON_ERR_EXPIRED_20'],
      [['30', 'E1PQ30', 'E1PQ35', 'SQ20', 'SQ70'], 'COUPON_ERR_30'],
      [['E1PQ40'], 'COUPON_ERR_40'],
      [['E1PQ60', 'E1PQ500'], 'COUPON_INFO_CASE_2'],
      [['SQ30'], 'COUPON_ERR_MAX_CODES'],
      [['SQ50', 'SQ60', 'SQ500'], 'COUPON_ERR_CONTACT'],
    ]
    for (const [codes, key] of cases) for (const c of codes) expect(couponMessageKey(c)).toBe(key)
    expect(couponMessageKey(10)).toBe('COUPON_ERR_INVALID_10')
    expect(couponMessageKey('ADDRESS_UNDER_REVIEW')).toBe('COUPON_ERR_ADDRESS_REVIEW')
    expect(couponMessageKey('PENDING_ADDRESS_VALIDATION')).toBe('COUPON_ERR_PENDING_ADDRESS')
    expect(couponMessageKey('SQ99')).toBe('COUPON_ERR_GENERIC')
    expect(couponMessageKey(null)).toBe('COUPON_ERR_GENERIC')
    expect(isCouponInfo('COUPON_INFO_CASE_2')).toBe(true)
  })
  it('"lite users cannot apply coupons"; "Pending-address accounts cannot use promo codes."', () => {
    expect(couponBlockedFor(null)).toBe('login')
    expect(couponBlockedFor({ registrationStatus: 'Partially Registered', hasPendingAddress: false })).toBe('lite')
    expect(couponBlockedFor({ registrationStatus: 'Siebel Approved', hasPendingAddress: true })).toBe('pendingAddress')
    expect(couponBlockedFor({ registrationStatus: 'Siebel Approved', hasPendingAddress: false })).toBeNull()
  })
})

describe('quantity (spec sections 4, 5)', () => {
  it('"The cart limit is 1 to 999. The minus button does nothing below 0." (nothing at the minimum)', () => {
    expect(stepQuantity(1, -1)).toBe(1)
    expect(stepQuantity(2, -1)).toBe(1)
    expect(stepQuantity(999, 1)).toBe(999)
    expect(stepQuantity(5, 1)).toBe(6)
    for (let q = 1; q <= 999; q += 37)
      for (const d of [1, -1] as const) {
        const n = stepQuantity(q, d)
        expect(n).toBeGreaterThanOrEqual(1)
        expect(n).toBeLessThanOrEqual(999)
      }
  })
  it('typed input is numeric and within 1..999', () => {
    expect(checkQuantityInput('12')).toEqual({ ok: true, value: 12 })
    expect(checkQuantityInput(' ３ ')).toEqual({ ok: true, value: 3 })
    expect(checkQuantityInput('abc')).toMatchObject({ ok: false, error: 'numeric' })
    expect(checkQuantityInput('1.5')).toMatchObject({ ok: false, error: 'numeric' })
    expect(checkQuantityInput('0')).toMatchObject({ ok: false, error: 'min', value: 1 })
    expect(checkQuantityInput('1000')).toMatchObject({ ok: false, error: 'max', value: 999 })
  })
  it('merge: "the same SKU sums its quantity, capped at 999"', () => {
    expect(mergedQuantity(3, 4)).toBe(7)
    expect(mergedQuantity(500, 600)).toBe(999)
  })
  it('"The cap is the maximum order quantity for a logged-in user, otherwise the account purchase limit. If the cap is below the minimum, the quantity is set to the cap."', () => {
    expect(quantityCap({ loggedIn: true, maxOrderQty: 10, accountPurchaseLimitQty: 3, minOrderQty: 1 })).toEqual({
      cap: 10,
      forcedQuantity: null,
    })
    expect(quantityCap({ loggedIn: false, maxOrderQty: 10, accountPurchaseLimitQty: 3, minOrderQty: 1 })).toEqual({
      cap: 3,
      forcedQuantity: null,
    })
    expect(quantityCap({ loggedIn: true, maxOrderQty: 2, accountPurchaseLimitQty: 3, minOrderQty: 5 })).toEqual({
      cap: 2,
      forcedQuantity: 2,
    })
  })
})

describe('anonymous cart id (spec sections 3, 4, 9)', () => {
  const bytes = (seed: number) => Uint8Array.from({ length: 16 }, (_, i) => (seed * 31 + i * 17) & 255)
  it('"Anonymous cart id: built from a timestamp to milliseconds", plus 128 random bits', () => {
    const id = formatAnonymousCartId(1795400000123, bytes(1))
    expect(id).toMatch(/^1795400000123-[A-Za-z0-9_-]{22}$/)
    expect(isAnonymousCartId(id)).toBe(true)
    expect(anonymousCartIdTime(id)).toBe(1795400000123)
    expect(formatAnonymousCartId(1795400000123, bytes(2))).not.toBe(id)
    expect(() => formatAnonymousCartId(1, new Uint8Array(8))).toThrow()
    expect(isAnonymousCartId('1795400000123')).toBe(false)
    expect(isAnonymousCartId('1795400000123-abc')).toBe(false)
  })
  it('"If the user is logged in, an unmerged anonymous cart exists and merge has not been called: merge first, then query."', () => {
    const base = { loggedIn: true, isNewCartId: true, gcId: 'x', mergeCalled: false }
    expect(shouldMergeBeforeQuery(base)).toBe(true)
    expect(shouldMergeBeforeQuery({ ...base, loggedIn: false })).toBe(false)
    expect(shouldMergeBeforeQuery({ ...base, isNewCartId: false })).toBe(false)
    expect(shouldMergeBeforeQuery({ ...base, gcId: null })).toBe(false)
    expect(shouldMergeBeforeQuery({ ...base, mergeCalled: true })).toBe(false)
  })
})

describe('quick order by paste', () => {
  it('reads a spreadsheet copy: tab separated, header row, CRLF, blank lines', () => {
    const r = parseQuickOrder('Catalog Number\tQty\r\nMA1-10175\t2\r\n\r\n11668019\t10\r\n')
    expect(r.lines).toEqual([
      { line: 2, catalogNumber: 'MA1-10175', quantity: 2 },
      { line: 4, catalogNumber: '11668019', quantity: 10 },
    ])
    expect(r.problems).toEqual([])
  })
  it('comma, full-width comma and spaces; a missing quantity is 1', () => {
    const r = parseQuickOrder('ma1-10175, 3\nAM9625，5\n4368814   7\nR0611')
    expect(r.lines.map((l) => [l.catalogNumber, l.quantity])).toEqual([
      ['MA1-10175', 3],
      ['AM9625', 5],
      ['4368814', 7],
      ['R0611', 1],
    ])
  })
  it('one line of many catalogue numbers adds each once', () => {
    expect(parseQuickOrder('MA1-10175, 11668019, 4368814').lines.map((l) => [l.catalogNumber, l.quantity])).toEqual([
      ['MA1-10175', 1],
      ['11668019', 1],
      ['4368814', 1],
    ])
  })
  it('the same number twice sums, capped at 999; a bad quantity is reported per line', () => {
    const r = parseQuickOrder('A1-100 600\na1-100 600\nB2-200 0\nC3-300 1.5\n!!')
    expect(r.lines).toEqual([{ line: 1, catalogNumber: 'A1-100', quantity: 999 }])
    expect(r.problems.map((p) => [p.line, p.error])).toEqual([
      [3, 'quantity'],
      [4, 'quantity'],
      [5, 'format'],
    ])
  })
  it('at most 200 entries', () => {
    const text = Array.from({ length: 205 }, (_, i) => `CAT-${i + 1000} 1`).join('\n')
    const r = parseQuickOrder(text)
    expect(r.lines).toHaveLength(200)
    expect(r.problems.filter((p) => p.error === 'tooMany')).toHaveLength(5)
  })
})

describe('totals and order fields (spec sections 5, 9)', () => {
  const s = { totalPriceAmount: 120000, totalAmount: 100000, taxes: 13000 }
  it('"Total amount: totalAmount plus taxes" when ENABLE_ORDER_TAX is on', () => {
    expect(orderTotal(s, true)).toBe(113000)
    expect(orderTotal(s, false)).toBe(100000)
  })
  it('"Savings: totalPriceAmount minus totalAmount"', () => {
    expect(orderSavings(s)).toBe(20000)
    expect(orderSavings({ ...s, totalAmount: 130000 })).toBe(0)
  })
  it('tax is rounded half up to a minor unit', () => {
    expect(taxOf(100000, 1300)).toBe(13000)
    expect(taxOf(1, 5000)).toBe(1)
    expect(taxOf(333, 1300)).toBe(43)
  })
  it('"Purchase order number: optional, at most 60 characters"; "Remark: optional, at most 100 characters"; "At most 2 additional emails"', () => {
    expect(
      checkOrderFields({ poNumber: 'x'.repeat(60), remark: '备'.repeat(100), emails: ['a@b.cn', 'c@d.com'] }),
    ).toEqual([])
    expect(checkOrderFields({ poNumber: 'x'.repeat(61) })).toEqual([{ field: 'poNumber', error: 'tooLong' }])
    expect(checkOrderFields({ remark: '😀'.repeat(101) })).toEqual([{ field: 'remark', error: 'tooLong' }])
    expect(checkOrderFields({ emails: ['a@b.cn', 'c@d.com', 'e@f.com'] })).toEqual([
      { field: 'emails', error: 'tooMany' },
    ])
    expect(checkOrderFields({ emails: ['not-an-email'] })).toEqual([{ field: 'emails', error: 'invalidEmail' }])
  })
})

describe('every coupon message key has its words', () => {
  it('section 8: each mapped key, and the generic one, is in both message catalogues', () => {
    const { en, zh } = require('../../src/i18n') as typeof import('../../src/i18n')
    const { COUPON_CODE_MESSAGES } = require('../../types/cart/coupons') as typeof import('../../types/cart/coupons')
    for (const key of new Set([...Object.values(COUPON_CODE_MESSAGES), 'COUPON_ERR_GENERIC'])) {
      expect((en as Record<string, string>)[`coupon.${key}`]).toBeTruthy()
      expect((zh as Record<string, string>)[`coupon.${key}`]).toBeTruthy()
    }
  })
})
