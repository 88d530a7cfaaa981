import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { describeEachDb, auth, tokenFor, okData, userRow, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { tableChecksums } from './seed-checksum'
import { orderApi } from './order-harness'
import { orderableProducts } from '../support/orderable-products'
import { StaffEnquiryDetailSchema, StaffLeadDetailSchema } from '../../types/service/staff-schemas'
import { Paged } from '../../types/common'
import { StaffEnquirySummarySchema, StaffLeadSummarySchema } from '../../types/service/staff-schemas'

/**
 * Issue 24, enquiries and leads decided by staff (docs/admin-api/service.md), on PGlite and PostgreSQL:
 * "Enquiries: staff replies and status changes (approved, not approved), with attachments" and "Leads (RQ-...):
 * turned into an S-quote for the account (lines, prices, expiry), which the buyer then sees and orders", each of
 * which "notifies the buyer: notification list, and email through MAIL_URL". Every staff write leaves one audit
 * entry and reports an ERP event in its transaction.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const DAY = 86_400_000
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)])

type Method = 'GET' | 'POST'
const staffCall = async (ctx: TestContext, staffId: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: auth(await staffToken(ctx.db, staffId), { languagecode: 'en' }),
    payload,
  })
const buyerCall = async (ctx: TestContext, userName: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: auth(await tokenFor(ctx, userName), EN), payload })

const auditOf = (ctx: TestContext, entityId: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id').execute()
const eventsOf = async (ctx: TestContext, type: string, key: string, value: string) =>
  (await ctx.db.selectFrom('outbox_events').selectAll().where('type', '=', type).orderBy('seq').execute()).filter(
    (e) => (e.payload as Record<string, unknown>)[key] === value,
  )
const mailTo = async (ctx: TestContext, email: string, subjectPart: string) => {
  const box = await ctx.app.mail.standIn()
  return (box?.messages ?? []).filter((m) => m.to.includes(email) && m.subject.includes(subjectPart))
}
const notificationsOf = async (ctx: TestContext, userName: string) =>
  (await buyerCall(ctx, userName, 'GET', '/notification/list?page=1&pageSize=50')).json().data.list as {
    title: string
    body: string
    link: { route: string; params: Record<string, string> } | null
  }[]
const emailOf = async (ctx: TestContext, userName: string) =>
  (await ctx.db.selectFrom('users').select('email').where('user_name', '=', userName).executeTakeFirstOrThrow()).email

/** A new request of `userName` (a lead unless told), made straight in the table. */
async function newRequest(
  ctx: TestContext,
  userName: string | null,
  over: { kind?: 'lead' | 'quote'; items?: { catalogNumber: string; itemName: string; itemCount: number }[] } = {},
) {
  const u = userName ? await userRow(ctx, userName) : null
  const row = await ctx.db
    .insertInto('service_requests')
    .values({
      kind: over.kind ?? 'lead',
      user_id: u?.id ?? null,
      account_id: u?.account_id ?? null,
      lead_cart_id: null,
      contact_name: 'Test Person',
      phone: '13800000000',
      email: 't@example.com',
      company_or_institution: 'Lab',
      city: null,
      remark: null,
      items: JSON.stringify(over.items ?? [{ catalogNumber: 'X-1', itemName: 'Item', itemCount: 1 }]),
      status: 'pending',
    })
    .returning('request_id')
    .executeTakeFirstOrThrow()
  return row.request_id
}

/** `n` products on sale in China with a CNY list price (by id, from `offset`) */
const onSale = (ctx: TestContext, n: number, offset = 0) =>
  orderableProducts(ctx.db, 'cn')
    .select(['p.id', 'p.catalog_number', 'p.list_price_cny'])
    .orderBy('p.id')
    .offset(offset)
    .limit(n)
    .execute()

describeEachDb('staff: enquiries and leads (issue 24)', (ctx) => {
  const CS = 'staff-customerService'
  const DESK = 'staff-orderDesk'

  // "Enquiries: staff replies and status changes" — staff first find them: a paged list by status, and the thread
  it('lists enquiries by status (paged) and shows one with its thread and files', async () => {
    const pending = okData<{ items: { requestId: string; status: string }[]; total: number }>(
      await staffCall(ctx(), CS, 'GET', '/enquiries?status=pending&pageSize=100'),
      Paged(StaffEnquirySummarySchema),
    )
    assert.ok(pending.items.some((r) => r.requestId === 'RQ-D00004'))
    assert.ok(pending.items.every((r) => r.status === 'pending'))
    const all = okData<{ items: { requestId: string }[]; total: number; pageSize: number }>(
      await staffCall(ctx(), CS, 'GET', '/enquiries?page=1&pageSize=2'),
      Paged(StaffEnquirySummarySchema),
    )
    assert.equal(all.items.length, 2)
    assert.ok(all.total >= 4)
    const d = okData<{ interactions: { attachments: { name: string; fileId: number | null }[] }[]; email: string }>(
      await staffCall(ctx(), CS, 'GET', '/enquiries/RQ-D00002'),
      StaffEnquiryDetailSchema,
    )
    assert.equal(d.email, 'approved.cn@example.com')
    assert.deepEqual(
      d.interactions.flatMap((i) => i.attachments.map((a) => [a.name, a.fileId])),
      [['Quotation-RQ-D00002.pdf', null]],
    )
    assert.equal((await staffCall(ctx(), CS, 'GET', '/enquiries/RQ-D99999')).statusCode, 404)
    assert.equal((await staffCall(ctx(), CS, 'GET', '/enquiries?status=closed')).statusCode, 400)
  })

  // "staff replies ... with attachments": the buyer then sees the reply and downloads its files (their own only)
  it('a reply with files: the buyer sees it and downloads the files; notified, mailed, audited, reported', async () => {
    const id = await newRequest(ctx(), 'approved.cn', { kind: 'quote' })
    const res = await staffCall(ctx(), CS, 'POST', `/enquiries/${id}/replies`, {
      text: '  Dear customer,\r\nthe quotation and the datasheet are attached.\u202e  ',
      attachments: [
        { name: '../../Quotation.pdf', contentType: 'application/pdf', base64: PDF.toString('base64') },
        { name: 'label.png', contentType: 'image/png', base64: PNG.toString('base64') },
      ],
    })
    const d = okData<{ status: string; interactions: { author: string; staffId: string | null; comment: string }[] }>(
      res,
      StaffEnquiryDetailSchema,
    )
    assert.equal(d.status, 'in_progress', 'a pending request is in progress once staff answer')
    const last = d.interactions.at(-1)!
    assert.equal(last.author, 'staff')
    assert.equal(last.staffId, CS)
    assert.equal(last.comment, 'Dear customer,\nthe quotation and the datasheet are attached.', 'cleaned plain text')

    // the buyer's view
    const mine = (await buyerCall(ctx(), 'approved.cn', 'GET', `/request/detail/${id}`)).json().data
    assert.equal(mine.status, 'in_progress')
    const reply = mine.interactions.at(-1)
    assert.equal(reply.author, 'staff')
    assert.deepEqual(
      reply.attachments.map((a: { name: string }) => a.name),
      ['Quotation.pdf', 'label.png'],
    )
    const pdf = await ctx().app.inject({
      method: 'GET',
      url: reply.attachments[0].url,
      headers: auth(await tokenFor(ctx(), 'approved.cn'), EN),
    })
    assert.equal(pdf.statusCode, 200)
    assert.equal(pdf.headers['content-type'], 'application/pdf')
    assert.match(String(pdf.headers['content-disposition']), /^attachment; filename="Quotation.pdf"/)
    assert.equal(pdf.headers['x-content-type-options'], 'nosniff')
    assert.deepEqual(pdf.rawPayload, PDF)
    // another buyer, and no login: as if there were no such file
    const other = await ctx().app.inject({
      method: 'GET',
      url: reply.attachments[0].url,
      headers: auth(await tokenFor(ctx(), 'approved.in'), EN),
    })
    assert.equal(other.statusCode, 404)
    assert.equal(other.json().reason, 'FILE_NOT_FOUND')
    assert.equal((await ctx().app.inject({ method: 'GET', url: reply.attachments[0].url })).statusCode, 401)

    // notification, email, one audit entry, one event
    const n = (await notificationsOf(ctx(), 'approved.cn')).find((x) => x.title.includes(id))!
    assert.equal(n.title, `New reply to your request ${id}`)
    assert.deepEqual(n.link, { route: 'enquiryDetail', params: { requestId: id } })
    assert.equal((await mailTo(ctx(), await emailOf(ctx(), 'approved.cn'), id)).length, 1)
    const audit = await auditOf(ctx(), id)
    assert.equal(audit.length, 1)
    assert.equal(audit[0].action, 'enquiry.reply')
    assert.equal(audit[0].staff_id, CS)
    assert.equal(audit[0].permission, 'enquiry.reply')
    const events = await eventsOf(ctx(), 'enquiry.replied', 'requestId', id)
    assert.equal(events.length, 1)
    assert.equal((events[0].payload as { attachments: unknown[] }).attachments.length, 2)
  })

  // "size and type limits like the buyer's files" (§5 "Return files: at most 2, size above 0, type and size limited")
  it('a reply is refused for bad files or text, an unknown or closed request, or a role without enquiry.reply', async () => {
    const id = await newRequest(ctx(), 'approved.cn', { kind: 'quote' })
    const before = await tableChecksums(ctx().db)
    const file = (name: string, contentType: string, bytes: Buffer) => ({
      name,
      contentType,
      base64: bytes.toString('base64'),
    })
    const cases: [string, object, number, string | undefined][] = [
      ['an exe', { text: 'x', attachments: [file('tool.exe', 'application/pdf', PDF)] }, 400, 'UPLOAD_WRONG_TYPE'],
      [
        'a PNG named .pdf',
        { text: 'x', attachments: [file('a.pdf', 'application/pdf', PNG)] },
        400,
        'UPLOAD_WRONG_TYPE',
      ],
      [
        'a type other than the name',
        { text: 'x', attachments: [file('a.pdf', 'image/png', PDF)] },
        400,
        'UPLOAD_WRONG_TYPE',
      ],
      [
        'a file over 5 MB',
        {
          text: 'x',
          attachments: [file('big.pdf', 'application/pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]))],
        },
        400,
        undefined,
      ],
      [
        'three files',
        { text: 'x', attachments: [1, 2, 3].map((i) => file(`${i}.pdf`, 'application/pdf', PDF)) },
        400,
        undefined,
      ],
      [
        'not base64',
        { text: 'x', attachments: [{ name: 'a.pdf', contentType: 'application/pdf', base64: '%%%' }] },
        400,
        'UPLOAD_FAILED',
      ],
      ['blank text', { text: ' \u202e\n ' }, 400, 'COMMENT_EMPTY'],
      ['no text', {}, 400, undefined],
      ['an unknown field', { text: 'x', internal: true }, 400, undefined],
    ]
    for (const [label, body, status, reason] of cases) {
      const res = await staffCall(ctx(), CS, 'POST', `/enquiries/${id}/replies`, body)
      assert.equal(res.statusCode, status, `${label}: ${res.body.slice(0, 300)}`)
      if (reason) assert.equal(res.json().reason, reason, label)
    }
    assert.equal((await staffCall(ctx(), CS, 'POST', '/enquiries/RQ-D99999/replies', { text: 'x' })).statusCode, 404)
    const closed = await staffCall(ctx(), CS, 'POST', '/enquiries/RQ-D00003/replies', { text: 'x' })
    assert.equal(closed.statusCode, 409)
    assert.equal(closed.json().reason, 'REQUEST_CLOSED')
    for (const role of ['staff-catalogue', 'staff-marketing', 'staff-finance', DESK]) {
      const res = await staffCall(ctx(), role, 'POST', `/enquiries/${id}/replies`, { text: 'x' })
      assert.equal(res.statusCode, 403, role)
    }
    assert.deepEqual(await tableChecksums(ctx().db), before, 'nothing refused changed anything')
  })

  // §4 "Interaction: pending, approved, not approved or rejected": staff decide once; the buyer sees the status
  it('a status decision: approved or not approved, once; the buyer sees it, is notified and mailed', async () => {
    const a = await newRequest(ctx(), 'approved.in', { kind: 'quote' })
    const r = await newRequest(ctx(), 'approved.cn')
    okData(
      await staffCall(ctx(), CS, 'POST', `/enquiries/${a}/status`, {
        status: 'approved',
        note: 'Bulk price approved.',
      }),
      StaffEnquiryDetailSchema,
    )
    okData(
      await staffCall(ctx(), 'staff-administrator', 'POST', `/enquiries/${r}/status`, { status: 'rejected' }),
      StaffEnquiryDetailSchema,
    )
    const seenA = (await buyerCall(ctx(), 'approved.in', 'GET', `/request/detail/${a}`)).json().data
    assert.equal(seenA.interactionStatus, 'approved')
    assert.equal(seenA.interactions.at(-1).comment, 'Bulk price approved.')
    const listR = (await buyerCall(ctx(), 'approved.cn', 'GET', '/request/list')).json().data
    assert.equal(listR.find((x: { requestId: string }) => x.requestId === r).interactionStatus, 'rejected')

    const nA = (await notificationsOf(ctx(), 'approved.in')).find((x) => x.title.includes(a))!
    assert.equal(nA.title, `Your request ${a} is approved`)
    assert.equal(nA.body, 'Bulk price approved.')
    const nR = (await notificationsOf(ctx(), 'approved.cn')).find((x) => x.title.includes(r))!
    assert.equal(nR.title, `Your request ${r} is not approved`)
    assert.equal((await mailTo(ctx(), await emailOf(ctx(), 'approved.in'), a)).length, 1)
    assert.equal((await mailTo(ctx(), await emailOf(ctx(), 'approved.cn'), r)).length, 1)
    assert.equal((await auditOf(ctx(), a))[0].action, 'enquiry.approved')
    assert.equal((await auditOf(ctx(), r))[0].action, 'enquiry.rejected')
    assert.equal((await eventsOf(ctx(), 'enquiry.replied', 'requestId', a))[0].payload.interactionStatus, 'approved')

    // already decided: 409, nothing written; the seeded approved request too
    const before = await tableChecksums(ctx().db)
    for (const [id, status] of [
      [a, 'rejected'],
      [r, 'approved'],
      ['RQ-D00002', 'rejected'],
    ]) {
      const res = await staffCall(ctx(), CS, 'POST', `/enquiries/${id}/status`, { status })
      assert.equal(res.statusCode, 409, `${id}: ${res.body}`)
      assert.equal(res.json().reason, 'REQUEST_ALREADY_DECIDED')
    }
    const badStatus = await staffCall(ctx(), CS, 'POST', `/enquiries/${a}/status`, { status: 'not_approved' })
    assert.equal(badStatus.statusCode, 400)
    assert.equal(
      (await staffCall(ctx(), CS, 'POST', '/enquiries/RQ-D99999/status', { status: 'approved' })).statusCode,
      404,
    )
    assert.equal(
      (await staffCall(ctx(), 'staff-marketing', 'POST', `/enquiries/${a}/status`, { status: 'rejected' })).statusCode,
      403,
    )
    assert.deepEqual(await tableChecksums(ctx().db), before)
    // a reply after the decision keeps the decided status
    okData(await staffCall(ctx(), CS, 'POST', `/enquiries/${a}/replies`, { text: 'Thanks!' }), StaffEnquiryDetailSchema)
    assert.equal(
      (await buyerCall(ctx(), 'approved.in', 'GET', `/request/detail/${a}`)).json().data.interactionStatus,
      'approved',
    )
  })

  // "Take row locks on what you decide, so two staff deciding at once cannot both win: the second gets 409"
  it('two staff deciding one enquiry at once: one wins, the other gets 409', async () => {
    const id = await newRequest(ctx(), 'approved.cn', { kind: 'quote' })
    const [x, y] = await Promise.all([
      staffCall(ctx(), CS, 'POST', `/enquiries/${id}/status`, { status: 'approved' }),
      staffCall(ctx(), 'staff-administrator', 'POST', `/enquiries/${id}/status`, { status: 'rejected' }),
    ])
    assert.deepEqual([x.statusCode, y.statusCode].sort(), [200, 409])
    assert.equal((await auditOf(ctx(), id)).length, 1)
    const staffEntries = await ctx()
      .db.selectFrom('request_interactions')
      .select('status')
      .where('request_id', '=', id)
      .execute()
    assert.equal(staffEntries.length, 1)
  })

  // "Leads (RQ-...)": staff list the open ones and see what each asks for, priced for the account
  it('lists leads by state and shows one with its items priced for the account', async () => {
    const open = okData<{ items: { requestId: string; state: string }[] }>(
      await staffCall(ctx(), DESK, 'GET', '/leads?status=open&pageSize=100'),
      Paged(StaffLeadSummarySchema),
    )
    assert.ok(open.items.some((l) => l.requestId === 'RQ-D00001'))
    assert.ok(open.items.every((l) => l.state === 'open'))
    const closed = okData<{ items: { requestId: string }[] }>(
      await staffCall(ctx(), DESK, 'GET', '/leads?status=closed'),
      Paged(StaffLeadSummarySchema),
    )
    assert.ok(closed.items.some((l) => l.requestId === 'RQ-D00003'))
    const d = okData<{
      currency: string
      accountNumber: string
      items: { known: boolean; accountPrice: number | null }[]
    }>(await staffCall(ctx(), DESK, 'GET', '/leads/RQ-D00001'), StaffLeadDetailSchema)
    assert.equal(d.currency, 'CNY')
    assert.ok(d.items.length > 0 && d.items.every((i) => i.known && i.accountPrice !== null && i.accountPrice > 0))
    // a quote request is not a lead
    assert.equal((await staffCall(ctx(), DESK, 'GET', '/leads/RQ-D00004')).statusCode, 404)
  })

  // "turned into an S-quote for the account (lines, prices, expiry), which the buyer then sees and orders"
  it('a lead becomes an S-quote: the buyer sees it in the quote list and orders it at its prices', async () => {
    const [p1, p2] = await onSale(ctx(), 2, 40)
    const id = await newRequest(ctx(), 'approved.cn', {
      items: [{ catalogNumber: p1.catalog_number, itemName: 'Asked', itemCount: 3 }],
    })
    const unit1 = Math.max(0.01, Math.floor(Number(p1.list_price_cny) * 0.8) / 100)
    const expiresAt = new Date(Date.now() + 20 * DAY).toISOString()
    const res = await staffCall(ctx(), DESK, 'POST', `/leads/${id}/quote`, {
      lines: [
        { catalogNumber: p1.catalog_number.toLowerCase(), quantity: 3, unitPrice: unit1 },
        { catalogNumber: p2.catalog_number, quantity: 2 },
      ],
      expiresAt,
      note: 'Delivery in 2 weeks.',
    })
    const lead = okData<{
      state: string
      staticQuoteId: string
      quoteNumber: string
      quote: { orderHeader: { totalPrice: number; currency: string }; orderLineList: { unitPrice: number }[] }
    }>(res, StaffLeadDetailSchema)
    assert.equal(lead.state, 'quoted')
    assert.match(lead.staticQuoteId, /^SQ-CN-\d{6}$/)
    assert.match(lead.quoteNumber, /^Q\d{4}-\d{6}$/)
    assert.equal(lead.quote.orderHeader.currency, 'CNY')
    assert.equal(lead.quote.orderLineList[0].unitPrice, unit1)

    // the buyer's quote list and detail
    const { place } = orderApi(ctx)
    const t = await tokenFor(ctx(), 'approved.cn')
    const list = (await buyerCall(ctx(), 'approved.cn', 'GET', '/quote/list')).json().data
    const mine = list.find(
      (q: { orderHeader: { staticQuoteId: string } }) => q.orderHeader.staticQuoteId === lead.staticQuoteId,
    )
    assert.ok(mine, 'the new quote is in the buyer list')
    assert.equal(mine.orderHeader.status, 'active')
    assert.equal(mine.orderHeader.expiresAt, expiresAt)
    assert.equal(mine.orderHeader.totalPrice, lead.quote.orderHeader.totalPrice)
    const detail = (await buyerCall(ctx(), 'approved.cn', 'GET', `/quote/detail/${lead.staticQuoteId}`)).json().data
    assert.deepEqual(
      detail.orderLineList.map((l: { catalogNumber: string; quantity: number }) => [l.catalogNumber, l.quantity]),
      [
        [p1.catalog_number, 3],
        [p2.catalog_number, 2],
      ],
    )
    assert.equal(
      (await buyerCall(ctx(), 'approved.in', 'GET', `/quote/detail/${lead.staticQuoteId}`)).statusCode,
      404,
      "another account's buyer cannot see it",
    )
    // ... and orders from it through the buyer flow, at the quote's prices, once
    const placed = await place(t, {
      addressKey: 'ST-1000001-01',
      termsAccepted: true,
      squoteDetail: { staticQuoteId: lead.staticQuoteId },
    })
    assert.equal(placed.status, 200, JSON.stringify(placed.body))
    const orderNumber = placed.body.data.orders[0].orderNumber
    const order = (await buyerCall(ctx(), 'approved.cn', 'GET', `/order/detail/${orderNumber}`)).json().data
    assert.equal(order.source, 'squote')
    assert.equal(order.summary.totalAmount, lead.quote.orderHeader.totalPrice)
    assert.equal(
      order.lines.find((l: { catalogNumber: string }) => l.catalogNumber === p1.catalog_number).unitPrice,
      unit1,
    )
    const again = await place(t, {
      addressKey: 'ST-1000001-01',
      termsAccepted: true,
      squoteDetail: { staticQuoteId: lead.staticQuoteId },
    })
    assert.equal(again.status, 409)

    // the lead's history, the notification and email, one audit entry, one event
    const thread = (await buyerCall(ctx(), 'approved.cn', 'GET', `/request/detail/${id}`)).json().data
    assert.equal(thread.interactionStatus, 'approved')
    assert.match(thread.interactions.at(-1).comment, new RegExp(`${lead.quoteNumber}[\\s\\S]*Delivery in 2 weeks\\.`))
    const n = (await notificationsOf(ctx(), 'approved.cn')).find((x) => x.title.includes(id))!
    assert.equal(n.title, `Your quote for ${id} is ready`)
    assert.deepEqual(n.link, { route: 'quoteDetail', params: { staticQuoteId: lead.staticQuoteId } })
    assert.match(n.body, /valid until \d{4}-\d{2}-\d{2}/)
    assert.equal((await mailTo(ctx(), await emailOf(ctx(), 'approved.cn'), id)).length, 1)
    const audit = await auditOf(ctx(), id)
    assert.equal(audit.length, 1)
    assert.equal(audit[0].action, 'lead.quote')
    assert.equal((audit[0].after as { staticQuoteId: string }).staticQuoteId, lead.staticQuoteId)
    const events = await eventsOf(ctx(), 'quote.created', 'requestId', id)
    assert.equal(events.length, 1)
    assert.equal(events[0].payload.staticQuoteId, lead.staticQuoteId)
    assert.equal((events[0].payload.lines as unknown[]).length, 2)

    // quoted once: a second quote is 409
    const twice = await staffCall(ctx(), DESK, 'POST', `/leads/${id}/quote`, { expiresAt })
    assert.equal(twice.statusCode, 409)
    assert.equal(twice.json().reason, 'LEAD_QUOTED')
  })

  it("without lines, a lead is quoted as asked at the account's prices", async () => {
    const [p] = await onSale(ctx(), 1, 60)
    const id = await newRequest(ctx(), 'approved.cn', {
      items: [{ catalogNumber: p.catalog_number, itemName: 'Asked', itemCount: 4 }],
    })
    const shown = okData<{ items: { accountPrice: number }[] }>(
      await staffCall(ctx(), DESK, 'GET', `/leads/${id}`),
      StaffLeadDetailSchema,
    )
    const lead = okData<{ quote: { orderLineList: { quantity: number; unitPrice: number }[] } }>(
      await staffCall(ctx(), 'staff-administrator', 'POST', `/leads/${id}/quote`, {
        expiresAt: new Date(Date.now() + 7 * DAY).toISOString(),
      }),
      StaffLeadDetailSchema,
    )
    assert.deepEqual(
      lead.quote.orderLineList.map((l) => [l.quantity, l.unitPrice]),
      [[4, shown.items[0].accountPrice]],
    )
  })

  // "prices computed/validated server-side (catalogue numbers must exist and be orderable; prices positive, in the
  // account's currency; expiry in the future)"
  it('a quote is refused for bad lines, prices or expiry, an unknown or anonymous lead, or a role without lead.quote', async () => {
    const [p] = await onSale(ctx(), 1, 80)
    const gone = (await onSale(ctx(), 1, 81))[0]
    await ctx()
      .db.updateTable('product_sales')
      .set({ sales_status: 'discontinued' })
      .where('product_id', '=', gone.id)
      .execute()
    const id = await newRequest(ctx(), 'approved.cn')
    const anonymous = await newRequest(ctx(), null)
    const future = new Date(Date.now() + 10 * DAY).toISOString()
    const list = Number(p.list_price_cny) / 100
    const line = (o: object = {}) => ({ catalogNumber: p.catalog_number, quantity: 1, ...o })
    const before = await tableChecksums(ctx().db)
    const cases: [string, object, number, string | undefined][] = [
      [
        'an unknown catalogue number',
        { lines: [line({ catalogNumber: 'NOPE-0000' })], expiresAt: future },
        400,
        'PRODUCT_NOT_FOUND',
      ],
      [
        'a discontinued product',
        { lines: [line({ catalogNumber: gone.catalog_number })], expiresAt: future },
        400,
        'PRODUCT_NOT_ORDERABLE',
      ],
      ['a line twice', { lines: [line(), line({ quantity: 2 })], expiresAt: future }, 400, 'LINE_DUPLICATE'],
      [
        'a price above the list price',
        { lines: [line({ unitPrice: list + 1 })], expiresAt: future },
        400,
        'PRICE_ABOVE_LIST',
      ],
      ['three decimals', { lines: [line({ unitPrice: 1.005 })], expiresAt: future }, 400, 'PRICE_INVALID'],
      ['a zero price', { lines: [line({ unitPrice: 0 })], expiresAt: future }, 400, undefined],
      ['a quantity of 0', { lines: [line({ quantity: 0 })], expiresAt: future }, 400, undefined],
      ['no lines', { lines: [], expiresAt: future }, 400, undefined],
      [
        'an expiry in the past',
        { lines: [line()], expiresAt: new Date(Date.now() - DAY).toISOString() },
        400,
        'EXPIRY_PAST',
      ],
      [
        'an expiry beyond a year',
        { lines: [line()], expiresAt: new Date(Date.now() + 400 * DAY).toISOString() },
        400,
        'EXPIRY_TOO_FAR',
      ],
      ['not a date', { lines: [line()], expiresAt: 'next tuesday' }, 400, 'EXPIRY_INVALID'],
      ['no expiry', { lines: [line()] }, 400, undefined],
    ]
    for (const [label, body, status, reason] of cases) {
      const res = await staffCall(ctx(), DESK, 'POST', `/leads/${id}/quote`, body)
      assert.equal(res.statusCode, status, `${label}: ${res.body.slice(0, 300)}`)
      if (reason) assert.equal(res.json().reason, reason, label)
    }
    const body = { lines: [line()], expiresAt: future }
    assert.equal((await staffCall(ctx(), DESK, 'POST', '/leads/RQ-D99999/quote', body)).statusCode, 404)
    assert.equal((await staffCall(ctx(), DESK, 'POST', '/leads/RQ-D00004/quote', body)).statusCode, 404, 'not a lead')
    const closed = await staffCall(ctx(), DESK, 'POST', '/leads/RQ-D00003/quote', body)
    assert.equal(closed.statusCode, 409)
    const anon = await staffCall(ctx(), DESK, 'POST', `/leads/${anonymous}/quote`, body)
    assert.equal(anon.statusCode, 409)
    assert.equal(anon.json().reason, 'LEAD_WITHOUT_ACCOUNT')
    for (const role of [CS, 'staff-catalogue', 'staff-marketing', 'staff-finance']) {
      assert.equal((await staffCall(ctx(), role, 'POST', `/leads/${id}/quote`, body)).statusCode, 403, role)
    }
    assert.deepEqual(await tableChecksums(ctx().db), before, 'nothing refused changed anything')
  })

  it('two staff quoting one lead at once: one quote, the other gets 409', async () => {
    const [p] = await onSale(ctx(), 1, 90)
    const id = await newRequest(ctx(), 'approved.cn', {
      items: [{ catalogNumber: p.catalog_number, itemName: 'Asked', itemCount: 1 }],
    })
    const body = { expiresAt: new Date(Date.now() + 5 * DAY).toISOString() }
    const quotesBefore = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM quotes`.execute(ctx().db)).rows[0].n
    const [x, y] = await Promise.all([
      staffCall(ctx(), DESK, 'POST', `/leads/${id}/quote`, body),
      staffCall(ctx(), 'staff-administrator', 'POST', `/leads/${id}/quote`, body),
    ])
    assert.deepEqual([x.statusCode, y.statusCode].sort(), [200, 409])
    const quotesAfter = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM quotes`.execute(ctx().db)).rows[0].n
    assert.equal(quotesAfter, quotesBefore + 1)
    assert.equal((await auditOf(ctx(), id)).length, 1)
  })
})
