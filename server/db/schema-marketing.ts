import type { ColumnType, Generated, JSONColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** What migration 0023 adds to every table staff edit: when, and by which staff member, it last changed. */
export interface StaffEditedColumns {
  updated_at: CreatedAt
  updated_by: ColumnType<string | null, string | null | undefined, string | null>
}

export type MarketingContentType = 'knowledge' | 'application' | 'workflow' | 'industry' | 'brand' | 'campaign'

/** Content categories, one set per content type (GET /api/mkt/category/getByContentType). */
export interface ContentCategoryTable {
  id: Generated<number>
  content_type: MarketingContentType
  code: string
  name_en: string
  name_zh: string
  sort_order: number
}

/** The ARTICLE_TYPE dictionary (GET /api/mkt/system/dict/ARTICLE_TYPE). */
export interface ArticleTypeTable {
  value: string
  label_en: string
  label_zh: string
  sort_order: number
}

/** The bilingual title, summary and body of a content item and of a promotion. */
interface ArticleTextColumns {
  title_en: string
  title_zh: string
  summary_en: string
  summary_zh: string
  body_en: string
  body_zh: string
}

/** Marketing content. Bodies are sanitized HTML (server/lib/sanitize.ts) before they are stored. */
export interface ContentItemTable extends ArticleTextColumns, StaffEditedColumns {
  id: Generated<number>
  content_type: MarketingContentType
  category_id: number
  article_type: string
  author_en: string
  author_zh: string
  /** full media path (e.g. /media/products/X-650.jpg) or null */
  cover_image: string | null
  /** in the future = scheduled: not listed, not served */
  published_at: Timestamp
  /** the end of publication (migration 0023): from then on not listed, not served; null = no end */
  published_until: OptionalTimestamp
  read_minutes: number
}

/** Products featured in a content item, in order. */
export interface ContentProductTable {
  content_id: number
  product_id: number
  position: number
}

export interface PromotionTable extends ArticleTextColumns, StaffEditedColumns {
  id: string
  /** url segments of /promotions/{category}/{subject}/{id} */
  category: string
  subject: string
  banner_image: string | null
  start_at: Timestamp
  end_at: Timestamp
  sort_order: number
}

export interface PromotionProductTable {
  promotion_id: string
  product_id: number
  position: number
}

/** Home special columns: banners, the flash-sale entry, learning-centre picks (promotions come from `promotions`). */
export interface SpecialColumnTable extends StaffEditedColumns {
  id: string
  kind: 'banner' | 'flash-sale' | 'learning'
  title_en: string
  title_zh: string
  subtitle_en: string
  subtitle_zh: string
  image: string | null
  link_route: string
  link_params: JSONColumnType<Record<string, string>, string, string>
  start_at: Timestamp
  end_at: Timestamp
  sort_order: number
}

export interface WishlistItemTable {
  id: Generated<number>
  user_id: string
  country_code: 'cn' | 'in'
  content_type: 'Products' | 'Workflow' | 'VM Workflow' | 'Knowledge Hub' | 'Promotions' | 'Application'
  content_id: string
  wishlist_type: 'product' | 'content'
  created_at: CreatedAt
}

/** One row per (user, item): the latest visit. */
export interface HistoryVisitTable {
  user_id: string
  kind: 'product' | 'content'
  item_id: string
  viewed_at: Timestamp
}

export interface OperationLogTable {
  id: Generated<number>
  /** the token's user; null for anonymous calls */
  user_id: string | null
  op_user: string
  op_source: string
  op_target: string
  op_target_id: string
  op_content: string
  op_req_url: string
  /** the Source request header */
  source: string | null
  created_at: CreatedAt
}

/** Tables of the marketing and engagement domains (content, promotions, wishlist, history, operation log). Migration 0004_marketing. */
export interface MarketingTables {
  content_categories: ContentCategoryTable
  article_types: ArticleTypeTable
  content_items: ContentItemTable
  content_products: ContentProductTable
  promotions: PromotionTable
  promotion_products: PromotionProductTable
  special_columns: SpecialColumnTable
  wishlist_items: WishlistItemTable
  history_visits: HistoryVisitTable
  operation_logs: OperationLogTable
}
