import type { FastifyRequest } from 'fastify'
import { ApiError } from '../../../errors'
import { localized as msg } from '../../../locale'
import * as R from '../../../lib/refusals'
import type { FlashBuyStatus } from '../../../../types'
import type { FlashQuantityRefusal } from '../../../../types/flashbuy/rules'

/** The refusals of POST /flashbuy/place/order, with the spec's §8 messages in both languages. */

export { keyInvalid, registrationIncomplete, contactInvalid } from '../../../lib/refusals'
export { shipToNotFound as addressNotFound } from '../../../lib/refusals'

export const keyReused = (req: FastifyRequest) =>
  R.keyReused(req, 'This Idempotency-Key was already used for a different order', '该幂等键已用于另一笔订单')

/** spec §5 check 8 */
export const emailInvalid = (req: FastifyRequest) =>
  new ApiError(400, 'BAD_REQUEST', msg(req, 'Please enter valid email id', '请输入有效的邮箱地址'), 'EMAIL_INVALID')

export { saleNotFound } from '../sales'

export const billToNotFound = (req: FastifyRequest) =>
  new ApiError(
    404,
    'NOT_FOUND',
    msg(req, 'This billing address does not belong to the shipping address', '该开票地址不属于所选收货地址'),
    'BILL_TO_NOT_FOUND',
  )

/** spec §4 / §8: "Over is blocked with an expired message"; "Coming soon"; a sold-out sale is blocked too */
export function notInProgress(req: FastifyRequest, status: Exclude<FlashBuyStatus, 'IN_PROGRESS'>): ApiError {
  const text =
    status === 'OVER'
      ? msg(req, 'Sorry, the promotion is expired', '抱歉，活动已结束')
      : status === 'COMING_SOON'
        ? msg(req, 'Coming soon', '即将开始')
        : msg(req, 'Sorry, this flash buy product is sold out', '抱歉，该秒杀产品已售罄')
  return new ApiError(409, 'CONFLICT', text, 'FLASH_NOT_IN_PROGRESS')
}

/** spec §8: the three quantity messages */
export function quantityRefused(req: FastifyRequest, r: FlashQuantityRefusal): ApiError {
  switch (r) {
    case 'min':
      return new ApiError(
        409,
        'CONFLICT',
        msg(
          req,
          "Sorry, your purchase quantity doesn't meet the minimum order quantity. Please contact online chat if you have any issue",
          '抱歉，您的购买数量未达到最低起订量。如有疑问，请联系在线客服',
        ),
        'FLASH_MIN_QTY',
      )
    case 'stock':
      return new ApiError(
        409,
        'CONFLICT',
        msg(
          req,
          'Sorry, the current quantity of this product is not enough for your purchase...',
          '抱歉，该商品当前数量不足以满足您的购买...',
        ),
        'FLASH_STOCK',
      )
    case 'limit':
      return new ApiError(
        409,
        'CONFLICT',
        msg(
          req,
          'Sorry, You have exceeded the purchase limit of this product online...',
          '抱歉，您已超出该商品的线上限购数量...',
        ),
        'FLASH_LIMIT',
      )
  }
}

/** spec §8: "Price change dialog: 'Sorry, These flash buy product prices are changed'" */
export const priceChanged = (req: FastifyRequest) =>
  new ApiError(
    409,
    'CONFLICT',
    msg(req, 'Sorry, These flash buy product prices are changed', '抱歉，这些秒杀产品的价格已变更'),
    'FLASH_PRICE_CHANGED',
  )

export const placementFailed = (req: FastifyRequest) =>
  new ApiError(
    503,
    'SERVICE_UNAVAILABLE',
    msg(req, 'Something went wrong, please refresh', '出错了，请刷新重试'),
    'FLASH_PLACEMENT_FAILED',
  )
