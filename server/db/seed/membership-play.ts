import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'
import { marketingAnchor } from './anchor'
import { addressLine, addressTitle } from '../../../types/account/address-rules'
import { periodKey } from '../../../types/membership/play-rules'

/**
 * Membership play seed (issue 13): lucky-draw activities and invitation activities, dated from the
 * seed day (marketingAnchor), fixed data (deterministic). Per country: a wheel running (3 draws a day,
 * 30 overall), a blind box running (2 a day), a lucky draw not started (starts 5 days after the seed
 * day) and a wheel that is over (ended the day before). Running ones end 60 days after the seed day.
 * Prizes are a lab supplier's gifts (pipette sets, lab coats, tube racks, branded mugs, gift cards),
 * a points prize and the unlimited "thanks for taking part" slot. No codes or uses (codes are made when a
 * member first opens the referral page), and one draw only: approved.cn won a coffee mug in the autumn wheel that
 * is over (10 days before the seed day) and gave its address; the prize order LD000000001 waits for staff to ship
 * it (issue 24). Like the seeded redemption it predates the ledger's entries (no points entry).
 */
export { MEMBER_PLAY_TABLES as MEMBER_PLAY_SEED_TABLES } from '../migrations/0015_member_play'

const DAY = 86_400_000

type Prize = [
  kind: 'none' | 'points' | 'physical',
  en: string,
  zh: string,
  weight: number,
  stock: number | null,
  points?: number,
]

const THANKS: Prize = ['none', 'Thanks for taking part', '谢谢参与', 40, null]

const WHEEL_PRIZES: Prize[] = [
  THANKS,
  ['points', '5 points', '5 积分', 25, null, 5],
  ['physical', 'Branded coffee mug', '品牌咖啡杯', 10, 60],
  ['points', '20 points', '20 积分', 10, 300, 20],
  ['physical', 'Lab coat', '实验服', 6, 25],
  ['physical', '50-place tube rack', '50 孔离心管架', 8, 40],
  ['physical', 'Pipette set (3 pcs)', '移液器套装（3 支）', 1, 3],
  ['points', '100 points', '100 积分', 2, 20, 100],
]
const BOX_PRIZES: Prize[] = [
  THANKS,
  ['physical', 'Gift card 50', '50 元礼品卡', 5, 30],
  ['physical', 'Lab notebook', '实验记录本', 15, 120],
  ['physical', 'Branded tote bag', '品牌帆布袋', 12, 80],
  ['points', '30 points', '30 积分', 18, null, 30],
]
const LUCKY_PRIZES: Prize[] = [
  THANKS,
  ['physical', 'Benchtop vortex mixer', '台式涡旋混匀器', 1, 2],
  ['physical', 'Cryo gloves', '防冻手套', 8, 30],
  ['points', '10 points', '10 积分', 30, null, 10],
]

interface ActivityDef {
  id: string
  country: 'cn' | 'in'
  kind: 'lucky' | 'blind_box' | 'wheel'
  en: string
  zh: string
  start: number
  end: number
  points: number
  period: 'day' | 'week' | 'month'
  periodLimit: number
  totalLimit: number
  prizes: Prize[]
}

const rulesEn = (a: ActivityDef) =>
  `Each draw costs ${a.points} points. Up to ${a.periodLimit} draws a ${a.period} and ${a.totalLimit} in all. Prizes are decided by the server by their odds while stock lasts. A gift prize needs a ship-to address within 14 days, else its order expires.`
const rulesZh = (a: ActivityDef) =>
  `每次抽奖消耗 ${a.points} 积分。每${a.period === 'day' ? '天' : a.period === 'week' ? '周' : '月'}最多 ${a.periodLimit} 次，共 ${a.totalLimit} 次。奖品按概率由服务器抽取，送完即止。实物奖品须在 14 天内填写收货地址，否则订单过期。`

export const DRAW_ACTIVITY_DEFS: readonly ActivityDef[] = (['cn', 'in'] as const).flatMap((c) => {
  const C = c.toUpperCase()
  return [
    {
      id: `LD-${C}-WHEEL`,
      country: c,
      kind: 'wheel' as const,
      en: 'Lucky wheel',
      zh: '幸运大转盘',
      start: -3,
      end: 60,
      points: 10,
      period: 'day' as const,
      periodLimit: 3,
      totalLimit: 30,
      prizes: WHEEL_PRIZES,
    },
    {
      id: `LD-${C}-BOX`,
      country: c,
      kind: 'blind_box' as const,
      en: 'Lab blind box',
      zh: '实验室盲盒',
      start: -2,
      end: 60,
      points: 20,
      period: 'day' as const,
      periodLimit: 2,
      totalLimit: 20,
      prizes: BOX_PRIZES,
    },
    {
      id: `LD-${C}-SOON`,
      country: c,
      kind: 'lucky' as const,
      en: 'Year-end lucky draw',
      zh: '年终幸运抽奖',
      start: 5,
      end: 20,
      points: 15,
      period: 'week' as const,
      periodLimit: 5,
      totalLimit: 10,
      prizes: LUCKY_PRIZES,
    },
    {
      id: `LD-${C}-OVER`,
      country: c,
      kind: 'wheel' as const,
      en: 'Autumn wheel',
      zh: '秋季转盘',
      start: -30,
      end: -1,
      points: 10,
      period: 'day' as const,
      periodLimit: 3,
      totalLimit: 30,
      prizes: WHEEL_PRIZES.slice(0, 5),
    },
  ]
})

export async function seedMemberPlay(db: Kysely<DB>, _ctx: SeedContext): Promise<void> {
  const anchor = marketingAnchor().getTime()
  for (const [i, a] of DRAW_ACTIVITY_DEFS.entries()) {
    await db
      .insertInto('draw_activities')
      .values({
        id: a.id,
        country: a.country,
        kind: a.kind,
        name_en: a.en,
        name_zh: a.zh,
        rules_en: rulesEn(a),
        rules_zh: rulesZh(a),
        start_at: new Date(anchor + a.start * DAY),
        end_at: new Date(anchor + a.end * DAY),
        points_per_draw: a.points,
        period: a.period,
        period_limit: a.periodLimit,
        total_limit: a.totalLimit,
        sort_order: i + 1,
      })
      .execute()
    await db
      .insertInto('draw_prizes')
      .values(
        a.prizes.map(([kind, en, zh, weight, stock, points], slot) => ({
          activity_id: a.id,
          slot,
          kind,
          name_en: a.country === 'in' ? en.replace('Gift card 50', 'Gift card ₹500') : en,
          name_zh: a.country === 'in' ? zh.replace('50 元礼品卡', '500 卢比礼品卡') : zh,
          weight,
          stock,
          points: points ?? null,
        })),
      )
      .execute()
  }
  for (const [i, c] of (['cn', 'in'] as const).entries()) {
    await db
      .insertInto('invitation_activities')
      .values({
        id: `INV-${c.toUpperCase()}-01`,
        country: c,
        name_en: 'Invite a colleague',
        name_zh: '邀请同事有礼',
        rules_en:
          'Share your code with a colleague who is new to the store (no order yet). When they enter it, you earn 50 points and they earn 30. A code can be used 5 times.',
        rules_zh:
          '将邀请码分享给尚未下过单的新同事。对方填写后，您获得 50 积分，对方获得 30 积分。每个邀请码最多使用 5 次。',
        start_at: new Date(anchor - 7 * DAY),
        end_at: new Date(anchor + 90 * DAY),
        inviter_points: 50,
        invitee_points: 30,
        use_limit: 5,
        sort_order: i + 1,
      })
      .execute()
  }
  await seedWaitingPrizeOrder(db)
}

/** approved.cn's draw in the autumn wheel (over) and its prize order, submitted, waiting to ship. */
async function seedWaitingPrizeOrder(db: Kysely<DB>): Promise<void> {
  const userId = 'U-7f3a9c21'
  const activityId = 'LD-CN-OVER'
  const at = new Date(marketingAnchor().getTime() - 10 * DAY)
  const prize = await db
    .selectFrom('draw_prizes')
    .select('id')
    .where('activity_id', '=', activityId)
    .where('name_en', '=', 'Branded coffee mug')
    .executeTakeFirstOrThrow()
  const act = await db
    .selectFrom('draw_activities')
    .select(['points_per_draw', 'period'])
    .where('id', '=', activityId)
    .executeTakeFirstOrThrow()
  const st = await db
    .selectFrom('ship_tos')
    .selectAll()
    .where('address_key', '=', 'ST-1000001-01')
    .executeTakeFirstOrThrow()
  const record = await db
    .insertInto('draw_records')
    .values({
      activity_id: activityId,
      user_id: userId,
      prize_id: prize.id,
      period_key: periodKey(act.period, at, 'cn'),
      points_spent: act.points_per_draw,
      idempotency_key: 'seed-draw-0001',
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const label = [
    addressTitle({ nickName: st.nick_name, companyOrInstitution: st.company_or_institution }),
    addressLine({
      stateOrProvince: st.state_or_province,
      state: st.state,
      city: st.city,
      streetAddress: st.street_address,
      buildingOrRoom: st.building_or_room,
      zipCode: st.zip_code,
      isoCountryCode: st.iso_country_code,
    }),
  ]
    .filter(Boolean)
    .join(', ')
  await db
    .insertInto('prize_orders')
    .values({
      order_number: `LD${String(record.id).padStart(9, '0')}`,
      user_id: userId,
      draw_id: record.id,
      prize_id: prize.id,
      status: 'submitted',
      address_due_at: new Date(at.getTime() + 14 * DAY),
      ship_to_id: st.id,
      ship_to_label: label,
      ship_to_key: st.address_key,
      submitted_at: new Date(at.getTime() + DAY),
      created_at: at,
    })
    .execute()
}
