import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { couponEndpoints } from '../../../../types/marketing/staff-endpoints'
import { tagRoutes } from '../../../lib/openapi'
import { serveContent } from '../../staff'
import { changeCoupon, createCoupon, endCoupon, getCoupon, listCoupons } from './coupons'

/**
 * Staff routes of coupons (issue 24, permission coupon.manage): list, one, create, change, end. Coupons live with
 * the cart, which prices them (../pricing-steps.ts); their entries are in types/marketing/staff-endpoints.ts with
 * the rest of marketing content. Each write is one staffWrite (change and audit entry in one transaction, the
 * coupon row locked: server/domains/staff/content-routes.ts), and the cart reads the coupons at every pricing: no
 * cache to clear.
 */
export async function cartStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'staff')
  serveContent(app, opts.db, {
    endpoints: couponEndpoints,
    action: 'coupon',
    entity: 'coupon',
    list: listCoupons,
    get: getCoupon,
    create: createCoupon,
    change: changeCoupon,
    end: endCoupon,
    // a coupon is named by its code, which is upper case whatever the path says
    keyOf: (c) => c.code,
    auditKey: (code) => code.toUpperCase(),
  })
}
