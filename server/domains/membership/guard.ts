import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isMembershipBlocked } from '../../../types'
import { ApiError } from '../../errors'
import { localized as msg } from '../../locale'
import { declareGuard } from '../../lib/openapi'

/**
 * Spec §9: "Login is required for ... points, gift redemption, point detail, redemption record and
 * feedback. Point rules need no login." and "Distributor, agent and special accounts are blocked from
 * the membership centre." Every account-scoped membership route runs `requireMember`: 401 without a
 * valid token, 403 MEMBERSHIP_BLOCKED for a black-listed account type, before anything is read.
 */
export function membershipBlocked(req: FastifyRequest): ApiError {
  return new ApiError(
    403,
    'FORBIDDEN',
    msg(
      req,
      'Sorry, distributor, agent and special accounts cannot take part in the membership programme',
      '抱歉，经销商、代理商及特殊账户无法参与会员活动',
    ),
    'MEMBERSHIP_BLOCKED',
  )
}

export function memberGuard(app: FastifyInstance) {
  // documented as needing a bearer token (server/lib/openapi.ts): it answers 401 without one
  return declareGuard(async function requireMember(req: FastifyRequest) {
    await app.requireUser(req)
    if (isMembershipBlocked(req.user!.accountType)) throw membershipBlocked(req)
  }, 'bearer')
}
