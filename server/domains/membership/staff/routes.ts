import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { tagRoutes } from '../../../lib/openapi'
import {
  drawEndpoints,
  giftEndpoints,
  membershipStaffEndpoints as E,
} from '../../../../types/membership/staff-endpoints'
import { serveContent } from '../../staff'
import { listRedemptions, shipRedemption } from './redemptions'
import { cancelRedemption } from './cancel-redemption'
import { listFeedback, resolveFeedback } from './feedback'
import { changeGift, createGift, endGift, listGifts } from './gifts'
import { changeDraw, createDraw, endDraw, listDraws } from './draws'
import { adjustPoints } from './points'

/**
 * The membership domain's staff routes under /api/admin (issue 24): shipping gift redemptions and prize orders,
 * cancelling gift redemptions, resolving redemption feedback (redemption.ship), gifts (gift.manage), lucky draws
 * (draw.manage) and manual points adjustments (points.adjust). Each is served behind the staff guard of its entry's
 * permission; every write is audited (staffWrite). docs/admin-api/membership.md.
 */
export async function membershipStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')

  serveEndpoint(app, E.membershipRedemptions, null, async (req) => ok(await listRedemptions(db, req.query)))
  serveEndpoint(app, E.membershipShip, null, async (req) =>
    ok(await shipRedemption(app, db, req, req.params.number, req.body)),
  )
  serveEndpoint(app, E.membershipCancelRedemption, null, async (req) =>
    ok(await cancelRedemption(app, db, req, req.params.number, req.body.reason)),
  )
  serveEndpoint(app, E.membershipFeedback, null, async (req) => ok(await listFeedback(db, req.query)))
  serveEndpoint(app, E.membershipResolveFeedback, null, async (req) =>
    ok(await resolveFeedback(app, db, req, req.params.id, req.body.note)),
  )
  serveContent(app, db, {
    endpoints: giftEndpoints,
    action: 'gift',
    entity: 'gift',
    list: listGifts,
    create: createGift,
    change: changeGift,
    end: endGift,
  })
  serveContent(app, db, {
    endpoints: drawEndpoints,
    action: 'draw',
    entity: 'draw_activity',
    list: listDraws,
    create: createDraw,
    change: changeDraw,
    end: endDraw,
  })
  serveEndpoint(app, E.membershipAdjustPoints, null, async (req) => ok(await adjustPoints(app, db, req, req.body)))
}
