import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { Permission } from '../../../../types/staff/permissions'
import { marketingStaffEndpoints as E } from '../../../../types/marketing/staff-endpoints'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { tagRoutes } from '../../../lib/openapi'
import { staffWrite } from '../../staff'
import { changeArticle, createArticle, endArticle, getArticle, listArticles } from './articles'
import { changeBanner, createBanner, endBanner, getBanner, listBanners, newBannerId } from './banners'
import {
  changePromotion,
  createPromotion,
  endPromotion,
  getPromotion,
  listPromotions,
  newPromotionId,
} from './promotions'

/**
 * Staff routes of marketing content (issue 24): promotions (promotion.manage), articles and banners
 * (content.manage): list, one, create, change, end. Every write is one staffWrite (the change and its audit entry,
 * before and after, in one transaction; the record locked FOR UPDATE, so two staff ending one item at once get
 * one 200 and one 409). The buyers' routes read these tables at each request (no cache), so a change shows at the
 * next call. Coupons are the cart's (server/domains/cart/staff/).
 */
export async function marketingStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')

  /** one audited write: `change` returns the record before (null when created) and after */
  const write = <T>(
    req: FastifyRequest,
    permission: Permission,
    action: string,
    entity: string,
    entityId: string | null,
    change: (trx: Transaction<DB>) => Promise<{ before: T | null; after: T }>,
  ) =>
    staffWrite(db, req, { permission, action, entity, entityId }, async (trx) => {
      const { before, after } = await change(trx)
      // a created article's id is the database's: the entry names it once it is known
      const createdId = (after as { id?: unknown } | null)?.id
      return { before, after, result: after, entityId: createdId === undefined ? undefined : String(createdId) }
    })

  // ---- promotions
  serveEndpoint(app, E.promotionList, null, async (req) => ok(await listPromotions(db, req.query)))
  serveEndpoint(app, E.promotionGet, null, async (req) => ok(await getPromotion(db, req.params.id)))
  serveEndpoint(app, E.promotionCreate, null, async (req) => {
    const id = newPromotionId()
    return ok(
      await write(req, 'promotion.manage', 'promotion.create', 'promotion', id, async (trx) => ({
        before: null,
        after: await createPromotion(trx, req, id, req.body),
      })),
    )
  })
  serveEndpoint(app, E.promotionChange, null, async (req) =>
    ok(
      await write(req, 'promotion.manage', 'promotion.change', 'promotion', req.params.id, (trx) =>
        changePromotion(trx, req, req.params.id, req.body),
      ),
    ),
  )
  serveEndpoint(app, E.promotionEnd, null, async (req) =>
    ok(
      await write(req, 'promotion.manage', 'promotion.end', 'promotion', req.params.id, (trx) =>
        endPromotion(trx, req, req.params.id),
      ),
    ),
  )

  // ---- articles
  serveEndpoint(app, E.articleList, null, async (req) => ok(await listArticles(db, req.query)))
  serveEndpoint(app, E.articleGet, null, async (req) => ok(await getArticle(db, req.params.id)))
  // the id is the database's (serial): the audit entry's `after` names it
  serveEndpoint(app, E.articleCreate, null, async (req) =>
    ok(
      await write(req, 'content.manage', 'article.create', 'article', null, async (trx) => ({
        before: null,
        after: await createArticle(trx, req, req.body),
      })),
    ),
  )
  serveEndpoint(app, E.articleChange, null, async (req) =>
    ok(
      await write(req, 'content.manage', 'article.change', 'article', req.params.id, (trx) =>
        changeArticle(trx, req, req.params.id, req.body),
      ),
    ),
  )
  serveEndpoint(app, E.articleEnd, null, async (req) =>
    ok(
      await write(req, 'content.manage', 'article.end', 'article', req.params.id, (trx) =>
        endArticle(trx, req, req.params.id),
      ),
    ),
  )

  // ---- banners
  serveEndpoint(app, E.bannerList, null, async (req) => ok(await listBanners(db, req.query)))
  serveEndpoint(app, E.bannerGet, null, async (req) => ok(await getBanner(db, req.params.id)))
  serveEndpoint(app, E.bannerCreate, null, async (req) => {
    const id = newBannerId()
    return ok(
      await write(req, 'content.manage', 'banner.create', 'banner', id, async (trx) => ({
        before: null,
        after: await createBanner(trx, req, id, req.body),
      })),
    )
  })
  serveEndpoint(app, E.bannerChange, null, async (req) =>
    ok(
      await write(req, 'content.manage', 'banner.change', 'banner', req.params.id, (trx) =>
        changeBanner(trx, req, req.params.id, req.body),
      ),
    ),
  )
  serveEndpoint(app, E.bannerEnd, null, async (req) =>
    ok(
      await write(req, 'content.manage', 'banner.end', 'banner', req.params.id, (trx) =>
        endBanner(trx, req, req.params.id),
      ),
    ),
  )
}
