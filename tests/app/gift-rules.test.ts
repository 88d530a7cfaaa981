import {
  canMoveRedemption,
  exchangeStatus,
  periodStart,
  redeemRefusal,
  REDEEM_REFUSALS,
  REDEMPTION_MOVES,
  RELEASED_REDEMPTION_STATUSES,
  type GiftFacts,
} from '../../types/membership/gifts'

/**
 * The gift rules (types/membership/gifts.ts), shared by the server's refusals and the app's statuses.
 * Spec §4 "Gift: points, stock, limit per period, minimum exchange quantity." "Exchange status:
 * normal, out of stock, exceeds limit, insufficient points, draw-only." §8 "Redeem: gift missing, off
 * sale, out of stock, over limit, below minimum, insufficient points, black-listed user."
 */

const gift = (o: Partial<GiftFacts> = {}): GiftFacts => ({
  onSale: true,
  drawOnly: false,
  stock: 10,
  minQty: 1,
  limitQty: 3,
  points: 100,
  ...o,
})
const member = (balance = 1000, redeemedInPeriod = 0) => ({ balance, redeemedInPeriod })

describe('redeem checks, in their order (§8)', () => {
  it('the order is: off sale, draw-only, below minimum, out of stock, over limit, insufficient points', () => {
    expect([...REDEEM_REFUSALS]).toEqual([
      'off_sale',
      'draw_only',
      'below_minimum',
      'out_of_stock',
      'over_limit',
      'insufficient_points',
    ])
    // a gift failing every check reports the first
    const worst = gift({ onSale: false, drawOnly: true, stock: 0, minQty: 2, limitQty: 1, points: 10_000 })
    expect(redeemRefusal(worst, member(0, 5), 1)).toBe('off_sale')
    expect(redeemRefusal({ ...worst, onSale: true }, member(0, 5), 1)).toBe('draw_only')
    expect(redeemRefusal({ ...worst, onSale: true, drawOnly: false }, member(0, 5), 1)).toBe('below_minimum')
    expect(redeemRefusal({ ...worst, onSale: true, drawOnly: false }, member(0, 5), 2)).toBe('out_of_stock')
    expect(redeemRefusal({ ...worst, onSale: true, drawOnly: false, stock: 5 }, member(0, 5), 2)).toBe('over_limit')
    expect(redeemRefusal({ ...worst, onSale: true, drawOnly: false, stock: 5, limitQty: 10 }, member(0, 5), 2)).toBe(
      'insufficient_points',
    )
  })
  it('"out of stock": stock below the quantity asked', () => {
    expect(redeemRefusal(gift({ stock: 2 }), member(), 3)).toBe('out_of_stock')
    expect(redeemRefusal(gift({ stock: 3 }), member(), 3)).toBeNull()
  })
  it('"limit per period": what was redeemed this calendar month plus the quantity may not pass the limit; no limit means none', () => {
    expect(redeemRefusal(gift({ limitQty: 3 }), member(1000, 2), 1)).toBeNull()
    expect(redeemRefusal(gift({ limitQty: 3 }), member(1000, 2), 2)).toBe('over_limit')
    expect(redeemRefusal(gift({ limitQty: null }), member(10_000, 99), 5)).toBeNull()
    expect(periodStart(new Date('2026-11-23T22:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z')
  })
  it('"insufficient points": the balance must cover points × quantity', () => {
    expect(redeemRefusal(gift({ points: 100 }), member(299), 3)).toBe('insufficient_points')
    expect(redeemRefusal(gift({ points: 100 }), member(300), 3)).toBeNull()
  })
  it('"minimum exchange quantity"', () => {
    expect(redeemRefusal(gift({ minQty: 2 }), member(), 1)).toBe('below_minimum')
    expect(redeemRefusal(gift({ minQty: 2 }), member(), 2)).toBeNull()
  })
})

describe('exchange status (§4): the same rule at the minimum quantity', () => {
  it('normal, out of stock, exceeds limit, insufficient points, draw-only', () => {
    expect(exchangeStatus(gift(), member())).toBe('normal')
    expect(exchangeStatus(gift({ stock: 0 }), member())).toBe('out_of_stock')
    expect(exchangeStatus(gift({ limitQty: 1 }), member(1000, 1))).toBe('exceeds_limit')
    expect(exchangeStatus(gift({ points: 2000 }), member())).toBe('insufficient_points')
    expect(exchangeStatus(gift({ drawOnly: true }), member())).toBe('draw_only')
    // a minimum of 2 at 100 points needs 200
    expect(exchangeStatus(gift({ minQty: 2 }), member(150))).toBe('insufficient_points')
    expect(exchangeStatus(gift({ minQty: 2, stock: 1 }), member())).toBe('out_of_stock')
  })
})

describe('redemption statuses (§4 "created, submitted, shipped, cancelled, partial_shipped, pending_shipped, expired")', () => {
  it('every status has its moves; shipped, cancelled and expired are final; cancelled and expired give the points and stock back', () => {
    expect(Object.keys(REDEMPTION_MOVES).sort()).toEqual([
      'cancelled',
      'created',
      'expired',
      'partial_shipped',
      'pending_shipped',
      'shipped',
      'submitted',
    ])
    expect(canMoveRedemption('submitted', 'pending_shipped')).toBe(true)
    expect(canMoveRedemption('pending_shipped', 'partial_shipped')).toBe(true)
    expect(canMoveRedemption('partial_shipped', 'shipped')).toBe(true)
    expect(canMoveRedemption('submitted', 'cancelled')).toBe(true)
    expect(canMoveRedemption('created', 'expired')).toBe(true)
    expect(canMoveRedemption('partial_shipped', 'cancelled')).toBe(false)
    for (const s of ['shipped', 'cancelled', 'expired'] as const) expect(REDEMPTION_MOVES[s]).toEqual([])
    expect([...RELEASED_REDEMPTION_STATUSES]).toEqual(['cancelled', 'expired'])
  })
})
