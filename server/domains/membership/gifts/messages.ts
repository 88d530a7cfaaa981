import type { FastifyRequest } from 'fastify'
import type { RedeemRefusal } from '../../../../types'
import { ApiError } from '../../../errors'
import { localized as msg } from '../../../locale'
import * as R from '../../../lib/refusals'
import { refusal } from '../../../lib/localized-refusal'

/**
 * The refusals of the gift centre, each with its own reason (spec §8 "Redeem: gift missing, off sale,
 * out of stock, over limit, below minimum, insufficient points, black-listed user."; the black-listed
 * user is the member guard's 403 MEMBERSHIP_BLOCKED).
 */

export { keyInvalid, contactInvalid } from '../../../lib/refusals'
export { shipToNotFound as addressNotFound } from '../../../lib/refusals'

export const keyReused = (req: FastifyRequest) =>
  R.keyReused(req, 'This Idempotency-Key was already used for a different redemption', '该幂等键已用于另一笔兑换')

export const addressUnderReview = refusal(409, 'CONFLICT', 'ADDRESS_UNDER_REVIEW', [
  'This shipping address is under review; gifts can be sent once it is approved',
  '该收货地址正在审核中，审核通过后方可寄送礼品',
])

export const giftMissing = refusal(404, 'NOT_FOUND', 'GIFT_NOT_FOUND', [
  'Gift missing: this gift does not exist',
  '礼品不存在',
])

export const redemptionNotFound = refusal(404, 'NOT_FOUND', 'REDEMPTION_NOT_FOUND', [
  'Redemption not found',
  '未找到该兑换记录',
])

export const REFUSAL_REASON: Record<RedeemRefusal, string> = {
  off_sale: 'GIFT_OFF_SALE',
  draw_only: 'GIFT_DRAW_ONLY',
  below_minimum: 'GIFT_BELOW_MINIMUM',
  out_of_stock: 'GIFT_OUT_OF_STOCK',
  over_limit: 'GIFT_OVER_LIMIT',
  insufficient_points: 'POINTS_INSUFFICIENT',
}

export function refused(
  req: FastifyRequest,
  r: RedeemRefusal,
  f: { minQty: number; limitQty: number | null; redeemed: number; need: number; balance: number },
): ApiError {
  const text: Record<RedeemRefusal, [string, string]> = {
    off_sale: ['Off sale: this gift can no longer be exchanged', '该礼品已下架'],
    draw_only: ['This gift can only be won in a lucky draw', '该礼品仅限抽奖获得，不可兑换'],
    below_minimum: [
      `Below minimum: exchange at least ${f.minQty} of this gift`,
      `低于最低兑换数量：该礼品至少兑换 ${f.minQty} 件`,
    ],
    out_of_stock: ['Out of stock: not enough of this gift left', '库存不足：该礼品已兑完'],
    over_limit: [
      `Over limit: at most ${f.limitQty ?? 0} of this gift per month (${f.redeemed} exchanged this month)`,
      `超出限额：该礼品每月最多兑换 ${f.limitQty ?? 0} 件（本月已兑换 ${f.redeemed} 件）`,
    ],
    insufficient_points: [
      `Insufficient points: this needs ${f.need} points, you have ${f.balance}`,
      `积分不足：需要 ${f.need} 积分，当前 ${f.balance} 积分`,
    ],
  }
  return new ApiError(409, 'CONFLICT', msg(req, text[r][0], text[r][1]), REFUSAL_REASON[r])
}
