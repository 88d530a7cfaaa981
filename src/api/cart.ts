import type {
  Cart, CartAddItemsBody, CartCouponResult, CartDeleteResult, CartMergeQuery, CartMergeResult, CartQuery,
  CartQuickAddBody, CouponOffer, LineResults,
} from '../../types/cart'
import { createFetch } from './client'

/**
 * The cart calls of spec section 7 (contract: types/cart/schemas.ts). One function per call; the
 * request layer reports (ApiError with the envelope's code, reason and message) and never shows UI.
 */

type WithGcId = { gcId?: string }

/** GET /cart/query?country&language(&gcId when anonymous) */
export const queryCart = createFetch<CartQuery, Cart>('GET', '/cart/query')

/** GET /cart/merge?country&language&gcId — login required; merges the anonymous cart into the user's, once */
export const mergeCart = createFetch<CartMergeQuery, CartMergeResult>('GET', '/cart/merge')

/** POST /cart/addItems { items, gcId } — without a token and gcId the server starts an anonymous cart (answer's gcId) */
export const addCartItems = createFetch<CartAddItemsBody, LineResults>('POST', '/cart/addItems')

/** POST /cart/deleteItems { items: [{ id }], gcId } */
export const deleteCartItems = createFetch<WithGcId & { items: { id: number }[] }, CartDeleteResult>('POST', '/cart/deleteItems')

/** POST /cart/quantity { id, quantity, gcId } */
export const setCartQuantity = createFetch<WithGcId & { id: number; quantity: number }, Cart>('POST', '/cart/quantity')

/** POST /cart/quickAdd { lines, gcId } — quick SKU add and quick order */
export const quickAddCart = createFetch<CartQuickAddBody, LineResults>('POST', '/cart/quickAdd')

/** POST /cart/assayId { assayId, quantity, gcId } */
export const addCartAssay = createFetch<WithGcId & { assayId: string; quantity?: number }, LineResults>('POST', '/cart/assayId')

/** POST /cart/reorder { orderNumber } — login required */
export const reorderCart = createFetch<{ orderNumber: string }, LineResults>('POST', '/cart/reorder')

/** POST /cart/coupon/apply { code } */
export const applyCartCoupon = createFetch<{ code: string }, CartCouponResult>('POST', '/cart/coupon/apply')

/** POST /cart/coupon/remove { code } — answers the cart as it now stands (a Cart, not a coupon verdict: server/domains/cart) */
export const removeCartCoupon = createFetch<{ code: string }, Cart>('POST', '/cart/coupon/remove')

/** GET /cart/coupon/list — the offers of the coupon sheet */
export const listCartCoupons = createFetch<void, CouponOffer[]>('GET', '/cart/coupon/list')

/** POST /cart/preference { orderPreference, gcId } */
export const setCartPreference = createFetch<WithGcId & { orderPreference: Cart['orderPreference'] }, Cart>('POST', '/cart/preference')
