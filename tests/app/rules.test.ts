import { formatAmount, formatMoney, formatTimestamp } from '../../src/rules/format'
import { priceView } from '../../src/rules/catalog/price-display'
import { footerItems, chunk } from '../../src/rules/platform/footer'
import { isHeaderScrolled } from '../../src/rules/platform/header'
import { productImageUrl, PLACEHOLDER_IMAGE } from '../../src/rules/catalog/product-image'
import { loginFlowsFor, isMobileUA, isWechatBrowser } from '../../src/rules/auth/user-agent'
import { TOAST_MS, HEADER_SCROLLED_PX } from '../../src/rules/constants'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const WECHAT = `${IPHONE} MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN`
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36'

describe('money and time (spec section 9)', () => {
  it('"Price format: 2 decimals, zh-CN number format"', () => {
    expect(formatAmount(0)).toBe('0.00')
    expect(formatAmount(3280)).toBe('3,280.00')
    expect(formatAmount(1234567.891)).toBe('1,234,567.89')
    expect(formatAmount(-1999.5)).toBe('-1,999.50')
  })
  it('"Currency CNY (¥) for cn, INR (₹) for in"', () => {
    expect(formatMoney(3280, 'CNY')).toBe('¥3,280.00')
    expect(formatMoney(38048, 'INR')).toBe('₹38,048.00')
    expect(formatMoney(-5, 'CNY')).toBe('-¥5.00')
  })
  it('"China timestamps: shifted by +8 hours"', () => {
    expect(formatTimestamp('2026-11-21T20:30:00Z', 'cn')).toBe('2026-11-22 04:30')
    expect(formatTimestamp('2026-11-21T20:30:00Z', 'in')).toBe('2026-11-22 02:00')
    expect(formatTimestamp('not a date', 'cn')).toBe('')
  })
})

describe('price display', () => {
  const base = { currency: 'CNY', listPrice: 3280 }
  it('"Price shows *** when there is no price and the user is not logged in."', () => {
    expect(priceView({ ...base, listPrice: null, price: null }, false)).toEqual({ kind: 'hidden', text: '***' })
  })
  it('shows price data to anonymous visitors when present ("unless price data is present")', () => {
    expect(priceView({ ...base, price: { amount: 3280, priceType: 'list' } }, false)).toEqual({
      kind: 'amount',
      text: '¥3,280.00',
      priceType: 'list',
      listText: null,
    })
  })
  it('a logged-in user without a price sees "price on request", never ***', () => {
    expect(priceView({ ...base, listPrice: null, price: null }, true)).toEqual({ kind: 'onRequest' })
  })
  it('an account price below list shows the list price beside it', () => {
    expect(priceView({ ...base, price: { amount: 2788, priceType: 'yourPrice' } }, true)).toEqual({
      kind: 'amount',
      text: '¥2,788.00',
      priceType: 'yourPrice',
      listText: '¥3,280.00',
    })
  })
})

describe('footer (spec section 2)', () => {
  it('"Footer navigation: Home, Categories, Cart, My"', () => {
    expect(footerItems('cn').map((i) => i.key)).toEqual(['home', 'categories', 'cart', 'my'])
  })
  it('"Categories and My show only for countries where the mobile footer applies"', () => {
    expect(footerItems('in').map((i) => i.key)).toEqual(['home', 'cart'])
  })
  it('"a variant without the My tab exists"', () => {
    expect(footerItems('cn', 'withoutMy').map((i) => i.key)).toEqual(['home', 'categories', 'cart'])
  })
  it('"Footer items are laid out in grid chunks of 4"', () => {
    expect(chunk([1, 2, 3, 4, 5, 6])).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ])
    expect(chunk(footerItems('cn'))).toHaveLength(1)
    expect(chunk([])).toEqual([])
  })
})

describe('header', () => {
  it('"The header becomes \'scrolled\' after 10 px of scrolling."', () => {
    expect(HEADER_SCROLLED_PX).toBe(10)
    expect(isHeaderScrolled(0)).toBe(false)
    expect(isHeaderScrolled(10)).toBe(false)
    expect(isHeaderScrolled(11)).toBe(true)
  })
})

describe('toast durations (spec section 9)', () => {
  it('"Toast default 1500 ms (5 s for flash-buy messages, 3 s for session messages)"', () => {
    expect(TOAST_MS).toMatchObject({ default: 1500, flashbuy: 5000, session: 3000 })
  })
  it('gives the lost-answer message of a placement (two sentences, issue 22 item 8) as long as a flash-buy message', () => {
    expect(TOAST_MS.unknownOutcome).toBe(TOAST_MS.flashbuy)
  })
})

describe('product images (spec section 3)', () => {
  it('"path gets a -150.jpg or -650.jpg suffix, with a placeholder when absent"', () => {
    expect(productImageUrl('/media/products/MA1-10175', 150)).toBe('/media/products/MA1-10175-150.jpg')
    expect(productImageUrl('/media/products/MA1-10175-150.jpg', 650, 'http://h')).toBe(
      'http://h/media/products/MA1-10175-650.jpg',
    )
    expect(productImageUrl('https://cdn.example/p/A1.jpg', 150, 'http://h')).toBe('https://cdn.example/p/A1-150.jpg')
    expect(productImageUrl(null, 150)).toBe(PLACEHOLDER_IMAGE)
    expect(productImageUrl('  ', 650, 'http://h')).toBe(`http://h${PLACEHOLDER_IMAGE}`)
  })
})

describe('platform detection (spec section 1: "Mobile is detected by user agent")', () => {
  it('tells mobile, desktop and the messaging-app browser apart', () => {
    expect(isMobileUA(IPHONE)).toBe(true)
    expect(isMobileUA(DESKTOP)).toBe(false)
    expect(isWechatBrowser(WECHAT)).toBe(true)
    expect(isWechatBrowser(IPHONE)).toBe(false)
  })
  it('offers in-app OAuth in the messaging app, QR on desktop, code login in the mini-program', () => {
    expect(loginFlowsFor('weapp', '')).toEqual(['wechat-miniprogram'])
    expect(loginFlowsFor('h5', WECHAT)[0]).toBe('wechat-inapp-oauth')
    expect(loginFlowsFor('h5', DESKTOP)).toContain('wechat-qr')
    expect(loginFlowsFor('h5', IPHONE)).toEqual(['username-oidc'])
  })
})
