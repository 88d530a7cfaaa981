import { get, post, put, withPermission } from '../endpoint'
import { Paged } from '../common'
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
export const marketingStaffEndpoints = {
  couponList: withPermission(
    'coupon.manage',
    get('/admin/coupons', Paged(StaffCouponSchema), { query: StaffListQuerySchema }),
  ),
  couponGet: withPermission(
    'coupon.manage',
    get('/admin/coupons/:code', StaffCouponSchema, { params: CouponCodeParamsSchema }),
  ),
  couponCreate: withPermission(
    'coupon.manage',
    post('/admin/coupons', StaffCouponSchema, { body: CreateCouponSchema }),
  ),
  couponChange: withPermission(
    'coupon.manage',
    put('/admin/coupons/:code', StaffCouponSchema, { params: CouponCodeParamsSchema, body: ChangeCouponSchema }),
  ),
  couponEnd: withPermission(
    'coupon.manage',
    post('/admin/coupons/:code/end', StaffCouponSchema, { params: CouponCodeParamsSchema }),
  ),

  promotionList: withPermission(
    'promotion.manage',
    get('/admin/promotions', Paged(StaffPromotionSchema), { query: StaffListQuerySchema }),
  ),
  promotionGet: withPermission(
    'promotion.manage',
    get('/admin/promotions/:id', StaffPromotionSchema, { params: MarketingIdParamsSchema }),
  ),
  promotionCreate: withPermission(
    'promotion.manage',
    post('/admin/promotions', StaffPromotionSchema, { body: CreatePromotionSchema }),
  ),
  promotionChange: withPermission(
    'promotion.manage',
    put('/admin/promotions/:id', StaffPromotionSchema, {
      params: MarketingIdParamsSchema,
      body: ChangePromotionSchema,
    }),
  ),
  promotionEnd: withPermission(
    'promotion.manage',
    post('/admin/promotions/:id/end', StaffPromotionSchema, { params: MarketingIdParamsSchema }),
  ),

  articleList: withPermission(
    'content.manage',
    get('/admin/articles', Paged(StaffArticleSchema), { query: StaffListQuerySchema }),
  ),
  articleGet: withPermission(
    'content.manage',
    get('/admin/articles/:id', StaffArticleSchema, { params: ArticleIdParamsSchema }),
  ),
  articleCreate: withPermission(
    'content.manage',
    post('/admin/articles', StaffArticleSchema, { body: CreateArticleSchema }),
  ),
  articleChange: withPermission(
    'content.manage',
    put('/admin/articles/:id', StaffArticleSchema, { params: ArticleIdParamsSchema, body: ChangeArticleSchema }),
  ),
  articleEnd: withPermission(
    'content.manage',
    post('/admin/articles/:id/end', StaffArticleSchema, { params: ArticleIdParamsSchema }),
  ),

  bannerList: withPermission(
    'content.manage',
    get('/admin/banners', Paged(StaffBannerSchema), { query: StaffListQuerySchema }),
  ),
  bannerGet: withPermission(
    'content.manage',
    get('/admin/banners/:id', StaffBannerSchema, { params: MarketingIdParamsSchema }),
  ),
  bannerCreate: withPermission(
    'content.manage',
    post('/admin/banners', StaffBannerSchema, { body: CreateBannerSchema }),
  ),
  bannerChange: withPermission(
    'content.manage',
    put('/admin/banners/:id', StaffBannerSchema, { params: MarketingIdParamsSchema, body: ChangeBannerSchema }),
  ),
  bannerEnd: withPermission(
    'content.manage',
    post('/admin/banners/:id/end', StaffBannerSchema, { params: MarketingIdParamsSchema }),
  ),
}
