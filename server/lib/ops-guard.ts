import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { ApiError } from '../errors'
import { declareGuard } from './openapi'
import type { Config } from '../config'

/**
 * The operator endpoints' key (for tests and demos: /api/ops/...). They are guarded by the header
 * x-ops-token, compared in constant time with OPS_TOKEN; a shopper's bearer token is no key to them.
 * When OPS_TOKEN is unset or shorter than OPS_TOKEN_MIN_LENGTH the routes are not registered at all
 * (404 like any unknown path). Used by the operator routes of server/domains (flash buy, gift redemptions, the order lifecycle).
 */
export const OPS_TOKEN_MIN_LENGTH = 16

export const OpsHeadersSchema = Type.Object({ 'x-ops-token': Type.Optional(Type.String({ maxLength: 256 })) })

const digest = (s: string) => crypto.createHash('sha256').update(s).digest()

/** OPS_TOKEN when it is long enough to be a key, else null (the operator routes are then not registered). */
export function opsToken(config: Pick<Config, 'OPS_TOKEN'>): string | null {
  const t = config.OPS_TOKEN
  return t && t.length >= OPS_TOKEN_MIN_LENGTH ? t : null
}

/** An onRequest hook: runs before the body is parsed or validated, so without the key nothing about the route is answered. */
export function opsGuard(token: string) {
  const expected = digest(token)
  return declareGuard(async (req: FastifyRequest) => {
    const raw = req.headers['x-ops-token']
    const given = Array.isArray(raw) ? raw[0] : raw
    if (!given) throw new ApiError(401, 'TOKEN_INVALID', 'The x-ops-token header is required')
    // equal-length digests: the comparison takes the same time whatever was sent
    if (!crypto.timingSafeEqual(digest(given), expected))
      throw new ApiError(403, 'FORBIDDEN', 'The operator token is not valid')
  }, 'ops')
}
