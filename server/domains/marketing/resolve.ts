import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { RequestLocale } from '../../locale'
import { isVmWorkflow, type ContentCard, type ContentType } from '../../../types'
import { cleanTitle } from '../../../types/catalog/product-title'
import { languageColumns } from '../../lib/language-columns'

/**
 * Look-ups shared by the marketing and engagement routes: localized display data for products,
 * content items and promotions, and promotion status. (Priced product summaries come from the one
 * ProductSummary mapping, server/domains/catalog/summary.ts.)
 */

export type Lang = 'en' | 'zh'
export const langOf = (locale: RequestLocale): Lang => (locale.language === 'en' ? 'en' : 'zh')

export interface AppLink {
  route: string
  params: Record<string, string>
}

export type PromotionStatus = 'upcoming' | 'active' | 'expired'
/** A promotion is active while start <= now < end; before it is upcoming, after it expired. */
export function promotionStatus(start: Date, end: Date, now: Date = new Date()): PromotionStatus {
  if (now.getTime() < start.getTime()) return 'upcoming'
  if (now.getTime() >= end.getTime()) return 'expired'
  return 'active'
}

export const iso = (d: Date | string) => new Date(d).toISOString()

export const productLink = (title: string, catalogNumber: string): AppLink => ({
  route: 'productDetails',
  params: { title: cleanTitle(title), catalogNumber },
})
export const contentLink = (id: number | string): AppLink => ({ route: 'contentDetail', params: { id: String(id) } })
export const promotionLink = (p: { id: string; category: string; subject: string }): AppLink => ({
  route: 'promotion',
  params: { category: p.category, subject: p.subject, id: p.id },
})

export const CONTENT_TYPE_LABELS: Record<ContentType, Record<Lang, string>> = {
  knowledge: { en: 'Knowledge Hub', zh: '知识中心' },
  application: { en: 'Application', zh: '应用' },
  workflow: { en: 'Workflow', zh: '工作流程' },
  industry: { en: 'Industry solutions', zh: '行业解决方案' },
  brand: { en: 'Brands', zh: '品牌' },
  campaign: { en: 'Promotions & campaigns', zh: '促销与活动' },
}
export const PROMOTION_LABEL: Record<Lang, string> = { en: 'Promotion', zh: '促销活动' }

// ---------------- products ----------------
export interface ProductDisplay {
  id: number
  catalogNumber: string
  title: string
  size: string
  image: string | null
  link: AppLink
}
export async function productsByCatalogNumber(
  db: Kysely<DB>,
  catalogNumbers: string[],
  lang: Lang,
): Promise<Map<string, ProductDisplay>> {
  const out = new Map<string, ProductDisplay>()
  const uniq = [...new Set(catalogNumbers)]
  if (!uniq.length) return out
  const rows = await db
    .selectFrom('products')
    .select(['id', 'catalog_number', lang === 'en' ? 'title_en as title' : 'title_zh as title', 'size', 'image'])
    .where('catalog_number', 'in', uniq)
    .execute()
  for (const r of rows) {
    out.set(r.catalog_number, {
      id: r.id,
      catalogNumber: r.catalog_number,
      title: r.title,
      size: r.size,
      image: r.image,
      link: productLink(r.title, r.catalog_number),
    })
  }
  return out
}

// ---------------- content items ----------------
export interface ContentDisplay {
  card: ContentCard
  articleLabel: string
  isVm: boolean
  published: boolean
}
export const contentColumns = (lang: Lang) =>
  [
    'c.id',
    'c.content_type',
    'c.category_id',
    'c.article_type',
    'c.cover_image',
    'c.published_at',
    'c.read_minutes',
    ...languageColumns(lang, 'c.', ['title', 'summary']),
  ] as const

export interface ContentRow {
  id: number
  content_type: ContentType
  category_id: number
  article_type: string
  cover_image: string | null
  published_at: Date
  read_minutes: number
  title: string
  summary: string
}
export const toCard = (r: ContentRow): ContentCard => ({
  id: String(r.id),
  contentType: r.content_type,
  categoryId: String(r.category_id),
  articleType: r.article_type,
  title: r.title,
  summary: r.summary,
  coverImage: r.cover_image,
  publishedAt: iso(r.published_at),
  readMinutes: r.read_minutes,
})

/** Content ids are positive integers (as strings); anything else never matches. */
export const isContentId = (id: string) => /^[1-9][0-9]{0,8}$/.test(id)

export async function contentByIds(db: Kysely<DB>, ids: string[], lang: Lang): Promise<Map<string, ContentDisplay>> {
  const out = new Map<string, ContentDisplay>()
  const nums = [...new Set(ids.filter(isContentId).map(Number))]
  if (!nums.length) return out
  const rows = await db
    .selectFrom('content_items as c')
    .innerJoin('article_types as a', 'a.value', 'c.article_type')
    .select([
      ...contentColumns(lang),
      'c.published_until',
      lang === 'en' ? 'a.label_en as article_label' : 'a.label_zh as article_label',
    ])
    .where('c.id', 'in', nums)
    .execute()
  const now = Date.now()
  for (const r of rows) {
    out.set(String(r.id), {
      card: toCard(r as ContentRow),
      articleLabel: r.article_label,
      isVm: isVmWorkflow(r.content_type, r.article_type),
      // as the content list's rule (routes.ts `published`): from published_at, until published_until when set
      published:
        new Date(r.published_at).getTime() <= now &&
        (r.published_until === null || new Date(r.published_until).getTime() > now),
    })
  }
  return out
}

// ---------------- promotions ----------------
export interface PromotionDisplay {
  id: string
  category: string
  subject: string
  title: string
  summary: string
  bannerImage: string | null
  startDate: string
  endDate: string
  status: PromotionStatus
  link: AppLink
}
/** the columns of a promotion card, selected from `promotions` in this language */
export const promotionColumns = (lang: Lang) =>
  [
    'id',
    'category',
    'subject',
    'banner_image',
    'start_at',
    'end_at',
    ...languageColumns(lang, '', ['title', 'summary']),
  ] as const
export const isPromotionId = (id: string) => /^[A-Za-z0-9_-]{1,40}$/.test(id)

export async function promotionsByIds(
  db: Kysely<DB>,
  ids: string[],
  lang: Lang,
  now = new Date(),
): Promise<Map<string, PromotionDisplay>> {
  const out = new Map<string, PromotionDisplay>()
  const uniq = [...new Set(ids.filter(isPromotionId))]
  if (!uniq.length) return out
  const rows = await db.selectFrom('promotions').select(promotionColumns(lang)).where('id', 'in', uniq).execute()
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      category: r.category,
      subject: r.subject,
      title: r.title,
      summary: r.summary,
      bannerImage: r.banner_image,
      startDate: iso(r.start_at),
      endDate: iso(r.end_at),
      status: promotionStatus(new Date(r.start_at), new Date(r.end_at), now),
      link: promotionLink(r),
    })
  }
  return out
}
