import type {
  ApplyPromotionsBody, ApplyPromotionsResult, Cart, CartQuery, LeadCart, LeadItemBody, LeadSubmitBody, LeadSubmitResult,
  OrderDetail, PendingLto, PlaceOrderBody, PlaceOrderResult, SQuoteDetail, SQuoteSummary
} from '../../types'
import { apiRequest, createFetch } from './client'

/** The order calls (spec section 7; contract in types/order/schemas.ts): pricing, placement, orders, S-quotes, leads. */

/** GET /cart/query, read-only, for the submit-order page (the cart page's store belongs to the cart screens) */
export const fetchCartForCheckout = createFetch<CartQuery, Cart>('GET', '/cart/query')

/** POST /order/applyPromotions: the server prices the checkout (cart, or the S-quote in squoteDetail) */
export const applyPromotions = createFetch<ApplyPromotionsBody, ApplyPromotionsResult>('POST', '/order/applyPromotions')

/**
 * POST /order/placeOrder with the header Idempotency-Key: the same key with the same body gives the
 * first answer again, so a retry after a lost answer never places a second order. Placement can take
 * a while (SC and TFS orders in one transaction): a longer timeout than the default.
 */
export const placeOrder = (body: PlaceOrderBody, idempotencyKey: string) =>
  apiRequest<PlaceOrderResult>({ method: 'POST', path: '/order/placeOrder', body, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 30000 })

const enc = encodeURIComponent

export const getOrderDetail = (orderNumber: string) => apiRequest<OrderDetail>({ path: `/order/detail/${enc(orderNumber)}` })

export const getPendingLto = (orderNumber: string) => apiRequest<PendingLto>({ path: `/order/pendingLto/${enc(orderNumber)}` })

export const getQuoteList = createFetch<void, SQuoteSummary[]>('GET', '/quote/list')

export const getQuoteDetail = (staticQuoteId: string) => apiRequest<SQuoteDetail>({ path: `/quote/detail/${enc(staticQuoteId)}` })

/** POST /save/leadItem → { leadCartId } */
export const saveLeadItem = createFetch<LeadItemBody, { leadCartId: string }>('POST', '/save/leadItem')

export const getLeadCart = (leadCartId: string) => apiRequest<LeadCart>({ path: `/lead/cart/${enc(leadCartId)}` })

export const submitLead = createFetch<LeadSubmitBody, LeadSubmitResult>('POST', '/lead/submit')
