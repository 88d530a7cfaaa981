import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import {
  ORDER_LIST_LIMIT_DEFAULT,
  ORDER_LIST_THUMBNAILS_MAX,
  codesOfFilter,
  orderHistorySince,
  type OrderListItem,
  type OrderListResult,
} from '../../../types'
import { orderTotal } from '../../../types/order/totals'
import { HELD_STATUS_SHOWN, shownStatus } from '../../../types/order/lifecycle'
import { toMajor } from '../../../types/money'
import { ApiError, ok } from '../../errors'
import { localized as msg } from '../../locale'
import { serveEndpoint } from '../../lib/endpoint-route'
import { orderEndpoints } from '../../../types/order/endpoints'

/**
 * GET /order/list — the order history (spec §9 "Order history shows the last 3 months"): the
 * caller's account's orders of every source (cart checkout, quick order, S-quote, flash buy …),
 * created since `orderHistorySince(now)`, newest first, keyset pages on (created_at, id) served by
 * orders_account_created_idx (account_id, created_at DESC, id DESC) of migration 0007.
 *
 * The account comes from the token only; the search never widens it: another account's order
 * number, searched exactly, finds nothing.
 */

/**
 * The cursor: created_at at microsecond precision (PostgreSQL's, not a JS Date's milliseconds, or
 * orders placed within one millisecond could be skipped) and the id, base64url-encoded.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})\|(\d{1,10})$/
const encodeCursor = (createdUs: string, id: number) => Buffer.from(`${createdUs}|${id}`, 'utf8').toString('base64url')
function decodeCursor(req: FastifyRequest, cursor: string): { at: string; id: number } {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  // a real instant only (2026-02-30 parses in JS as 2 March; PostgreSQL would refuse it)
  const ms = m ? Date.parse(`${m[1]}Z`) : NaN
  if (
    !m ||
    Number(m[2]) > 2147483647 ||
    Number.isNaN(ms) ||
    new Date(ms).toISOString().slice(0, 23) !== m[1].slice(0, 23)
  ) {
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      msg(req, 'querystring/cursor is not a cursor of this list', 'querystring/cursor 不是该列表的游标'),
    )
  }
  return { at: `${m[1]}+00`, id: Number(m[2]) }
}

/** LIKE pattern for "starts with": the buyer's text is matched literally (%, _ and \ escaped). */
const prefixPattern = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function orderHistoryRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const db = opts.db

  serveEndpoint(app, orderEndpoints.orderList, app.requireUser, async (req) => {
    const q = req.query
    const limit = q.limit ?? ORDER_LIST_LIMIT_DEFAULT
    const since = orderHistorySince(new Date())
    const cursor = q.cursor ? decodeCursor(req, q.cursor) : null
    const search = q.q?.trim() ?? ''

    let query = db
      .selectFrom('orders')
      .select([
        'id',
        'order_number',
        'sales_order_number',
        'created_at',
        'status',
        'status_code',
        'source',
        'order_type',
        'delivery_channel',
        'po_number',
        'currency',
        'total_amount',
        'taxes',
        'handling_charge',
        'held_from',
        sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as('created_us'),
      ])
      .where('account_id', '=', req.user!.accountId)
      .where('created_at', '>=', since)
    if (q.status) {
      // a held order shows (and filters) as "on hold" (shownStatus), whatever status it is held in
      const codes: readonly string[] = codesOfFilter(q.status)
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('held_from', 'is', null), eb('status', 'in', [...codesOfFilter(q.status!)])]),
          ...(codes.includes(HELD_STATUS_SHOWN) ? [eb('held_from', 'is not', null)] : []),
        ]),
      )
    }
    if (search) {
      const p = prefixPattern(search)
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(order_number)`, 'like', p),
          eb(sql`lower(sales_order_number)`, 'like', p),
          eb(sql`lower(po_number)`, 'like', p),
        ]),
      )
    }
    if (cursor) query = query.where(sql<boolean>`(created_at, id) < (${cursor.at}::timestamptz, ${cursor.id})`)
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute()
    const page = rows.slice(0, limit)
    const ids = page.map((o) => o.id)

    const [counts, firstLines] = ids.length
      ? await Promise.all([
          db
            .selectFrom('order_lines')
            .select(['order_id', sql<number>`count(*)::int`.as('n')])
            .where('order_id', 'in', ids)
            .groupBy('order_id')
            .execute(),
          db
            .selectFrom('order_lines')
            .select(['order_id', 'line_number', 'catalog_number', 'image', 'title_en', 'title_zh'])
            .where('order_id', 'in', ids)
            .where('line_number', '<=', ORDER_LIST_THUMBNAILS_MAX)
            .orderBy('order_id')
            .orderBy('line_number')
            .execute(),
        ])
      : [[], []]
    const countOf = new Map(counts.map((c) => [c.order_id, Number(c.n)]))
    const en = req.locale.language === 'en'

    const items: OrderListItem[] = page.map((o) => {
      const sm = { totalPriceAmount: 0, totalAmount: Number(o.total_amount), taxes: Number(o.taxes) }
      return {
        orderNumber: o.order_number,
        salesOrderNumber: o.sales_order_number,
        createdAt: new Date(o.created_at).toISOString(),
        status: shownStatus(o.status, o.held_from) as OrderListItem['status'],
        statusCode: o.status_code,
        source: o.source as OrderListItem['source'],
        orderType: o.order_type,
        deliveryChannel: o.delivery_channel,
        poNumber: o.po_number,
        currency: o.currency,
        // the detail's total: taxes count when charged (taxes > 0), plus handling
        total: toMajor(orderTotal(sm, sm.taxes > 0) + Number(o.handling_charge)),
        itemCount: countOf.get(o.id) ?? 0,
        thumbnails: firstLines
          .filter((l) => l.order_id === o.id)
          .map((l) => ({
            catalogNumber: l.catalog_number,
            image: l.image,
            productTitle: en ? l.title_en : l.title_zh,
          })),
      }
    })
    const last = page[page.length - 1]
    const data: OrderListResult = {
      items,
      nextCursor: rows.length > limit && last ? encodeCursor(last.created_us, last.id) : null,
      since: since.toISOString(),
    }
    return ok(data)
  })
}
