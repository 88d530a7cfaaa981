/**
 * Spec section 9, time limits: "Surcharge orders: check the final price within 4 hours of
 * submission." The dual-origin and surcharge list tells the shopper so.
 */
export const SURCHARGE_PRICE_CHECK_HOURS = 4
