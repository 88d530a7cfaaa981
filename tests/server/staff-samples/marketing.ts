import type { StaffSamples } from './types'

const bi = (en: string, zh: string) => ({ en, zh })

/**
 * Sample requests for the marketing domain's staff routes (types/marketing/staff-endpoints.ts): coupons, promotions,
 * articles, banners. Against the seed: the coupons P-ANTIBODY10, R-REAGENT8 and M-PLASTIC5 are running
 * (server/db/seed/cart.ts), the promotions PR1001, PR1002 and PR1003 (server/db/seed/marketing-content.ts), the
 * articles 1-3 and the banners SC-BANNER-* (server/db/seed/marketing.ts). Creating a promotion, an article or a
 * banner answers 200 each time (new ids); a second coupon with the same code is 409, as is a second end.
 */
export const marketingSamples: StaffSamples = {
  'GET /api/admin/coupons': { url: '/api/admin/coupons?state=running' },
  'GET /api/admin/coupons/:code': { url: '/api/admin/coupons/P-ANTIBODY10' },
  'POST /api/admin/coupons': {
    url: '/api/admin/coupons',
    body: {
      code: 'T-STAFF20',
      country: 'cn',
      description: bi('20 off orders from 200', '满200减20'),
      amountOff: 20,
      minAmount: 200,
      validFrom: '2098-01-01T00:00:00Z',
      validTo: '2099-01-01T00:00:00Z',
    },
  },
  'PUT /api/admin/coupons/:code': {
    url: '/api/admin/coupons/R-REAGENT8',
    method: 'PUT',
    body: { description: bi('8 % off reagents', '试剂八折优惠') },
  },
  'POST /api/admin/coupons/:code/end': { url: '/api/admin/coupons/M-PLASTIC5/end' },

  'GET /api/admin/promotions': { url: '/api/admin/promotions?page=1&pageSize=5' },
  'GET /api/admin/promotions/:id': { url: '/api/admin/promotions/PR1001' },
  'POST /api/admin/promotions': {
    url: '/api/admin/promotions',
    body: {
      category: 'reagents',
      subject: 'winter-sale',
      title: bi('Winter sale', '冬季促销'),
      summary: bi('Reagents for less', '试剂优惠'),
      bodyHtml: bi('<p>Save on reagents</p>', '<p>试剂优惠</p>'),
      startAt: '2098-12-01T00:00:00Z',
      endAt: '2099-01-01T00:00:00Z',
      products: ['53-3302-81'],
    },
  },
  'PUT /api/admin/promotions/:id': {
    url: '/api/admin/promotions/PR1002',
    method: 'PUT',
    body: { sortOrder: 9 },
  },
  'POST /api/admin/promotions/:id/end': { url: '/api/admin/promotions/PR1003/end' },

  'GET /api/admin/articles': { url: '/api/admin/articles?state=running&pageSize=5' },
  'GET /api/admin/articles/:id': { url: '/api/admin/articles/1' },
  'POST /api/admin/articles': {
    url: '/api/admin/articles',
    body: {
      contentType: 'knowledge',
      categoryId: '1',
      articleType: 'protocol',
      title: bi('A new protocol', '新实验方案'),
      summary: bi('Step by step', '分步说明'),
      bodyHtml: bi('<p>Steps</p>', '<p>步骤</p>'),
      author: bi('Lab team', '实验室团队'),
      publishFrom: '2098-01-01T00:00:00Z',
    },
  },
  'PUT /api/admin/articles/:id': { url: '/api/admin/articles/2', method: 'PUT', body: { title: bi('Guide', '指南') } },
  'POST /api/admin/articles/:id/end': { url: '/api/admin/articles/3/end' },

  'GET /api/admin/banners': { url: '/api/admin/banners' },
  'GET /api/admin/banners/:id': { url: '/api/admin/banners/SC-BANNER-LEARNING' },
  'POST /api/admin/banners': {
    url: '/api/admin/banners',
    body: {
      title: bi('Flash sales', '限时秒杀'),
      subtitle: bi('', ''),
      link: { route: 'flashSale', params: {} },
      startAt: '2098-12-01T00:00:00Z',
      endAt: '2099-01-01T00:00:00Z',
    },
  },
  'PUT /api/admin/banners/:id': {
    url: '/api/admin/banners/SC-BANNER-INDUSTRY',
    method: 'PUT',
    body: { sortOrder: 7 },
  },
  'POST /api/admin/banners/:id/end': { url: '/api/admin/banners/SC-BANNER-BRANDS/end' },
}
