import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ok } from '../../../errors'
import { IDEMPOTENCY_KEY, routeOf } from '../../../lib/openapi'
import { membershipEndpoints } from '../../../../types/membership/endpoints'
import { idempotencyKey } from '../../../lib/idempotency'
import { draw, giftBag, listDraws, setPrizeAddress } from './draws'
import { interactions } from './interactions'
import { listInvitations, redeemInvitation } from './invitations'
import * as M from './messages'
import { claimTask, listTasks } from './tasks'

export type MemberRouteOpts = { db: Kysely<DB>; requireMember: (req: FastifyRequest) => Promise<void> }

/**
 * The play half of the membership domain (issue 13): lucky draws / blind boxes / wheels and the gift
 * bag, earn points by tasks, the interaction history, invitations and referrals. Every route is
 * account-scoped and runs requireMember (401 without login, 403 MEMBERSHIP_BLOCKED for distributor,
 * agent and special accounts); every read and write is filtered by the token's user.
 */
export async function playRoutes(app: FastifyInstance, opts: MemberRouteOpts) {
  const { db } = opts
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const member = { preHandler: opts.requireMember }
  const paging = (q: { page?: number; pageSize?: number }) => [q.page ?? 1, q.pageSize ?? 20] as const

  // ---- lucky draws (spec §4, §8) and the gift bag
  r.route({ ...routeOf(membershipEndpoints.draws), ...member, handler: async (req) => ok(await listDraws(db, req)) })
  r.route({
    ...routeOf(membershipEndpoints.draw),
    ...member,
    ...IDEMPOTENCY_KEY,
    handler: async (req) => {
      const key = idempotencyKey(req, () => M.keyInvalid(req))
      return ok(await draw(db, req, req.params.id, key))
    },
  })
  r.route({
    ...routeOf(membershipEndpoints.giftBag),
    ...member,
    handler: async (req) => ok(await giftBag(db, req, ...paging(req.query))),
  })
  r.route({
    ...routeOf(membershipEndpoints.prizeAddress),
    ...member,
    handler: async (req) => ok(await setPrizeAddress(db, req, req.params.id, req.body.shipTo)),
  })

  // ---- earn points by tasks
  r.route({ ...routeOf(membershipEndpoints.tasks), ...member, handler: async (req) => ok(await listTasks(db, req)) })
  r.route({
    ...routeOf(membershipEndpoints.claimTask),
    ...member,
    handler: async (req) => ok(await claimTask(db, req, req.params.code)),
  })

  // ---- the interaction history
  r.route({
    ...routeOf(membershipEndpoints.interactions),
    ...member,
    handler: async (req) => ok(await interactions(db, req, ...paging(req.query))),
  })

  // ---- invitations and referrals
  r.route({
    ...routeOf(membershipEndpoints.invitations),
    ...member,
    handler: async (req) => ok(await listInvitations(db, req)),
  })
  r.route({
    ...routeOf(membershipEndpoints.redeemInvitation),
    ...member,
    handler: async (req) => ok(await redeemInvitation(db, req, req.body.activityId, req.body.code)),
  })
}
