import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import {
  CATALOG_NUMBER_PATTERN,
  type ArticleType,
  type ContentCategory,
  type ContentDetail,
  type ContentList,
  type ProductPromotion,
  type Promotion,
  type SkuContent,
  type SpecialColumn,
} from '../../../types'
import { ApiError, ok } from '../../errors'
import { sanitizeRichHtml } from '../../lib/sanitize'
import { languageColumns } from '../../lib/language-columns'
import { contentColumns, iso, langOf, promotionColumns, promotionStatus, toCard, type ContentRow } from './resolve'
import { specialColumns } from './special-columns'
import { pricingContext, summariesByIds } from '../catalog'
import { tagRoutes } from '../../lib/openapi'
import { paging } from '../../lib/paging'
import { marketingEndpoints } from '../../../types/marketing/endpoints'
import { serveEndpoint } from '../../lib/endpoint-route'
import { marketingStaffRoutes } from './staff/routes'

const CATALOG_NUMBER = new RegExp(CATALOG_NUMBER_PATTERN)
/** spec section 9: "Promo applies to | up to 30 SKUs" */
export const MAX_PROMOTION_SKUS = 30

const SKU_CONTENT_LIMIT = 20

/** marketing API under /api/mkt, and /get/promotionById */
export async function marketingRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'marketing')
  const { db } = opts

  /** content visible now: published (scheduled items stay hidden until their date, ended ones after their end) */
  const published = (now: Date) =>
    sql<boolean>`(c.published_at <= ${now} AND (c.published_until IS NULL OR c.published_until > ${now}))`

  serveEndpoint(app, marketingEndpoints.contentCategories, null, async (req) => {
    const lang = langOf(req.locale)
    const now = new Date()
    const rows = await db
      .selectFrom('content_categories as cc')
      .leftJoin('content_items as c', (j) => j.onRef('c.category_id', '=', 'cc.id').on(published(now)))
      .select([
        'cc.id',
        'cc.content_type',
        lang === 'en' ? 'cc.name_en as name' : 'cc.name_zh as name',
        sql<number>`count(c.id)::int`.as('count'),
      ])
      .where('cc.content_type', '=', req.query.contentType)
      .groupBy(['cc.id', 'cc.content_type', 'cc.name_en', 'cc.name_zh', 'cc.sort_order'])
      .orderBy('cc.sort_order')
      .execute()
    const data: ContentCategory[] = rows.map((c) => ({
      id: String(c.id),
      contentType: c.content_type,
      name: c.name,
      count: c.count,
    }))
    return ok(data)
  })

  async function articleTypes(lang: 'en' | 'zh'): Promise<ArticleType[]> {
    const rows = await db
      .selectFrom('article_types')
      .select(['value', lang === 'en' ? 'label_en as label' : 'label_zh as label'])
      .orderBy('sort_order')
      .execute()
    return rows.map((a) => ({ dictValue: a.value, dictLabel: a.label }))
  }

  serveEndpoint(app, marketingEndpoints.articleTypes, null, async (req) => ok(await articleTypes(langOf(req.locale))))

  serveEndpoint(app, marketingEndpoints.contentList, null, async (req) => {
    const lang = langOf(req.locale)
    const q = req.query
    const { page, pageSize, offset } = paging(q, 10)
    if (q.articleType !== undefined) {
      const known = (await articleTypes(lang)).map((a) => a.dictValue)
      if (!known.includes(q.articleType)) {
        throw new ApiError(400, 'VALIDATION_ERROR', `querystring/articleType must be one of: ${known.join(', ')}`)
      }
    }
    const now = new Date()
    let base = db.selectFrom('content_items as c').where(published(now))
    if (q.contentType) base = base.where('c.content_type', '=', q.contentType)
    if (q.categoryId) base = base.where('c.category_id', '=', Number(q.categoryId))
    if (q.articleType) base = base.where('c.article_type', '=', q.articleType)
    const [rows, { n }] = await Promise.all([
      base
        .select(contentColumns(lang))
        .orderBy('c.published_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ])
    const data: ContentList = { items: rows.map((row) => toCard(row as ContentRow)), total: n, page, pageSize }
    return ok(data)
  })

  serveEndpoint(app, marketingEndpoints.contentDetail, null, async (req) => {
    const lang = langOf(req.locale)
    const row = await db
      .selectFrom('content_items as c')
      .select([...contentColumns(lang), ...languageColumns(lang, 'c.', ['body', 'author'])])
      .where('c.id', '=', Number(req.params.id))
      .where(published(new Date()))
      .executeTakeFirst()
    if (!row) throw new ApiError(404, 'NOT_FOUND', `Content ${req.params.id} not found`)
    const skus = await db
      .selectFrom('content_products as cp')
      .innerJoin('products as p', 'p.id', 'cp.product_id')
      .select('p.catalog_number')
      .where('cp.content_id', '=', row.id)
      .orderBy('cp.position')
      .execute()
    const data: ContentDetail = {
      ...toCard(row as ContentRow),
      // stored sanitized; sanitized again on the way out (defence in depth)
      bodyHtml: sanitizeRichHtml(row.body),
      author: row.author,
      skus: skus.map((s) => s.catalog_number),
    }
    return ok(data)
  })

  serveEndpoint(app, marketingEndpoints.specialColumns, null, async (req) => {
    const lang = langOf(req.locale)
    const data: SpecialColumn[] = await specialColumns(db, lang)
    return ok(data)
  })

  async function productByCatalogNumber(catalogNumber: string) {
    const p = await db
      .selectFrom('products')
      .select(['id', 'category_id'])
      .where('catalog_number', '=', catalogNumber)
      .executeTakeFirst()
    if (!p) throw new ApiError(404, 'NOT_FOUND', `Product ${catalogNumber} not found`)
    return p
  }

  /** content featuring the product itself */
  async function skuContent(catalogNumber: string, lang: 'en' | 'zh'): Promise<SkuContent> {
    const p = await productByCatalogNumber(catalogNumber)
    const rows = await db
      .selectFrom('content_items as c')
      .select(contentColumns(lang))
      .where(published(new Date()))
      .where('c.id', 'in', db.selectFrom('content_products').select('content_id').where('product_id', '=', p.id))
      .orderBy('c.published_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(SKU_CONTENT_LIMIT)
      .execute()
    return { catalogNumber, items: rows.map((row) => toCard(row as ContentRow)) }
  }

  serveEndpoint(app, marketingEndpoints.skuContentList, null, async (req) =>
    ok(await skuContent(req.query.catalogNumber, langOf(req.locale))),
  )

  /** content featuring any product of the product's category (the product's own content first) */
  serveEndpoint(app, marketingEndpoints.skuContentCategory, null, async (req) => {
    const lang = langOf(req.locale)
    const { catalogNumber } = req.params
    const p = await productByCatalogNumber(catalogNumber)
    const rows = await db
      .selectFrom('content_items as c')
      .select([
        ...contentColumns(lang),
        sql<boolean>`exists (select 1 from content_products x where x.content_id = c.id and x.product_id = ${p.id})`.as(
          'own',
        ),
      ])
      .where(published(new Date()))
      .where(
        'c.id',
        'in',
        db
          .selectFrom('content_products as cp')
          .innerJoin('products as pp', 'pp.id', 'cp.product_id')
          .select('cp.content_id')
          .where('pp.category_id', '=', p.category_id),
      )
      .orderBy('own', 'desc')
      .orderBy('c.published_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(SKU_CONTENT_LIMIT)
      .execute()
    const data: SkuContent = { catalogNumber, items: rows.map((row) => toCard(row as unknown as ContentRow)) }
    return ok(data)
  })

  serveEndpoint(app, marketingEndpoints.productPromotions, null, async (req) => {
    const lang = langOf(req.locale)
    const requested = [
      ...new Set(
        req.query.skus
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ]
    if (!requested.length)
      throw new ApiError(400, 'VALIDATION_ERROR', 'querystring/skus must list at least one catalogue number')
    if (requested.length > MAX_PROMOTION_SKUS) {
      throw new ApiError(
        400,
        'VALIDATION_ERROR',
        `querystring/skus must list at most ${MAX_PROMOTION_SKUS} catalogue numbers`,
      )
    }
    const bad = requested.find((s) => !CATALOG_NUMBER.test(s))
    if (bad !== undefined)
      throw new ApiError(
        400,
        'VALIDATION_ERROR',
        `querystring/skus contains an invalid catalogue number: ${JSON.stringify(bad.slice(0, 50))}`,
      )

    const products = await db
      .selectFrom('products')
      .select(['id', 'sku', 'catalog_number'])
      .where((eb) => eb.or([eb('catalog_number', 'in', requested), eb('sku', 'in', requested)]))
      .execute()
    const now = new Date()
    const promos = products.length
      ? await db
          .selectFrom('promotion_products as pp')
          .innerJoin('promotions as pr', 'pr.id', 'pp.promotion_id')
          .select([
            'pp.product_id',
            'pr.id',
            'pr.category',
            'pr.subject',
            'pr.end_at',
            lang === 'en' ? 'pr.title_en as title' : 'pr.title_zh as title',
          ])
          .where(
            'pp.product_id',
            'in',
            products.map((p) => p.id),
          )
          .where('pr.start_at', '<=', now)
          .where('pr.end_at', '>', now)
          .orderBy('pr.end_at')
          .orderBy('pr.id')
          .execute()
      : []
    const data: ProductPromotion[] = requested.map((value) => {
      const p = products.find((x) => x.catalog_number === value) ?? products.find((x) => x.sku === value)
      return {
        catalogNumber: p ? p.catalog_number : value,
        promotions: p
          ? promos
              .filter((x) => x.product_id === p.id)
              .map((x) => ({
                id: x.id,
                title: x.title,
                category: x.category,
                subject: x.subject,
                endDate: iso(x.end_at),
              }))
          : [],
      }
    })
    return ok(data)
  })

  serveEndpoint(app, marketingEndpoints.promotionById, app.optionalUser, async (req) => {
    const lang = langOf(req.locale)
    const row = await db
      .selectFrom('promotions')
      .select([...promotionColumns(lang), lang === 'en' ? 'body_en as body' : 'body_zh as body'])
      .where('id', '=', req.query.promoId)
      .executeTakeFirst()
    if (!row) throw new ApiError(404, 'NOT_FOUND', `Promotion ${req.query.promoId} not found`)
    const productIds = await db
      .selectFrom('promotion_products')
      .select('product_id')
      .where('promotion_id', '=', row.id)
      .orderBy('position')
      .execute()
    const data: Promotion = {
      id: row.id,
      category: row.category,
      subject: row.subject,
      title: row.title,
      summary: row.summary,
      bodyHtml: sanitizeRichHtml(row.body),
      bannerImage: row.banner_image,
      startDate: iso(row.start_at),
      endDate: iso(row.end_at),
      status: promotionStatus(new Date(row.start_at), new Date(row.end_at)),
      // priced for the caller exactly like /product/list
      products: await summariesByIds(
        db,
        pricingContext(req),
        productIds.map((p) => p.product_id),
      ),
    }
    return ok(data)
  })

  // ---- staff: promotions, articles and banners (issue 24)
  await app.register(marketingStaffRoutes, opts)
}
