import { sql, type Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'
import { createRng } from './prng'
import { marketingAnchor } from './anchor'
import { addressLine } from '../../../types/account/address-rules'

/**
 * Gift-centre seed (issue 13): the gifts of a lab supplier's membership programme, for cn and in.
 * Points per unit, stock, a monthly limit per member, a minimum exchange quantity and the draw-only
 * flag are set per gift below; the stock of the ordinary gifts is drawn deterministically from the
 * seed. Chosen so that every exchange status shows for approved.cn (whose shipped orders earn points,
 * docs/membership.md):
 *   out of stock: GF-CN-007 mug set, GF-CN-015 centrifuge, GF-IN-006 tote bag (stock 0);
 *   draw-only: GF-CN-019 / GF-CN-020, GF-IN-011 (won in a lucky draw, never exchanged);
 *   minimum quantity > 1: GF-CN-004 tube-rack pack (min 2), GF-IN-003 markers (min 3);
 *   big-ticket gifts priced above any demo member's points (insufficient points);
 *   one gift off sale (GF-CN-021: not listed, refused as off sale).
 * No points entries: members earn from their orders when they first look. One redemption waits for staff
 * (issue 24): approved.cn's RD-000001 (a branded lab coat, submitted 40 days before the seed day, so outside this
 * month's limit) with an open feedback about it, for the staff ship and resolve decisions. It predates the
 * ledger's entries (no points entry: the member's balance stays what their orders earn).
 */
export const MEMBERSHIP_GIFT_SEED_TABLES = [
  'gift_redemption_feedback',
  'gift_redemption_lines',
  'gift_redemptions',
  'gifts',
]

interface GiftDef {
  id: string
  en: string
  zh: string
  dEn: string
  dZh: string
  category: 'lab' | 'office' | 'lifestyle' | 'voucher' | 'equipment'
  points: number
  /** null: drawn from the seed (20–400) */
  stock: number | null
  min?: number
  limit: number | null
  drawOnly?: boolean
  offSale?: boolean
}

const CN: GiftDef[] = [
  {
    id: 'GF-CN-001',
    en: 'Branded lab coat (cotton, size M–XL)',
    zh: '品牌实验服（纯棉，M–XL）',
    dEn: 'White cotton lab coat with the store logo; choose the size in the remark.',
    dZh: '印有商城标志的白色纯棉实验服，尺码请在备注中注明。',
    category: 'lab',
    points: 4800,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-CN-002',
    en: 'Adjustable pipette, 10–100 µL',
    zh: '可调移液器 10–100 µL',
    dEn: 'Single-channel air-displacement pipette, calibrated, with a tip sample pack.',
    dZh: '单道空气置换式移液器，已校准，附吸头试用装。',
    category: 'equipment',
    points: 26000,
    stock: null,
    limit: 1,
  },
  {
    id: 'GF-CN-003',
    en: 'Filter tips, 200 µL (10 racks)',
    zh: '带滤芯吸头 200 µL（10 盒）',
    dEn: 'Sterile, RNase/DNase free, low-retention filter tips.',
    dZh: '无菌、无 RNase/DNase 的低吸附带滤芯吸头。',
    category: 'lab',
    points: 3600,
    stock: null,
    limit: 5,
  },
  {
    id: 'GF-CN-004',
    en: 'Microtube rack, 80 wells',
    zh: '80 孔离心管架',
    dEn: 'Polypropylene rack for 1.5/2.0 mL tubes, autoclavable; sold in pairs.',
    dZh: '适用于 1.5/2.0 mL 离心管的聚丙烯管架，可高压灭菌；两件起兑。',
    category: 'lab',
    points: 600,
    stock: null,
    min: 2,
    limit: 10,
  },
  {
    id: 'GF-CN-005',
    en: 'Nitrile gloves, box of 100',
    zh: '丁腈手套（100 只/盒）',
    dEn: 'Powder-free nitrile examination gloves, size M.',
    dZh: '无粉丁腈检查手套，M 码。',
    category: 'lab',
    points: 900,
    stock: null,
    limit: 6,
  },
  {
    id: 'GF-CN-006',
    en: 'Insulated lab bottle, 500 mL',
    zh: '保温实验瓶 500 mL',
    dEn: 'Stainless steel vacuum bottle with the brand logo.',
    dZh: '印有品牌标志的不锈钢保温瓶。',
    category: 'lifestyle',
    points: 2600,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-CN-007',
    en: 'Brand coffee mug set (2 mugs)',
    zh: '品牌咖啡杯套装（2 只）',
    dEn: 'Two ceramic mugs with periodic-table prints.',
    dZh: '两只印有元素周期表图案的陶瓷杯。',
    category: 'lifestyle',
    points: 1800,
    stock: 0,
    limit: 2,
  },
  {
    id: 'GF-CN-008',
    en: 'Cryo storage box, 81 wells (5 pack)',
    zh: '81 孔冻存盒（5 个装）',
    dEn: 'For 2 mL cryovials, −196 °C rated, numbered grid.',
    dZh: '适用于 2 mL 冻存管，耐 −196 °C，带编号网格。',
    category: 'lab',
    points: 2200,
    stock: null,
    limit: 3,
  },
  {
    id: 'GF-CN-009',
    en: 'Lab notebook, A4 (3 pack)',
    zh: 'A4 实验记录本（3 本）',
    dEn: 'Numbered pages, grid ruling, witness signature lines.',
    dZh: '页码编号、方格纸、见证签名栏。',
    category: 'office',
    points: 1200,
    stock: null,
    limit: 4,
  },
  {
    id: 'GF-CN-010',
    en: 'Magnetic stirrer bar set',
    zh: '磁力搅拌子套装',
    dEn: 'PTFE-coated stir bars in eight sizes with a retriever.',
    dZh: '八种规格 PTFE 包覆搅拌子，附取棒。',
    category: 'lab',
    points: 1500,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-CN-011',
    en: 'Digital lab timer (3 channels)',
    zh: '三通道实验计时器',
    dEn: 'Count up/down, loud alarm, magnetic back.',
    dZh: '正/倒计时，大音量提醒，背面磁吸。',
    category: 'equipment',
    points: 2000,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-CN-012',
    en: 'JD.com gift card, CNY 50',
    zh: '京东礼品卡 50 元',
    dEn: 'Electronic gift card sent to your registered mobile.',
    dZh: '电子卡，发送至注册手机号。',
    category: 'voucher',
    points: 5000,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-CN-013',
    en: 'JD.com gift card, CNY 200',
    zh: '京东礼品卡 200 元',
    dEn: 'Electronic gift card sent to your registered mobile.',
    dZh: '电子卡，发送至注册手机号。',
    category: 'voucher',
    points: 20000,
    stock: null,
    limit: 1,
  },
  {
    id: 'GF-CN-014',
    en: 'Safety goggles, anti-fog',
    zh: '防雾护目镜',
    dEn: 'Indirect-vent goggles, fit over glasses.',
    dZh: '间接通风护目镜，可戴于眼镜外。',
    category: 'lab',
    points: 1400,
    stock: null,
    limit: 3,
  },
  {
    id: 'GF-CN-015',
    en: 'Mini centrifuge, 6 × 1.5 mL',
    zh: '迷你离心机（6 × 1.5 mL）',
    dEn: 'Palm-size centrifuge, 6,000 rpm, with strip-tube rotor.',
    dZh: '掌上离心机，6000 rpm，附八联管转子。',
    category: 'equipment',
    points: 38000,
    stock: 0,
    limit: 1,
  },
  {
    id: 'GF-CN-016',
    en: 'Vortex mixer',
    zh: '涡旋混合器',
    dEn: 'Touch and continuous modes, 0–3,000 rpm.',
    dZh: '点动/连续模式，0–3000 rpm。',
    category: 'equipment',
    points: 120000,
    stock: null,
    limit: 1,
  },
  {
    id: 'GF-CN-017',
    en: 'Branded umbrella',
    zh: '品牌雨伞',
    dEn: 'Windproof automatic umbrella with the store logo.',
    dZh: '印有商城标志的自动防风雨伞。',
    category: 'lifestyle',
    points: 3000,
    stock: null,
    limit: 1,
  },
  {
    id: 'GF-CN-018',
    en: 'Tube labels for cryovials (1,000)',
    zh: '冻存管标签（1000 张）',
    dEn: 'Solvent- and freezer-resistant printable labels.',
    dZh: '耐溶剂、耐低温的可打印标签。',
    category: 'office',
    points: 1000,
    stock: null,
    limit: 5,
  },
  {
    id: 'GF-CN-019',
    en: 'Benchtop pH meter',
    zh: '台式 pH 计',
    dEn: 'Prize of the lucky draw: 0.01 pH resolution, ATC probe.',
    dZh: '抽奖奖品：0.01 pH 分辨率，自动温度补偿电极。',
    category: 'equipment',
    points: 90000,
    stock: 3,
    limit: 1,
    drawOnly: true,
  },
  {
    id: 'GF-CN-020',
    en: 'Wireless earbuds (lab edition)',
    zh: '无线耳机（实验室限定款）',
    dEn: 'Prize of the lucky draw, in the brand colours.',
    dZh: '抽奖奖品，品牌配色。',
    category: 'lifestyle',
    points: 40000,
    stock: 10,
    limit: 1,
    drawOnly: true,
  },
  {
    id: 'GF-CN-021',
    en: 'Desk calendar 2025',
    zh: '2025 台历',
    dEn: 'Last year’s calendar (off sale).',
    dZh: '往年台历（已下架）。',
    category: 'office',
    points: 500,
    stock: 40,
    limit: 1,
    offSale: true,
  },
]

const IN: GiftDef[] = [
  {
    id: 'GF-IN-001',
    en: 'Branded lab coat (cotton)',
    zh: '品牌实验服（纯棉）',
    dEn: 'White cotton lab coat with the store logo; choose the size in the remark.',
    dZh: '印有商城标志的白色纯棉实验服。',
    category: 'lab',
    points: 840,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-IN-002',
    en: 'Serological pipette pack (50 × 10 mL)',
    zh: '血清移液管（50 × 10 mL）',
    dEn: 'Individually wrapped, sterile.',
    dZh: '独立包装，无菌。',
    category: 'lab',
    points: 320,
    stock: null,
    limit: 4,
  },
  {
    id: 'GF-IN-003',
    en: 'Lab marker pens',
    zh: '实验记号笔',
    dEn: 'Alcohol-resistant fine markers; minimum three.',
    dZh: '耐酒精细头记号笔；三支起兑。',
    category: 'office',
    points: 40,
    stock: null,
    min: 3,
    limit: 12,
  },
  {
    id: 'GF-IN-004',
    en: 'Nitrile gloves, box of 100',
    zh: '丁腈手套（100 只/盒）',
    dEn: 'Powder-free nitrile examination gloves, size M.',
    dZh: '无粉丁腈检查手套，M 码。',
    category: 'lab',
    points: 160,
    stock: null,
    limit: 6,
  },
  {
    id: 'GF-IN-005',
    en: 'Brand coffee mug',
    zh: '品牌咖啡杯',
    dEn: 'Ceramic mug with a DNA helix print.',
    dZh: '印有 DNA 双螺旋图案的陶瓷杯。',
    category: 'lifestyle',
    points: 220,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-IN-006',
    en: 'Canvas tote bag',
    zh: '帆布手提袋',
    dEn: 'Heavy canvas bag with the store logo.',
    dZh: '印有商城标志的厚帆布袋。',
    category: 'lifestyle',
    points: 180,
    stock: 0,
    limit: 2,
  },
  {
    id: 'GF-IN-007',
    en: 'Amazon.in gift card, INR 500',
    zh: 'Amazon.in 礼品卡 500 卢比',
    dEn: 'Electronic gift card sent to your registered e-mail.',
    dZh: '电子卡，发送至注册邮箱。',
    category: 'voucher',
    points: 1000,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-IN-008',
    en: 'Cryo box, 100 wells (3 pack)',
    zh: '100 孔冻存盒（3 个装）',
    dEn: 'For 2 mL cryovials, numbered grid.',
    dZh: '适用于 2 mL 冻存管，带编号网格。',
    category: 'lab',
    points: 360,
    stock: null,
    limit: 3,
  },
  {
    id: 'GF-IN-009',
    en: 'Digital lab timer',
    zh: '实验计时器',
    dEn: 'Count up/down with a loud alarm.',
    dZh: '正/倒计时，大音量提醒。',
    category: 'equipment',
    points: 380,
    stock: null,
    limit: 2,
  },
  {
    id: 'GF-IN-010',
    en: 'Micropipette, 2–20 µL',
    zh: '微量移液器 2–20 µL',
    dEn: 'Single-channel, calibrated.',
    dZh: '单道，已校准。',
    category: 'equipment',
    points: 4800,
    stock: null,
    limit: 1,
  },
  {
    id: 'GF-IN-012',
    en: 'Vortex mixer',
    zh: '涡旋混合器',
    dEn: 'Touch and continuous modes, 0–3,000 rpm.',
    dZh: '点动/连续模式，0–3000 rpm。',
    category: 'equipment',
    points: 18000,
    stock: null,
    limit: 1,
  },
  {
    id: 'GF-IN-011',
    en: 'Smart watch (lab edition)',
    zh: '智能手表（实验室限定款）',
    dEn: 'Prize of the lucky draw.',
    dZh: '抽奖奖品。',
    category: 'lifestyle',
    points: 12000,
    stock: 5,
    limit: 1,
    drawOnly: true,
  },
]

export async function seedMembershipGifts(db: Kysely<DB>, ctx: SeedContext): Promise<void> {
  const r = createRng(ctx.seed ^ 0x91f7)
  const rows = [
    ...CN.map((g) => ({ g, country: 'cn' as const })),
    ...IN.map((g) => ({ g, country: 'in' as const })),
  ].map(({ g, country }, i) => ({
    id: g.id,
    country,
    name_en: g.en,
    name_zh: g.zh,
    description_en: g.dEn,
    description_zh: g.dZh,
    category: g.category,
    image: `/media/products/${g.id}`,
    points: g.points,
    stock: g.stock ?? 20 + r.int(0, 38) * 10,
    min_qty: g.min ?? 1,
    limit_qty: g.limit,
    draw_only: g.drawOnly ?? false,
    on_sale: !g.offSale,
    sort_order: i,
  }))
  await db.insertInto('gifts').values(rows).execute()
  await seedWaitingRedemption(db)
}

/** approved.cn, its first ship-to and the gift of the waiting redemption (seed/accounts.ts, above) */
const WAITING = { userId: 'U-7f3a9c21', addressKey: 'ST-1000001-01', giftId: 'GF-CN-001', daysAgo: 40 }

/** The redemption and feedback that wait for staff (issue 24), written as the storefront writes them. */
async function seedWaitingRedemption(db: Kysely<DB>): Promise<void> {
  const at = new Date(marketingAnchor().getTime() - WAITING.daysAgo * 86_400_000)
  const user = await db
    .selectFrom('users')
    .select(['account_id', 'country', 'first_name', 'last_name', 'phone'])
    .where('id', '=', WAITING.userId)
    .executeTakeFirstOrThrow()
  const st = await db
    .selectFrom('ship_tos')
    .selectAll()
    .where('address_key', '=', WAITING.addressKey)
    .executeTakeFirstOrThrow()
  const g = await db.selectFrom('gifts').selectAll().where('id', '=', WAITING.giftId).executeTakeFirstOrThrow()
  const { n } = (await sql<{ n: string }>`SELECT nextval('gift_redemption_number_seq') AS n`.execute(db)).rows[0]
  const rd = await db
    .insertInto('gift_redemptions')
    .values({
      redemption_number: `RD-${String(n).padStart(6, '0')}`,
      user_id: WAITING.userId,
      account_id: user.account_id,
      country: user.country,
      status: 'submitted',
      points_total: g.points,
      points_entry_id: null,
      ship_to_key: st.address_key,
      ship_to_snapshot: JSON.stringify({
        addressKey: st.address_key,
        attentionTo: st.attention_to,
        company: st.company_or_institution,
        address: addressLine({
          stateOrProvince: st.state_or_province,
          state: st.state,
          city: st.city,
          streetAddress: st.street_address,
          buildingOrRoom: st.building_or_room,
          zipCode: st.zip_code,
          isoCountryCode: st.iso_country_code,
        }),
        phone: st.phone_number,
      }),
      contact: JSON.stringify({ name: `${user.last_name}${user.first_name}`, phone: user.phone ?? '13800138000' }),
      remark: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('gift_redemption_lines')
    .values({
      redemption_id: rd.id,
      gift_id: g.id,
      name_en: g.name_en,
      name_zh: g.name_zh,
      image: g.image,
      quantity: 1,
      unit_points: g.points,
      line_points: g.points,
    })
    .execute()
  const asked = new Date(at.getTime() + 20 * 86_400_000)
  await db
    .insertInto('gift_redemption_feedback')
    .values({
      user_id: WAITING.userId,
      redemption_id: rd.id,
      category: 'logistics',
      type: 'enquiry',
      description: '兑换的礼品还没有发货，请问什么时候发？',
      created_at: asked,
      updated_at: asked,
    })
    .execute()
}
