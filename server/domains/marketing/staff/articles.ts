import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { ContentItemTable } from '../../../db/schema-marketing'
import type {
  ChangeArticle,
  CreateArticle,
  StaffArticle,
  StaffListQuery,
} from '../../../../types/marketing/staff-schemas'
import { pageOf, paging } from '../../../lib/paging'
import { readMinutes } from '../../../db/seed/marketing'
import {
  alreadyEnded,
  endedWindow,
  instantOf,
  invalid,
  iso,
  isoOrNull,
  mediaPathOf,
  notFound,
  productIdsOf,
  richTextOf,
  textOf,
  windowState,
} from './fields'

/**
 * Articles (content items) by staff (issue 24): published from publishFrom (published_at) until publishUntil
 * (published_until, null: no end). The buyers' content list, detail and product content read both
 * (../resolve.ts publishedNow), so a scheduled article appears at its date and an ended one disappears.
 * Bodies are sanitized on write (server/lib/sanitize.ts); the reading time follows the English body, as seeded.
 */

type Row = Selectable<ContentItemTable>

async function featured(db: Kysely<DB>, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>()
  if (!ids.length) return out
  const rows = await db
    .selectFrom('content_products as cp')
    .innerJoin('products as p', 'p.id', 'cp.product_id')
    .select(['cp.content_id', 'p.catalog_number'])
    .where('cp.content_id', 'in', ids)
    .orderBy('cp.position')
    .execute()
  for (const r of rows) out.set(r.content_id, [...(out.get(r.content_id) ?? []), r.catalog_number])
  return out
}

function toStaff(r: Row, skus: string[], now: Date): StaffArticle {
  return {
    id: String(r.id),
    contentType: r.content_type,
    categoryId: String(r.category_id),
    articleType: r.article_type,
    title: { en: r.title_en, zh: r.title_zh },
    summary: { en: r.summary_en, zh: r.summary_zh },
    bodyHtml: { en: r.body_en, zh: r.body_zh },
    author: { en: r.author_en, zh: r.author_zh },
    coverImage: r.cover_image,
    publishFrom: iso(r.published_at),
    publishUntil: isoOrNull(r.published_until),
    readMinutes: r.read_minutes,
    skus,
    state: windowState(r.published_at, r.published_until, now),
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by,
  }
}

export async function listArticles(db: Kysely<DB>, q: StaffListQuery) {
  const { page, pageSize } = paging(q, 20)
  const now = new Date()
  let base = db.selectFrom('content_items')
  if (q.state === 'scheduled') base = base.where('published_at', '>', now)
  if (q.state === 'running')
    base = base
      .where('published_at', '<=', now)
      .where((eb) => eb.or([eb('published_until', 'is', null), eb('published_until', '>', now)]))
  if (q.state === 'ended') base = base.where('published_until', '<=', now)
  const { rows, total } = await pageOf(base, q, (b) =>
    b.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc'),
  )
  const skus = await featured(
    db,
    rows.map((r) => r.id),
  )
  return { items: rows.map((r) => toStaff(r, skus.get(r.id) ?? [], now)), total, page, pageSize }
}

export async function getArticle(db: Kysely<DB>, id: string, lock = false): Promise<StaffArticle> {
  let q = db.selectFrom('content_items').selectAll().where('id', '=', Number(id))
  if (lock) q = q.forUpdate()
  const r = await q.executeTakeFirst()
  if (!r) throw notFound('article', id)
  return toStaff(r, (await featured(db, [r.id])).get(r.id) ?? [], new Date())
}

/** the category must be one of the content type's; the article type one of the ARTICLE_TYPE dictionary */
async function checkClassification(db: Kysely<DB>, contentType: string, categoryId: string, articleType: string) {
  const [category, type] = await Promise.all([
    db.selectFrom('content_categories').select('content_type').where('id', '=', Number(categoryId)).executeTakeFirst(),
    db.selectFrom('article_types').select('value').where('value', '=', articleType).executeTakeFirst(),
  ])
  if (!category) throw invalid('categoryId', `names no content category: ${categoryId}`)
  if (category.content_type !== contentType)
    throw invalid('categoryId', `is a category of ${category.content_type}, not of ${contentType}`)
  if (!type) throw invalid('articleType', `is not an ARTICLE_TYPE value: ${articleType}`)
}

/** publishUntil, when given, after publishFrom and still to come */
function checkPublication(from: Date, until: Date | null, now: Date) {
  if (until === null) return
  if (until.getTime() <= from.getTime()) throw invalid('publishUntil', 'must be after publishFrom')
  if (until.getTime() <= now.getTime()) throw invalid('publishUntil', 'must be in the future')
}

async function setSkus(trx: Transaction<DB>, id: number, catalogNumbers: readonly string[]) {
  const products = await productIdsOf(trx, 'skus', catalogNumbers)
  await trx.deleteFrom('content_products').where('content_id', '=', id).execute()
  if (products.length)
    await trx
      .insertInto('content_products')
      .values(products.map((p, position) => ({ content_id: id, product_id: p.id, position })))
      .execute()
}

export async function createArticle(trx: Transaction<DB>, req: FastifyRequest, b: CreateArticle) {
  const now = new Date()
  const from = instantOf('publishFrom', b.publishFrom)
  const until = b.publishUntil ? instantOf('publishUntil', b.publishUntil) : null
  checkPublication(from, until, now)
  await checkClassification(trx, b.contentType, b.categoryId, b.articleType)
  const title = textOf('title', b.title)
  const summary = textOf('summary', b.summary)
  const author = textOf('author', b.author)
  const body = richTextOf('bodyHtml', b.bodyHtml)
  const { id } = await trx
    .insertInto('content_items')
    .values({
      content_type: b.contentType,
      category_id: Number(b.categoryId),
      article_type: b.articleType,
      title_en: title.en,
      title_zh: title.zh,
      summary_en: summary.en,
      summary_zh: summary.zh,
      body_en: body.en,
      body_zh: body.zh,
      author_en: author.en,
      author_zh: author.zh,
      cover_image: mediaPathOf('coverImage', b.coverImage),
      published_at: from,
      published_until: until,
      read_minutes: readMinutes(body.en),
      updated_by: req.staff!.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await setSkus(trx, id, b.skus ?? [])
  return getArticle(trx, String(id))
}

/** A change of an article that has not ended. */
export async function changeArticle(trx: Transaction<DB>, req: FastifyRequest, id: string, b: ChangeArticle) {
  const before = await getArticle(trx, id, true)
  if (before.state === 'ended') throw alreadyEnded('article', id)
  const now = new Date()
  const from = b.publishFrom !== undefined ? instantOf('publishFrom', b.publishFrom) : new Date(before.publishFrom)
  const untilText = b.publishUntil !== undefined ? b.publishUntil : before.publishUntil
  const until = untilText === null ? null : instantOf('publishUntil', untilText)
  checkPublication(from, until, now)
  const contentType = b.contentType ?? before.contentType
  const categoryId = b.categoryId ?? before.categoryId
  const articleType = b.articleType ?? before.articleType
  if (b.contentType !== undefined || b.categoryId !== undefined || b.articleType !== undefined)
    await checkClassification(trx, contentType, categoryId, articleType)
  const title = b.title && textOf('title', b.title)
  const summary = b.summary && textOf('summary', b.summary)
  const author = b.author && textOf('author', b.author)
  const body = b.bodyHtml && richTextOf('bodyHtml', b.bodyHtml)
  await trx
    .updateTable('content_items')
    .set({
      content_type: contentType,
      category_id: Number(categoryId),
      article_type: articleType,
      ...(title ? { title_en: title.en, title_zh: title.zh } : {}),
      ...(summary ? { summary_en: summary.en, summary_zh: summary.zh } : {}),
      ...(author ? { author_en: author.en, author_zh: author.zh } : {}),
      ...(body ? { body_en: body.en, body_zh: body.zh, read_minutes: readMinutes(body.en) } : {}),
      ...(b.coverImage !== undefined ? { cover_image: mediaPathOf('coverImage', b.coverImage) } : {}),
      published_at: from,
      published_until: until,
      updated_at: now,
      updated_by: req.staff!.id,
    })
    .where('id', '=', Number(id))
    .execute()
  if (b.skus !== undefined) await setSkus(trx, Number(id), b.skus)
  return { before, after: await getArticle(trx, id) }
}

/** Ends an article's publication now (a scheduled one is never shown); an ended one is 409. */
export async function endArticle(trx: Transaction<DB>, req: FastifyRequest, id: string) {
  const before = await getArticle(trx, id, true)
  if (before.state === 'ended') throw alreadyEnded('article', id)
  const now = new Date()
  const w = endedWindow(before.publishFrom, now)
  await trx
    .updateTable('content_items')
    .set({ published_at: w.start, published_until: w.end, updated_at: now, updated_by: req.staff!.id })
    .where('id', '=', Number(id))
    .execute()
  return { before, after: await getArticle(trx, id) }
}
