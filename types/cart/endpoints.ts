import { endpoint } from '../endpoint'
import {
  CartAddItemsBodySchema,
  CartAssayBodySchema,
  CartCouponBodySchema,
  CartCouponResultSchema,
  CartDeleteItemsBodySchema,
  CartDeleteResultSchema,
  CartMergeQuerySchema,
  CartMergeResultSchema,
  CartPreferenceBodySchema,
  CartQuantityBodySchema,
  CartQuerySchema,
  CartQuickAddBodySchema,
  CartReorderBodySchema,
  CartSchema,
  CouponOfferListSchema,
  LineResultsSchema,
  SkuDeliveryChannelBodySchema,
  SkuDeliveryChannelResultSchema,
} from './schemas'
import { ApplyPromotionsBodySchema, ApplyPromotionsResultSchema } from '../order/schemas'

/** The cart's endpoints (spec section 7): the cart calls, coupons, the delivery channel and the checkout's pricing. */
export const cartEndpoints = {
  queryCart: endpoint('GET', '/cart/query', { query: CartQuerySchema, answer: CartSchema }),
  mergeCart: endpoint('GET', '/cart/merge', { query: CartMergeQuerySchema, answer: CartMergeResultSchema }),
  addItems: endpoint('POST', '/cart/addItems', { body: CartAddItemsBodySchema, answer: LineResultsSchema }),
  quickAdd: endpoint('POST', '/cart/quickAdd', { body: CartQuickAddBodySchema, answer: LineResultsSchema }),
  addAssay: endpoint('POST', '/cart/assayId', { body: CartAssayBodySchema, answer: LineResultsSchema }),
  reorder: endpoint('POST', '/cart/reorder', { body: CartReorderBodySchema, answer: LineResultsSchema }),
  deleteItems: endpoint('POST', '/cart/deleteItems', {
    body: CartDeleteItemsBodySchema,
    answer: CartDeleteResultSchema,
  }),
  setQuantity: endpoint('POST', '/cart/quantity', { body: CartQuantityBodySchema, answer: CartSchema }),
  setPreference: endpoint('POST', '/cart/preference', { body: CartPreferenceBodySchema, answer: CartSchema }),
  applyCoupon: endpoint('POST', '/cart/coupon/apply', { body: CartCouponBodySchema, answer: CartCouponResultSchema }),
  /** answers the cart as it now stands, not a coupon verdict */
  removeCoupon: endpoint('POST', '/cart/coupon/remove', { body: CartCouponBodySchema, answer: CartSchema }),
  listCoupons: endpoint('GET', '/cart/coupon/list', { answer: CouponOfferListSchema }),
  skuDeliveryChannel: endpoint('POST', '/sc/getSkuDeliveryChannel', {
    body: SkuDeliveryChannelBodySchema,
    answer: SkuDeliveryChannelResultSchema,
  }),
  applyPromotions: endpoint('POST', '/order/applyPromotions', {
    body: ApplyPromotionsBodySchema,
    answer: ApplyPromotionsResultSchema,
  }),
}
export type CartEndpoints = typeof cartEndpoints
