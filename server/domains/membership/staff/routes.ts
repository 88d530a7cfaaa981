import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { tagRoutes } from '../../../lib/openapi'
import { membershipStaffEndpoints as E } from '../../../../types/membership/staff-endpoints'
import { listRedemptions, shipRedemption } from './redemptions'
import { listFeedback, resolveFeedback } from './feedback'
import { changeGift, createGift, endGift, listGifts } from './gifts'
import { changeDraw, createDraw, endDraw, listDraws } from './draws'
import { adjustPoints } from './points'

/**
 * The membership domain's staff routes under /api/admin (issue 24): shipping gift redemptions and prize orders,
 * resolving redemption feedback (redemption.ship), gifts (gift.manage), lucky draws (draw.manage) and manual points
 * adjustments (points.adjust). Each is served behind the staff guard of its entry's permission; every write is
 * audited (staffWrite). docs/admin-api/membership.md.
 */
export async function membershipStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')

  serveEndpoint(app, E.membershipRedemptions, null, async (req) => ok(await listRedemptions(db, req.query)))
  serveEndpoint(app, E.membershipShip, null, async (req) =>
    ok(await shipRedemption(app, db, req, req.params.number, req.body)),
  )
  serveEndpoint(app, E.membershipFeedback, null, async (req) => ok(await listFeedback(db, req.query)))
  serveEndpoint(app, E.membershipResolveFeedback, null, async (req) =>
    ok(await resolveFeedback(app, db, req, req.params.id, req.body.note)),
  )
  serveEndpoint(app, E.membershipGifts, null, async (req) => ok(await listGifts(db, req.query)))
  serveEndpoint(app, E.membershipCreateGift, null, async (req) => ok(await createGift(db, req, req.body)))
  serveEndpoint(app, E.membershipChangeGift, null, async (req) =>
    ok(await changeGift(db, req, req.params.id, req.body)),
  )
  serveEndpoint(app, E.membershipEndGift, null, async (req) => ok(await endGift(db, req, req.params.id)))
  serveEndpoint(app, E.membershipDraws, null, async (req) => ok(await listDraws(db, req.query)))
  serveEndpoint(app, E.membershipCreateDraw, null, async (req) => ok(await createDraw(db, req, req.body)))
  serveEndpoint(app, E.membershipChangeDraw, null, async (req) =>
    ok(await changeDraw(db, req, req.params.id, req.body)),
  )
  serveEndpoint(app, E.membershipEndDraw, null, async (req) => ok(await endDraw(db, req, req.params.id)))
  serveEndpoint(app, E.membershipAdjustPoints, null, async (req) => ok(await adjustPoints(app, db, req, req.body)))
}
