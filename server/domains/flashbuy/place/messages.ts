import type { FastifyRequest } from 'fastify'
import { ApiError } from '../../../errors'
import { localized as msg } from '../../../locale'
import type { FlashBuyStatus } from '../../../../types'
import type { FlashQuantityRefusal } from '../../../../types/flashbuy/rules'
import { refusal } from '../../../lib/localized-refusal'

/** The refusals of POST /flashbuy/place/order, with the spec's §8 messages in both languages. */

export { keyInvalid, registrationIncomplete, contactInvalid } from '../../../lib/refusals'
export { shipToNotFound as addressNotFound } from '../../../lib/refusals'

// worded as order placement words them
export { placementKeyReused as keyReused, billToNotFound } from '../../order'

/** spec §5 check 8 */
export const emailInvalid = refusal(400, 'BAD_REQUEST', 'EMAIL_INVALID', [
  'Please enter valid email id',
  '请输入有效的邮箱地址',
])

export { saleNotFound } from '../sales'

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
const QUANTITY_REFUSALS: Record<FlashQuantityRefusal, (req: FastifyRequest) => ApiError> = {
  min: refusal(409, 'CONFLICT', 'FLASH_MIN_QTY', [
    "Sorry, your purchase quantity doesn't meet the minimum order quantity. Please contact online chat if you have any issue",
    '抱歉，您的购买数量未达到最低起订量。如有疑问，请联系在线客服',
  ]),
  stock: refusal(409, 'CONFLICT', 'FLASH_STOCK', [
    'Sorry, the current quantity of this product is not enough for your purchase...',
    '抱歉，该商品当前数量不足以满足您的购买...',
  ]),
  limit: refusal(409, 'CONFLICT', 'FLASH_LIMIT', [
    'Sorry, You have exceeded the purchase limit of this product online...',
    '抱歉，您已超出该商品的线上限购数量...',
  ]),
}
export const quantityRefused = (req: FastifyRequest, r: FlashQuantityRefusal): ApiError => QUANTITY_REFUSALS[r](req)

/** spec §8: "Price change dialog: 'Sorry, These flash buy product prices are changed'" */
export const priceChanged = refusal(409, 'CONFLICT', 'FLASH_PRICE_CHANGED', [
  'Sorry, These flash buy product prices are changed',
  '抱歉，这些秒杀产品的价格已变更',
])

export const placementFailed = refusal(503, 'SERVICE_UNAVAILABLE', 'FLASH_PLACEMENT_FAILED', [
  'Something went wrong, please refresh',
  '出错了，请刷新重试',
])
