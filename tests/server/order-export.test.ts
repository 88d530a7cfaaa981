import { describe, it, mock } from 'node:test'
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import Fastify from 'fastify'
import { createMailer, registerMail, MailNotConfigured } from '../../server/lib/mail'
import { registerDevMailbox } from '../../server/domains/staff/dev-mailbox'
import type { Permission } from '../../types/staff/permissions'
import { startMailStandIn } from '../../server/mail-standin'
import { loadConfig } from '../../server/config'
import { describeEachDb, tokenFor, auth, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { addMonths, rangeInstants, todayIn, ORDER_EXPORT_MAX_ROWS } from '../../types/order/export-rules'
import { ZH_ORDER_STATUS_LABELS } from '../support/order-status-labels'

/**
 * Order export and email (issue 12: "Export and email of orders over a date range of at most one
 * year, the start before the end: a real XLSX (or CSV) file built on the server … the email goes
 * through a mail transport that is configurable (SMTP by URL) with a local stand-in that tests can
 * read"; spec §5 "Order-export date range: at most one year. Start date earlier than end date.";
 * §9 "export and email cover up to one year"), on PGlite and PostgreSQL, with an IDOR matrix: an
 * account's file holds exactly its own orders of the range, and a download ticket is one user's,
 * once, for 60 s.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const ZH = { countrycode: 'cn', languagecode: 'zh' }
const USERS = ['approved.cn', 'approved.in', 'distributor.cn'] as const
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const userOf = async (ctx: TestContext, name: string) =>
  ctx.db
    .selectFrom('users')
    .select(['id', 'account_id', 'country', 'email'])
    .where('user_name', '=', name)
    .executeTakeFirstOrThrow()

/** The oracle: the account's order lines of the range in its country's time, straight from the tables. */
async function ownLines(ctx: TestContext, name: string, from: string, to: string) {
  const u = await userOf(ctx, name)
  const { start, end } = rangeInstants(from, to, u.country)
  return ctx.db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['o.order_number', 'l.line_number', 'l.catalog_number', 'l.quantity'])
    .where('o.account_id', '=', u.account_id)
    .where('o.created_at', '>=', start)
    .where('o.created_at', '<', end)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .orderBy('l.line_number')
    .execute()
}

async function readXlsx(buf: Buffer) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(buf as unknown as ArrayBuffer)
  const ws = wb.worksheets[0]
  const rows: unknown[][] = []
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { ws, header: rows[0] as string[], body: rows.slice(1) }
}

async function readCsv(buf: Buffer) {
  const wb = new ExcelJS.Workbook()
  const ws = await wb.csv.read(Readable.from(buf.subarray(3)))
  const rows: unknown[][] = []
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { header: rows[0] as string[], body: rows.slice(1) }
}

describeEachDb('order export and email', (ctx) => {
  const tokens: Record<string, string> = {}
  const tok = async (name: string) => (tokens[name] ??= await tokenFor(ctx(), name))
  /** the widest range the rule allows, ending today in the user's country's time: every seeded order of the last year */
  const yearTo = (country: string) => {
    const to = todayIn(country)
    return { from: addMonths(to, -12), to }
  }

  const get = (url: string, headers: Record<string, string>) =>
    ctx().app.inject({ method: 'GET', url: `/api${url}`, headers })
  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    ctx().app.inject({ method: 'POST', url: `/api${url}`, headers, payload: body as object })
  const exportUrl = (p: { from: string; to: string; format?: string }) =>
    `/order/export?${new URLSearchParams(p as Record<string, string>)}`

  it('XLSX of "up to one year": each account gets exactly its own order lines of the range, with a header row, widths and a sheet name', async () => {
    const seen = new Map<string, Set<string>>()
    for (const name of USERS) {
      const u = await userOf(ctx(), name)
      const range = yearTo(u.country)
      const res = await get(exportUrl(range), auth(await tok(name), EN))
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.headers['content-type'], XLSX)
      assert.equal(res.headers['content-disposition'], `attachment; filename="orders-${range.from}-${range.to}.xlsx"`)
      assert.match(String(res.headers['cache-control']), /no-store/)
      const { ws, header, body } = await readXlsx(res.rawPayload)
      assert.equal(ws.name, 'Orders')
      assert.deepEqual(header.slice(0, 4), ['Order number', 'Sales order number', 'Order date', 'Status'])
      assert.ok(header.includes('Catalogue number') && header.includes('Order total') && header.includes('PO number'))
      assert.ok((ws.getColumn(9).width ?? 0) >= 30, 'the product column is wide')
      const oracle = await ownLines(ctx(), name, range.from, range.to)
      assert.ok(oracle.length > 20, `${name} has seeded orders in the last year`)
      assert.deepEqual(
        body.map((r) => [String(r[0]), Number(r[6]), String(r[7]), Number(r[10])]),
        oracle.map((l) => [l.order_number, l.line_number, l.catalog_number, l.quantity]),
      )
      seen.set(name, new Set(body.map((r) => String(r[0]))))
      for (const r of body) assert.ok(['CNY', 'INR'].includes(String(r[13])))
      assert.ok(body.every((r) => String(r[13]) === (u.country === 'in' ? 'INR' : 'CNY')))
    }
    // the matrix: no order number of one account in another's file
    for (const a of USERS)
      for (const b of USERS) {
        if (a !== b)
          for (const n of seen.get(a)!) assert.ok(!seen.get(b)!.has(n), `${b}'s export holds ${a}'s order ${n}`)
      }
  })

  it("both days count, in the account's time: a narrow range holds the orders of those days only; status labels in the request language", async () => {
    const name = 'approved.cn'
    const all = await ownLines(ctx(), name, yearTo('cn').from, yearTo('cn').to)
    // a range around one order's day
    const u = await userOf(ctx(), name)
    const o = await ctx()
      .db.selectFrom('orders')
      .select(['created_at'])
      .where('account_id', '=', u.account_id)
      .where('order_number', '=', all[Math.floor(all.length / 2)].order_number)
      .executeTakeFirstOrThrow()
    const day = todayIn('cn', new Date(o.created_at))
    const range = { from: day, to: addMonths(day, 1) }
    const res = await get(exportUrl(range), auth(await tok(name), ZH))
    assert.equal(res.statusCode, 200)
    const { ws, header, body } = await readXlsx(res.rawPayload)
    assert.equal(ws.name, '订单')
    assert.equal(header[0], '订单号')
    const oracle = await ownLines(ctx(), name, range.from, range.to)
    assert.ok(oracle.length > 0 && oracle.length < all.length)
    assert.deepEqual(
      body.map((r) => `${r[0]}/${r[6]}`),
      oracle.map((l) => `${l.order_number}/${l.line_number}`),
    )
    for (const r of body) assert.ok(ZH_ORDER_STATUS_LABELS.includes(String(r[3])), `status label ${r[3]}`)
  })

  it('CSV: a BOM for Excel, the same rows, and a PO number that looks like a formula is defused', async () => {
    const name = 'approved.in'
    const u = await userOf(ctx(), name)
    const range = yearTo(u.country)
    const oracle = await ownLines(ctx(), name, range.from, range.to)
    const victim = oracle[0].order_number
    await ctx()
      .db.updateTable('orders')
      .set({ po_number: '=HYPERLINK("http://evil.example","x")' })
      .where('order_number', '=', victim)
      .execute()
    const res = await get(exportUrl({ ...range, format: 'csv' }), auth(await tok(name), EN))
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^text\/csv/)
    assert.equal(res.headers['content-disposition'], `attachment; filename="orders-${range.from}-${range.to}.csv"`)
    assert.deepEqual([...res.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf])
    const { header, body } = await readCsv(res.rawPayload)
    assert.equal(header[0], 'Order number')
    assert.deepEqual(
      body.map((r) => `${r[0]}/${r[6]}`),
      oracle.map((l) => `${l.order_number}/${l.line_number}`),
    )
    const po = body.find((r) => String(r[0]) === victim)![4]
    assert.ok(String(po).startsWith("'="), `PO cell ${po}`)
  })

  // Issue 22, item 21: "Full-width ＝ at the start of a CSV cell is not neutralised; XLSX text cells that start with
  // = + - @ should be too."
  it("formula injection: text cells starting with = + - @ (and full-width ＝ ＋ － ＠) start with ' in the CSV and in the XLSX", async () => {
    const name = 'approved.in'
    const u = await userOf(ctx(), name)
    const range = yearTo(u.country)
    const orders = [...new Set((await ownLines(ctx(), name, range.from, range.to)).map((l) => l.order_number))]
    const hostile = [
      '=HYPERLINK("http://evil.example","x")',
      "+1+cmd|' /C calc'!A0",
      '-2+3',
      '@SUM(1,1)',
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(1)',
      ' =1+1',
      '\t=1',
    ]
    assert.ok(orders.length >= hostile.length, `${orders.length} orders to mark`)
    const planted = new Map(hostile.map((po, i) => [orders[i], po]))
    for (const [orderNumber, po] of planted)
      await ctx().db.updateTable('orders').set({ po_number: po }).where('order_number', '=', orderNumber).execute()
    // an ordinary PO number is left alone
    await ctx()
      .db.updateTable('orders')
      .set({ po_number: 'PO-2026-001' })
      .where('order_number', '=', orders[hostile.length] ?? orders[0])
      .execute()
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await get(exportUrl({ ...range, format }), auth(await tok(name), EN))
      assert.equal(res.statusCode, 200)
      const { body } = format === 'csv' ? await readCsv(res.rawPayload) : await readXlsx(res.rawPayload)
      for (const [orderNumber, po] of planted) {
        const cell = body.find((r) => String(r[0]) === orderNumber)![4]
        assert.equal(typeof cell, 'string', `${format}: the PO cell is text`)
        assert.equal(
          String(cell).replace(/^'/, ''),
          format === 'csv' ? po.trimEnd() : po,
          `${format}: the PO number is kept`,
        )
        assert.ok(String(cell).startsWith("'"), `${format}: ${JSON.stringify(po)} is defused: ${JSON.stringify(cell)}`)
      }
      if (orders[hostile.length])
        assert.equal(body.find((r) => String(r[0]) === orders[hostile.length])![4], 'PO-2026-001')
      if (format === 'xlsx') {
        // no cell of the sheet is a formula
        const { ws } = await readXlsx(res.rawPayload)
        ws.eachRow((row) =>
          row.eachCell((c) => assert.notEqual(c.type, ExcelJS.ValueType.Formula, `${c.address} is a formula`)),
        )
      }
    }
  })

  it('§5 "at most one year. Start date earlier than end date.": every other range is a 400 with the rule\'s message, in English and Chinese', async () => {
    const t = await tok('approved.cn')
    const cases: [string, string, RegExp, RegExp][] = [
      ['2026-05-10', '2026-05-01', /earlier than the end date/, /开始日期必须早于结束日期/],
      ['2026-05-10', '2026-05-10', /earlier than the end date/, /开始日期必须早于结束日期/],
      ['2025-03-15', '2026-03-16', /at most one year/, /最长为一年/],
      ['2024-02-29', '2025-03-01', /at most one year/, /最长为一年/],
      ['2026-02-30', '2026-03-10', /YYYY-MM-DD/, /YYYY-MM-DD/],
      ['2026-1-1', '2026-03-10', /YYYY-MM-DD/, /YYYY-MM-DD/],
      ['', '2026-03-10', /from|YYYY-MM-DD/, /from|YYYY-MM-DD/],
    ]
    for (const [from, to, en, zh] of cases) {
      for (const [headers, re] of [
        [EN, en],
        [ZH, zh],
      ] as const) {
        const res = await get(exportUrl({ from, to }), auth(t, headers))
        assert.equal(res.statusCode, 400, `${from}..${to}: ${res.body}`)
        assert.match(res.json().message, re)
        const tk = await post('/order/export/ticket', { from, to }, auth(t, headers))
        assert.equal(tk.statusCode, 400)
        const em = await post('/order/export/email', { from, to }, auth(t, headers))
        assert.equal(em.statusCode, 400)
      }
    }
    // exactly one calendar year is allowed
    const ok = await get(exportUrl({ from: '2025-03-15', to: '2026-03-15', format: 'csv' }), auth(t, EN))
    assert.equal(ok.statusCode, 200, ok.body)
  })

  it('anonymous callers get 401 on every export call', async () => {
    const r = { from: '2026-01-01', to: '2026-02-01' }
    assert.equal((await get(exportUrl(r), EN)).statusCode, 401)
    assert.equal((await post('/order/export/ticket', r, EN)).statusCode, 401)
    assert.equal((await post('/order/export/email', r, EN)).statusCode, 401)
  })

  it('a download ticket: the file once without a token; useless to another user, a second time, or after 60 s', async () => {
    const a = 'approved.cn'
    const ua = await userOf(ctx(), a)
    const range = yearTo(ua.country)
    const mint = async (name = a) => {
      const res = await post('/order/export/ticket', range, auth(await tok(name), EN))
      assert.equal(res.statusCode, 200, res.body)
      const d = res.json().data as { url: string; expiresAt: string; fileName: string }
      assert.match(d.url, /^\/api\/order\/export\/file\?ticket=[A-Za-z0-9_-]{43}$/)
      assert.equal(d.fileName, `orders-${range.from}-${range.to}.xlsx`)
      const ttl = Date.parse(d.expiresAt) - Date.now()
      assert.ok(ttl > 50_000 && ttl <= 60_000, `ttl ${ttl}`)
      return d.url.replace(/^\/api/, '')
    }
    // once, with no Authorization header, holding a's lines
    const url = await mint()
    const first = await get(url, EN)
    assert.equal(first.statusCode, 200, first.body)
    const { body } = await readXlsx(first.rawPayload)
    assert.equal(body.length, (await ownLines(ctx(), a, range.from, range.to)).length)
    const again = await get(url, EN)
    assert.equal(again.statusCode, 404)
    assert.equal(again.json().reason, 'EXPORT_TICKET_INVALID')
    // another user presenting a's ticket gets nothing, and does not burn it (issue 22, item 17: "A ticket is
    // consumed only by its owner"): a's own download still works, once, with or without a's token
    for (const [other, withToken] of [
      ['approved.in', false],
      ['distributor.cn', true],
    ] as const) {
      const u2 = await mint()
      const stolen = await get(u2, auth(await tok(other), EN))
      assert.equal(stolen.statusCode, 404, `${other} used ${a}'s ticket`)
      assert.equal(stolen.json().reason, 'EXPORT_TICKET_INVALID')
      assert.equal(
        (await get(u2, auth(await tok(other), ZH))).statusCode,
        404,
        'a second try by the other user: still nothing',
      )
      const own = await get(u2, withToken ? auth(await tok(a), EN) : EN)
      assert.equal(own.statusCode, 200, `${a}'s own download after ${other} presented the ticket: ${own.body}`)
      assert.equal(
        (await readXlsx(own.rawPayload)).body.length,
        (await ownLines(ctx(), a, range.from, range.to)).length,
      )
      assert.equal((await get(u2, EN)).statusCode, 404, 'and then it is used')
    }
    // a's own token with a's ticket is fine
    assert.equal((await get(await mint(), auth(await tok(a), EN))).statusCode, 200)
    // expiry: 61 s later
    const late = await mint()
    mock.timers.enable({ apis: ['Date'], now: Date.now() })
    try {
      mock.timers.tick(61_000)
      assert.equal((await get(late, EN)).statusCode, 404)
    } finally {
      mock.timers.reset()
    }
    // a made-up ticket
    assert.equal((await get('/order/export/file?ticket=' + 'A'.repeat(43), EN)).statusCode, 404)
  })

  it("email through the stand-in: the message reaches the user's own address (and one more, valid, if given) with the file attached", async () => {
    const app = ctx().app
    // the development mailbox (/__mail/messages) is read by administrators (a staff token granting audit.read)
    const ADMIN = auth(await staffToken(ctx().db, 'staff-administrator'))
    await app.inject({ method: 'DELETE', url: '/__mail/messages', headers: ADMIN })
    const name = 'distributor.cn'
    const u = await userOf(ctx(), name)
    const range = yearTo(u.country)
    const res = await post(
      '/order/export/email',
      { ...range, email: 'buyer.copy@example.org' },
      auth(await tok(name), EN),
    )
    assert.equal(res.statusCode, 200, res.body)
    const d = res.json().data as { sentTo: string[]; messageId: string; rows: number }
    assert.deepEqual(d.sentTo, [u.email, 'buyer.copy@example.org'])
    const oracle = await ownLines(ctx(), name, range.from, range.to)
    assert.equal(d.rows, oracle.length)
    const box = (await app.inject({ method: 'GET', url: '/__mail/messages', headers: ADMIN })).json().messages as {
      rcptTo: string[]
      to: string
      subject: string
      messageId: string
      text: string
      attachments: { filename: string; contentType: string; content: string }[]
    }[]
    assert.equal(box.length, 1)
    const m = box[0]
    assert.deepEqual(m.rcptTo.sort(), [u.email, 'buyer.copy@example.org'].sort())
    assert.equal(m.messageId, d.messageId)
    assert.match(m.subject, new RegExp(`${range.from} to ${range.to}`))
    assert.equal(m.attachments.length, 1)
    assert.equal(m.attachments[0].filename, `orders-${range.from}-${range.to}.xlsx`)
    assert.equal(m.attachments[0].contentType, XLSX)
    const file = await readXlsx(Buffer.from(m.attachments[0].content, 'base64'))
    assert.deepEqual(
      file.body.map((r) => `${r[0]}/${r[6]}`),
      oracle.map((l) => `${l.order_number}/${l.line_number}`),
    )

    // CSV in Chinese, own address only
    const zh = await post('/order/export/email', { ...range, format: 'csv' }, auth(await tok(name), ZH))
    assert.equal(zh.statusCode, 200)
    assert.deepEqual(zh.json().data.sentTo, [u.email])
    const m2 = (await app.inject({ method: 'GET', url: '/__mail/messages', headers: ADMIN })).json().messages[1]
    assert.deepEqual(m2.rcptTo, [u.email])
    assert.match(m2.subject, /您的订单/)
    assert.equal(m2.attachments[0].filename, `orders-${range.from}-${range.to}.csv`)

    // an invalid extra address: refused, nothing sent
    const bad = await post('/order/export/email', { ...range, email: 'not-an-address' }, auth(await tok(name), EN))
    assert.equal(bad.statusCode, 400)
    assert.equal(bad.json().message, 'Please enter valid email id')
    assert.equal(
      (await app.inject({ method: 'GET', url: '/__mail/messages', headers: ADMIN })).json().messages.length,
      2,
    )

    // issue 22, item 19: the mailbox holds these files; without an administrator's token it shows nothing and
    // clears nothing (issue 24: staff tokens replaced the operator key)
    const service = auth(await staffToken(ctx().db, 'staff-customerService'))
    for (const method of ['GET', 'DELETE'] as const) {
      const anon = await app.inject({ method, url: '/__mail/messages' })
      assert.equal(anon.statusCode, 401, `${method} without a token`)
      assert.doesNotMatch(anon.body, /buyer\.copy@example\.org|orders-/)
      assert.equal(
        (await app.inject({ method, url: '/__mail/messages', headers: auth(await tok(name), EN) })).statusCode,
        401,
        "a shopper's token is no staff token",
      )
      const other = await app.inject({ method, url: '/__mail/messages', headers: service })
      assert.equal(other.statusCode, 403, 'a staff member without audit.read')
      assert.doesNotMatch(other.body, /buyer\.copy@example\.org|orders-/)
    }
    assert.equal(
      (await app.inject({ method: 'GET', url: '/__mail/messages', headers: ADMIN })).json().messages.length,
      2,
      'nothing was cleared',
    )
  })

  it(`more than ${ORDER_EXPORT_MAX_ROWS.toLocaleString('en')} order lines is refused with a message to narrow the range (400 EXPORT_TOO_LARGE)`, async () => {
    const name = 'approved.in'
    const u = await userOf(ctx(), name)
    const range = yearTo(u.country)
    const have = (await ownLines(ctx(), name, range.from, range.to)).length
    const o = await ctx()
      .db.selectFrom('orders')
      .select('id')
      .where('account_id', '=', u.account_id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    const extra = ORDER_EXPORT_MAX_ROWS - have + 1
    await sql`INSERT INTO order_lines (order_id, line_number, product_id, sku, catalog_number, title_en, title_zh, size, image, quantity, allocated_qty, backordered_qty,
        estimated_ship_date, list_price, unit_price, final_price, line_total, delivery_channel, promo_codes)
      SELECT l.order_id, 100000 + g, l.product_id, l.sku, l.catalog_number, l.title_en, l.title_zh, l.size, l.image, l.quantity, l.allocated_qty, l.backordered_qty,
        l.estimated_ship_date, l.list_price, l.unit_price, l.final_price, l.line_total, l.delivery_channel, l.promo_codes
      FROM (SELECT * FROM order_lines WHERE order_id = ${o.id} ORDER BY line_number LIMIT 1) l, generate_series(1, ${extra}) g`.execute(
      ctx().db,
    )
    try {
      for (const [headers, re] of [
        [EN, /at most 20,000 order lines/],
        [ZH, /最多 20000 行/],
      ] as const) {
        const res = await get(exportUrl(range), auth(await tok(name), headers))
        assert.equal(res.statusCode, 400, res.body.slice(0, 200))
        assert.equal(res.json().reason, 'EXPORT_TOO_LARGE')
        assert.match(res.json().message, re)
      }
      // exactly the limit is fine
      await sql`DELETE FROM order_lines WHERE order_id = ${o.id} AND line_number = ${100000 + extra}`.execute(ctx().db)
      const at = await get(exportUrl({ ...range, format: 'csv' }), auth(await tok(name), EN))
      assert.equal(at.statusCode, 200)
      assert.equal((await readCsv(at.rawPayload)).body.length, ORDER_EXPORT_MAX_ROWS)
    } finally {
      await sql`DELETE FROM order_lines WHERE order_id = ${o.id} AND line_number > 100000`.execute(ctx().db)
    }
  })
})

describe('mail transport (server/lib/mail.ts): "configurable (SMTP by URL) with a local stand-in"', () => {
  it('MAIL_URL configures the SMTP transport: a message reaches the SMTP server it names, attachment and all', async () => {
    const relay = await startMailStandIn()
    const mailer = createMailer(
      loadConfig({
        MAIL_URL: `smtp://127.0.0.1:${relay.port}?ignoreTLS=true`,
        MAIL_FROM: 'Orders <orders@lab.example>',
      }),
    )
    try {
      assert.equal(mailer.mode, 'smtp')
      const sent = await mailer.send({
        to: ['a@example.org'],
        subject: '您的订单 2026-01-01 至 2026-02-01',
        text: 'x',
        attachments: [{ filename: 'orders.csv', content: Buffer.from('\ufeffa,b\n'), contentType: 'text/csv' }],
      })
      assert.equal(relay.messages.length, 1)
      const m = relay.messages[0]
      assert.deepEqual(m.rcptTo, ['a@example.org'])
      assert.equal(m.mailFrom, 'orders@lab.example')
      assert.equal(m.subject, '您的订单 2026-01-01 至 2026-02-01')
      assert.equal(m.messageId, sent.messageId)
      assert.equal(Buffer.from(m.attachments[0].content, 'base64').toString('utf8'), '\ufeffa,b\n')
    } finally {
      await mailer.close()
      await relay.close()
    }
  })

  // issue 22, item 19: "The development mailbox /__mail/messages lists every email with attachments to anyone and
  // anyone can DELETE it. It must not exist in production (NODE_ENV=production), and needs the ops credentials elsewhere."
  // Issue 24: those credentials are a staff token granting audit.read (the guard itself: the export email test above).
  it('the development mailbox: never in production nor with MAIL_URL, and behind the audit.read staff guard elsewhere', async () => {
    const mailbox = async (env: Record<string, string | undefined>) => {
      const app = Fastify()
      // the staff guard of the app (server/domains/staff/guard.ts), standing in: it records the permission asked
      const asked: Permission[] = []
      app.decorate('requireStaff', (permission: Permission) => {
        asked.push(permission)
        return async () => {}
      })
      registerDevMailbox(app, registerMail(app, loadConfig(env)), loadConfig(env))
      await app.ready()
      try {
        if (app.mail.mode === 'standin')
          await app.mail.send({ to: ['someone@example.org'], subject: 'secret order file', text: 't' })
        return {
          mode: app.mail.mode,
          asked,
          get: await app.inject({ method: 'GET', url: '/__mail/messages' }),
          del: await app.inject({ method: 'DELETE', url: '/__mail/messages' }),
        }
      } finally {
        await app.close()
      }
    }
    const relay = await startMailStandIn()
    try {
      for (const env of [
        { NODE_ENV: 'production' },
        { NODE_ENV: 'production', MAIL_URL: `smtp://127.0.0.1:${relay.port}?ignoreTLS=true` },
        { NODE_ENV: 'development', MAIL_URL: `smtp://127.0.0.1:${relay.port}?ignoreTLS=true` },
      ]) {
        const r = await mailbox(env)
        assert.deepEqual([r.get.statusCode, r.del.statusCode], [404, 404], `${env.NODE_ENV} (${r.mode}): no mailbox`)
      }
    } finally {
      await relay.close()
    }
    const dev = await mailbox({ NODE_ENV: 'development' })
    assert.equal(dev.mode, 'standin')
    assert.deepEqual(dev.asked, ['audit.read'], 'administrators only')
    assert.equal(dev.get.statusCode, 200)
    assert.equal(dev.get.json().messages[0].subject, 'secret order file')
    assert.equal(dev.del.statusCode, 204)
  })

  it('in production without MAIL_URL there is no stand-in and no /__mail route; sending fails as not configured', async () => {
    const app = Fastify()
    registerMail(app, loadConfig({ NODE_ENV: 'production' }))
    await app.ready()
    try {
      assert.equal(app.mail.mode, 'none')
      await assert.rejects(app.mail.send({ to: ['a@example.org'], subject: 's', text: 't' }), MailNotConfigured)
      assert.equal((await app.inject({ method: 'GET', url: '/__mail/messages' })).statusCode, 404)
    } finally {
      await app.close()
    }
  })
})
