import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ok } from '../../../errors'
import { IDEMPOTENCY_KEY } from '../../../lib/openapi'
import { serveEndpoint } from '../../../lib/endpoint-route'
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
  const paging = (q: { page?: number; pageSize?: number }) => [q.page ?? 1, q.pageSize ?? 20] as const

  // ---- lucky draws (spec §4, §8) and the gift bag
  serveEndpoint(app, membershipEndpoints.draws, opts.requireMember, async (req) => ok(await listDraws(db, req)))
  serveEndpoint(
    app,
    membershipEndpoints.draw,
    opts.requireMember,
    async (req) => {
      const key = idempotencyKey(req, () => M.keyInvalid(req))
      return ok(await draw(db, req, req.params.id, key))
    },
    IDEMPOTENCY_KEY,
  )
  serveEndpoint(app, membershipEndpoints.giftBag, opts.requireMember, async (req) =>
    ok(await giftBag(db, req, ...paging(req.query))),
  )
  serveEndpoint(app, membershipEndpoints.prizeAddress, opts.requireMember, async (req) =>
    ok(await setPrizeAddress(db, req, req.params.id, req.body.shipTo)),
  )

  // ---- earn points by tasks
  serveEndpoint(app, membershipEndpoints.tasks, opts.requireMember, async (req) => ok(await listTasks(db, req)))
  serveEndpoint(app, membershipEndpoints.claimTask, opts.requireMember, async (req) =>
    ok(await claimTask(db, req, req.params.code)),
  )

  // ---- the interaction history
  serveEndpoint(app, membershipEndpoints.interactions, opts.requireMember, async (req) =>
    ok(await interactions(db, req, ...paging(req.query))),
  )

  // ---- invitations and referrals
  serveEndpoint(app, membershipEndpoints.invitations, opts.requireMember, async (req) =>
    ok(await listInvitations(db, req)),
  )
  serveEndpoint(app, membershipEndpoints.redeemInvitation, opts.requireMember, async (req) =>
    ok(await redeemInvitation(db, req, req.body.activityId, req.body.code)),
  )
}
