import { ORDER_STATUS_MAP } from '../../types/order/statuses'
import {
  LIFECYCLE_STEPS,
  FINAL_STATUSES,
  WAITING_STATUSES,
  canCancel,
  statusAfterConfirm,
  CONFIRMATION_WINDOW_MS,
} from '../../types/order/lifecycle'

/**
 * The order lifecycle table (issue 12; issue 24: the ERP's status changes are "checked against the lifecycle table
 * in `types/`"): the way forward SUBMITTED → IN_PROGRESS → SHIPPED (shipment) → COMPLETED (signed);
 * PENDING_ADDRESS_VALIDATION waits for the address to be approved; a cancel moves to CANCELLED.
 */
// the spec's twelve codes (tests/app/order-statuses.test.ts checks the map holds exactly them)
const ORDER_STATUS_CODES = Object.keys(ORDER_STATUS_MAP)

const stepFrom = (status: string) => LIFECYCLE_STEPS.find((s) => s.from === status)
/** the way forward from `from`, step by step, until no step leaves the status */
const walk = (from: string) => {
  const path = [from]
  for (let s = stepFrom(from), i = 0; s && i < 20; s = stepFrom(s.to), i++) path.push(s.to)
  return path
}

describe('order lifecycle table', () => {
  it("every status code is exactly one of: a step's start, waiting for a person, final", () => {
    const froms = LIFECYCLE_STEPS.map((s) => s.from as string)
    for (const code of ORDER_STATUS_CODES) {
      const roles = [
        froms.includes(code),
        (WAITING_STATUSES as readonly string[]).includes(code),
        (FINAL_STATUSES as readonly string[]).includes(code),
      ]
      expect({ code, roles: roles.filter(Boolean).length }).toEqual({ code, roles: 1 })
    }
    expect(new Set(froms).size).toBe(froms.length)
  })

  it('a placed order walks to COMPLETED, shipping once and signing once; every path ends', () => {
    expect(walk('SUBMITTED')).toEqual(['SUBMITTED', 'IN_PROGRESS', 'SHIPPED', 'COMPLETED'])
    expect(walk('PENDING_ADDRESS_VALIDATION')).toEqual([
      'PENDING_ADDRESS_VALIDATION',
      'SUBMITTED',
      'IN_PROGRESS',
      'SHIPPED',
      'COMPLETED',
    ])
    expect(walk('Waiting for Delivery')).toEqual(['Waiting for Delivery', 'COMPLETED'])
    const effects = walk('SUBMITTED')
      .slice(0, -1)
      .map((s) => stepFrom(s)!.effect)
    expect(effects).toEqual(['none', 'ship', 'sign'])
    for (const code of ORDER_STATUS_CODES) expect(walk(code).length).toBeLessThan(6)
  })

  it('PENDING_ADDRESS_VALIDATION moves on only once the address is approved; review and final statuses have no step', () => {
    expect(LIFECYCLE_STEPS.filter((s) => s.needsApprovedAddress)).toEqual([
      {
        from: 'PENDING_ADDRESS_VALIDATION',
        to: 'SUBMITTED',
        effect: 'none',
        by: 'advance',
        needsApprovedAddress: true,
      },
    ])
    for (const code of ['PENDING_REVIEW', 'CANCELLED', 'COMPLETED', 'SOMETHING_NEW'])
      expect(stepFrom(code)).toBeUndefined()
  })

  it('a cancel is possible until the order leaves the warehouse; confirm releases a waiting order', () => {
    expect(ORDER_STATUS_CODES.filter((c) => !canCancel(c)).sort()).toEqual(
      ['CANCELLED', 'COMPLETED', 'SHIPPED', 'Waiting for Delivery'].sort(),
    )
    expect(statusAfterConfirm('TO_BE_CONFIRMED')).toBe('SUBMITTED')
    expect(statusAfterConfirm('PENDING')).toBe('SUBMITTED')
    expect(statusAfterConfirm('IN_PROGRESS')).toBe('IN_PROGRESS')
    expect(statusAfterConfirm('SHIPPED')).toBeNull()
    expect(statusAfterConfirm('CANCELLED')).toBeNull()
  })

  it('spec §9 "Pre-order: 24 hours"', () => {
    expect(CONFIRMATION_WINDOW_MS.preorder).toBe(24 * 60 * 60 * 1000)
  })
})
