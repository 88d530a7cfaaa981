import type { CartEndpoints, OrderEndpoints, PlaceOrderBody } from '../../types'
import { createFetch } from './client'

/** The order calls (spec section 7; contract in types/order/endpoints.ts): pricing, placement, orders, S-quotes, leads. */

/** GET /cart/query, read-only, for the submit-order page (the cart page's store belongs to the cart screens) */
export const fetchCartForCheckout = createFetch<CartEndpoints['queryCart']>('GET', '/cart/query')

/** POST /order/applyPromotions: the server prices the checkout (cart, or the S-quote in squoteDetail) */
export const applyPromotions = createFetch<CartEndpoints['applyPromotions']>('POST', '/order/applyPromotions')

/**
 * POST /order/placeOrder with the header Idempotency-Key: the same key with the same body gives the
 * first answer again, so a retry after a lost answer never places a second order. Placement can take
 * a while (SC and TFS orders in one transaction): a longer timeout than the default.
 */
const order = createFetch<OrderEndpoints['placeOrder']>('POST', '/order/placeOrder', { timeoutMs: 30000 })
export const placeOrder = (body: PlaceOrderBody, idempotencyKey: string) =>
  order(body, { headers: { 'Idempotency-Key': idempotencyKey } })

const orderDetail = createFetch<OrderEndpoints['orderDetail']>('GET', '/order/detail/:orderNumber')
export const getOrderDetail = (orderNumber: string) => orderDetail({ orderNumber })

const pendingLto = createFetch<OrderEndpoints['pendingLto']>('GET', '/order/pendingLto/:orderNumber')
export const getPendingLto = (orderNumber: string) => pendingLto({ orderNumber })

export const getQuoteList = createFetch<OrderEndpoints['quoteList']>('GET', '/quote/list')

const quoteDetail = createFetch<OrderEndpoints['quoteDetail']>('GET', '/quote/detail/:staticQuoteId')
export const getQuoteDetail = (staticQuoteId: string) => quoteDetail({ staticQuoteId })

/** POST /save/leadItem → { leadCartId } */
export const saveLeadItem = createFetch<OrderEndpoints['saveLeadItem']>('POST', '/save/leadItem')

const leadCart = createFetch<OrderEndpoints['leadCart']>('GET', '/lead/cart/:leadCartId')
export const getLeadCart = (leadCartId: string) => leadCart({ leadCartId })

export const submitLead = createFetch<OrderEndpoints['submitLead']>('POST', '/lead/submit')
