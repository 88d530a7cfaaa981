import { placedOrderStatus } from '../../types/order/placed-status'

/**
 * The status an order is placed with (types/order/placed-status.ts), one rule for checkout, S-quote
 * and flash-buy orders.
 */
describe('the status of a placed order', () => {
  it('"The order status code on a flash-buy order is 30 if Siebel Approved and the ship-to is not pending; otherwise 270."', () => {
    expect(placedOrderStatus('Siebel Approved', 'ACTIVE').statusCode).toBe(30)
    expect(placedOrderStatus('Siebel Approved', 'PENDING').statusCode).toBe(270)
    expect(placedOrderStatus('Partially Registered', 'ACTIVE').statusCode).toBe(270)
    expect(placedOrderStatus('Partially Registered', 'PENDING').statusCode).toBe(270)
  })

  it('reads PENDING_ADDRESS_VALIDATION ("pending address validation", spec §4 status labels) while the ship-to is pending, else SUBMITTED', () => {
    expect(placedOrderStatus('Siebel Approved', 'ACTIVE')).toEqual({ status: 'SUBMITTED', statusCode: 30 })
    expect(placedOrderStatus('Siebel Approved', 'PENDING')).toEqual({
      status: 'PENDING_ADDRESS_VALIDATION',
      statusCode: 270,
    })
    expect(placedOrderStatus('Partially Registered', 'ACTIVE')).toEqual({ status: 'SUBMITTED', statusCode: 270 })
  })
})
