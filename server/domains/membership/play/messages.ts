import type { FastifyRequest } from 'fastify'
import type { DrawRefusal, InviteRefusal } from '../../../../types'
import { ApiError } from '../../../errors'
import { localized as msg } from '../../../locale'
import * as R from '../../../lib/refusals'
import { refusal } from '../../../lib/localized-refusal'

/**
 * The play half's refusals. Spec §8 "Lucky draw: not in activity time or not started, no prizes left,
 * not enough points, exceeded draw limit or period limit, black list." and "Invitation: verification
 * failed, already participated, not a new user, own code, code not matching the activity, code not
 * found or invalid, use limit exceeded." — each a distinct reason (the app shows its own localized
 * text for the reason; these are the server's messages).
 */
const DRAW: Record<DrawRefusal, [number, 'CONFLICT' | 'FORBIDDEN', string, string]> = {
  DRAW_NOT_STARTED: [409, 'CONFLICT', 'The activity has not started yet', '活动尚未开始'],
  DRAW_NOT_IN_TIME: [409, 'CONFLICT', 'Not in activity time', '不在活动时间内'],
  DRAW_BLACKLISTED: [403, 'FORBIDDEN', 'You are on the black list of this draw', '您已被列入抽奖黑名单'],
  DRAW_LIMIT_EXCEEDED: [409, 'CONFLICT', 'Exceeded draw limit', '已超过抽奖次数上限'],
  DRAW_PERIOD_LIMIT_EXCEEDED: [409, 'CONFLICT', 'Exceeded period limit', '已超过本期抽奖次数上限'],
  DRAW_NO_PRIZES_LEFT: [409, 'CONFLICT', 'No prizes left', '奖品已抽完'],
  DRAW_NOT_ENOUGH_POINTS: [409, 'CONFLICT', 'Not enough points', '积分不足'],
}
export function drawRefused(req: FastifyRequest, reason: DrawRefusal): ApiError {
  const [status, code, en, zh] = DRAW[reason]
  return new ApiError(status, code, msg(req, en, zh), reason)
}

const INVITE: Record<InviteRefusal, [number, string, string]> = {
  INVITE_CODE_INVALID: [404, 'Code not found or invalid', '邀请码不存在或已失效'],
  INVITE_VERIFICATION_FAILED: [400, 'Verification failed', '邀请码校验失败'],
  INVITE_OWN_CODE: [409, 'You cannot use your own code', '不能使用自己的邀请码'],
  INVITE_ACTIVITY_MISMATCH: [409, 'The code does not match the activity', '邀请码与活动不匹配'],
  INVITE_ALREADY_PARTICIPATED: [409, 'You have already participated', '您已参与过该活动'],
  INVITE_NOT_NEW_USER: [409, 'Not a new user', '仅限新用户参与'],
  INVITE_USE_LIMIT_EXCEEDED: [409, 'Use limit exceeded', '该邀请码使用次数已达上限'],
}
export function inviteRefused(req: FastifyRequest, reason: InviteRefusal): ApiError {
  const [status, en, zh] = INVITE[reason]
  const code = status === 404 ? 'NOT_FOUND' : status === 400 ? 'BAD_REQUEST' : 'CONFLICT'
  return new ApiError(status, code, msg(req, en, zh), reason)
}

export const drawNotFound = refusal(404, 'NOT_FOUND', 'DRAW_NOT_FOUND', ['This draw does not exist', '抽奖活动不存在'])
export const invitationActivityNotFound = refusal(404, 'NOT_FOUND', 'INVITE_ACTIVITY_NOT_FOUND', [
  'This invitation activity does not exist',
  '邀请活动不存在',
])
export const prizeOrderNotFound = refusal(404, 'NOT_FOUND', 'PRIZE_ORDER_NOT_FOUND', [
  'This prize order does not exist',
  '奖品订单不存在',
])
export const prizeOrderClosed = refusal(409, 'CONFLICT', 'PRIZE_ORDER_CLOSED', [
  'This prize order no longer takes an address',
  '该奖品订单已无法填写地址',
])
export const prizeOrderExpired = refusal(409, 'CONFLICT', 'PRIZE_ORDER_EXPIRED', [
  'The address was due within 14 days: this prize order has expired',
  '未在 14 天内填写地址，该奖品订单已过期',
])
// the same refusal as the gift side's: the app words it by its reason, ADDRESS_NOT_FOUND
export { shipToNotFound as addressNotFound } from '../../../lib/refusals'
export const keyInvalid = (req: FastifyRequest) =>
  R.keyInvalid(req, [
    'The header Idempotency-Key is required (8 to 128 letters, digits, _ : . -)',
    '缺少请求头 Idempotency-Key（8 至 128 位字母、数字或 _ : . -）',
  ])
export const keyReused = (req: FastifyRequest) =>
  R.keyReused(req, 'This Idempotency-Key was used for another draw', '该 Idempotency-Key 已用于另一次抽奖')
export const taskNotMet = refusal(409, 'CONFLICT', 'TASK_NOT_MET', ['This task is not completed yet', '任务尚未完成'])
