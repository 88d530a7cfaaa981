import { contentEndpoints, prefixed } from '../staff/content-endpoints'
import {
  ArticleIdParamsSchema,
  ChangeArticleSchema,
  ChangeBannerSchema,
  ChangeCouponSchema,
  ChangePromotionSchema,
  CouponCodeParamsSchema,
  CreateArticleSchema,
  CreateBannerSchema,
  CreateCouponSchema,
  CreatePromotionSchema,
  MarketingIdParamsSchema,
  StaffArticleSchema,
  StaffBannerSchema,
  StaffCouponSchema,
  StaffListQuerySchema,
  StaffPromotionSchema,
} from './staff-schemas'

/**
 * The marketing domain's staff endpoints (issue 24): each under /admin/ with the permission its route needs
 * (`withPermission`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 *
 * Coupons (the cart's promotion codes, served by server/domains/cart/staff/), promotions, articles and banners
 * (server/domains/marketing/staff/): list, read, create, change, end. Schemas: ./staff-schemas.ts.
 */

/** list, one, create, change, end: the five routes of a kind of marketing item */
export const couponEndpoints = contentEndpoints('coupon.manage', '/admin/coupons', {
  key: 'code',
  item: StaffCouponSchema,
  query: StaffListQuerySchema,
  params: CouponCodeParamsSchema,
  create: CreateCouponSchema,
  change: ChangeCouponSchema,
})
export const promotionEndpoints = contentEndpoints('promotion.manage', '/admin/promotions', {
  key: 'id',
  item: StaffPromotionSchema,
  query: StaffListQuerySchema,
  params: MarketingIdParamsSchema,
  create: CreatePromotionSchema,
  change: ChangePromotionSchema,
})
export const articleEndpoints = contentEndpoints('content.manage', '/admin/articles', {
  key: 'id',
  item: StaffArticleSchema,
  query: StaffListQuerySchema,
  params: ArticleIdParamsSchema,
  create: CreateArticleSchema,
  change: ChangeArticleSchema,
})
export const bannerEndpoints = contentEndpoints('content.manage', '/admin/banners', {
  key: 'id',
  item: StaffBannerSchema,
  query: StaffListQuerySchema,
  params: MarketingIdParamsSchema,
  create: CreateBannerSchema,
  change: ChangeBannerSchema,
})

export const marketingStaffEndpoints = {
  ...prefixed('coupon', couponEndpoints),
  ...prefixed('promotion', promotionEndpoints),
  ...prefixed('article', articleEndpoints),
  ...prefixed('banner', bannerEndpoints),
}
