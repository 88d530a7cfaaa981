import type { Kysely } from 'kysely'
import type { DB } from '../../../server/db/schema'
import type { StaffSamples } from './types'

/**
 * Sample requests for the membership domain's staff routes (types/membership/staff-endpoints.ts). The seed holds
 * what the first allowed call decides (server/db/seed/membership-gifts.ts, membership-play.ts): approved.cn's
 * redemption RD-000001 and prize order LD000000001 waiting to ship, feedback 1 open; LD-CN-SOON has no draws yet.
 */
/** the gift redemption the cancel sample cancels (made by its prepare; the seed's sequence is far below) */
export const CANCEL_SAMPLE = 'RD-900001'

/** a JSON column as read back (PGlite and PostgreSQL may hand it parsed or as text) */
const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))

/** A submitted gift redemption `number` of the seed's waiting one's member, address and gift (no points entry). */
export async function copyWaitingRedemption(db: Kysely<DB>, number: string): Promise<void> {
  const src = await db
    .selectFrom('gift_redemptions')
    .selectAll()
    .where('redemption_number', '=', 'RD-000001')
    .executeTakeFirstOrThrow()
  const line = await db
    .selectFrom('gift_redemption_lines')
    .selectAll()
    .where('redemption_id', '=', src.id)
    .executeTakeFirstOrThrow()
  const rd = await db
    .insertInto('gift_redemptions')
    .values({
      redemption_number: number,
      user_id: src.user_id,
      account_id: src.account_id,
      country: src.country,
      status: 'submitted',
      points_total: src.points_total,
      points_entry_id: null,
      ship_to_key: src.ship_to_key,
      ship_to_snapshot: json(src.ship_to_snapshot),
      contact: json(src.contact),
      remark: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('gift_redemption_lines')
    .values({
      redemption_id: rd.id,
      gift_id: line.gift_id,
      name_en: line.name_en,
      name_zh: line.name_zh,
      image: line.image,
      quantity: line.quantity,
      unit_points: line.unit_points,
      line_points: line.line_points,
    })
    .execute()
}

export const giftBody = {
  nameEn: 'Staff-made tube rack',
  nameZh: '员工新建试管架',
  descriptionEn: 'A 50-place rack.',
  descriptionZh: '50 孔试管架。',
  category: 'lab',
  image: '/media/products/GF-CN-002',
  points: 900,
  stock: 40,
  minQty: 1,
  limitQty: 3,
  drawOnly: false,
  sortOrder: 50,
  startAt: null,
  endAt: null,
}

export const drawBody = {
  kind: 'wheel',
  nameEn: 'Spring wheel',
  nameZh: '春季转盘',
  rulesEn: 'Each draw costs 10 points.',
  rulesZh: '每次抽奖消耗 10 积分。',
  startAt: '2030-03-01T00:00:00Z',
  endAt: '2030-03-31T00:00:00Z',
  pointsPerDraw: 10,
  period: 'day',
  periodLimit: 3,
  totalLimit: 30,
  sortOrder: 20,
  prizes: [
    { kind: 'none', nameEn: 'Thanks for taking part', nameZh: '谢谢参与', points: null, weight: 50, stock: null },
    { kind: 'points', nameEn: '5 points', nameZh: '5 积分', points: 5, weight: 30, stock: null },
    { kind: 'physical', nameEn: 'Lab coat', nameZh: '实验服', points: null, weight: 5, stock: 10 },
  ],
}

export const membershipSamples: StaffSamples = {
  'GET /api/admin/redemptions': { url: '/api/admin/redemptions?status=toShip' },
  'POST /api/admin/redemptions/:number/ship': {
    url: '/api/admin/redemptions/RD-000001/ship',
    body: { carrier: 'SF Express', trackingNumber: 'SF1234567890' },
  },
  // the seed's one redemption is shipped by the sample above: cancel one made like it (prepare)
  'POST /api/admin/redemptions/:number/cancel': {
    url: `/api/admin/redemptions/${CANCEL_SAMPLE}/cancel`,
    body: { reason: 'The member asked to cancel by phone' },
    prepare: (db) => copyWaitingRedemption(db, CANCEL_SAMPLE),
  },
  'GET /api/admin/redemption-feedback': { url: '/api/admin/redemption-feedback?status=open' },
  'POST /api/admin/redemption-feedback/:id/resolve': {
    url: '/api/admin/redemption-feedback/1/resolve',
    body: { note: 'Shipped today by SF Express' },
  },
  'GET /api/admin/gifts': { url: '/api/admin/gifts?country=cn' },
  'POST /api/admin/gifts': { url: '/api/admin/gifts', body: { country: 'cn', ...giftBody } },
  'PUT /api/admin/gifts/:id': { method: 'PUT', url: '/api/admin/gifts/GF-CN-002', body: giftBody },
  'POST /api/admin/gifts/:id/end': { url: '/api/admin/gifts/GF-IN-012/end', body: {} },
  'GET /api/admin/draws': { url: '/api/admin/draws' },
  'POST /api/admin/draws': { url: '/api/admin/draws', body: { country: 'cn', ...drawBody } },
  'PUT /api/admin/draws/:id': { method: 'PUT', url: '/api/admin/draws/LD-CN-SOON', body: drawBody },
  'POST /api/admin/draws/:id/end': { url: '/api/admin/draws/LD-IN-SOON/end', body: {} },
  'POST /api/admin/points/adjust': {
    url: '/api/admin/points/adjust',
    body: { userId: 'U-7f3a9c21', delta: 10, reason: 'Goodwill for a late delivery' },
  },
}
