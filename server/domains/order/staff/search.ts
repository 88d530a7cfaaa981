import type { FastifyReply, FastifyRequest } from 'fastify'
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { localized as msg } from '../../../locale'
import { parseDay, spreadsheetSafe } from '../../../../types/order/export-rules'
import { COUNTRY_UTC_OFFSET_MINUTES, countryClockFixed, countryOf } from '../../../../types/country-clock'
import {
  ADMIN_ORDER_EXPORT_MAX_ROWS,
  type AdminOrderExportQuery,
  type AdminOrderSummary,
} from '../../../../types/order/staff-endpoints'
import { summaryQuery, toSummary } from './reads'

/**
 * The Orders screen of the console (issue 25: "search by order, sales-order or PO number, account, date, status;
 * ... export"): every order, newest first, filtered by the search's fields together; and the same search as a CSV.
 * Dates are calendar days in the order's account's country time (China UTC+8, India UTC+5:30, fixed: neither has
 * daylight saving), like everything the console shows.
 */

type Search = AdminOrderExportQuery

/** `abc` → `abc%` with LIKE's own characters taken literally (PostgreSQL's default escape is the backslash). */
const likeText = (s: string) => s.trim().replace(/[\\%_]/g, (c) => `\\${c}`)

const badDay = (req: FastifyRequest, field: string) =>
  new ApiError(
    400,
    'VALIDATION_ERROR',
    msg(req, `query/${field}: not a calendar day (YYYY-MM-DD)`, `query/${field}：不是有效的日期（YYYY-MM-DD）`),
  )

/** The search's conditions (AND), on `orders as o` joined with `accounts as a`; 400 for a day that is not one. */
export function searchConditions(req: FastifyRequest, q: Search): RawBuilder<SqlBool> {
  if (q.from !== undefined && !parseDay(q.from)) throw badDay(req, 'from')
  if (q.to !== undefined && !parseDay(q.to)) throw badDay(req, 'to')
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      msg(req, 'query/from: the start day is after the end day', 'query/from：开始日期晚于结束日期'),
    )
  const conds: RawBuilder<unknown>[] = [sql`true`]
  if (q.orderNumber) conds.push(sql`o.order_number LIKE ${likeText(q.orderNumber) + '%'}`)
  if (q.salesOrderNumber) conds.push(sql`o.sales_order_number LIKE ${likeText(q.salesOrderNumber) + '%'}`)
  if (q.poNumber) conds.push(sql`lower(o.po_number) LIKE ${likeText(q.poNumber).toLowerCase() + '%'}`)
  if (q.account) {
    const t = likeText(q.account)
    conds.push(sql`(a.account_number LIKE ${t + '%'} OR lower(a.name) LIKE ${'%' + t.toLowerCase() + '%'})`)
  }
  if (q.accountId !== undefined) conds.push(sql`o.account_id = ${q.accountId}`)
  if (q.status) conds.push(sql`o.status = ${q.status}`)
  if (q.held !== undefined) conds.push(q.held ? sql`o.held_from IS NOT NULL` : sql`o.held_from IS NULL`)
  if (q.from || q.to) {
    // the order's moment as a wall-clock time of its account's country
    const local = sql`((o.created_at AT TIME ZONE 'UTC') + make_interval(mins => CASE WHEN a.country = 'in' THEN ${COUNTRY_UTC_OFFSET_MINUTES.in}::int ELSE ${COUNTRY_UTC_OFFSET_MINUTES.cn}::int END))`
    if (q.from) conds.push(sql`${local} >= ${q.from}::date::timestamp`)
    if (q.to) conds.push(sql`${local} < (${q.to}::date + 1)::timestamp`)
  }
  return sql<SqlBool>`(${sql.join(conds, sql` AND `)})`
}

/** A page of the search, newest first. */
export async function searchOrders(
  db: Kysely<DB>,
  req: FastifyRequest,
  q: Search,
  page: { pageSize: number; offset: number },
): Promise<{ total: number; items: AdminOrderSummary[] }> {
  const where = searchConditions(req, q)
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('orders as o')
      .leftJoin('accounts as a', 'a.id', 'o.account_id')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    summaryQuery(db)
      .where(where)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(page.pageSize)
      .offset(page.offset)
      .execute(),
  ])
  return { total, items: rows.map(toSummary) }
}

type Lang = 'en' | 'zh'
const COLUMNS: { en: string; zh: string; of: (o: AdminOrderSummary, lang: Lang) => string | number }[] = [
  { en: 'Order number', zh: '订单号', of: (o) => o.orderNumber },
  { en: 'Sales order number', zh: '销售订单号', of: (o) => o.salesOrderNumber },
  {
    en: 'Placed',
    zh: '下单时间',
    of: (o) => {
      const c = countryOf(o.account.country)
      return `${countryClockFixed(o.placedAt, c).format('YYYY-MM-DD HH:mm')} ${c === 'in' ? 'IST' : 'CST'}`
    },
  },
  { en: 'Status', zh: '状态', of: (o) => o.status },
  { en: 'On hold', zh: '暂缓处理', of: (o, l) => (o.held ? (l === 'en' ? 'yes' : '是') : '') },
  { en: 'PO number', zh: '采购订单号', of: (o) => o.poNumber ?? '' },
  { en: 'Account number', zh: '客户编号', of: (o) => o.account.number ?? '' },
  { en: 'Account', zh: '客户', of: (o) => o.account.name ?? '' },
  { en: 'Buyer', zh: '买家', of: (o) => o.buyer.userName ?? '' },
  { en: 'Email', zh: '邮箱', of: (o) => o.buyer.email ?? '' },
  { en: 'Currency', zh: '币种', of: (o) => o.currency },
  { en: 'Total', zh: '总额', of: (o) => o.total.toFixed(2) },
]

/** One CSV field: a text a spreadsheet would run as a formula starts with ' (spreadsheetSafe), then RFC 4180 quoting. */
const field = (v: string | number) => {
  const s = String(typeof v === 'string' ? spreadsheetSafe(v) : v)
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** The search as a CSV file (UTF-8 with a BOM, so Excel reads Chinese), one row per order, newest first. */
export async function sendOrderExport(db: Kysely<DB>, req: FastifyRequest, reply: FastifyReply, q: Search) {
  const rows = await summaryQuery(db)
    .where(searchConditions(req, q))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(ADMIN_ORDER_EXPORT_MAX_ROWS + 1)
    .execute()
  if (rows.length > ADMIN_ORDER_EXPORT_MAX_ROWS)
    throw new ApiError(
      400,
      'BAD_REQUEST',
      msg(
        req,
        `An export holds at most ${ADMIN_ORDER_EXPORT_MAX_ROWS.toLocaleString('en')} orders: narrow the search`,
        `一次最多导出 ${ADMIN_ORDER_EXPORT_MAX_ROWS} 个订单，请缩小搜索范围`,
      ),
      'EXPORT_TOO_LARGE',
    )
  const lang: Lang = req.locale.language === 'en' ? 'en' : 'zh'
  const lines = [
    COLUMNS.map((c) => field(c[lang])).join(','),
    ...rows.map(toSummary).map((o) => COLUMNS.map((c) => field(c.of(o, lang))).join(',')),
  ]
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="orders.csv"')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')]))
}
