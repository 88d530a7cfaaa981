import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'
import { inBatches } from './batches'
import { createRng } from './prng'
import { marketingAnchor } from './marketing'

/**
 * Cart-domain seed (issue 9), deterministic for a seed and a seed day:
 * - product_sales: ~3 % of products discontinued, ~2 % not orderable online, the rest active
 *   (quote-only products are products.lead_target; priceless ones have no list price);
 * - product_assays: TaqMan-style assay ids for the PCR reagents (Hs00187842_m1 …);
 * - supply_center_stock: stock at SC-SH-001 (approved.cn's default supply centre) for common
 *   consumables and reagents;
 * - coupons, dated from the seed day (SEED_DATE):
 *   cn: P-ANTIBODY10 (10 % off antibodies), D-PCR15 (15 % off molecular biology reagents),
 *       R-REAGENT8 (8 % off the whole order), M-PLASTIC5 (¥5 off each plastics line; forces TFS),
 *       T-TRIAL50 (¥50 off a first order over ¥500), P-EXPIRED20 (expired), D-FUTURE12 (not yet
 *       effective), P-BULK5 (5 % off more than 30 SKUs), D-APPROVED7 (approved.cn's account only);
 *   in: P-ANTIBODY10IN, D-PCR15IN, R-REAGENT8IN, M-PLASTIC5IN, T-TRIAL500IN.
 */
export { CART_TABLES as CART_SEED_TABLES } from '../migrations/0007_cart_order'

const DAY = 86_400_000
const BATCH = 1000

const GENES = [
  'Hs00187842',
  'Hs01060665',
  'Hs99999905',
  'Hs00174128',
  'Hs00985639',
  'Mm01227699',
  'Mm00446190',
  'Mm00607939',
  'Rn00667869',
  'Hs02786624',
]
const SUFFIX = ['m1', 'g1', 's1', 'mH']

export async function seedCart(db: Kysely<DB>, ctx: SeedContext): Promise<void> {
  const r = createRng(ctx.seed + 9)
  const anchor = marketingAnchor().getTime()
  const sales: { product_id: number; sales_status: 'active' | 'discontinued' | 'notOnline' }[] = []
  const assays: { assay_id: string; product_id: number }[] = []
  const scStock: { supply_center_id: string; product_id: number; quantity: number }[] = []
  const byCategory = new Map<string, string[]>()
  let assayN = 0
  for (const p of ctx.products) {
    const id = ctx.productIds.get(p.catalogNumber)!
    const x = r.next()
    sales.push({ product_id: id, sales_status: x < 0.03 ? 'discontinued' : x < 0.05 ? 'notOnline' : 'active' })
    const list = byCategory.get(p.categoryCode) ?? []
    list.push(p.catalogNumber)
    byCategory.set(p.categoryCode, list)
    if (p.categoryCode === 'molecular-biology-reagents' && assayN < 200) {
      const gene = GENES[assayN % GENES.length]
      assays.push({
        assay_id: `${gene.slice(0, 2)}${String(Number(gene.slice(2)) + assayN * 7919)
          .padStart(8, '0')
          .slice(-8)}_${SUFFIX[assayN % SUFFIX.length]}`,
        product_id: id,
      })
      assayN++
    }
    const scCategory = [
      'pipette-tips',
      'centrifuge-tubes',
      'plates-flasks',
      'serological-pipettes',
      'gloves',
      'buffers-solutions',
      'cell-culture-media',
      'fetal-bovine-serum',
      'molecular-biology-reagents',
      'enzymes',
    ].includes(p.categoryCode)
    if (scCategory && p.listPriceCny !== null && r.next() < 0.6) {
      scStock.push({
        supply_center_id: 'SC-SH-001',
        product_id: id,
        quantity: r.next() < 0.1 ? 0 : 5 + Math.floor(r.next() * 120),
      })
    }
  }
  await inBatches(sales, BATCH, (c) => db.insertInto('product_sales').values(c).execute())
  await inBatches(assays, BATCH, (c) =>
    db
      .insertInto('product_assays')
      .values(c)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  )
  await inBatches(scStock, BATCH, (c) => db.insertInto('supply_center_stock').values(c).execute())

  const approvedCn = await db
    .selectFrom('users')
    .select('account_id as id')
    .where('user_name', '=', 'approved.cn')
    .executeTakeFirst()
  const skus = (codes: string[]) => JSON.stringify(codes)
  const cat = (...codes: string[]) => codes.flatMap((c) => byCategory.get(c) ?? [])
  const antibodies = cat(
    'primary-antibodies',
    'secondary-antibodies',
    'flow-cytometry-antibodies',
    'isotype-controls',
    'antibody-labeling-kits',
  )
  const pcr = cat('molecular-biology-reagents', 'enzymes')
  const reagents = cat(
    'molecular-biology-reagents',
    'buffers-solutions',
    'solvents',
    'fluorescent-dyes',
    'enzymes',
    'protein-standards',
    'supplements-reagents',
    'transfection-reagents',
  )
  const plastics = cat('pipette-tips', 'centrifuge-tubes', 'plates-flasks', 'serological-pipettes', 'gloves')
  const from = (d: number) => new Date(anchor + d * DAY)
  type C = {
    code: string
    type: 'P' | 'D' | 'R' | 'M' | 'T'
    country: 'cn' | 'in'
    en: string
    zh: string
    pct?: number
    amt?: number
    min?: number
    start: number
    end: number
    skus: string[]
    account?: number | null
  }
  const forIndia = (c: C): C => ({ ...c, code: `${c.code}IN`, country: 'in' })
  // offered in both countries alike (India's codes end in IN)
  const both: C[] = [
    {
      code: 'P-ANTIBODY10',
      type: 'P',
      country: 'cn',
      en: '10% off antibodies',
      zh: '抗体 9 折',
      pct: 1000,
      start: -30,
      end: 60,
      skus: antibodies.slice(0, 25),
    },
    {
      code: 'D-PCR15',
      type: 'D',
      country: 'cn',
      en: '15% off PCR reagents and enzymes',
      zh: 'PCR 试剂与酶 85 折',
      pct: 1500,
      start: -10,
      end: 45,
      skus: pcr.slice(0, 30),
    },
    {
      code: 'R-REAGENT8',
      type: 'R',
      country: 'cn',
      en: '8% off the whole order',
      zh: '全单 92 折',
      pct: 800,
      start: -60,
      end: 30,
      skus: [],
    },
  ]
  const coupons: C[] = [
    ...both,
    {
      code: 'M-PLASTIC5',
      type: 'M',
      country: 'cn',
      en: '¥5 off each plastics line (ships from the warehouse)',
      zh: '耗材每行立减 5 元（仓库发货）',
      amt: 500,
      start: -5,
      end: 90,
      skus: plastics.slice(0, 30),
    },
    {
      code: 'T-TRIAL50',
      type: 'T',
      country: 'cn',
      en: '¥50 off an order of ¥500 or more',
      zh: '满 500 元减 50 元',
      amt: 5000,
      min: 50000,
      start: -20,
      end: 20,
      skus: [],
    },
    {
      code: 'P-EXPIRED20',
      type: 'P',
      country: 'cn',
      en: '20% off antibodies (ended)',
      zh: '抗体 8 折（已结束）',
      pct: 2000,
      start: -90,
      end: -1,
      skus: antibodies.slice(0, 10),
    },
    {
      code: 'D-FUTURE12',
      type: 'D',
      country: 'cn',
      en: '12% off PCR reagents (from next week)',
      zh: 'PCR 试剂 88 折（下周开始）',
      pct: 1200,
      start: 7,
      end: 60,
      skus: pcr.slice(0, 10),
    },
    {
      code: 'P-BULK5',
      type: 'P',
      country: 'cn',
      en: '5% off 40 reagents',
      zh: '40 种试剂 95 折',
      pct: 500,
      start: -15,
      end: 60,
      skus: reagents.slice(0, 40),
    },
    {
      code: 'D-APPROVED7',
      type: 'D',
      country: 'cn',
      en: '7% off for your lab',
      zh: '贵实验室专享 93 折',
      pct: 700,
      start: -3,
      end: 60,
      skus: [],
      account: approvedCn?.id ?? null,
    },
    ...both.map(forIndia),
    {
      code: 'M-PLASTIC5IN',
      type: 'M',
      country: 'in',
      en: '₹50 off each plastics line',
      zh: '耗材每行立减 50 卢比',
      amt: 5000,
      start: -5,
      end: 90,
      skus: plastics.slice(0, 30),
    },
    {
      code: 'T-TRIAL500IN',
      type: 'T',
      country: 'in',
      en: '₹500 off an order of ₹5,000 or more',
      zh: '满 5000 卢比减 500 卢比',
      amt: 50000,
      min: 500000,
      start: -20,
      end: 20,
      skus: [],
    },
  ]
  await db
    .insertInto('coupons')
    .values(
      coupons.map((c) => ({
        code: c.code,
        coupon_type: c.type,
        country: c.country,
        account_id: c.account ?? null,
        description_en: c.en,
        description_zh: c.zh,
        percent_off: c.pct ?? null,
        amount_off: c.amt ?? null,
        min_amount: c.min ?? 0,
        valid_from: from(c.start),
        valid_to: from(c.end),
        skus: skus(c.skus),
        active: true,
      })),
    )
    .execute()
}
