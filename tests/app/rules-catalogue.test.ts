import { cleanTitle } from '../../types/catalog/product-title'
import { availabilityStatus, AVAILABILITY_COLOR, availabilityQuantity } from '../../src/rules/catalog/availability'
import {
  wishlistNext,
  showsInWishlist,
  wishlistControlsVisible,
  WISHLIST_POPUP_MS,
  type WishState,
  type WishEvent,
} from '../../src/rules/engagement/wishlist-toggle'
import { effectiveListPrice, priceView } from '../../src/rules/catalog/price-display'
import { trackingParams } from '../../src/rules/engagement/tracking'

describe('product title in URLs (spec section 5)', () => {
  it('"Product titles used in URLs drop these characters: & / \\ # , + ( ) $ ~ % . \' " : * ? < > { }."', () => {
    expect(cleanTitle('Anti-CD3 Monoclonal Antibody (OKT3), FITC')).toBe('Anti-CD3 Monoclonal Antibody OKT3 FITC')
    expect(cleanTitle('A&B/C\\D#E,F+G(H)I$J~K%L.M\'N"O:P*Q?R<S>T{U}V')).toBe('ABCDEFGHIJKLMNOPQRSTUV')
    expect(cleanTitle('PBS, pH 7.4 (1X)  ')).toBe('PBS pH 74 1X')
    expect(cleanTitle('CD3 单克隆抗体 (OKT3)')).toBe('CD3 单克隆抗体 OKT3')
  })
})

describe('availability by quantity (spec section 4)', () => {
  it('"Zero or negative: OUT_OF_STOCK (red)."', () => {
    expect(availabilityStatus(0, 1)).toBe('OUT_OF_STOCK')
    expect(availabilityStatus(-3, 1)).toBe('OUT_OF_STOCK')
    expect(AVAILABILITY_COLOR.OUT_OF_STOCK).toBe('red')
  })
  it('"At or above the desired quantity: IN_STOCK (green)."', () => {
    expect(availabilityStatus(5, 5)).toBe('IN_STOCK')
    expect(availabilityStatus(101, 2)).toBe('IN_STOCK')
    expect(AVAILABILITY_COLOR.IN_STOCK).toBe('green')
  })
  it('"Otherwise: PARTIALLY_IN_STOCK (orange)."', () => {
    expect(availabilityStatus(4, 5)).toBe('PARTIALLY_IN_STOCK')
    expect(AVAILABILITY_COLOR.PARTIALLY_IN_STOCK).toBe('orange')
  })
  it('spec section 7: availability is asked with "quantity 1 for the Web channel"', () => {
    expect(availabilityQuantity('Web', 12)).toBe(1)
    expect(availabilityQuantity('SP', 12)).toBe(12)
  })
})

describe('price display (spec sections 3 and 5)', () => {
  it('"listPrice (falls back to unitPrice)"', () => {
    expect(effectiveListPrice({ listPrice: 120, unitPrice: 100 })).toBe(120)
    expect(effectiveListPrice({ listPrice: null, unitPrice: 100 })).toBe(100)
    expect(effectiveListPrice({ listPrice: null, unitPrice: null })).toBeNull()
  })
  it('"Price shows *** when there is no price and the user is not logged in."', () => {
    expect(priceView({ currency: 'INR', listPrice: null, price: null }, false)).toEqual({ kind: 'hidden', text: '***' })
  })
})

describe('wishlist toggle (spec section 4)', () => {
  const run = (start: WishState, events: WishEvent[]) => events.reduce(wishlistNext, start)
  it('"Not in wishlist, add, in wishlist" and "The server must return contentId for the add to count."', () => {
    expect(run('out', [{ type: 'toggle' }, { type: 'addResult', contentId: 'MA1-10175' }])).toBe('in')
    expect(run('out', [{ type: 'toggle' }, { type: 'addResult', contentId: '' }])).toBe('out')
    expect(run('out', [{ type: 'toggle' }, { type: 'addResult', contentId: null }])).toBe('out')
  })
  it('"Add failure reverts to not in wishlist. Remove failure stays in wishlist."', () => {
    expect(run('out', [{ type: 'toggle' }, { type: 'addFailed' }])).toBe('out')
    expect(run('in', [{ type: 'toggle' }, { type: 'removeFailed' }])).toBe('in')
    expect(run('in', [{ type: 'toggle' }, { type: 'removeDone' }])).toBe('out')
  })
  it('shows the heart filled while an add is on its way; a second tap then does nothing', () => {
    expect(showsInWishlist(wishlistNext('out', { type: 'toggle' }))).toBe(true)
    expect(run('out', [{ type: 'toggle' }, { type: 'toggle' }])).toBe('adding')
    expect(showsInWishlist('removing')).toBe(false)
  })
  it('"A confirmation popup stays 3 seconds." and "Wishlist controls show only with a token."', () => {
    expect(WISHLIST_POPUP_MS).toBe(3000)
    expect(wishlistControlsVisible(false)).toBe(false)
    expect(wishlistControlsVisible(true)).toBe(true)
  })
})

describe('tracking parameters (spec section 5)', () => {
  it('"Tracking parameters are kept only for keys beginning utm_ or itm_."', () => {
    expect(
      trackingParams({
        utm_source: 'wechat',
        itm_campaign: 'nov',
        utm: 'x',
        gclid: 'y',
        catalogNumber: 'A1',
        utm_medium: '',
      }),
    ).toEqual({ utm_source: 'wechat', itm_campaign: 'nov' })
  })
})
