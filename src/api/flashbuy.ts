import type { FlashbuyEndpoints, FlashPlaceOrderBody } from '../../types/flashbuy'
import type { CartEndpoints } from '../../types/cart'
import { createFetch } from './client'

/**
 * The flash-buy calls (spec section 7; contract in types/flashbuy/endpoints.ts). One function per
 * call; the request layer reports (ApiError with the envelope's code, reason and message) and never
 * shows UI.
 */

/** GET /flashbuy/list: the sales of the flash-sale list (anonymous visitors too) */
export const getFlashSales = createFetch<FlashbuyEndpoints['list']>('GET', '/flashbuy/list')

/** GET /flashbuy/detail/{id}: the sale (purchasedQty: what the caller's account has bought of it) */
const flashBuyDetail = createFetch<FlashbuyEndpoints['detail']>('GET', '/flashbuy/detail/:id')
export const getFlashBuyDetail = (id: string) => flashBuyDetail({ id })

/** GET /flashbuy/quote/{id}?quantity: what an order of that quantity is charged now (line, taxes, total), as the server sums it */
const flashQuote = createFetch<FlashbuyEndpoints['quote']>('GET', '/flashbuy/quote/:id')
export const getFlashQuote = (id: string, quantity: number) => flashQuote({ id }, { quantity })

/** POST /flashbuy/promos/apply: data.status 'success' or a check_* status; items[0].unitPrice is the flash price now */
export const applyFlashPromo = createFetch<FlashbuyEndpoints['applyPromo']>('POST', '/flashbuy/promos/apply')

/**
 * POST /flashbuy/place/order with the header Idempotency-Key: the same key with the same body gives
 * the first answer again, so a retry after a lost answer never places a second order.
 */
const flashOrder = createFetch<FlashbuyEndpoints['placeOrder']>('POST', '/flashbuy/place/order', { timeoutMs: 30000 })
export const placeFlashOrder = (body: FlashPlaceOrderBody, idempotencyKey: string) =>
  flashOrder(body, { headers: { 'Idempotency-Key': idempotencyKey } })

/**
 * POST /sc/getSkuDeliveryChannel (spec section 7: "in flash buy only when the supply centre is
 * present with operationStatus Normal"): the channel per catalogue number for the ship-to.
 */
export const getSkuDeliveryChannel = createFetch<CartEndpoints['skuDeliveryChannel']>(
  'POST',
  '/sc/getSkuDeliveryChannel',
)
