import type { CartEndpoints } from '../../types/cart'
import { createFetch } from './client'

/**
 * The cart calls of spec section 7 (contract: types/cart/endpoints.ts). One function per call; the
 * request layer reports (ApiError with the envelope's code, reason and message) and never shows UI.
 */

/** GET /cart/query?country&language(&gcId when anonymous) */
export const queryCart = createFetch<CartEndpoints['queryCart']>('GET', '/cart/query')

/** GET /cart/merge?country&language&gcId — login required; merges the anonymous cart into the user's, once */
export const mergeCart = createFetch<CartEndpoints['mergeCart']>('GET', '/cart/merge')

/** POST /cart/addItems { items, gcId } — without a token and gcId the server starts an anonymous cart (answer's gcId) */
export const addCartItems = createFetch<CartEndpoints['addItems']>('POST', '/cart/addItems')

/** POST /cart/deleteItems { items: [{ id }], gcId } */
export const deleteCartItems = createFetch<CartEndpoints['deleteItems']>('POST', '/cart/deleteItems')

/** POST /cart/quantity { id, quantity, gcId } */
export const setCartQuantity = createFetch<CartEndpoints['setQuantity']>('POST', '/cart/quantity')

/** POST /cart/quickAdd { lines, gcId } — quick SKU add and quick order */
export const quickAddCart = createFetch<CartEndpoints['quickAdd']>('POST', '/cart/quickAdd')

/** POST /cart/assayId { assayId, quantity, gcId } */
export const addCartAssay = createFetch<CartEndpoints['addAssay']>('POST', '/cart/assayId')

/** POST /cart/reorder { orderNumber } — login required */
export const reorderCart = createFetch<CartEndpoints['reorder']>('POST', '/cart/reorder')

/** POST /cart/coupon/apply { code } */
export const applyCartCoupon = createFetch<CartEndpoints['applyCoupon']>('POST', '/cart/coupon/apply')

/** POST /cart/coupon/remove { code } — answers the cart as it now stands (a Cart, not a coupon verdict: server/domains/cart) */
export const removeCartCoupon = createFetch<CartEndpoints['removeCoupon']>('POST', '/cart/coupon/remove')

/** GET /cart/coupon/list — the offers of the coupon sheet */
export const listCartCoupons = createFetch<CartEndpoints['listCoupons']>('GET', '/cart/coupon/list')

/** POST /cart/preference { orderPreference, gcId } */
export const setCartPreference = createFetch<CartEndpoints['setPreference']>('POST', '/cart/preference')
