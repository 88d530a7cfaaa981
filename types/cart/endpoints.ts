import { get, post } from '../endpoint'
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
  queryCart: get('/cart/query', CartSchema, { query: CartQuerySchema }),
  mergeCart: get('/cart/merge', CartMergeResultSchema, { query: CartMergeQuerySchema }),
  addItems: post('/cart/addItems', LineResultsSchema, { body: CartAddItemsBodySchema }),
  quickAdd: post('/cart/quickAdd', LineResultsSchema, { body: CartQuickAddBodySchema }),
  addAssay: post('/cart/assayId', LineResultsSchema, { body: CartAssayBodySchema }),
  reorder: post('/cart/reorder', LineResultsSchema, { body: CartReorderBodySchema }),
  deleteItems: post('/cart/deleteItems', CartDeleteResultSchema, { body: CartDeleteItemsBodySchema }),
  setQuantity: post('/cart/quantity', CartSchema, { body: CartQuantityBodySchema }),
  setPreference: post('/cart/preference', CartSchema, { body: CartPreferenceBodySchema }),
  applyCoupon: post('/cart/coupon/apply', CartCouponResultSchema, { body: CartCouponBodySchema }),
  /** answers the cart as it now stands, not a coupon verdict */
  removeCoupon: post('/cart/coupon/remove', CartSchema, { body: CartCouponBodySchema }),
  listCoupons: get('/cart/coupon/list', CouponOfferListSchema),
  skuDeliveryChannel: post('/sc/getSkuDeliveryChannel', SkuDeliveryChannelResultSchema, {
    body: SkuDeliveryChannelBodySchema,
  }),
  applyPromotions: post('/order/applyPromotions', ApplyPromotionsResultSchema, { body: ApplyPromotionsBodySchema }),
}
export type CartEndpoints = typeof cartEndpoints
