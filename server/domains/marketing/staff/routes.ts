import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { articleEndpoints, bannerEndpoints, promotionEndpoints } from '../../../../types/marketing/staff-endpoints'
import { tagRoutes } from '../../../lib/openapi'
import { serveContent } from '../../staff'
import { changeArticle, createArticle, endArticle, getArticle, listArticles } from './articles'
import { changeBanner, createBanner, endBanner, getBanner, listBanners } from './banners'
import { changePromotion, createPromotion, endPromotion, getPromotion, listPromotions } from './promotions'

/**
 * Staff routes of marketing content (issue 24): promotions (promotion.manage), articles and banners
 * (content.manage): list, one, create, change, end (server/domains/staff/content-routes.ts: every write is one
 * staffWrite, the change and its audit entry, before and after, in one transaction; the record locked FOR UPDATE,
 * so two staff ending one item at once get one 200 and one 409). The buyers' routes read these tables at each request (no cache), so a change shows at the
 * next call. Coupons are the cart's (server/domains/cart/staff/).
 */
export async function marketingStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')
  serveContent(app, db, {
    endpoints: promotionEndpoints,
    action: 'promotion',
    entity: 'promotion',
    list: listPromotions,
    get: getPromotion,
    create: createPromotion,
    change: changePromotion,
    end: endPromotion,
  })
  serveContent(app, db, {
    endpoints: articleEndpoints,
    action: 'article',
    entity: 'article',
    list: listArticles,
    get: getArticle,
    create: createArticle,
    change: changeArticle,
    end: endArticle,
  })
  serveContent(app, db, {
    endpoints: bannerEndpoints,
    action: 'banner',
    entity: 'banner',
    list: listBanners,
    get: getBanner,
    create: createBanner,
    change: changeBanner,
    end: endBanner,
  })
}
