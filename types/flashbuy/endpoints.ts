import { get, post } from '../endpoint'
import {
  FlashApplyBodySchema,
  FlashApplyResultSchema,
  FlashBuyDetailSchema,
  FlashBuyIdParamsSchema,
  FlashPlaceOrderBodySchema,
  FlashPlaceOrderResultSchema,
  FlashQuoteQuerySchema,
  FlashQuoteSchema,
  FlashSaleListSchema,
} from './schemas'

/** The flash-buy endpoints (spec section 7); staff change sales through ./staff-endpoints.ts. */
export const flashbuyEndpoints = {
  /** the sales of the flash-sale list (anonymous visitors too) */
  list: get('/flashbuy/list', FlashSaleListSchema),
  detail: get('/flashbuy/detail/:id', FlashBuyDetailSchema, { params: FlashBuyIdParamsSchema }),
  /** what an order of that quantity is charged now (line, taxes, total), as the server sums it */
  quote: get('/flashbuy/quote/:id', FlashQuoteSchema, { params: FlashBuyIdParamsSchema, query: FlashQuoteQuerySchema }),
  applyPromo: post('/flashbuy/promos/apply', FlashApplyResultSchema, { body: FlashApplyBodySchema }),
  /** with the header Idempotency-Key */
  placeOrder: post('/flashbuy/place/order', FlashPlaceOrderResultSchema, { body: FlashPlaceOrderBodySchema }),
}
export type FlashbuyEndpoints = typeof flashbuyEndpoints
