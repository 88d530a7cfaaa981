import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { tagRoutes } from '../../lib/openapi'
import { staffEndpoints, type Today, type TodayQueue } from '../../../types/staff/endpoints'
import { permissionsOf, type Permission } from '../../../types/staff/permissions'
import { REVIEW_STATUSES } from '../../../types/order/lifecycle'
import { countryClock } from '../../../types/country-time'
import { toMajor } from '../../../types/money'

/**
 * Today (issue 25): GET /api/admin/today, the console's dashboard, for every staff member (staff.read). Each block is
 * read only when the caller's roles grant the permission of the screen it leads to, and left out of the answer
 * otherwise.
 *
 * A documented exception to the domain order (.dependency-cruiser.cjs): Today reads the tables of many domains that
 * come after staff (account, order, flashbuy, platform's outbox). It does so with plain read-only queries on the
 * tables, importing none of those domains' code: it writes nothing and decides nothing, so no rule of theirs is
 * bypassed. The deadlines it counts against are those the tables already hold (review_due_by, follow_up_by: set at
 * submission from the business days or hours the buyer was told).
 */

const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString())
const n = (v: unknown) => Number(v ?? 0)

type DecisionTable = 'ship_to_reviews' | 'onboarding_requests' | 'supply_center_requests'

/** PENDING requests of a decision table: how many, how many past review_due_by, the oldest submission */
async function decisionQueue(db: Kysely<DB>, table: DecisionTable, now: Date): Promise<TodayQueue> {
  const r = await db
    .selectFrom(table as 'ship_to_reviews')
    .where('status', '=', 'PENDING')
    .select((eb) => [
      eb.fn.countAll<string>().as('pending'),
      sql<string>`count(*) filter (where review_due_by < ${now})`.as('overdue'),
      eb.fn.min('submitted_at').as('oldest'),
    ])
    .executeTakeFirstOrThrow()
  return { pending: n(r.pending), overdue: n(r.overdue), oldestAt: iso(r.oldest as Date | null) }
}

/** open cancel and return requests (pending, in progress); overdue past follow_up_by (48 h after the request) */
async function requestQueue(db: Kysely<DB>, now: Date): Promise<TodayQueue> {
  const r = await db
    .selectFrom('order_requests')
    .where('status', 'in', ['pending', 'in_progress'])
    .select((eb) => [
      eb.fn.countAll<string>().as('pending'),
      sql<string>`count(*) filter (where follow_up_by < ${now})`.as('overdue'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .executeTakeFirstOrThrow()
  return { pending: n(r.pending), overdue: n(r.overdue), oldestAt: iso(r.oldest as Date | null) }
}

async function ordersBlock(db: Kysely<DB>, now: Date): Promise<NonNullable<Today['orders']>> {
  const placedToday = []
  for (const country of ['cn', 'in'] as const) {
    // today on the country's clock: China's day starts 2.5 hours before India's
    const since = countryClock(now, country).startOf('day').toDate()
    const rows = await db
      .selectFrom('orders as o')
      .innerJoin('accounts as a', 'a.id', 'o.account_id')
      .where('a.country', '=', country)
      .where('o.created_at', '>=', since)
      .where('o.created_at', '<=', now)
      .groupBy('o.currency')
      .select((eb) => [
        'o.currency',
        eb.fn.countAll<string>().as('count'),
        sql<string>`sum(o.total_amount + o.taxes + o.handling_charge)`.as('minor'),
      ])
      .orderBy('o.currency')
      .execute()
    placedToday.push({
      country,
      since: since.toISOString(),
      count: rows.reduce((s, r) => s + n(r.count), 0),
      value: rows.map((r) => ({ currency: r.currency, amount: toMajor(n(r.minor)) })),
    })
  }
  // waiting on a reviewer's decision; a held order is not decided until released
  const waiting = await db
    .selectFrom('orders')
    .where('status', 'in', REVIEW_STATUSES)
    .where('held_from', 'is', null)
    .groupBy('status')
    .select((eb) => ['status', eb.fn.countAll<string>().as('count')])
    .execute()
  const byStatus: Record<string, number> = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0]))
  for (const w of waiting) byStatus[w.status] = n(w.count)
  return {
    placedToday,
    awaitingDecision: { total: Object.values(byStatus).reduce((s, v) => s + v, 0), byStatus },
  }
}

/** live now: started, not ended (by its window or by staff); orders per minute over the last 10 minutes */
async function flashSalesBlock(
  db: Kysely<DB>,
  now: Date,
  language: 'en' | 'zh',
): Promise<NonNullable<Today['flashSales']>> {
  const tenMinutesAgo = new Date(now.getTime() - 10 * 60_000)
  const rows = await db
    .selectFrom('flash_sales as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .where('f.start_at', '<=', now)
    .where('f.end_at', '>', now)
    .where('f.ended_at', 'is', null)
    .select((eb) => [
      'f.id',
      'f.country',
      'f.remain_qty',
      'f.total_qty',
      'f.end_at',
      'p.catalog_number',
      'p.title_en',
      'p.title_zh',
      eb
        .selectFrom('orders as o')
        .whereRef('o.flash_sale_id', '=', 'f.id')
        .where('o.created_at', '>', tenMinutesAgo)
        .where('o.created_at', '<=', now)
        .select((e) => e.fn.countAll<string>().as('c'))
        .as('recent'),
    ])
    .orderBy('f.end_at')
    .orderBy('f.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    country: r.country,
    catalogNumber: r.catalog_number,
    title: language === 'en' ? r.title_en : r.title_zh,
    remainQty: r.remain_qty,
    totalQty: r.total_qty,
    endAt: iso(r.end_at)!,
    ordersLast10Min: n(r.recent),
    ordersPerMinute: Math.round((n(r.recent) / 10) * 10) / 10,
  }))
}

/** deliveries failing: dead (tries given up) or pending again after a failed try */
async function webhooksBlock(db: Kysely<DB>): Promise<NonNullable<Today['webhooks']>> {
  const r = await db
    .selectFrom('webhook_deliveries')
    .where((eb) => eb.or([eb('status', '=', 'dead'), eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])]))
    .select((eb) => [
      sql<string>`count(*) filter (where status = 'dead')`.as('dead'),
      sql<string>`count(*) filter (where status = 'pending')`.as('retrying'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .executeTakeFirstOrThrow()
  return {
    failing: n(r.dead) + n(r.retrying),
    dead: n(r.dead),
    retrying: n(r.retrying),
    oldestAt: iso(r.oldest as Date | null),
  }
}

export async function todayStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')

  serveEndpoint(app, staffEndpoints.today, null, async (req) => {
    const may = new Set<Permission>(permissionsOf(req.staff!.roles))
    const language = req.locale.language === 'en' ? 'en' : 'zh'
    const now = new Date()
    const [orders, shipTos, onboarding, supplyCentre, orderRequests, flashSales, webhooks] = await Promise.all([
      may.has('order.review') ? ordersBlock(db, now) : undefined,
      may.has('shipTo.decide') ? decisionQueue(db, 'ship_to_reviews', now) : undefined,
      may.has('onboarding.decide') ? decisionQueue(db, 'onboarding_requests', now) : undefined,
      may.has('supplyCentre.decide') ? decisionQueue(db, 'supply_center_requests', now) : undefined,
      may.has('orderRequest.decide') ? requestQueue(db, now) : undefined,
      may.has('flashSale.manage') ? flashSalesBlock(db, now, language) : undefined,
      may.has('webhook.manage') ? webhooksBlock(db) : undefined,
    ])
    const today: Today = { at: now.toISOString() }
    if (orders) today.orders = orders
    if (shipTos) today.shipTos = shipTos
    if (onboarding) today.onboarding = onboarding
    if (supplyCentre) today.supplyCentre = supplyCentre
    if (orderRequests) today.orderRequests = orderRequests
    if (flashSales) today.flashSales = flashSales
    if (webhooks) today.webhooks = webhooks
    return ok(today)
  })
}
