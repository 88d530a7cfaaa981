import { en, zh, translate } from '../../src/i18n'
import {
  ORDER_STATUS_GROUPS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_MAP,
  codesOfFilter,
  orderStatusOf,
} from '../../types/order/statuses'
import { orderHistorySince } from '../../types/order/history-rules'
import { ZH_ORDER_STATUS_LABELS } from '../support/order-status-labels'

/**
 * Spec section 4, "Status labels": "Order: submitted, in progress, pending review, financial review,
 * pending approval, pending address validation, partially shipped, shipped, delivered, completed,
 * cancelled, on hold. The mapped codes are SUBMITTED, ORDER_SUBMITTED, PENDING_REVIEW,
 * TO_BE_CONFIRMED, IN_PROGRESS, COMPLETED, PENDING_ADDRESS_VALIDATION, CANCELLED, PENDING_APPROVAL,
 * SHIPPED, PENDING and 'Waiting for Delivery'."
 */
const SPEC_LABELS =
  'submitted, in progress, pending review, financial review, pending approval, pending address validation, partially shipped, shipped, delivered, completed, cancelled, on hold'
const SPEC_CODES = [
  'SUBMITTED',
  'ORDER_SUBMITTED',
  'PENDING_REVIEW',
  'TO_BE_CONFIRMED',
  'IN_PROGRESS',
  'COMPLETED',
  'PENDING_ADDRESS_VALIDATION',
  'CANCELLED',
  'PENDING_APPROVAL',
  'SHIPPED',
  'PENDING',
  'Waiting for Delivery',
]

describe('order status labels (spec section 4)', () => {
  it("knows exactly the spec's twelve codes and twelve labels", () => {
    // (the server's schema takes its codes from ORDER_STATUS_CODES, typed as the keys of this map)
    expect(Object.keys(ORDER_STATUS_MAP).sort()).toEqual([...SPEC_CODES].sort())
    // the label keys are the spec's words in camelCase, and the English text is the spec's word
    expect(ORDER_STATUS_LABELS.map((l) => en[`order.status.${l}`].toLowerCase()).join(', ')).toBe(SPEC_LABELS)
  })

  it('maps each code to its label: same-named codes to their label, the rest as documented', () => {
    const label = (code: string) => translate('en', `order.status.${orderStatusOf(code).label}`)
    expect(SPEC_CODES.map((c) => [c, label(c)])).toEqual([
      ['SUBMITTED', 'Submitted'],
      ['ORDER_SUBMITTED', 'Submitted'],
      ['PENDING_REVIEW', 'Pending review'],
      ['TO_BE_CONFIRMED', 'Financial review'],
      ['IN_PROGRESS', 'In progress'],
      ['COMPLETED', 'Completed'],
      ['PENDING_ADDRESS_VALIDATION', 'Pending address validation'],
      ['CANCELLED', 'Cancelled'],
      ['PENDING_APPROVAL', 'Pending approval'],
      ['SHIPPED', 'Shipped'],
      ['PENDING', 'On hold'],
      ['Waiting for Delivery', 'Shipped'],
    ])
  })

  it('every code has a label in both languages, never the raw code', () => {
    for (const code of SPEC_CODES) {
      const key = `order.status.${orderStatusOf(code).label}` as const
      for (const [lang, cat] of [
        ['en', en],
        ['zh', zh],
      ] as const) {
        expect([lang, code, cat[key]?.trim().length > 0]).toEqual([lang, code, true])
        expect(cat[key]).not.toBe(code)
      }
    }
    expect(ORDER_STATUS_LABELS.map((l) => zh[`order.status.${l}`])).toEqual(ZH_ORDER_STATUS_LABELS)
  })

  it('tones: waiting on a review or on the buyer is a warning, completed a success, cancelled muted', () => {
    expect(SPEC_CODES.filter((c) => orderStatusOf(c).tone === 'warning')).toEqual([
      'PENDING_REVIEW',
      'TO_BE_CONFIRMED',
      'PENDING_ADDRESS_VALIDATION',
      'PENDING_APPROVAL',
      'PENDING',
    ])
    expect(orderStatusOf('COMPLETED').tone).toBe('success')
    expect(orderStatusOf('CANCELLED').tone).toBe('muted')
    // a code the spec does not list still reads as words
    expect(orderStatusOf('SOMETHING_NEW')).toEqual({ label: 'inProgress', tone: 'info' })
  })

  it('the filter chips cover every code exactly once', () => {
    const all = Object.values(ORDER_STATUS_GROUPS).flat()
    expect([...all].sort()).toEqual([...SPEC_CODES].sort())
    expect(new Set(all).size).toBe(all.length)
    expect(codesOfFilter('shipped')).toEqual(['SHIPPED', 'Waiting for Delivery'])
    expect(codesOfFilter('PENDING')).toEqual(['PENDING'])
    for (const g of Object.keys(ORDER_STATUS_GROUPS))
      expect(en[`orderHistory.filter.${g as keyof typeof ORDER_STATUS_GROUPS}`]).toBeTruthy()
  })
})

describe('the order history window (spec section 9: "Order history shows the last 3 months")', () => {
  it('goes back three calendar months, the day clamped to a shorter month', () => {
    const since = (iso: string) => orderHistorySince(new Date(iso)).toISOString()
    expect(since('2026-11-23T19:00:00.000Z')).toBe('2026-08-23T19:00:00.000Z')
    expect(since('2026-02-15T01:02:03.004Z')).toBe('2025-11-15T01:02:03.004Z')
    expect(since('2026-05-31T12:00:00.000Z')).toBe('2026-02-28T12:00:00.000Z')
    expect(since('2028-05-31T12:00:00.000Z')).toBe('2028-02-29T12:00:00.000Z')
    expect(since('2026-03-31T00:00:00.000Z')).toBe('2025-12-31T00:00:00.000Z')
  })
})
