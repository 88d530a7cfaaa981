import { saleTimeLine } from '../../src/rules/flashbuy/flash-sale-time'
import { carrierName } from '../../types/order/carriers'

/** Issue 22 item 14: small rules, each in its one module. */
describe('a flash sale card says its start once (issue 22: "a coming-soon card shows its start twice in two formats")', () => {
  const sale = { startAt: '2026-12-02T02:00:00.000Z', endAt: '2026-12-09T14:00:00.000Z' }
  it('a coming sale with a display text ("Starts 2 Dec 10:00"): no second start time', () => {
    expect(saleTimeLine({ ...sale, flashBuyStatus: 'COMING_SOON', displayText: 'Starts 2 Dec 10:00' })).toBeNull()
  })
  it('a coming sale without one: its start; a running or sold-out sale: its end; an ended sale: nothing', () => {
    expect(saleTimeLine({ ...sale, flashBuyStatus: 'COMING_SOON', displayText: ' ' })).toEqual({
      kind: 'starts',
      at: sale.startAt,
    })
    expect(saleTimeLine({ ...sale, flashBuyStatus: 'IN_PROGRESS', displayText: 'x' })).toEqual({
      kind: 'ends',
      at: sale.endAt,
    })
    expect(saleTimeLine({ ...sale, flashBuyStatus: 'SOLD_OUT', displayText: '' })).toEqual({
      kind: 'ends',
      at: sale.endAt,
    })
    expect(saleTimeLine({ ...sale, flashBuyStatus: 'OVER', displayText: '' })).toBeNull()
  })
})

describe('carrier names in the buyer\'s language (issue 22: "京东物流" shown untranslated in English)', () => {
  it('a known carrier in English or Chinese; an unknown one as stored', () => {
    expect(carrierName('京东物流', 'en')).toBe('JD Logistics')
    expect(carrierName('京东物流', 'zh')).toBe('京东物流')
    expect(carrierName('顺丰速运', 'en')).toBe('SF Express')
    expect(carrierName('SF Express', 'zh')).toBe('顺丰速运')
    expect(carrierName('Blue Dart', 'zh')).toBe('Blue Dart')
    expect(carrierName('Local courier', 'en')).toBe('Local courier')
  })
})
