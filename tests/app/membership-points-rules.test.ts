import {
  MAJOR_PER_POINT,
  ORDER_CREDIT_STATUSES,
  ORDER_REVERSAL_STATUSES,
  expiryDue,
  lotExpiresAt,
  nextExpiry,
  orderPoints,
  remainingLots,
} from '../../types/membership/points'
import { isMembershipBlocked } from '../../types/membership/eligibility'

/**
 * The points rules (types/membership/points.ts; docs/membership.md). Each test
 * quotes the rule it checks.
 */

describe('earning: "1 point per full CNY 1,000 or INR 10,000 of an order\'s goods value before tax"', () => {
  it('counts full units only, in minor units (fen, paise)', () => {
    expect(orderPoints('CNY', 99_999)).toBe(0)
    expect(orderPoints('CNY', 100_000)).toBe(1)
    expect(orderPoints('CNY', 4_281_949)).toBe(42)
    expect(orderPoints('INR', 999_999)).toBe(0)
    expect(orderPoints('INR', 42_183_864)).toBe(42)
    expect(orderPoints('CNY', -5)).toBe(0)
    expect(MAJOR_PER_POINT).toEqual({ CNY: 1000, INR: 10000 })
  })
  it('"credited once the order is shipped, waiting for delivery or completed; reversed if such an order is later cancelled"', () => {
    expect([...ORDER_CREDIT_STATUSES]).toEqual(['SHIPPED', 'Waiting for Delivery', 'COMPLETED'])
    expect([...ORDER_REVERSAL_STATUSES]).toEqual(['CANCELLED'])
  })
  it('spec §1 "Distributor, agent and special accounts are barred from the membership and gift centre": they earn nothing because they are never members', () => {
    expect(['customer', 'distributor', 'agent', 'special'].filter((t) => isMembershipBlocked(t as never))).toEqual([
      'distributor',
      'agent',
      'special',
    ])
  })
})

describe('expiry: "points expire at the end of the calendar year after the year earned", FIFO', () => {
  it('earned any day of 2025, they expire at 2027-01-01T00:00:00Z', () => {
    expect(lotExpiresAt('2025-01-01T00:00:00Z').toISOString()).toBe('2027-01-01T00:00:00.000Z')
    expect(lotExpiresAt('2025-12-31T23:59:59Z').toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })
  const lots = [
    { expiresAt: '2027-01-01T00:00:00Z', points: 100 },
    { expiresAt: '2026-01-01T00:00:00Z', points: 40 },
    { expiresAt: null, points: 10 },
  ]
  it('"what is spent is taken from the lots that expire first"', () => {
    expect(remainingLots(lots, 50).map((l) => l.points)).toEqual([0, 90, 10])
    expect(remainingLots(lots, 0).map((l) => l.points)).toEqual([40, 100, 10])
    expect(remainingLots(lots, 1000).map((l) => l.points)).toEqual([0, 0, 0])
  })
  it('"expired amount = max(0, earned in expired lots − all debits so far) minus what was already expired"', () => {
    const now = new Date('2026-06-01T00:00:00Z')
    expect(expiryDue(lots, 0, now)).toBe(40)
    expect(expiryDue(lots, 25, now)).toBe(15) // 25 spent from the 2025 lot
    expect(expiryDue(lots, 40, now)).toBe(0) // 40 spent, or 40 already expired: nothing more (idempotent)
    expect(expiryDue(lots, 25 + 15, now)).toBe(0)
    // after the next boundary the rest of the second lot goes too; the never-expiring lot never
    expect(expiryDue(lots, 40 + 30, new Date('2027-01-01T00:00:00Z'))).toBe(70)
    expect(expiryDue(lots, 10_000, new Date('2099-01-01T00:00:00Z'))).toBe(0)
  })
  it('the point detail shows the next points to expire and when', () => {
    expect(nextExpiry(lots, 25, new Date('2025-06-01T00:00:00Z'))).toEqual({
      points: 15,
      expiresAt: new Date('2026-01-01T00:00:00Z'),
    })
    expect(nextExpiry(lots, 40, new Date('2025-06-01T00:00:00Z'))).toEqual({
      points: 100,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    })
    expect(nextExpiry([{ expiresAt: null, points: 5 }], 0, Date.now())).toBeNull()
  })
})
