import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type {
  HistoryItem,
  HistoryList,
  HistoryVisit,
  OperationLogBody,
  Wishlist,
  WishlistContentType,
  WishlistEntry,
} from '../../../types'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { contentByIds, iso, langOf, promotionsByIds, resolveByKind, resolveItems } from '../marketing'
import { tagRoutes } from '../../lib/openapi'
import { paging } from '../../lib/paging'
import { engagementEndpoints } from '../../../types/engagement'
import { countryUtcOffsetMinutes } from '../../../types/country-time'

/** A user's wishlist holds at most this many entries per country. */
export const MAX_WISHLIST_ENTRIES = 500

const CONTENT_TYPE_FOR: Record<
  Exclude<WishlistContentType, 'Products' | 'Promotions'>,
  { type: string; vm: boolean }
> = {
  'Knowledge Hub': { type: 'knowledge', vm: false },
  Application: { type: 'application', vm: false },
  Workflow: { type: 'workflow', vm: false },
  'VM Workflow': { type: 'workflow', vm: true },
}

/**
 * The token decides whose data is read or changed. A userId the client sends (query, body, or the
 * `userid` header of spec section 7) must be that user, or the call is refused before any data is touched.
 */
function assertSelf(req: FastifyRequest, claimed: string | undefined, field: string) {
  const me = req.user!.id
  if (claimed !== undefined && claimed !== me)
    throw new ApiError(403, 'FORBIDDEN', `${field} does not match the logged-in user`)
  const header = req.headers.userid
  const h = Array.isArray(header) ? header[0] : header
  if (h !== undefined && h !== '' && h !== me)
    throw new ApiError(403, 'FORBIDDEN', 'headers/userid does not match the logged-in user')
}

/** 'YYYY-MM-DD' → [y, m, d] when it is a real calendar date */
function calendarDate(s: string, field: string): [number, number, number] {
  const [y, m, d] = s.split('-').map(Number)
  const t = new Date(Date.UTC(y, m - 1, d))
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) {
    throw new ApiError(400, 'VALIDATION_ERROR', `querystring/${field} is not a valid date`)
  }
  return [y, m, d]
}

/** wishlist, browsing history, operation log */
export async function engagementRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'engagement')
  const { db } = opts

  // ---------------- wishlist ----------------
  serveEndpoint(app, engagementEndpoints.wishList, app.requireUser, async (req) => {
    assertSelf(req, req.query.userId, 'querystring/userId')
    const lang = langOf(req.locale)
    const rows = await db
      .selectFrom('wishlist_items')
      .select(['content_id', 'content_type', 'wishlist_type', 'country_code', 'created_at'])
      .where('user_id', '=', req.user!.id)
      .where('country_code', '=', req.query.countryCode)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_WISHLIST_ENTRIES)
      .execute()
    const kindOf = (w: { content_type: string }) => (w.content_type === 'Products' ? 'product' : 'content')
    const found = await resolveByKind(
      db,
      rows.map((w) => ({ kind: kindOf(w), id: w.content_id })),
      lang,
    )
    const wishList: WishlistEntry[] = rows.flatMap((w) => {
      const d = found[kindOf(w)].get(w.content_id)
      if (!d) return [] // the product or article no longer exists
      return [
        {
          contentId: w.content_id,
          contentType: w.content_type,
          wishlistType: w.wishlist_type,
          countryCode: w.country_code,
          title: d.title,
          image: d.image,
          link: d.link,
          createdAt: iso(w.created_at),
        },
      ]
    })
    const data: Wishlist = { wishList }
    return ok(data)
  })

  serveEndpoint(app, engagementEndpoints.saveWishList, app.requireUser, async (req) => {
    const b = req.body
    assertSelf(req, b.userId, 'body/userId')
    const expectedType = b.contentType === 'Products' ? 'product' : 'content'
    if (b.wishlistType !== expectedType) {
      throw new ApiError(
        400,
        'VALIDATION_ERROR',
        `body/wishlistType must be '${expectedType}' for contentType ${b.contentType}`,
      )
    }
    const lang = langOf(req.locale)
    if (b.contentType === 'Products') {
      if (!(await resolveItems(db, 'product', [b.contentId], lang)).has(b.contentId)) {
        throw new ApiError(
          404,
          'NOT_FOUND',
          `body/contentId: no product with catalogue number ${JSON.stringify(b.contentId)}`,
        )
      }
    } else if (b.contentType === 'Promotions') {
      if (!(await promotionsByIds(db, [b.contentId], lang)).has(b.contentId)) {
        throw new ApiError(404, 'NOT_FOUND', `body/contentId: no promotion with id ${JSON.stringify(b.contentId)}`)
      }
    } else {
      const want = CONTENT_TYPE_FOR[b.contentType]
      const c = (await contentByIds(db, [b.contentId], lang)).get(b.contentId)
      if (!c || !c.published || c.card.contentType !== want.type || c.isVm !== want.vm) {
        throw new ApiError(
          404,
          'NOT_FOUND',
          `body/contentId: no ${b.contentType} content with id ${JSON.stringify(b.contentId)}`,
        )
      }
    }
    const { n } = await db
      .selectFrom('wishlist_items')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', req.user!.id)
      .where('country_code', '=', b.countryCode)
      .executeTakeFirstOrThrow()
    if (n >= MAX_WISHLIST_ENTRIES) {
      const exists = await db
        .selectFrom('wishlist_items')
        .select('id')
        .where('user_id', '=', req.user!.id)
        .where('country_code', '=', b.countryCode)
        .where('content_type', '=', b.contentType)
        .where('content_id', '=', b.contentId)
        .executeTakeFirst()
      if (!exists) throw new ApiError(400, 'BAD_REQUEST', `The wishlist is full (${MAX_WISHLIST_ENTRIES} entries)`)
    }
    // idempotent: adding an entry that is already there keeps the original
    await db
      .insertInto('wishlist_items')
      .values({
        user_id: req.user!.id,
        country_code: b.countryCode,
        content_type: b.contentType,
        content_id: b.contentId,
        wishlist_type: b.wishlistType,
      })
      .onConflict((oc) => oc.columns(['user_id', 'country_code', 'content_type', 'content_id']).doNothing())
      .execute()
    return ok({ contentId: b.contentId })
  })

  serveEndpoint(app, engagementEndpoints.deleteWishList, app.requireUser, async (req) => {
    const q = req.query
    assertSelf(req, q.userId, 'querystring/userId')
    const body = req.body as unknown
    const empty =
      body === undefined ||
      body === null ||
      body === '' ||
      (typeof body === 'object' && !Array.isArray(body) && Object.keys(body as object).length === 0)
    if (!empty)
      throw new ApiError(
        400,
        'VALIDATION_ERROR',
        'body must be empty (contentId, countryCode and userId go in the query)',
      )
    const res = await db
      .deleteFrom('wishlist_items')
      .where('user_id', '=', req.user!.id)
      .where('country_code', '=', q.countryCode)
      .where('content_id', '=', q.contentId)
      .executeTakeFirst()
    return ok({ contentId: q.contentId, deleted: Number(res.numDeletedRows) })
  })

  // ---------------- browsing history ----------------
  /** Upserts visits, keeping the newest time per item; times in the future are clamped to now. */
  async function upsertVisits(userId: string, visits: { kind: 'product' | 'content'; id: string; at: Date }[]) {
    if (!visits.length) return
    await db
      .insertInto('history_visits')
      .values(visits.map((v) => ({ user_id: userId, kind: v.kind, item_id: v.id, viewed_at: v.at })))
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'kind', 'item_id'])
          .doUpdateSet({ viewed_at: sql`greatest(history_visits.viewed_at, excluded.viewed_at)` }),
      )
      .execute()
  }
  const clamp = (at: string | undefined, now: Date) => {
    if (at === undefined) return now
    const t = new Date(at)
    return t.getTime() > now.getTime() ? now : t
  }

  serveEndpoint(app, engagementEndpoints.recordVisit, app.requireUser, async (req) => {
    const b = req.body
    assertSelf(req, b.userId, 'body/userId')
    const found = await resolveItems(db, b.kind, [b.id], langOf(req.locale))
    if (!found.has(b.id)) throw new ApiError(404, 'NOT_FOUND', `body/id: no ${b.kind} with id ${JSON.stringify(b.id)}`)
    await upsertVisits(req.user!.id, [{ kind: b.kind, id: b.id, at: clamp(b.viewedAt, new Date()) }])
    return ok({ ok: true as const })
  })

  serveEndpoint(app, engagementEndpoints.mergeHistory, app.requireUser, async (req) => {
    const b = req.body
    assertSelf(req, b.userId, 'body/userId')
    const now = new Date()
    // one visit per item: the newest
    const newest = new Map<string, HistoryVisit & { at: Date }>()
    for (const v of b.visits) {
      const at = clamp(v.viewedAt, now)
      const key = `${v.kind}\u0000${v.id}`
      const prev = newest.get(key)
      if (!prev || prev.at.getTime() < at.getTime()) newest.set(key, { ...v, at })
    }
    const all = [...newest.values()]
    const lang = langOf(req.locale)
    const found = await resolveByKind(db, all, lang)
    // items that no longer exist (or never did) are dropped from the local history silently
    const known = all.filter((v) => found[v.kind].has(v.id))
    await upsertVisits(
      req.user!.id,
      known.map((v) => ({ kind: v.kind, id: v.id, at: v.at })),
    )
    return ok({ merged: known.length, skipped: all.length - known.length })
  })

  serveEndpoint(app, engagementEndpoints.historyList, app.requireUser, async (req) => {
    const q = req.query
    assertSelf(req, q.userId, 'querystring/userId')
    const { page, pageSize, offset } = paging(q)
    // the user's calendar days (types/country-time.ts: China time for cn, India time for in)
    const offsetMs = countryUtcOffsetMinutes(req.user!.country) * 60_000
    const from = q.from ? calendarDate(q.from, 'from') : null
    const to = q.to ? calendarDate(q.to, 'to') : null
    if (from && to && Date.UTC(from[0], from[1] - 1, from[2]) > Date.UTC(to[0], to[1] - 1, to[2])) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'querystring/from must not be after querystring/to')
    }
    let base = db.selectFrom('history_visits').where('user_id', '=', req.user!.id).where('kind', '=', q.kind)
    // inclusive calendar days in the user's time zone: [from 00:00, to+1 00:00)
    if (from) base = base.where('viewed_at', '>=', new Date(Date.UTC(from[0], from[1] - 1, from[2]) - offsetMs))
    if (to) base = base.where('viewed_at', '<', new Date(Date.UTC(to[0], to[1] - 1, to[2] + 1) - offsetMs))
    const [rows, { n }] = await Promise.all([
      base
        .select(['item_id', 'viewed_at'])
        .orderBy('viewed_at', 'desc')
        .orderBy('item_id')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ])
    const found = await resolveItems(
      db,
      q.kind,
      rows.map((row) => row.item_id),
      langOf(req.locale),
    )
    const items: HistoryItem[] = rows.flatMap((row) => {
      const d = found.get(row.item_id)
      if (!d) return []
      return [
        {
          kind: q.kind,
          id: row.item_id,
          title: d.title,
          subtitle: d.subtitle,
          image: d.image,
          link: d.link,
          viewedAt: iso(row.viewed_at),
        },
      ]
    })
    const data: HistoryList = { items, total: n, page, pageSize }
    return ok(data)
  })

  // ---------------- operation log (main and marketing APIs) ----------------
  const insertLog = async (req: FastifyRequest) => {
    const b = req.body as OperationLogBody // validated by the endpoint's body schema
    const user = req.user
    let opUser = 'anonymous'
    if (user) {
      // logged in: opUser names the token's user (user name or id), nobody else
      if (b.opUser !== user.userName && b.opUser !== user.id) {
        throw new ApiError(403, 'FORBIDDEN', 'body/opUser does not match the logged-in user')
      }
      assertSelf(req, undefined, 'body/opUser')
      opUser = user.userName
    }
    const row = await db
      .insertInto('operation_logs')
      .values({
        user_id: user?.id ?? null,
        op_user: opUser,
        op_source: b.opSource,
        op_target: b.opTarget,
        op_target_id: b.opTargetId,
        op_content: b.opContent,
        op_req_url: b.opReqUrl,
        source: req.locale.source,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return ok({ id: row.id })
  }
  for (const e of [engagementEndpoints.insertOperationLog, engagementEndpoints.insertMktOperationLog]) {
    serveEndpoint(app, e, app.optionalUser, insertLog, { bodyLimit: 8 * 1024 })
  }
}
