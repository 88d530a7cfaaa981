import type { FastifyRequest } from 'fastify'
import * as R from '../../../lib/refusals'
import { refusal } from '../../../lib/localized-refusal'

/**
 * The refusals of POST /order/placeOrder that are its own (the shared ones: server/lib/refusals.ts). The flash-buy
 * placement words a reused key and a foreign bill-to the same: flashbuy/place/messages.ts takes them from here.
 */

export const keyReused = (req: FastifyRequest) =>
  R.keyReused(req, 'This Idempotency-Key was already used for a different order', '该幂等键已用于另一笔订单')

export const addressUnderReview = refusal(409, 'CONFLICT', 'ADDRESS_UNDER_REVIEW', [
  'This shipping address is under review; orders can be placed once it is approved',
  '该收货地址正在审核中，审核通过后方可下单',
])

export const billToNotFound = refusal(404, 'NOT_FOUND', 'BILL_TO_NOT_FOUND', [
  'This billing address does not belong to the shipping address',
  '该开票地址不属于所选收货地址',
])

export const cartEmpty = refusal(409, 'CONFLICT', 'CART_EMPTY', ['Your cart is empty', '购物车为空'])

export const cartChanged = refusal(409, 'CONFLICT', 'CART_CHANGED', [
  'Your cart has changed since you reviewed it; please check it again',
  '购物车内容已变化，请重新确认',
])
