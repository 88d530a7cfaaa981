import type { FastifyRequest } from 'fastify'
import { ApiError } from '../errors'
import { localized as msg } from '../locale'
import { refusal } from './localized-refusal'

/**
 * Refusals worded the same by several endpoints (order placement, flash buy, gift redemption, draws):
 * one text each, in both languages, so the endpoints cannot drift apart.
 */

/** 400 IDEMPOTENCY_KEY_INVALID (server/lib/idempotency.ts step 1); `text` for an endpoint that words it its own way */
export const keyInvalid = (
  req: FastifyRequest,
  [en, zh]: readonly [string, string] = [
    'The Idempotency-Key header is required (8–128 characters: letters, digits, _ : . -)',
    '缺少 Idempotency-Key 请求头（8–128 个字母、数字或 _ : . -）',
  ],
) => new ApiError(400, 'BAD_REQUEST', msg(req, en, zh), 'IDEMPOTENCY_KEY_INVALID')

/** 409 IDEMPOTENCY_KEY_REUSED (server/lib/idempotency.ts step 3), naming what the key was used for */
export const keyReused = (req: FastifyRequest, en: string, zh: string) =>
  new ApiError(409, 'CONFLICT', msg(req, en, zh), 'IDEMPOTENCY_KEY_REUSED')

/** 403: only a Siebel-approved user may place an order */
export const registrationIncomplete = refusal(403, 'FORBIDDEN', 'REGISTRATION_INCOMPLETE', [
  'Please complete your registration before placing an order',
  '请先完成注册再下单',
])

/** spec §5 check 7 */
export const contactInvalid = refusal(400, 'BAD_REQUEST', 'CONTACT_INVALID', [
  'Please enter correct contact name and phone number',
  '请输入正确的联系人姓名和电话',
])

/** 404: the ship-to is not one of the caller's account's */
export const shipToNotFound = refusal(404, 'NOT_FOUND', 'ADDRESS_NOT_FOUND', [
  'Shipping address not found',
  '未找到该收货地址',
])
