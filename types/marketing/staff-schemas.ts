import { Type, type Static, type TAddOptional, type TProperties } from 'typebox'
import { Closed, CountryCodeSchema, Literals, Nullable, pageQueryFields } from '../common'
import { CATALOG_NUMBER_PATTERN } from '../catalog/product'
import { COUPON_TYPES } from '../cart/coupons'
import { ContentTypeSchema } from './index'

/**
 * What staff send and read when they manage marketing content (issue 24): coupons, promotions, articles and
 * banners. The rules that go beyond a schema (a coupon's letter is its type, a window's start before its end, rich
 * text sanitized, images our own media, links to app routes) are the server's, one place each
 * (server/domains/marketing/staff/, server/domains/cart/staff/). Money in major units.
 */

/** An instant with its offset: 2026-11-27T10:00:00Z, 2026-11-27T18:00:00+08:00. */
export const StaffInstantSchema = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$',
  maxLength: 40,
  description: 'an ISO 8601 instant with its offset (Z or +08:00)',
})

/** Where an item stands against its window now: before it, in it, after it (or ended by staff). */
export const MARKETING_STATES = ['scheduled', 'running', 'ended'] as const
export type MarketingState = (typeof MARKETING_STATES)[number]
export const MarketingStateSchema = Literals(MARKETING_STATES)

export const StaffListQuerySchema = Closed({
  ...pageQueryFields(1000, 100),
  state: Type.Optional(MarketingStateSchema),
})
export type StaffListQuery = Static<typeof StaffListQuerySchema>

/** Both languages of a text buyers read (stored in both, server/db/migrations/helpers.ts `bilingual`). */
const Bilingual = (maxLength: number, minLength = 1) =>
  Closed({ en: Type.String({ minLength, maxLength }), zh: Type.String({ minLength, maxLength }) })
const BilingualAnswer = Type.Object({ en: Type.String(), zh: Type.String() })

const CatalogNumbers = (maxItems: number) =>
  Type.Array(Type.String({ pattern: CATALOG_NUMBER_PATTERN }), { maxItems, uniqueItems: true })
/** an image of our own media (/media/...); anything else is refused */
const MediaPath = Nullable(Type.String({ maxLength: 220 }))
const SortOrder = Type.Integer({ minimum: 0, maximum: 100_000 })

/** A body where every property is optional and at least one is given (a change). */
const Change = <P extends TProperties>(properties: P) =>
  Type.Partial(Type.Object(properties), { additionalProperties: false, minProperties: 1 })

/** The fields, those named made optional (what a create may leave out), in their order. */
const WithOptional = <P extends TProperties, K extends keyof P & string>(properties: P, optional: readonly K[]) =>
  Object.fromEntries(
    Object.entries(properties).map(([k, v]) => [k, (optional as readonly string[]).includes(k) ? Type.Optional(v) : v]),
  ) as { [X in keyof P]: X extends K ? TAddOptional<P[X]> : P[X] }

const Edited = {
  state: MarketingStateSchema,
  updatedAt: Type.String(),
  updatedBy: Nullable(Type.String()),
}

// ---------------------------------------------------------------- coupons (the cart's promotion codes)

export const StaffCouponSchema = Type.Object({
  code: Type.String(),
  /** the code's first letter (types/cart/coupons.ts couponTypeOf) */
  type: Literals(COUPON_TYPES),
  country: CountryCodeSchema,
  /** the one account that may use it (null: any account of the country) */
  accountNumber: Nullable(Type.String()),
  description: BilingualAnswer,
  /** percent (10 = 10 %), or null when the coupon takes an amount off */
  percentOff: Nullable(Type.Number()),
  /** major units, or null when the coupon takes a percentage off */
  amountOff: Nullable(Type.Number()),
  minAmount: Type.Number(),
  validFrom: Type.String(),
  validTo: Type.String(),
  skus: Type.Array(Type.String()),
  active: Type.Boolean(),
  ...Edited,
})
export type StaffCoupon = Static<typeof StaffCouponSchema>

const CouponFields = {
  accountNumber: Nullable(Type.String({ minLength: 1, maxLength: 32 })),
  description: Bilingual(200),
  percentOff: Type.Number({ minimum: 0.01, maximum: 100 }),
  amountOff: Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 }),
  minAmount: Type.Number({ minimum: 0, maximum: 10_000_000 }),
  validFrom: StaffInstantSchema,
  validTo: StaffInstantSchema,
  /** catalogue numbers it applies to (empty: every line); over 30, no immediate reduction (spec §5) */
  skus: CatalogNumbers(1000),
}
/** Exactly one of percentOff and amountOff. */
export const CreateCouponSchema = Closed({
  /** its first letter is its type: P, D, R, M or T (spec §5); stored upper case */
  code: Type.String({ pattern: '^[PDRMTpdrmt][A-Za-z0-9-]{2,39}$' }),
  country: CountryCodeSchema,
  ...WithOptional(CouponFields, ['accountNumber', 'percentOff', 'amountOff', 'minAmount', 'skus']),
})
export type CreateCoupon = Static<typeof CreateCouponSchema>
/** A change; the code, its type and its country stay. Giving percentOff or amountOff replaces the other. */
export const ChangeCouponSchema = Change(CouponFields)
export type ChangeCoupon = Static<typeof ChangeCouponSchema>
export const CouponCodeParamsSchema = Closed({ code: Type.String({ pattern: '^[A-Za-z0-9-]{1,40}$' }) })

// ---------------------------------------------------------------- promotions (the promotion pages)

const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,59}$' })

export const StaffPromotionSchema = Type.Object({
  id: Type.String(),
  category: Type.String(),
  subject: Type.String(),
  title: BilingualAnswer,
  summary: BilingualAnswer,
  /** sanitized HTML */
  bodyHtml: BilingualAnswer,
  bannerImage: Nullable(Type.String()),
  startAt: Type.String(),
  endAt: Type.String(),
  sortOrder: Type.Integer(),
  /** the featured products' catalogue numbers, in order */
  products: Type.Array(Type.String()),
  ...Edited,
})
export type StaffPromotion = Static<typeof StaffPromotionSchema>

const PromotionFields = {
  /** the /promotions/{category}/{subject}/{id} segments */
  category: Slug,
  subject: Slug,
  title: Bilingual(200),
  summary: Bilingual(500),
  /** rich HTML, sanitized on write (server/lib/sanitize.ts) */
  bodyHtml: Bilingual(100_000),
  bannerImage: MediaPath,
  startAt: StaffInstantSchema,
  endAt: StaffInstantSchema,
  sortOrder: SortOrder,
  /** spec §9 "Promo applies to: up to 30 SKUs" */
  products: CatalogNumbers(30),
}
export const CreatePromotionSchema = Closed(WithOptional(PromotionFields, ['bannerImage', 'sortOrder', 'products']))
export type CreatePromotion = Static<typeof CreatePromotionSchema>
export const ChangePromotionSchema = Change(PromotionFields)
export type ChangePromotion = Static<typeof ChangePromotionSchema>
export const MarketingIdParamsSchema = Closed({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }) })

// ---------------------------------------------------------------- articles (content items)

export const StaffArticleSchema = Type.Object({
  id: Type.String(),
  contentType: ContentTypeSchema,
  categoryId: Type.String(),
  articleType: Type.String(),
  title: BilingualAnswer,
  summary: BilingualAnswer,
  /** sanitized HTML */
  bodyHtml: BilingualAnswer,
  author: BilingualAnswer,
  coverImage: Nullable(Type.String()),
  /** published from (scheduled before) */
  publishFrom: Type.String(),
  /** published until (null: no end) */
  publishUntil: Nullable(Type.String()),
  readMinutes: Type.Integer(),
  skus: Type.Array(Type.String()),
  ...Edited,
})
export type StaffArticle = Static<typeof StaffArticleSchema>

const ArticleFields = {
  contentType: ContentTypeSchema,
  categoryId: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }),
  articleType: Type.String({ minLength: 1, maxLength: 40 }),
  title: Bilingual(200),
  summary: Bilingual(500),
  bodyHtml: Bilingual(200_000),
  author: Bilingual(100),
  coverImage: MediaPath,
  publishFrom: StaffInstantSchema,
  publishUntil: Nullable(StaffInstantSchema),
  skus: CatalogNumbers(30),
}
export const CreateArticleSchema = Closed(WithOptional(ArticleFields, ['coverImage', 'publishUntil', 'skus']))
export type CreateArticle = Static<typeof CreateArticleSchema>
export const ChangeArticleSchema = Change(ArticleFields)
export type ChangeArticle = Static<typeof ChangeArticleSchema>
export const ArticleIdParamsSchema = Closed({ id: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) })

// ---------------------------------------------------------------- banners (Home's carousel)

export const StaffBannerSchema = Type.Object({
  id: Type.String(),
  title: BilingualAnswer,
  subtitle: BilingualAnswer,
  image: Nullable(Type.String()),
  /** an app route (types/routes.ts) and its path parameters */
  link: Type.Object({ route: Type.String(), params: Type.Record(Type.String(), Type.String()) }),
  startAt: Type.String(),
  endAt: Type.String(),
  sortOrder: Type.Integer(),
  ...Edited,
})
export type StaffBanner = Static<typeof StaffBannerSchema>

const BannerFields = {
  title: Bilingual(120),
  subtitle: Bilingual(200, 0),
  image: MediaPath,
  link: Closed({
    route: Type.String({ minLength: 1, maxLength: 40 }),
    params: Type.Record(Type.String({ maxLength: 40 }), Type.String({ minLength: 1, maxLength: 120 }), {
      maxProperties: 5,
    }),
  }),
  startAt: StaffInstantSchema,
  endAt: StaffInstantSchema,
  sortOrder: SortOrder,
}
export const CreateBannerSchema = Closed(WithOptional(BannerFields, ['image', 'sortOrder']))
export type CreateBanner = Static<typeof CreateBannerSchema>
export const ChangeBannerSchema = Change(BannerFields)
export type ChangeBanner = Static<typeof ChangeBannerSchema>
