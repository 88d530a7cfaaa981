import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { StaffFlashSale } from '../../../../types/flashbuy/staff-endpoints'
import { flashBuyStatusAt } from '../../../../types/flashbuy/rules'
import { saleStateAt } from '../../../../types/flashbuy/sale-rules'
import { toMajor } from '../../../../types/money'
import { iso, notFound } from '../../marketing'

/** The flash sales as staff read them: every field, the product, what it has sold, where it stands. */

export function staffSalesQuery(db: Kysely<DB>) {
  return db
    .selectFrom('flash_sales as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .selectAll('f')
    .select([
      'p.catalog_number',
      'p.sku',
      'p.title_en',
      sql<number | null>`case when f.currency = 'INR' then p.list_price_inr else p.list_price_cny end`.as('list_price'),
    ])
}
type Row = Awaited<ReturnType<ReturnType<typeof staffSalesQuery>['execute']>>[number]

export function toStaffSale(r: Row, now = Date.now()): StaffFlashSale {
  return {
    id: r.id,
    country: r.country,
    currency: r.currency,
    catalogNumber: r.catalog_number,
    sku: r.sku,
    productTitle: r.title_en,
    flashPrice: toMajor(Number(r.flash_price)),
    listPrice: r.list_price === null ? null : toMajor(Number(r.list_price)),
    startAt: iso(r.start_at),
    endAt: iso(r.end_at),
    endedAt: r.ended_at === null ? null : iso(r.ended_at),
    state: saleStateAt({ startAt: r.start_at, endAt: r.end_at, endedAt: r.ended_at }, now),
    flashBuyStatus: flashBuyStatusAt({ startAt: r.start_at, endAt: r.end_at, remainQty: r.remain_qty }, now),
    totalQty: r.total_qty,
    remainQty: r.remain_qty,
    soldQty: r.total_qty - r.remain_qty,
    minOrderQty: r.min_order_qty,
    maxOrderQty: r.max_order_qty,
    accountPurchaseLimitQty: r.account_purchase_limit_qty,
    deliveryChannel: r.delivery_channel,
    coupon: r.coupon,
    sortOrder: r.sort_order,
    displayText: { en: r.display_text_en, zh: r.display_text_zh },
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by,
  }
}

export async function listStaffSales(
  db: Kysely<DB>,
  q: { page?: number; pageSize?: number; state?: 'scheduled' | 'running' | 'ended'; country?: 'cn' | 'in' },
) {
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? 20
  const now = new Date()
  let base = staffSalesQuery(db)
  if (q.country) base = base.where('f.country', '=', q.country)
  if (q.state === 'ended')
    base = base.where((eb) => eb.or([eb('f.ended_at', 'is not', null), eb('f.end_at', '<=', now)]))
  if (q.state === 'scheduled') base = base.where('f.ended_at', 'is', null).where('f.start_at', '>', now)
  if (q.state === 'running')
    base = base.where('f.ended_at', 'is', null).where('f.start_at', '<=', now).where('f.end_at', '>', now)
  const [{ total }, rows] = await Promise.all([
    base
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    base
      .orderBy('f.start_at', 'desc')
      .orderBy('f.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ])
  return { items: rows.map((r) => toStaffSale(r, now.getTime())), total, page, pageSize }
}

export async function getStaffSale(db: Kysely<DB>, id: string): Promise<StaffFlashSale> {
  const r = await staffSalesQuery(db).where('f.id', '=', id).executeTakeFirst()
  if (!r) throw notFound('flash sale', id)
  return toStaffSale(r)
}
