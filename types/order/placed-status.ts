/**
 * The status of an order as it is placed, whatever placed it (checkout, an S-quote, flash buy).
 *
 * Spec §4: "The order status code on a flash-buy order is 30 if Siebel Approved and the ship-to is
 * not pending; otherwise 270." The same code holds for every order placed here; the status reads
 * PENDING_ADDRESS_VALIDATION while the ship-to is pending, else SUBMITTED.
 *
 * Checkout and S-quote ordering refuse an account that is not Siebel Approved (403
 * REGISTRATION_INCOMPLETE) and a pending ship-to (409 ADDRESS_UNDER_REVIEW) before they get here, so
 * their orders are SUBMITTED / 30; flash buy takes a pending ship-to, so its orders may be 270.
 */
export interface PlacedOrderStatus {
  status: 'SUBMITTED' | 'PENDING_ADDRESS_VALIDATION'
  statusCode: 30 | 270
}

export const placedOrderStatus = (
  registrationStatus: string,
  addressStatus: 'ACTIVE' | 'PENDING',
): PlacedOrderStatus => ({
  status: addressStatus === 'PENDING' ? 'PENDING_ADDRESS_VALIDATION' : 'SUBMITTED',
  statusCode: registrationStatus === 'Siebel Approved' && addressStatus !== 'PENDING' ? 30 : 270,
})
