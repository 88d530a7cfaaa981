import type { FastifyRequest } from 'fastify'
import type { ErrorCode } from '../../types'
import { ApiError } from '../errors'
import { localized } from '../locale'

/**
 * A refusal worded in both languages, made in the request's:
 *   export const cartEmpty = refusal(409, 'CONFLICT', 'CART_EMPTY', ['Your cart is empty', '购物车为空'])
 *   throw cartEmpty(req)
 * is `new ApiError(409, 'CONFLICT', localized(req, en, zh), 'CART_EMPTY')`: status, error code, the business
 * reason the app acts on (types/envelope.ts), then the English and Chinese text.
 */
export const refusal =
  (status: number, code: ErrorCode, reason: string, [en, zh]: readonly [string, string]) =>
  (req: FastifyRequest) =>
    new ApiError(status, code, localized(req, en, zh), reason)
