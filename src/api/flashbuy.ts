import type {
  FlashApplyBody, FlashApplyResult, FlashBuyDetail, FlashPlaceOrderBody, FlashPlaceOrderResult, FlashSaleSummary,
} from '../../types/flashbuy'
import type { FlashQuote } from '../../types/flashbuy/schemas'
import type { SkuDeliveryChannelResult } from '../../types/cart'
import { apiRequest, createFetch } from './client'

/**
 * The flash-buy calls (spec section 7; contract in types/flashbuy/schemas.ts). One function per
 * call; the request layer reports (ApiError with the envelope's code, reason and message) and never
 * shows UI.
 */

const enc = encodeURIComponent

/** GET /flashbuy/list: the sales of the flash-sale list (anonymous visitors too) */
export const getFlashSales = createFetch<void, FlashSaleSummary[]>('GET', '/flashbuy/list')

/** GET /flashbuy/detail/{id}: the sale (purchasedQty: what the caller's account has bought of it) */
export const getFlashBuyDetail = (id: string) => apiRequest<FlashBuyDetail>({ path: `/flashbuy/detail/${enc(id)}` })

/** GET /flashbuy/quote/{id}?quantity: what an order of that quantity is charged now (line, taxes, total), as the server sums it */
export const getFlashQuote = (id: string, quantity: number) => apiRequest<FlashQuote>({ path: `/flashbuy/quote/${enc(id)}`, query: { quantity } })

/** POST /flashbuy/promos/apply: data.status 'success' or a check_* status; items[0].unitPrice is the flash price now */
export const applyFlashPromo = createFetch<FlashApplyBody, FlashApplyResult>('POST', '/flashbuy/promos/apply')

/**
 * POST /flashbuy/place/order with the header Idempotency-Key: the same key with the same body gives
 * the first answer again, so a retry after a lost answer never places a second order.
 */
export const placeFlashOrder = (body: FlashPlaceOrderBody, idempotencyKey: string) =>
  apiRequest<FlashPlaceOrderResult>({ method: 'POST', path: '/flashbuy/place/order', body, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 30000 })

/**
 * POST /sc/getSkuDeliveryChannel (spec section 7: "in flash buy only when the supply centre is
 * present with operationStatus Normal"): the channel per catalogue number for the ship-to.
 */
export const getSkuDeliveryChannel = createFetch<{ items: { catalogNumber: string; quantity: number }[]; shipToNum: string; sourcePage?: string }, SkuDeliveryChannelResult>(
  'POST', '/sc/getSkuDeliveryChannel')
