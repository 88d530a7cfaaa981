import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import ExcelJS from 'exceljs'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { OrderExportTicket, OrderExportEmailResult } from '../../../types/order/export'
import {
  EXPORT_RANGE_MESSAGES,
  ORDER_EXPORT_MAX_ROWS,
  checkExportRange,
  exportFileName,
  rangeInstants,
  spreadsheetSafe,
  type OrderExportFormat,
} from '../../../types/order/export-rules'
import { orderStatusOf, type OrderStatusLabel } from '../../../types/order/statuses'
import { orderTotal } from '../../../types/order/totals'
import { toMajor } from '../../../types/money'
import { countryUtcOffsetMinutes } from '../../../types/country-time'
import { isValidEmail } from '../../../types/account/address-rules'
import { ApiError, ok } from '../../errors'
import { localized as msg } from '../../locale'
import { serveEndpoint } from '../../lib/endpoint-route'
import { orderEndpoints } from '../../../types/order/endpoints'
import { MailNotConfigured } from '../../lib/mail'
import { randomToken, sha256 } from '../../lib/secret-token'

/**
 * Order export and email (issue 12; spec §5 "Order-export date range: at most one year. Start date
 * earlier than end date.", §9 "export and email cover up to one year"). The range rule:
 * types/order/export-rules.ts (from < to, to ≤ from + 1 calendar year, both days included, in the
 * account's country's time: China UTC+8, India UTC+5:30).
 *
 * One row per order line (order columns repeated on each of its lines), at most 20,000 rows (more:
 * 400 EXPORT_TOO_LARGE, narrow the range), the caller's account's orders only (the token's
 * account_id; nothing of another account can be named in the request). XLSX by exceljs (header row,
 * column widths, sheet "Orders"/"订单", frozen header), or CSV (exceljs, UTF-8 with a BOM so Excel
 * reads Chinese); in both formats text cells that start like a formula (= + - @, full-width too) prefixed with '.
 *
 * Downloads that cannot send the Authorization header (a link on H5, Taro.downloadFile) use a
 * ticket: POST /order/export/ticket → /api/order/export/file?ticket=… for that user and range, one
 * download, 60 s. Tickets are kept in the database (order_export_tickets, stored by their sha256, at
 * most 10,000 outstanding) and redeemed by one conditional UPDATE, so a ticket issued through one API
 * instance is redeemed through any other, exactly once. The email limit counts the user's rows of the
 * last hour in order_export_emails, so it holds across instances too.
 */

const TICKET_TTL_MS = 60_000
const TICKETS_MAX = 10_000
/** emails per user per hour: the file can go to one address besides the user's own, so it is bounded */
const EMAILS_PER_HOUR = 20

const STATUS_TEXT: Record<OrderStatusLabel, [en: string, zh: string]> = {
  submitted: ['Submitted', '已提交'],
  inProgress: ['In progress', '处理中'],
  pendingReview: ['Pending review', '待审核'],
  financialReview: ['Financial review', '财务审核中'],
  pendingApproval: ['Pending approval', '待审批'],
  pendingAddressValidation: ['Pending address validation', '地址待验证'],
  partiallyShipped: ['Partially shipped', '部分发货'],
  shipped: ['Shipped', '已发货'],
  delivered: ['Delivered', '已送达'],
  completed: ['Completed', '已完成'],
  cancelled: ['Cancelled', '已取消'],
  onHold: ['On hold', '暂缓处理'],
}
const SOURCE_TEXT: Record<string, [string, string]> = {
  cart: ['Cart checkout', '购物车下单'],
  quickOrder: ['Quick order', '快速下单'],
  reorder: ['Reorder', '再次购买'],
  squote: ['Quote', '报价单'],
  flashbuy: ['Flash buy', '限时秒杀'],
  redemption: ['Gift redemption', '礼品兑换'],
  web: ['Website', '网站'],
  phone: ['Phone', '电话'],
}

type Lang = 'en' | 'zh'
const COLUMNS: { key: string; en: string; zh: string; width: number; money?: boolean; date?: boolean }[] = [
  { key: 'orderNumber', en: 'Order number', zh: '订单号', width: 14 },
  { key: 'salesOrderNumber', en: 'Sales order number', zh: '销售订单号', width: 18 },
  { key: 'date', en: 'Order date', zh: '下单时间', width: 18, date: true },
  { key: 'status', en: 'Status', zh: '状态', width: 24 },
  { key: 'poNumber', en: 'PO number', zh: '采购订单号', width: 20 },
  { key: 'source', en: 'Source', zh: '来源', width: 16 },
  { key: 'line', en: 'Line', zh: '行号', width: 6 },
  { key: 'catalogNumber', en: 'Catalogue number', zh: '货号', width: 18 },
  { key: 'product', en: 'Product', zh: '产品', width: 48 },
  { key: 'size', en: 'Size', zh: '规格', width: 12 },
  { key: 'quantity', en: 'Quantity', zh: '数量', width: 10 },
  { key: 'unitPrice', en: 'Unit price', zh: '单价', width: 14, money: true },
  { key: 'lineTotal', en: 'Line total', zh: '行小计', width: 14, money: true },
  { key: 'currency', en: 'Currency', zh: '币种', width: 10 },
  { key: 'orderTotal', en: 'Order total', zh: '订单总额', width: 14, money: true },
]

interface Range {
  from: string
  to: string
  format: OrderExportFormat
}
interface Owner {
  accountId: number
  country: string
}

const rangeError = (req: FastifyRequest, problem: keyof typeof EXPORT_RANGE_MESSAGES) =>
  new ApiError(
    400,
    'BAD_REQUEST',
    msg(req, EXPORT_RANGE_MESSAGES[problem].en, EXPORT_RANGE_MESSAGES[problem].zh),
    'EXPORT_RANGE',
  )

function checkedRange(req: FastifyRequest, q: { from: string; to: string; format?: OrderExportFormat }): Range {
  const problem = checkExportRange(q.from, q.to)
  if (problem) throw rangeError(req, problem)
  return { from: q.from, to: q.to, format: q.format ?? 'xlsx' }
}

/** The export's rows, straight from the account's orders of the range; null when there are more than the limit. */
async function exportRows(db: Kysely<DB>, owner: Owner, range: Range, lang: Lang) {
  const { start, end } = rangeInstants(range.from, range.to, owner.country)
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      'o.id',
      'o.order_number',
      'o.sales_order_number',
      'o.created_at',
      'o.status',
      'o.po_number',
      'o.source',
      'o.currency',
      'o.total_amount',
      'o.taxes',
      'o.handling_charge',
      'l.line_number',
      'l.catalog_number',
      'l.title_en',
      'l.title_zh',
      'l.size',
      'l.quantity',
      'l.unit_price',
      'l.line_total',
    ])
    .where('o.account_id', '=', owner.accountId)
    .where('o.created_at', '>=', start)
    .where('o.created_at', '<', end)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .orderBy('l.line_number')
    .limit(ORDER_EXPORT_MAX_ROWS + 1)
    .execute()
  if (rows.length > ORDER_EXPORT_MAX_ROWS) return null
  const i = lang === 'en' ? 0 : 1
  const off = countryUtcOffsetMinutes(owner.country) * 60_000
  return rows.map((r) => ({
    orderNumber: r.order_number,
    salesOrderNumber: r.sales_order_number,
    // the country's wall-clock time (Excel has no time zones)
    date: new Date(new Date(r.created_at).getTime() + off),
    status: STATUS_TEXT[orderStatusOf(r.status).label][i],
    poNumber: r.po_number ?? '',
    source: (SOURCE_TEXT[r.source] ?? [r.source, r.source])[i],
    line: r.line_number,
    catalogNumber: r.catalog_number,
    product: lang === 'en' ? r.title_en : r.title_zh,
    size: r.size,
    quantity: r.quantity,
    unitPrice: toMajor(Number(r.unit_price)),
    lineTotal: toMajor(Number(r.line_total)),
    currency: r.currency,
    // the order detail's total: taxes count when charged, plus handling
    orderTotal: toMajor(
      orderTotal(
        { totalPriceAmount: 0, totalAmount: Number(r.total_amount), taxes: Number(r.taxes) },
        Number(r.taxes) > 0,
      ) + Number(r.handling_charge),
    ),
  }))
}
type Row = NonNullable<Awaited<ReturnType<typeof exportRows>>>[number]

const pad = (n: number) => String(n).padStart(2, '0')
const dayTime = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`

const CONTENT_TYPES: Record<OrderExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

async function buildFile(rows: Row[], format: OrderExportFormat, lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Lab Store'
  wb.created = new Date()
  const ws = wb.addWorksheet(lang === 'en' ? 'Orders' : '订单', { views: [{ state: 'frozen', ySplit: 1 }] })
  ws.columns = COLUMNS.map((c) => ({
    header: c[lang],
    key: c.key,
    width: c.width,
    style: c.money ? { numFmt: '#,##0.00' } : c.date ? { numFmt: 'yyyy-mm-dd hh:mm' } : {},
  }))
  // a text cell that starts like a formula (= + - @, full-width ＝ ＋ － ＠) starts with ' instead, in both formats
  // (types/order/export-rules.ts spreadsheetSafe): a PO number or a product title is never run by the spreadsheet
  const safe = (r: Row) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, spreadsheetSafe(v)]))
  if (format === 'csv') {
    for (const r of rows)
      ws.addRow(
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [k, k === 'date' ? dayTime(v as Date) : spreadsheetSafe(v)]),
        ),
      )
    const body = Buffer.from(await wb.csv.writeBuffer({ formatterOptions: { writeBOM: false } }))
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body])
  }
  ws.getRow(1).font = { bold: true }
  for (const r of rows) ws.addRow(safe(r))
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function exportFile(req: FastifyRequest, db: Kysely<DB>, owner: Owner, range: Range, lang: Lang) {
  const rows = await exportRows(db, owner, range, lang)
  if (!rows) {
    throw new ApiError(
      400,
      'BAD_REQUEST',
      msg(
        req,
        `An export holds at most ${ORDER_EXPORT_MAX_ROWS.toLocaleString('en')} order lines: choose a shorter range`,
        `一次导出最多 ${ORDER_EXPORT_MAX_ROWS} 行订单明细，请缩短日期范围`,
      ),
      'EXPORT_TOO_LARGE',
    )
  }
  return {
    rows: rows.length,
    file: await buildFile(rows, range.format, lang),
    fileName: exportFileName(range.from, range.to, range.format),
  }
}

function sendFile(reply: FastifyReply, f: { file: Buffer; fileName: string }, format: OrderExportFormat) {
  return reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${f.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(f.file)
}

export async function orderExportRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const db = opts.db
  const ownerOf = (req: FastifyRequest): Owner => ({
    accountId: req.user!.accountId,
    country: req.user!.country === 'in' ? 'in' : 'cn',
  })
  const langOf = (req: FastifyRequest): Lang => (req.locale.language === 'en' ? 'en' : 'zh')

  // ---- GET /order/export?from&to&format — the file, for a caller with the Authorization header
  serveEndpoint(app, orderEndpoints.exportFile, app.requireUser, async (req, reply) => {
    const range = checkedRange(req, req.query)
    return sendFile(reply, await exportFile(req, db, ownerOf(req), range, langOf(req)), range.format)
  })

  // ---- POST /order/export/ticket — a one-time address for the file, valid 60 s, for this user and range
  serveEndpoint(app, orderEndpoints.exportTicket, app.requireUser, async (req) => {
    const range = checkedRange(req, req.body)
    const now = Date.now()
    // used and expired tickets go (a bounded batch each time), then the outstanding ones are counted
    await sql`DELETE FROM order_export_tickets WHERE ticket_hash IN (
      SELECT ticket_hash FROM order_export_tickets WHERE expires_at <= ${new Date(now)} OR used_at IS NOT NULL LIMIT 1000)`.execute(
      db,
    )
    const { n } = await db
      .selectFrom('order_export_tickets')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('expires_at', '>', new Date(now))
      .executeTakeFirstOrThrow()
    if (n >= TICKETS_MAX)
      throw new ApiError(
        503,
        'SERVICE_UNAVAILABLE',
        msg(req, 'Too many downloads in progress, try again shortly', '下载请求过多，请稍后再试'),
      )
    const ticket = randomToken()
    const expires = now + TICKET_TTL_MS
    const owner = ownerOf(req)
    await db
      .insertInto('order_export_tickets')
      .values({
        ticket_hash: sha256(ticket),
        user_id: req.user!.id,
        account_id: owner.accountId,
        country: owner.country,
        range_from: range.from,
        range_to: range.to,
        format: range.format,
        lang: langOf(req),
        expires_at: new Date(expires),
      })
      .execute()
    const data: OrderExportTicket = {
      url: `/api/order/export/file?ticket=${ticket}`,
      expiresAt: new Date(expires).toISOString(),
      fileName: exportFileName(range.from, range.to, range.format),
    }
    return ok(data)
  })

  // ---- GET /order/export/file?ticket — the ticket's file, once; no Authorization header needed (a
  // token, if sent, must be the ticket user's)
  serveEndpoint(app, orderEndpoints.exportTicketFile, app.optionalUser, async (req, reply) => {
    const now = new Date()
    // one use, whatever happens next: the first request that marks it used has it, on any instance.
    // A ticket works without a token (a plain link); next to another user's token it is nothing, and that
    // request must not use it up either (issue 22, item 17): only a request that could receive the file
    // (no token, or the ticket user's own) marks it used, in the same conditional UPDATE.
    let redeem = db
      .updateTable('order_export_tickets')
      .set({ used_at: now })
      .where('ticket_hash', '=', sha256(req.query.ticket))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
    if (req.user) redeem = redeem.where('user_id', '=', req.user.id)
    const t = await redeem
      .returning(['user_id', 'account_id', 'country', 'range_from', 'range_to', 'format', 'lang'])
      .executeTakeFirst()
    if (!t) {
      throw new ApiError(
        404,
        'NOT_FOUND',
        msg(req, 'This download link has expired: export again', '下载链接已失效，请重新导出'),
        'EXPORT_TICKET_INVALID',
      )
    }
    const range: Range = { from: t.range_from, to: t.range_to, format: t.format }
    return sendFile(
      reply,
      await exportFile(req, db, { accountId: t.account_id, country: t.country }, range, t.lang),
      t.format,
    )
  })

  // ---- POST /order/export/email — the file by email to the user's own address (and one more, if given)
  serveEndpoint(app, orderEndpoints.exportEmail, app.requireUser, async (req) => {
    const b = req.body
    const range = checkedRange(req, b)
    const extra = b.email?.trim() ?? ''
    if (extra && !isValidEmail(extra))
      throw new ApiError(
        400,
        'BAD_REQUEST',
        msg(req, 'Please enter valid email id', '请输入有效的电子邮箱'),
        'INVALID_EMAIL',
      )
    const user = await db.selectFrom('users').select(['email']).where('id', '=', req.user!.id).executeTakeFirst()
    const own = user?.email?.trim() ?? ''
    if (!own || !isValidEmail(own)) {
      throw new ApiError(
        409,
        'CONFLICT',
        msg(req, 'Your account has no valid email address', '您的账户没有有效的电子邮箱'),
        'NO_EMAIL',
      )
    }
    const userId = req.user!.id
    const tooMany = () =>
      new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        msg(
          req,
          `At most ${EMAILS_PER_HOUR} export emails an hour: try again later`,
          `每小时最多发送 ${EMAILS_PER_HOUR} 封导出邮件，请稍后再试`,
        ),
      )
    const hourAgo = () => new Date(Date.now() - 3_600_000)
    const sentLastHour = async (q: Kysely<DB>) =>
      (
        await q
          .selectFrom('order_export_emails')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .where('sent_at', '>', hourAgo())
          .executeTakeFirstOrThrow()
      ).n
    if ((await sentLastHour(db)) >= EMAILS_PER_HOUR) throw tooMany()
    const lang = langOf(req)
    const f = await exportFile(req, db, ownerOf(req), range, lang)
    const to = [own, ...(extra && extra.toLowerCase() !== own.toLowerCase() ? [extra] : [])]
    // counted before sending (a failed send counts too), under a per-user lock so that two instances
    // cannot both take the last one
    const counted = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`order_export_email:${userId}`}))`.execute(trx)
      if ((await sentLastHour(trx)) >= EMAILS_PER_HOUR) return false
      await trx
        .deleteFrom('order_export_emails')
        .where('user_id', '=', userId)
        .where('sent_at', '<=', hourAgo())
        .execute()
      await trx.insertInto('order_export_emails').values({ user_id: userId, sent_at: new Date() }).execute()
      return true
    })
    if (!counted) throw tooMany()
    let sent: { messageId: string }
    try {
      sent = await app.mail.send({
        to,
        subject: lang === 'en' ? `Your orders ${range.from} to ${range.to}` : `您的订单 ${range.from} 至 ${range.to}`,
        text:
          lang === 'en'
            ? `Attached: ${f.fileName}, ${f.rows} order lines of your account's orders placed from ${range.from} to ${range.to}.\n\nLab Store`
            : `附件：${f.fileName}，您账户在 ${range.from} 至 ${range.to} 期间下单的 ${f.rows} 行订单明细。\n\nLab Store`,
        attachments: [{ filename: f.fileName, content: f.file, contentType: CONTENT_TYPES[range.format] }],
      })
    } catch (err) {
      if (err instanceof MailNotConfigured)
        throw new ApiError(
          503,
          'SERVICE_UNAVAILABLE',
          msg(req, 'Email is not available at the moment', '邮件服务暂不可用'),
          'MAIL_NOT_CONFIGURED',
        )
      req.log.error({ err }, 'export email failed')
      throw new ApiError(
        503,
        'SERVICE_UNAVAILABLE',
        msg(req, 'The email could not be sent, try again later', '邮件发送失败，请稍后再试'),
        'MAIL_FAILED',
      )
    }
    const data: OrderExportEmailResult = { sentTo: to, messageId: sent.messageId, rows: f.rows }
    return ok(data)
  })
}
