import { it } from 'node:test'
import assert from 'node:assert/strict'
import { Value } from 'typebox/value'
import { ArStatementSchema, CreditListResultSchema, InvoiceListResultSchema, SuccessEnvelope } from '../../types'
import { DEMO_USERS } from '../../server/db/seed'
import { describeEachDb, tokenFor, auth } from './helpers'

const EN = { languagecode: 'en' }
const cents = (n: number) => Math.round(n * 100)
const twoDecimals = (n: number) => Math.abs(cents(n) - n * 100) < 1e-6

describeEachDb('account: credit, invoices and AR (spec sections 3, 7, 9)', (ctx) => {
  it('POST /creditlimit/list: "data list of billTo, overdue, updateTime" for the caller\'s own bill-tos', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/creditlimit/list',
      headers: auth(token),
      payload: ['2000002', '2000001', '2000003', '2000001'],
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.ok(Value.Check(SuccessEnvelope(CreditListResultSchema), res.json()))
    const data = res.json().data as { billTo: string; overdue: boolean; updateTime: string }[]
    const rows = await ctx()
      .db.selectFrom('credit_records')
      .selectAll()
      .where('bill_to', 'in', ['2000001', '2000002', '2000003'])
      .orderBy('bill_to')
      .execute()
    assert.deepEqual(
      data,
      rows.map((r) => ({ billTo: r.bill_to, overdue: r.overdue, updateTime: new Date(r.update_time).toISOString() })),
    )
    assert.equal(data.find((c) => c.billTo === '2000002')!.overdue, true)
    const empty = await ctx().app.inject({
      method: 'POST',
      url: '/api/creditlimit/list',
      headers: auth(token),
      payload: [],
    })
    assert.deepEqual(empty.json().data, [])
  })

  it('GET /invoice/list: newest first, paged, amounts in major units with 2 decimals, every catalogue field', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const dbRows = await ctx()
      .db.selectFrom('invoices')
      .selectAll()
      .where('bill_to_number', '=', '2000001')
      .orderBy('issue_date', 'desc')
      .orderBy('id', 'desc')
      .execute()
    assert.ok(dbRows.length >= 20 && dbRows.length <= 60, `seed: 20–60 invoices for 2000001, got ${dbRows.length}`)
    const seen: string[] = []
    for (let page = 1; ; page++) {
      const res = await ctx().app.inject({
        url: `/api/invoice/list?billToAccountNumber=2000001&page=${page}&pageSize=15`,
        headers: auth(token),
      })
      assert.equal(res.statusCode, 200, res.body)
      const body = res.json()
      assert.ok(Value.Check(SuccessEnvelope(InvoiceListResultSchema), body), res.body.slice(0, 300))
      assert.equal(body.data.total, dbRows.length)
      assert.equal(body.data.billTo.currency, 'CNY')
      for (const inv of body.data.list) {
        const row = dbRows.find((r) => r.invoice_number === inv.invoiceNumber)!
        assert.equal(cents(inv.amount), row.amount, 'amount = minor units / 100')
        assert.ok(twoDecimals(inv.amount))
        // "Invoice: number, code, type (e-invoice or paper), title, tax number, bank, amount, status, delivery number"
        assert.ok(inv.invoiceCode && inv.title && inv.bank)
        assert.equal(inv.taxNumber.length, 18, 'Chinese unified social credit code: 18 characters')
        if (inv.medium === 'paper') assert.match(inv.deliveryNumber ?? '', /^SF\d{10}$/)
        else assert.equal(inv.deliveryNumber, null)
      }
      seen.push(...body.data.list.map((i: { invoiceNumber: string }) => i.invoiceNumber))
      if (body.data.list.length < 15) break
    }
    assert.deepEqual(
      seen,
      dbRows.map((r) => r.invoice_number),
      'newest first, every invoice exactly once across pages',
    )
    const kinds = new Set(dbRows.map((r) => r.kind))
    assert.deepEqual([...kinds].sort(), ['general', 'special'], 'spec section 9: "Invoice types: general or special"')
  })

  it('GET /invoice/list filters by status and kind; overdue bill-to 2000002 has overdue invoices, 2000001 none', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    for (const [billTo, status] of [
      ['2000002', 'overdue'],
      ['2000001', 'paid'],
      ['2000001', 'overdue'],
    ] as const) {
      const res = await ctx().app.inject({
        url: `/api/invoice/list?billToAccountNumber=${billTo}&status=${status}&pageSize=50`,
        headers: auth(token),
      })
      const expected = await ctx()
        .db.selectFrom('invoices')
        .select('invoice_number')
        .where('bill_to_number', '=', billTo)
        .where('status', '=', status)
        .execute()
      assert.equal(res.json().data.total, expected.length)
      assert.ok(res.json().data.list.every((i: { status: string }) => i.status === status))
      if (billTo === '2000002') assert.ok(expected.length > 0, 'credit record says 2000002 is overdue')
      if (billTo === '2000001' && status === 'overdue')
        assert.equal(expected.length, 0, 'credit record says 2000001 is not overdue')
    }
    const special = await ctx().app.inject({
      url: '/api/invoice/list?billToAccountNumber=2000001&kind=special&pageSize=50',
      headers: auth(token),
    })
    assert.ok(special.json().data.list.length > 0)
    assert.ok(special.json().data.list.every((i: { kind: string }) => i.kind === 'special'))
    const bad = await ctx().app.inject({
      url: '/api/invoice/list?billToAccountNumber=2000001&status=lost',
      headers: auth(token),
    })
    assert.equal(bad.statusCode, 400)
  })

  it('India: 6000001 invoices are INR with a 15-character GSTIN; distributor 4000001 has none (the empty state)', async () => {
    const inToken = await tokenFor(ctx(), DEMO_USERS.approvedIn)
    const res = (
      await ctx().app.inject({ url: '/api/invoice/list?billToAccountNumber=6000001', headers: auth(inToken) })
    ).json().data
    assert.equal(res.billTo.currency, 'INR')
    assert.ok(res.total > 0)
    for (const i of res.list) {
      assert.equal(i.currency, 'INR')
      assert.match(i.taxNumber, /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/)
    }
    const distToken = await tokenFor(ctx(), DEMO_USERS.distributorCn)
    const empty = (
      await ctx().app.inject({ url: '/api/invoice/list?billToAccountNumber=4000001', headers: auth(distToken) })
    ).json().data
    assert.deepEqual([empty.total, empty.list], [0, []])
    const ar = (
      await ctx().app.inject({ url: '/api/ar/statement?billToAccountNumber=4000001', headers: auth(distToken) })
    ).json()
    assert.ok(Value.Check(SuccessEnvelope(ArStatementSchema), ar), JSON.stringify(ar))
    assert.deepEqual([ar.data.periods, ar.data.lines, ar.data.openingBalance, ar.data.closingBalance], [[], [], 0, 0])
  })

  it('GET /ar/statement: opening + debits − credits = closing, running balances, for every period of every seeded bill-to', async () => {
    const users = {
      '2000001': DEMO_USERS.approvedCn,
      '2000002': DEMO_USERS.approvedCn,
      '2000003': DEMO_USERS.approvedCn,
      '6000001': DEMO_USERS.approvedIn,
    }
    for (const [billTo, user] of Object.entries(users)) {
      const token = await tokenFor(ctx(), user)
      const latest = (
        await ctx().app.inject({ url: `/api/ar/statement?billToAccountNumber=${billTo}`, headers: auth(token, EN) })
      ).json()
      assert.ok(Value.Check(SuccessEnvelope(ArStatementSchema), latest), JSON.stringify(latest).slice(0, 300))
      const periods: string[] = latest.data.periods
      assert.ok(periods.length >= 6 && periods.length <= 14, `${billTo}: ${periods.length} periods`)
      assert.deepEqual([...periods].sort().reverse(), periods, 'periods newest first')
      assert.equal(latest.data.period, periods[0], 'default: latest period')
      let carried: number | null = null
      let lineCount = 0
      for (const p of [...periods].reverse()) {
        const s = (
          await ctx().app.inject({
            url: `/api/ar/statement?billToAccountNumber=${billTo}&period=${p}`,
            headers: auth(token, EN),
          })
        ).json().data
        let running = cents(s.openingBalance)
        for (const l of s.lines) {
          running += cents(l.debit) - cents(l.credit)
          assert.equal(cents(l.balance), running, `${billTo} ${p} ${l.documentNumber}: running balance`)
          const local = new Date(new Date(l.date).getTime() + (billTo === '6000001' ? 330 : 480) * 60_000)
            .toISOString()
            .slice(0, 7)
          assert.equal(local, p, `${billTo} ${l.documentNumber} belongs to ${p} in local time`)
        }
        assert.equal(
          cents(s.invoiced),
          s.lines.reduce((a: number, l: { debit: number }) => a + cents(l.debit), 0),
        )
        assert.equal(
          cents(s.paid),
          s.lines.reduce((a: number, l: { credit: number }) => a + cents(l.credit), 0),
        )
        assert.equal(
          cents(s.closingBalance),
          cents(s.openingBalance) + cents(s.invoiced) - cents(s.paid),
          `${billTo} ${p}: closing`,
        )
        if (carried !== null)
          assert.equal(cents(s.openingBalance), carried, `${billTo} ${p}: opening = previous closing`)
        carried = cents(s.closingBalance)
        lineCount += s.lines.length
      }
      // the ledger as a whole: the last closing balance is every debit minus every credit
      const all = await ctx()
        .db.selectFrom('ar_lines')
        .select(['debit', 'credit'])
        .where('bill_to_number', '=', billTo)
        .execute()
      assert.equal(
        carried,
        all.reduce((a, l) => a + l.debit - l.credit, 0),
        `${billTo}: final closing = whole ledger`,
      )
      assert.ok(lineCount <= all.length)
      // overdue amount = the overdue open invoices
      const overdue = await ctx()
        .db.selectFrom('invoices')
        .select('amount')
        .where('bill_to_number', '=', billTo)
        .where('status', '=', 'overdue')
        .execute()
      assert.equal(
        cents(latest.data.overdueAmount),
        overdue.reduce((a, i) => a + i.amount, 0),
      )
      if (billTo === '2000002') assert.ok(latest.data.overdueAmount > 0)
      if (billTo === '2000003') assert.ok(latest.data.closingBalance < 0, 'prepaid: a credit balance')
    }
  })

  it('GET /ar/statement marks overdue invoice lines and describes lines in the request language', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const overdue = await ctx()
      .db.selectFrom('invoices')
      .select(['invoice_number', 'issue_date'])
      .where('bill_to_number', '=', '2000002')
      .where('status', '=', 'overdue')
      .orderBy('issue_date')
      .executeTakeFirstOrThrow()
    const period = new Date(new Date(overdue.issue_date).getTime() + 8 * 3_600_000).toISOString().slice(0, 7)
    const en = (
      await ctx().app.inject({
        url: `/api/ar/statement?billToAccountNumber=2000002&period=${period}`,
        headers: auth(token, EN),
      })
    ).json().data
    const line = en.lines.find((l: { documentNumber: string }) => l.documentNumber === overdue.invoice_number)
    assert.ok(line, `line for ${overdue.invoice_number} in ${period}`)
    assert.equal(line.overdue, true)
    assert.equal(line.type, 'invoice')
    assert.equal(line.description, `Invoice ${overdue.invoice_number}`)
    const zh = (
      await ctx().app.inject({
        url: `/api/ar/statement?billToAccountNumber=2000002&period=${period}`,
        headers: auth(token, { languagecode: 'cn' }),
      })
    ).json().data
    assert.equal(
      zh.lines.find((l: { documentNumber: string }) => l.documentNumber === overdue.invoice_number).description,
      `发票 ${overdue.invoice_number}`,
    )
    const bad = await ctx().app.inject({
      url: '/api/ar/statement?billToAccountNumber=2000002&period=2026-13',
      headers: auth(token),
    })
    assert.equal(bad.statusCode, 400)
  })
})
