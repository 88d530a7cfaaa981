import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { marketingStaffEndpoints as E } from '../../../../types/marketing/staff-endpoints'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { tagRoutes } from '../../../lib/openapi'
import { staffWrite } from '../../staff'
import { changeCoupon, createCoupon, endCoupon, getCoupon, listCoupons } from './coupons'

/**
 * Staff routes of coupons (issue 24, permission coupon.manage): list, one, create, change, end. Coupons live with
 * the cart, which prices them (../pricing-steps.ts); their entries are in types/marketing/staff-endpoints.ts with
 * the rest of marketing content. Each write is one staffWrite (change and audit entry in one transaction, the
 * coupon row locked), and the cart reads the coupons at every pricing: no cache to clear.
 */
export async function cartStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')
  const what = (action: string, code: string) => ({
    permission: 'coupon.manage' as const,
    action,
    entity: 'coupon',
    entityId: code.toUpperCase(),
  })

  serveEndpoint(app, E.couponList, null, async (req) => ok(await listCoupons(db, req.query)))
  serveEndpoint(app, E.couponGet, null, async (req) => ok(await getCoupon(db, req.params.code)))
  serveEndpoint(app, E.couponCreate, null, async (req) =>
    ok(
      await staffWrite(db, req, what('coupon.create', req.body.code), async (trx) => {
        const after = await createCoupon(trx, req, req.body)
        return { before: null, after, result: after }
      }),
    ),
  )
  serveEndpoint(app, E.couponChange, null, async (req) =>
    ok(
      await staffWrite(db, req, what('coupon.change', req.params.code), async (trx) => {
        const { before, after } = await changeCoupon(trx, req, req.params.code, req.body)
        return { before, after, result: after }
      }),
    ),
  )
  serveEndpoint(app, E.couponEnd, null, async (req) =>
    ok(
      await staffWrite(db, req, what('coupon.end', req.params.code), async (trx) => {
        const { before, after } = await endCoupon(trx, req, req.params.code)
        return { before, after, result: after }
      }),
    ),
  )
}
