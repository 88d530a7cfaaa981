import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { SpecialColumnTable } from '../../../db/schema-marketing'
import type { ChangeBanner, CreateBanner, StaffBanner, StaffListQuery } from '../../../../types/marketing/staff-schemas'
import { ROUTES } from '../../../../types/routes'
import { pageOf, paging } from '../../../lib/paging'
import { isBearerIdParam, isCredentialParam } from '../../../lib/safe-url'
import { endWindow, invalid, iso, mediaPathOf, notEnded, notFound, textOf, windowOf, windowState } from './fields'

/**
 * Home's banners by staff (issue 24): the `banner` rows of special_columns, shown while start_at <= now < end_at
 * (../special-columns.ts). A banner links to a screen of the app by its route name (types/routes.ts) and that
 * route's path parameters, never to an address: no other site, no javascript:, and no parameter that would carry
 * a credential or a bearer id in the link (server/lib/safe-url.ts).
 */

type Row = Selectable<SpecialColumnTable>

/** routes a banner may not open: sign-in hand-overs, and pages whose address is itself a key */
const NOT_LINKABLE = new Set(['loginCallback', 'wechatLogin', 'orderConfirm'])

function toStaff(r: Row, now: Date): StaffBanner {
  const params = typeof r.link_params === 'string' ? JSON.parse(r.link_params) : r.link_params
  return {
    id: r.id,
    title: { en: r.title_en, zh: r.title_zh },
    subtitle: { en: r.subtitle_en, zh: r.subtitle_zh },
    image: r.image,
    link: { route: r.link_route, params },
    startAt: iso(r.start_at),
    endAt: iso(r.end_at),
    sortOrder: r.sort_order,
    state: windowState(r.start_at, r.end_at, now),
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by,
  }
}

/** A link to an app screen: a known route, all of its path parameters, no credential-bearing parameter. */
export function linkOf(link: { route: string; params: Record<string, string> }) {
  const route = ROUTES.find((r) => r.name === link.route)
  if (!route || NOT_LINKABLE.has(route.name))
    throw invalid('link/route', `is not a screen a banner may open: ${link.route}`)
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])
  for (const n of names) if (!link.params[n]?.trim()) throw invalid(`link/params/${n}`, `is required by ${route.name}`)
  for (const [k, v] of Object.entries(link.params)) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(k) || isCredentialParam(k) || isBearerIdParam(k))
      throw invalid(`link/params/${k}`, 'is not a parameter a link may carry')
    if (/[\u0000-\u001f\u007f]/.test(v)) throw invalid(`link/params/${k}`, 'contains control characters')
  }
  return { route: route.name, params: link.params }
}

export async function listBanners(db: Kysely<DB>, q: StaffListQuery) {
  const { page, pageSize } = paging(q, 20)
  const now = new Date()
  let base = db.selectFrom('special_columns').where('kind', '=', 'banner')
  if (q.state === 'scheduled') base = base.where('start_at', '>', now)
  if (q.state === 'running') base = base.where('start_at', '<=', now).where('end_at', '>', now)
  if (q.state === 'ended') base = base.where('end_at', '<=', now)
  const { rows, total } = await pageOf(base, q, (b) => b.selectAll().orderBy('sort_order').orderBy('id'))
  return { items: rows.map((r) => toStaff(r, now)), total, page, pageSize }
}

export async function getBanner(db: Kysely<DB>, id: string, lock = false): Promise<StaffBanner> {
  let q = db.selectFrom('special_columns').selectAll().where('id', '=', id).where('kind', '=', 'banner')
  if (lock) q = q.forUpdate()
  const r = await q.executeTakeFirst()
  if (!r) throw notFound('banner', id)
  return toStaff(r, new Date())
}

/** a new banner's id: SC-BANNER- and time and random */
const newBannerId = () =>
  `SC-BANNER-${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`

export async function createBanner(trx: Transaction<DB>, req: FastifyRequest, b: CreateBanner) {
  const id = newBannerId()
  const now = new Date()
  const { start, end } = windowOf(b, now)
  const title = textOf('title', b.title)
  const subtitle = textOf('subtitle', b.subtitle, true)
  const link = linkOf(b.link)
  await trx
    .insertInto('special_columns')
    .values({
      id,
      kind: 'banner',
      title_en: title.en,
      title_zh: title.zh,
      subtitle_en: subtitle.en,
      subtitle_zh: subtitle.zh,
      image: mediaPathOf('image', b.image),
      link_route: link.route,
      link_params: JSON.stringify(link.params),
      start_at: start,
      end_at: end,
      sort_order: b.sortOrder ?? 0,
      updated_by: req.staff!.id,
    })
    .execute()
  return getBanner(trx, id)
}

export async function changeBanner(trx: Transaction<DB>, req: FastifyRequest, id: string, b: ChangeBanner) {
  const before = notEnded(await getBanner(trx, id, true), 'banner', id)
  const now = new Date()
  const { start, end } = windowOf(b, now, { item: before })
  const title = b.title && textOf('title', b.title)
  const subtitle = b.subtitle && textOf('subtitle', b.subtitle, true)
  const link = b.link && linkOf(b.link)
  await trx
    .updateTable('special_columns')
    .set({
      ...(title ? { title_en: title.en, title_zh: title.zh } : {}),
      ...(subtitle ? { subtitle_en: subtitle.en, subtitle_zh: subtitle.zh } : {}),
      ...(b.image !== undefined ? { image: mediaPathOf('image', b.image) } : {}),
      ...(link ? { link_route: link.route, link_params: JSON.stringify(link.params) } : {}),
      ...(b.sortOrder !== undefined ? { sort_order: b.sortOrder } : {}),
      start_at: start,
      end_at: end,
      updated_at: now,
      updated_by: req.staff!.id,
    })
    .where('id', '=', id)
    .execute()
  return { before, after: await getBanner(trx, id) }
}

export async function endBanner(trx: Transaction<DB>, req: FastifyRequest, id: string) {
  const before = notEnded(await getBanner(trx, id, true), 'banner', id)
  await endWindow(trx, req, 'special_columns', before)
  return { before, after: await getBanner(trx, id) }
}
