import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { PromotionTable } from '../../../db/schema-marketing'
import type {
  ChangePromotion,
  CreatePromotion,
  StaffListQuery,
  StaffPromotion,
} from '../../../../types/marketing/staff-schemas'
import { pageOf, paging } from '../../../lib/paging'
import {
  endWindow,
  iso,
  mediaPathOf,
  notEnded,
  notFound,
  productIdsOf,
  richTextOf,
  textOf,
  windowOf,
  windowState,
} from './fields'

/**
 * Promotions by staff (issue 24): the promotion pages (/promotions/{category}/{subject}/{id}), Home's promotion
 * entries and the products' promotion badges read `promotions` by its window (start_at <= now < end_at), so a
 * created promotion appears at its start and an ended one (end_at = now) leaves them at once.
 */

type Row = Selectable<PromotionTable>

async function featured(db: Kysely<DB>, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  if (!ids.length) return out
  const rows = await db
    .selectFrom('promotion_products as pp')
    .innerJoin('products as p', 'p.id', 'pp.product_id')
    .select(['pp.promotion_id', 'p.catalog_number'])
    .where('pp.promotion_id', 'in', ids)
    .orderBy('pp.position')
    .execute()
  for (const r of rows) out.set(r.promotion_id, [...(out.get(r.promotion_id) ?? []), r.catalog_number])
  return out
}

function toStaff(r: Row, products: string[], now: Date): StaffPromotion {
  return {
    id: r.id,
    category: r.category,
    subject: r.subject,
    title: { en: r.title_en, zh: r.title_zh },
    summary: { en: r.summary_en, zh: r.summary_zh },
    bodyHtml: { en: r.body_en, zh: r.body_zh },
    bannerImage: r.banner_image,
    startAt: iso(r.start_at),
    endAt: iso(r.end_at),
    sortOrder: r.sort_order,
    products,
    state: windowState(r.start_at, r.end_at, now),
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by,
  }
}

export async function listPromotions(db: Kysely<DB>, q: StaffListQuery) {
  const { page, pageSize } = paging(q, 20)
  const now = new Date()
  let base = db.selectFrom('promotions')
  if (q.state === 'scheduled') base = base.where('start_at', '>', now)
  if (q.state === 'running') base = base.where('start_at', '<=', now).where('end_at', '>', now)
  if (q.state === 'ended') base = base.where('end_at', '<=', now)
  const { rows, total } = await pageOf(base, q, (b) => b.selectAll().orderBy('start_at', 'desc').orderBy('id'))
  const products = await featured(
    db,
    rows.map((r) => r.id),
  )
  return { items: rows.map((r) => toStaff(r, products.get(r.id) ?? [], now)), total, page, pageSize }
}

export async function getPromotion(db: Kysely<DB>, id: string, lock = false): Promise<StaffPromotion> {
  let q = db.selectFrom('promotions').selectAll().where('id', '=', id)
  if (lock) q = q.forUpdate()
  const r = await q.executeTakeFirst()
  if (!r) throw notFound('promotion', id)
  return toStaff(r, (await featured(db, [id])).get(id) ?? [], new Date())
}

async function setProducts(trx: Transaction<DB>, id: string, catalogNumbers: readonly string[]) {
  const products = await productIdsOf(trx, 'products', catalogNumbers)
  await trx.deleteFrom('promotion_products').where('promotion_id', '=', id).execute()
  if (products.length)
    await trx
      .insertInto('promotion_products')
      .values(products.map((p, position) => ({ promotion_id: id, product_id: p.id, position })))
      .execute()
}

/** a new promotion's id: PR- and time and random */
const newPromotionId = () =>
  `PR-${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`

export async function createPromotion(trx: Transaction<DB>, req: FastifyRequest, b: CreatePromotion) {
  const id = newPromotionId()
  const now = new Date()
  const { start, end } = windowOf(b, now)
  const title = textOf('title', b.title)
  const summary = textOf('summary', b.summary)
  const body = richTextOf('bodyHtml', b.bodyHtml)
  await trx
    .insertInto('promotions')
    .values({
      id,
      category: b.category,
      subject: b.subject,
      title_en: title.en,
      title_zh: title.zh,
      summary_en: summary.en,
      summary_zh: summary.zh,
      body_en: body.en,
      body_zh: body.zh,
      banner_image: mediaPathOf('bannerImage', b.bannerImage),
      start_at: start,
      end_at: end,
      sort_order: b.sortOrder ?? 0,
      updated_by: req.staff!.id,
    })
    .execute()
  await setProducts(trx, id, b.products ?? [])
  return getPromotion(trx, id)
}

/** A change of a promotion that has not ended; the window stays valid and ahead of now. */
export async function changePromotion(trx: Transaction<DB>, req: FastifyRequest, id: string, b: ChangePromotion) {
  const before = notEnded(await getPromotion(trx, id, true), 'promotion', id)
  const now = new Date()
  const { start, end } = windowOf(b, now, { item: before })
  const title = b.title && textOf('title', b.title)
  const summary = b.summary && textOf('summary', b.summary)
  const body = b.bodyHtml && richTextOf('bodyHtml', b.bodyHtml)
  await trx
    .updateTable('promotions')
    .set({
      ...(b.category !== undefined ? { category: b.category } : {}),
      ...(b.subject !== undefined ? { subject: b.subject } : {}),
      ...(title ? { title_en: title.en, title_zh: title.zh } : {}),
      ...(summary ? { summary_en: summary.en, summary_zh: summary.zh } : {}),
      ...(body ? { body_en: body.en, body_zh: body.zh } : {}),
      ...(b.bannerImage !== undefined ? { banner_image: mediaPathOf('bannerImage', b.bannerImage) } : {}),
      ...(b.sortOrder !== undefined ? { sort_order: b.sortOrder } : {}),
      start_at: start,
      end_at: end,
      updated_at: now,
      updated_by: req.staff!.id,
    })
    .where('id', '=', id)
    .execute()
  if (b.products !== undefined) await setProducts(trx, id, b.products)
  return { before, after: await getPromotion(trx, id) }
}

/** Ends a promotion now (scheduled or running); an ended one is 409. */
export async function endPromotion(trx: Transaction<DB>, req: FastifyRequest, id: string) {
  const before = notEnded(await getPromotion(trx, id, true), 'promotion', id)
  await endWindow(trx, req, 'promotions', before)
  return { before, after: await getPromotion(trx, id) }
}
