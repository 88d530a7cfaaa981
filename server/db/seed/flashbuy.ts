import { sql, type Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'
import { marketingAnchor } from './anchor'
import { countryClock, countryUtcOffsetMinutes } from '../../../types/country-time'

/**
 * Flash-buy seed (issue 11): flash sales in every state of spec §4 "Flash-buy status", dated from the
 * seed day (SEED_DATE or today, UTC: marketingAnchor), on real products of the seeded catalogue picked
 * deterministically (the first active, priced, pictured, not quote-only product of a category, by id).
 * The running sales end 40+ days after the seed day, so a seeded database (or the PGlite template) keeps
 * them running for at least a month. No ledger rows: nobody has bought from a sale yet.
 *
 * cn (CNY):
 *   FB-CN-001 primary antibody   IN_PROGRESS  min 1  max 5   limit 10  stock 146/200
 *   FB-CN-002 pipette tips       IN_PROGRESS  min 2  max 20  limit 40  stock 388/500  delivery channel SC
 *   FB-CN-003 PCR reagent        IN_PROGRESS  min 1  max 10  limit 6   stock 73/120   coupon FLASH-PCR
 *   FB-CN-004 gloves             IN_PROGRESS  min 10 max 6   limit 30  stock 240/300  (a cap below the minimum)
 *   FB-CN-005 fetal bovine serum IN_PROGRESS  min 1  max 5   limit 5   stock 3/40     (almost gone)
 *   FB-CN-006 pipette            SOLD_OUT     min 1  max 2   limit 2   stock 0/30     (running, nothing left)
 *   FB-CN-007 secondary antibody COMING_SOON  min 1  max 10  limit 10  stock 100/100  starts 5 days after the seed day, 10:00 Beijing time
 *   FB-CN-008 centrifuge tubes   OVER         min 1  max 20  limit 20  stock 12/150   ended the day before the seed day
 * in (INR):
 *   FB-IN-001 flow antibody      IN_PROGRESS  min 1  max 5   limit 5   stock 57/80
 *   FB-IN-002 serological pipets IN_PROGRESS  min 5  max 50  limit 100 stock 320/400  coupon FLASH-IN10
 *   FB-IN-003 enzyme             COMING_SOON  min 1  max 10  limit 10  stock 60/60    starts 3 days after the seed day, 10:00 India time
 *   FB-IN-004 buffer             OVER         min 1  max 10  limit 10  stock 5/90     ended 3 days before the seed day
 */
export const FLASHBUY_SEED_TABLES = ['flash_sale_ledger', 'flash_sales']

const DAY = 86_400_000
const HOUR = 3_600_000

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * The display text of a sale, shown instead of the price while it is coming soon (spec §4 "Coming soon
 * is blocked and shows display text instead of a price"): its start in the country's local time,
 * "Starts 28 Nov 10:00" / "11月28日 10:00 开抢". Also used when an operator moves a sale's start.
 */
export function flashDisplayText(startAt: Date, country: 'cn' | 'in'): { en: string; zh: string } {
  const local = countryClock(startAt, country)
  const hh = local.format('HH')
  const mm = local.format('mm')
  const d = local.date()
  const m = local.month()
  return { en: `Starts ${d} ${MONTHS[m]} ${hh}:${mm}`, zh: `${m + 1}月${d}日 ${hh}:${mm} 开抢` }
}

interface SaleDef {
  id: string
  country: 'cn' | 'in'
  category: string
  /** flash price as a share of the list price */
  factor: number
  /** days from the seed day, and the local hour of day */
  start: [number, number]
  end: [number, number]
  total: number
  remain: number
  min: number
  max: number
  limit: number
  channel?: 'SC' | 'TFS'
  coupon?: string
  /** pick a product with stock at the account's supply centre (the SC sale) */
  scStock?: boolean
}

export const FLASH_SALE_DEFS: readonly SaleDef[] = [
  {
    id: 'FB-CN-001',
    country: 'cn',
    category: 'primary-antibodies',
    factor: 0.7,
    start: [-3, 10],
    end: [45, 22],
    total: 200,
    remain: 146,
    min: 1,
    max: 5,
    limit: 10,
  },
  {
    id: 'FB-CN-002',
    country: 'cn',
    category: 'pipette-tips',
    factor: 0.62,
    start: [-2, 10],
    end: [42, 22],
    total: 500,
    remain: 388,
    min: 2,
    max: 20,
    limit: 40,
    channel: 'SC',
    scStock: true,
  },
  {
    id: 'FB-CN-003',
    country: 'cn',
    category: 'molecular-biology-reagents',
    factor: 0.75,
    start: [-5, 10],
    end: [50, 22],
    total: 120,
    remain: 73,
    min: 1,
    max: 10,
    limit: 6,
    coupon: 'FLASH-PCR',
  },
  {
    id: 'FB-CN-004',
    country: 'cn',
    category: 'gloves',
    factor: 0.8,
    start: [-1, 10],
    end: [41, 22],
    total: 300,
    remain: 240,
    min: 10,
    max: 6,
    limit: 30,
  },
  {
    id: 'FB-CN-005',
    country: 'cn',
    category: 'fetal-bovine-serum',
    factor: 0.85,
    start: [-4, 10],
    end: [44, 22],
    total: 40,
    remain: 3,
    min: 1,
    max: 5,
    limit: 5,
  },
  {
    id: 'FB-CN-006',
    country: 'cn',
    category: 'pipettes',
    factor: 0.55,
    start: [-2, 10],
    end: [40, 22],
    total: 30,
    remain: 0,
    min: 1,
    max: 2,
    limit: 2,
  },
  {
    id: 'FB-CN-007',
    country: 'cn',
    category: 'secondary-antibodies',
    factor: 0.68,
    start: [5, 10],
    end: [12, 22],
    total: 100,
    remain: 100,
    min: 1,
    max: 10,
    limit: 10,
  },
  {
    id: 'FB-CN-008',
    country: 'cn',
    category: 'centrifuge-tubes',
    factor: 0.6,
    start: [-10, 10],
    end: [-1, 22],
    total: 150,
    remain: 12,
    min: 1,
    max: 20,
    limit: 20,
  },
  {
    id: 'FB-IN-001',
    country: 'in',
    category: 'flow-cytometry-antibodies',
    factor: 0.72,
    start: [-3, 10],
    end: [45, 22],
    total: 80,
    remain: 57,
    min: 1,
    max: 5,
    limit: 5,
  },
  {
    id: 'FB-IN-002',
    country: 'in',
    category: 'serological-pipettes',
    factor: 0.65,
    start: [-2, 10],
    end: [43, 22],
    total: 400,
    remain: 320,
    min: 5,
    max: 50,
    limit: 100,
    coupon: 'FLASH-IN10',
  },
  {
    id: 'FB-IN-003',
    country: 'in',
    category: 'enzymes',
    factor: 0.78,
    start: [3, 10],
    end: [10, 22],
    total: 60,
    remain: 60,
    min: 1,
    max: 10,
    limit: 10,
  },
  {
    id: 'FB-IN-004',
    country: 'in',
    category: 'buffers-solutions',
    factor: 0.7,
    start: [-12, 10],
    end: [-3, 22],
    total: 90,
    remain: 5,
    min: 1,
    max: 10,
    limit: 10,
  },
]

/** seed day + days, at a local hour of the country */
const at = (anchor: number, [days, hour]: [number, number], country: 'cn' | 'in') =>
  new Date(anchor + days * DAY + hour * HOUR - countryUtcOffsetMinutes(country, anchor) * 60_000)

export async function seedFlashBuy(db: Kysely<DB>, _ctx: SeedContext): Promise<void> {
  const anchor = marketingAnchor().getTime()
  const used = new Set<number>()
  const rows = []
  for (const [i, s] of FLASH_SALE_DEFS.entries()) {
    const listCol = s.country === 'in' ? 'p.list_price_inr' : 'p.list_price_cny'
    let q = db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('product_sales as ps', 'ps.product_id', 'p.id')
      .select(['p.id', `${listCol} as list`])
      .where('c.code', '=', s.category)
      .where('ps.sales_status', '=', 'active')
      .where('p.lead_target', '=', false)
      .where('p.image', 'is not', null)
      .where(listCol, '>=', s.country === 'in' ? 50_000 : 5_000)
    if (s.scStock) {
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('supply_center_stock as ss')
            .select(sql`1`.as('x'))
            .whereRef('ss.product_id', '=', 'p.id')
            .where('ss.quantity', '>', 20),
        ),
      )
    }
    if (used.size) q = q.where('p.id', 'not in', [...used])
    const p = await q.orderBy('p.id').limit(1).executeTakeFirst()
    if (!p || p.list === null) continue // a tiny test catalogue may lack the category
    used.add(p.id)
    const startAt = at(anchor, s.start, s.country)
    const text = flashDisplayText(startAt, s.country)
    // a whole yuan / ten rupees below list: flash prices look like prices
    const unit = s.country === 'in' ? 1000 : 100
    const flash = Math.max(unit, Math.min(p.list - unit, Math.round((p.list * s.factor) / unit) * unit))
    rows.push({
      id: s.id,
      country: s.country,
      product_id: p.id,
      currency: s.country === 'in' ? ('INR' as const) : ('CNY' as const),
      flash_price: flash,
      display_text_en: text.en,
      display_text_zh: text.zh,
      start_at: startAt,
      end_at: at(anchor, s.end, s.country),
      total_qty: s.total,
      remain_qty: s.remain,
      min_order_qty: s.min,
      max_order_qty: s.max,
      account_purchase_limit_qty: s.limit,
      delivery_channel: s.channel ?? ('TFS' as const),
      coupon: s.coupon ?? null,
      sort_order: i + 1,
    })
  }
  if (rows.length) await db.insertInto('flash_sales').values(rows).execute()
}
