import { endpoint } from '../endpoint'
import {
  FlashApplyBodySchema,
  FlashApplyResultSchema,
  FlashBuyDetailSchema,
  FlashBuyIdParamsSchema,
  FlashOpsBodySchema,
  FlashPlaceOrderBodySchema,
  FlashPlaceOrderResultSchema,
  FlashQuoteQuerySchema,
  FlashQuoteSchema,
  FlashSaleListSchema,
  FlashSaleSummarySchema,
} from './schemas'

/** The flash-buy endpoints (spec section 7). */
export const flashbuyEndpoints = {
  /** the sales of the flash-sale list (anonymous visitors too) */
  list: endpoint('GET', '/flashbuy/list', { answer: FlashSaleListSchema }),
  detail: endpoint('GET', '/flashbuy/detail/:id', { params: FlashBuyIdParamsSchema, answer: FlashBuyDetailSchema }),
  /** what an order of that quantity is charged now (line, taxes, total), as the server sums it */
  quote: endpoint('GET', '/flashbuy/quote/:id', {
    params: FlashBuyIdParamsSchema,
    query: FlashQuoteQuerySchema,
    answer: FlashQuoteSchema,
  }),
  applyPromo: endpoint('POST', '/flashbuy/promos/apply', {
    body: FlashApplyBodySchema,
    answer: FlashApplyResultSchema,
  }),
  /** with the header Idempotency-Key */
  placeOrder: endpoint('POST', '/flashbuy/place/order', {
    body: FlashPlaceOrderBodySchema,
    answer: FlashPlaceOrderResultSchema,
  }),
  /** operator endpoint (x-ops-token): a sale's flash price, stock or window */
  opsUpdateSale: endpoint('POST', '/ops/flashbuy/:id', {
    params: FlashBuyIdParamsSchema,
    body: FlashOpsBodySchema,
    answer: FlashSaleSummarySchema,
  }),
}
export type FlashbuyEndpoints = typeof flashbuyEndpoints
