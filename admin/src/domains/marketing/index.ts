import LocalOfferIcon from '@mui/icons-material/LocalOffer'
import CampaignIcon from '@mui/icons-material/Campaign'
import ArticleIcon from '@mui/icons-material/Article'
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel'
import type { ResourceDef } from '../../resource'
import { mergeMessages, type Messages } from '../../i18n/messages'
import { commonMessages } from './common/messages'
import { CouponCreate, CouponEdit, CouponList } from './coupons/Coupons'
import { couponMessages } from './coupons/messages'
import { PromotionCreate, PromotionEdit, PromotionList } from './promotions/Promotions'
import { promotionMessages } from './promotions/messages'
import { ArticleCreate, ArticleEdit, ArticleList } from './articles/Articles'
import { articleMessages } from './articles/messages'
import { BannerCreate, BannerEdit, BannerList } from './banners/Banners'
import { bannerMessages } from './banners/messages'

/** the five staff entries of a kind of content (types/staff/content-endpoints.ts), by state */
const STATE_FILTER = { filterNames: { status: 'state' }, maxPageSize: 100 }

/** The marketing domain's screens in the console (issue 25): coupons, promotions, articles, banners. */
export const resources: ResourceDef[] = [
  {
    name: 'promotions',
    section: 'marketing',
    permission: 'promotion.manage',
    api: {
      list: 'promotionList',
      one: 'promotionGet',
      create: 'promotionCreate',
      update: 'promotionChange',
      ...STATE_FILTER,
    },
    icon: CampaignIcon,
    list: PromotionList,
    create: PromotionCreate,
    edit: PromotionEdit,
  },
  {
    name: 'coupons',
    section: 'marketing',
    permission: 'coupon.manage',
    api: {
      list: 'couponList',
      one: 'couponGet',
      create: 'couponCreate',
      update: 'couponChange',
      id: 'code',
      ...STATE_FILTER,
    },
    icon: LocalOfferIcon,
    list: CouponList,
    create: CouponCreate,
    edit: CouponEdit,
  },
  {
    name: 'articles',
    section: 'marketing',
    permission: 'content.manage',
    api: { list: 'articleList', one: 'articleGet', create: 'articleCreate', update: 'articleChange', ...STATE_FILTER },
    icon: ArticleIcon,
    list: ArticleList,
    create: ArticleCreate,
    edit: ArticleEdit,
  },
  {
    name: 'banners',
    section: 'marketing',
    permission: 'content.manage',
    api: { list: 'bannerList', one: 'bannerGet', create: 'bannerCreate', update: 'bannerChange', ...STATE_FILTER },
    icon: ViewCarouselIcon,
    list: BannerList,
    create: BannerCreate,
    edit: BannerEdit,
  },
]

const parts = [commonMessages, couponMessages, promotionMessages, articleMessages, bannerMessages]
export const messages: Messages = {
  en: mergeMessages(...parts.map((p) => p.en)),
  zh: mergeMessages(...parts.map((p) => p.zh)),
}
