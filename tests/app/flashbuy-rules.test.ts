import {
  applyStatusRefusal,
  checkFlashQuantity,
  firstFailingCheck,
  flashBuyStatusAt,
  flashQuantityCap,
  flashQuantityMax,
  quantityRefusal,
  CATALOGUE_LABEL,
  SALE_LIST_LABEL,
  type FlashLimits,
  type FlashSubmitInput,
} from '../../types/flashbuy/rules'
import { en, zh } from '../../src/i18n'
import {
  failureMessageKey,
  refusalMessageKey,
  tipMessage,
  initialFlashQuantity,
  flashChannel,
  successParams,
} from '../../src/store/flashbuy/submit'
import { TOAST_MS } from '../../src/rules/constants'
import { QTY_CHECK_DELAY_MS, QTY_TOOLTIP_MS } from '../../types/cart/quantity'

/**
 * The flash-buy rules of the spec (types/flashbuy/rules.ts) and the messages the app gives for them.
 * Each test quotes the sentence it checks.
 */

const limits = (o: Partial<FlashLimits> = {}): FlashLimits => ({
  minOrderQty: 2,
  maxOrderQty: 10,
  accountPurchaseLimitQty: 5,
  remainQty: 8,
  purchasedQty: 0,
  ...o,
})

describe('flash-buy quantity (spec section 5 "Quantity")', () => {
  it('"The cap is the maximum order quantity for a logged-in user, otherwise the account purchase limit."', () => {
    expect(flashQuantityCap(limits(), true).cap).toBe(10)
    expect(flashQuantityCap(limits(), false).cap).toBe(5)
  })

  // issue 22: "the 'Maximum' hint ignores what the account has already bought"
  it('the Maximum the buyer can still order counts what the account has bought (the server refuses quantity + bought > the account limit)', () => {
    expect(flashQuantityMax(limits({ purchasedQty: 0 }), true)).toBe(5)
    expect(flashQuantityMax(limits({ purchasedQty: 3 }), true)).toBe(2)
    expect(flashQuantityMax(limits({ purchasedQty: 5 }), true)).toBe(0)
    expect(flashQuantityMax(limits({ accountPurchaseLimitQty: 50, purchasedQty: 3 }), true)).toBe(10)
    expect(flashQuantityMax(limits(), false)).toBe(5)
    // exactly what the server accepts: the maximum passes, one more is the per-account limit refusal
    const d = limits({ purchasedQty: 3 })
    expect(quantityRefusal(flashQuantityMax(d, true), d)).toBeNull()
    expect(quantityRefusal(flashQuantityMax(d, true) + 1, d)).toBe('limit')
  })

  it('"If the cap is below the minimum, the quantity is set to the cap."', () => {
    expect(flashQuantityCap(limits({ minOrderQty: 6, maxOrderQty: 4 }), true)).toEqual({ cap: 4, initial: 4 })
    expect(flashQuantityCap(limits({ minOrderQty: 6, accountPurchaseLimitQty: 3 }), false)).toEqual({
      cap: 3,
      initial: 3,
    })
    // otherwise the screen starts at the minimum
    expect(flashQuantityCap(limits({ minOrderQty: 2 }), true)).toEqual({ cap: 10, initial: 2 })
  })

  it('the four quantity messages: numeric (FLASHBUY_TIP_NUMBERONLY), above the cap (GTMAX), above the stock (GTTOTAL), below the minimum (LTMIN)', () => {
    const d = limits()
    expect(checkFlashQuantity('abc', d, true)).toEqual({ ok: false, tip: 'FLASHBUY_TIP_NUMBERONLY' })
    expect(checkFlashQuantity('', d, true)).toEqual({ ok: false, tip: 'FLASHBUY_TIP_NUMBERONLY' })
    expect(checkFlashQuantity('1.5', d, true)).toEqual({ ok: false, tip: 'FLASHBUY_TIP_NUMBERONLY' })
    expect(checkFlashQuantity('11', d, true)).toEqual({ ok: false, tip: 'FLASHBUY_TIP_GTMAX' })
    // a visitor's cap is the account purchase limit (5)
    expect(checkFlashQuantity('6', d, false)).toEqual({ ok: false, tip: 'FLASHBUY_TIP_GTMAX' })
    expect(checkFlashQuantity('9', d, true)).toEqual({ ok: false, tip: 'FLASHBUY_TIP_GTTOTAL' })
    expect(checkFlashQuantity('1', d, true)).toEqual({ ok: false, tip: 'FLASHBUY_TIP_LTMIN' })
    expect(checkFlashQuantity('3', d, true)).toEqual({ ok: true, value: 3 })
    // full-width digits typed on a Chinese keyboard are digits
    expect(checkFlashQuantity('３', d, true)).toEqual({ ok: true, value: 3 })
  })

  it('"If the minimum exceeds the cap and the quantity is within the cap, it is valid."', () => {
    const d = limits({ minOrderQty: 6, maxOrderQty: 4 })
    expect(checkFlashQuantity('4', d, true)).toEqual({ ok: true, value: 4 })
    expect(checkFlashQuantity('2', d, true)).toEqual({ ok: true, value: 2 })
    expect(checkFlashQuantity('5', d, true)).toEqual({ ok: false, tip: 'FLASHBUY_TIP_GTMAX' })
  })

  it('the tips read in both languages, with their figures', () => {
    const d = limits()
    const msg = (tip: Parameters<typeof tipMessage>[0], lang: 'en' | 'zh') => {
      const m = tipMessage(tip, d, true)
      return (lang === 'en' ? en : zh)[m.key].replace(/\{(\w+)\}/g, (_, k) => String(m.params[k]))
    }
    expect(msg('FLASHBUY_TIP_NUMBERONLY', 'en')).toBe('Please enter numbers only')
    expect(msg('FLASHBUY_TIP_GTMAX', 'en')).toBe('You can buy at most 10 of this product')
    expect(msg('FLASHBUY_TIP_GTTOTAL', 'en')).toBe('Only 8 left in stock')
    expect(msg('FLASHBUY_TIP_LTMIN', 'en')).toBe('The minimum order quantity is 2')
    expect(msg('FLASHBUY_TIP_GTTOTAL', 'zh')).toBe('库存仅剩 8 件')
  })

  it('the screen opens with ?qty kept within the rules, or the starting quantity when there is none', () => {
    const d = limits()
    expect(initialFlashQuantity(null, d, true)).toBe(2)
    expect(initialFlashQuantity('abc', d, true)).toBe(2)
    expect(initialFlashQuantity('1', d, true)).toBe(2) // not below the minimum
    expect(initialFlashQuantity('4', d, true)).toBe(4)
    expect(initialFlashQuantity('50', d, true)).toBe(8) // not above the cap (10), nor the stock (8)
    expect(initialFlashQuantity('50', d, false)).toBe(5) // a visitor's cap: the account purchase limit
    expect(initialFlashQuantity('1', limits({ minOrderQty: 6, maxOrderQty: 4 }), true)).toBe(4) // the cap below the minimum
  })

  it('section 4: "Typed input is checked after a 1 second delay"; section 8: "Quantity errors show a tooltip for 4 seconds"', () => {
    expect(QTY_CHECK_DELAY_MS).toBe(1000)
    expect(QTY_TOOLTIP_MS).toBe(4000)
  })
})

const valid = (o: Partial<FlashSubmitInput> = {}): FlashSubmitInput => ({
  loggedIn: true,
  registrationComplete: true,
  hasAddress: true,
  status: 'IN_PROGRESS',
  quantityText: '3',
  limits: limits(),
  terms: true,
  receiver: { name: '王小明', phone: '+8613800138000' },
  invoiceReceiver: { name: '李会计', phone: '+862165640000' },
  additionalEmail: '',
  ...o,
})

describe('flash-buy submit checks, in order (spec section 5)', () => {
  // each failing input breaks its own check and every later one: the first failing check must win
  const breaking: [number, Partial<FlashSubmitInput>][] = [
    [1, { loggedIn: false }],
    [2, { registrationComplete: false }],
    [3, { status: 'OVER' }],
    [4, { quantityText: 'x' }],
    [5, { quantityText: '1' }],
    [6, { terms: false }],
    [7, { receiver: { name: '', phone: '' } }],
    [8, { additionalEmail: 'not-an-email' }],
  ]

  it('all checks pass: null', () => {
    expect(firstFailingCheck(valid())).toBeNull()
  })

  it.each(breaking)('check %i fails first when it and every later check fail', (check) => {
    const later = breaking
      .filter(([n]) => n >= check)
      .reduce((acc, [, o]) => ({ ...acc, ...o }), {} as Partial<FlashSubmitInput>)
    // check 4 (not numeric) and 5 (below the minimum) both set the quantity: keep the earlier one's
    const input = valid({ ...later, ...breaking.find(([n]) => n === check)![1] })
    expect(firstFailingCheck(input)?.check).toBe(check)
  })

  it("the 8 checks run in the spec's order 1 → 8: fixing each in turn reveals the next", () => {
    const all = breaking.reduce((acc, [, o]) => ({ ...acc, ...o }), {} as Partial<FlashSubmitInput>)
    const seen: number[] = []
    let input = valid({ ...all, quantityText: 'x' })
    for (let i = 0; i < 8; i++) {
      const f = firstFailingCheck(input)
      if (!f) break
      seen.push(f.check)
      const fix: Record<number, Partial<FlashSubmitInput>> = {
        1: { loggedIn: true },
        2: { registrationComplete: true },
        3: { status: 'IN_PROGRESS' },
        4: { quantityText: '1' },
        5: { quantityText: '3' },
        6: { terms: true },
        7: { receiver: valid().receiver },
        8: { additionalEmail: 'lab@example.edu.cn' },
      }
      input = { ...input, ...fix[f.check] }
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(firstFailingCheck(input)).toBeNull()
  })

  it("each check gives the spec's message (section 5 and section 8, word for word)", () => {
    const message = (o: Partial<FlashSubmitInput>) => en[failureMessageKey(firstFailingCheck(valid(o))!)]
    expect(message({ loggedIn: false })).toBe('Please login for better experience')
    // 2: "Logged in but without a complete registration or delivery address: redirect to the ship-to address add page"
    expect(firstFailingCheck(valid({ hasAddress: false }))).toEqual({ check: 2, reason: 'registration' })
    // 3: "Status coming soon or over: show the matching message"
    expect(message({ status: 'COMING_SOON' })).toBe('Coming soon')
    expect(message({ status: 'OVER' })).toBe('Sorry, the promotion is expired')
    expect(message({ quantityText: '3a' })).toBe('Invalid input, Please input number')
    expect(message({ quantityText: '0' })).toBe('Invalid input, Please input number')
    // 5: "Quantity against minimum, remaining stock and per-account limit: the matching message"
    expect(message({ quantityText: '1' })).toBe(
      "Sorry, your purchase quantity doesn't meet the minimum order quantity. Please contact online chat if you have any issue",
    )
    expect(message({ quantityText: '9', limits: limits({ accountPurchaseLimitQty: 20 }) })).toBe(
      'Sorry, the current quantity of this product is not enough for your purchase...',
    )
    expect(message({ quantityText: '4', limits: limits({ purchasedQty: 3 }) })).toBe(
      'Sorry, You have exceeded the purchase limit of this product online...',
    )
    expect(message({ terms: false })).toBe('Please agree to the terms')
    expect(message({ invoiceReceiver: { name: '李会计', phone: '' } })).toBe(
      'Please enter correct contact name and phone number',
    )
    expect(message({ receiver: { name: '王小明', phone: 'call me' } })).toBe(
      'Please enter correct contact name and phone number',
    )
    expect(message({ additionalEmail: 'lab@' })).toBe('Please enter valid email id')
    // the additional email is optional
    expect(firstFailingCheck(valid({ additionalEmail: '  ' }))).toBeNull()
  })

  it("check 5 in the spec's order: minimum, then remaining stock, then the per-account limit (what was bought counts)", () => {
    expect(quantityRefusal(1, limits({ remainQty: 0 }))).toBe('min')
    expect(quantityRefusal(9, limits({ accountPurchaseLimitQty: 5 }))).toBe('stock')
    expect(quantityRefusal(3, limits({ purchasedQty: 3 }))).toBe('limit')
    expect(quantityRefusal(3, limits({ purchasedQty: 2 }))).toBeNull()
  })
})

describe('apply-promo statuses (spec section 5)', () => {
  it('"check_minOrderQty, check_remainQty and check_accountPurchaseLimitQty ... map to the three quantity messages. Any other status gives \'Something went wrong, please refresh\'."', () => {
    const message = (status: string) => {
      const r = applyStatusRefusal(status)
      return r === null ? null : en[refusalMessageKey(r)]
    }
    expect(message('success')).toBeNull()
    expect(message('check_minOrderQty')).toBe(
      "Sorry, your purchase quantity doesn't meet the minimum order quantity. Please contact online chat if you have any issue",
    )
    expect(message('check_remainQty')).toBe(
      'Sorry, the current quantity of this product is not enough for your purchase...',
    )
    expect(message('check_accountPurchaseLimitQty')).toBe(
      'Sorry, You have exceeded the purchase limit of this product online...',
    )
    expect(message('check_flashBuyStatus')).toBe('Something went wrong, please refresh')
    expect(message('anything else')).toBe('Something went wrong, please refresh')
  })
})

describe('flash-buy status and labels (spec section 4)', () => {
  const sale = { startAt: '2026-11-23T10:00:00.000Z', endAt: '2026-11-23T12:00:00.000Z', remainQty: 5 }
  it('before start: coming soon; from the end: over; running with stock: in progress; running without: sold out', () => {
    expect(flashBuyStatusAt(sale, Date.parse('2026-11-23T09:59:59.999Z'))).toBe('COMING_SOON')
    expect(flashBuyStatusAt(sale, Date.parse('2026-11-23T10:00:00.000Z'))).toBe('IN_PROGRESS')
    expect(flashBuyStatusAt({ ...sale, remainQty: 0 }, Date.parse('2026-11-23T11:00:00.000Z'))).toBe('SOLD_OUT')
    expect(flashBuyStatusAt(sale, Date.parse('2026-11-23T12:00:00.000Z'))).toBe('OVER')
  })

  it('"Catalogue labels for flash-buy states: In progress, Purchase now, Coming soon, Empty, Expired. Sale-list labels: in progress, on sale, soon, sold out, expired."', () => {
    const cat = (k: string) => en[`flashbuy.catalogue.${k}` as keyof typeof en]
    expect(Object.values(CATALOGUE_LABEL).map(cat).concat(en['flashbuy.catalogue.purchaseNow']).sort()).toEqual([
      'Coming soon',
      'Empty',
      'Expired',
      'In progress',
      'Purchase now',
    ])
    const list = (k: string) => en[`flashbuy.saleList.${k}` as keyof typeof en]
    expect(Object.values(SALE_LIST_LABEL).map(list).concat(en['flashbuy.saleList.onSale']).sort()).toEqual([
      'expired',
      'in progress',
      'on sale',
      'sold out',
      'soon',
    ])
  })

  it('"Order types D1, D2 and CR count as supply-centre orders": their number is the success page\'s spSalesOrderNumber', () => {
    const order = (
      orderType: 'D1' | 'D2' | 'CR' | 'ZOR',
      salesOrderNumber: string,
      addressStatus: 'ACTIVE' | 'PENDING' = 'ACTIVE',
    ) => ({
      orderNumber: `WO-${salesOrderNumber}`,
      salesOrderNumber,
      orderType,
      deliveryChannel: orderType === 'ZOR' ? ('TFS' as const) : ('SC' as const),
      status: 'SUBMITTED' as const,
      statusCode: 30,
      addressStatus,
      quantity: 1,
      unitPrice: 1,
      currency: 'CNY' as const,
      total: 1,
    })
    expect(successParams([order('ZOR', '8000001')])).toEqual({
      salesOrderNumber: '8000001',
      spSalesOrderNumber: null,
      addressStatus: 'ACTIVE',
      orderNumber: 'WO-8000001',
      spOrderNumber: null,
    })
    for (const sc of ['D1', 'D2', 'CR'] as const) {
      expect(successParams([order(sc, '7000001', 'PENDING')])).toEqual({
        salesOrderNumber: null,
        spSalesOrderNumber: '7000001',
        addressStatus: 'PENDING',
        orderNumber: null,
        spOrderNumber: 'WO-7000001',
      })
    }
  })
})

describe('delivery channel and totals', () => {
  it('section 7: the supply-centre channel applies "only when the supply centre is present with operationStatus Normal"', () => {
    expect(flashChannel(false, 'SC', 'SC')).toBe('TFS')
    expect(flashChannel(true, 'SC', 'TFS')).toBe('SC')
    expect(flashChannel(true, 'TFS', 'SC')).toBe('TFS')
    expect(flashChannel(true, null, 'SC')).toBe('SC')
  })

  it('section 9: "Toast ... 5 s for flash-buy messages"', () => {
    expect(TOAST_MS.flashbuy).toBe(5000)
  })
})

describe('messages (spec section 8, word for word, and in Chinese)', () => {
  it('carries the flash-buy texts of the spec', () => {
    expect(en['flashbuy.priceChanged.title']).toBe('Sorry, These flash buy product prices are changed')
    expect(en['flashbuy.placing']).toBe('Please be patient as orders are being placed')
    expect(en['flashbuy.msg.generic']).toBe('Something went wrong, please refresh')
    expect(en['flashbuy.completeRegistration']).toBe('Complete registration')
    expect(en['flashbuy.submit']).toBe('Submit order')
    const same = ['flashbuy.counter', 'flashbuy.emailPlaceholder'] // figures and an example address read alike
    for (const k of Object.keys(en).filter((x) => x.startsWith('flashbuy.') && !same.includes(x)))
      expect([k, zh[k as keyof typeof zh]]).not.toEqual([k, en[k as keyof typeof en]])
  })
})
