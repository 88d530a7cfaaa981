import { it } from 'node:test'
import assert from 'node:assert/strict'
import { TodaySchema, type Today } from '../../types/staff/endpoints'
import { REVIEW_STATUSES } from '../../types/order/lifecycle'
import { countryClock } from '../../types/country-time'
import { staffToken } from './staff-helpers'
import { auth, describeEachDb, okData, type TestContext } from './helpers'
import { orderApi } from './order-harness'

/**
 * Issue 25, Today (GET /api/admin/today): the console's dashboard. Its figures are checked against the tables read
 * here row by row (not by the route's SQL), on the seeded world and after a placed order; each block is there only
 * for a role with its screen's permission. And the field errors of a refused body (VALIDATION_ERROR `fields`).
 */

describeEachDb('Today, the staff dashboard (issue 25)', (ctx: () => TestContext) => {
  const today = async (staffId: string, language = 'en'): Promise<Today> => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: '/api/admin/today',
      headers: { languagecode: language, ...auth(await staffToken(ctx().db, staffId)) },
    })
    return okData<Today>(res, TodaySchema)
  }

  /** the figures, counted from the rows in JS */
  async function expected(at: Date) {
    const { db } = ctx()
    const orders = await db
      .selectFrom('orders as o')
      .innerJoin('accounts as a', 'a.id', 'o.account_id')
      .select([
        'o.status',
        'o.held_from',
        'o.currency',
        'o.total_amount',
        'o.taxes',
        'o.handling_charge',
        'o.created_at',
      ])
      .select('a.country')
      .execute()
    const placed = (country: 'cn' | 'in') => {
      const since = countryClock(at, country).startOf('day').valueOf()
      const mine = orders.filter(
        (o) => o.country === country && new Date(o.created_at).valueOf() >= since && new Date(o.created_at) <= at,
      )
      const value: Record<string, number> = {}
      for (const o of mine)
        value[o.currency] =
          (value[o.currency] ?? 0) + Number(o.total_amount) + Number(o.taxes) + Number(o.handling_charge)
      return { count: mine.length, value }
    }
    const waiting = orders.filter((o) => (REVIEW_STATUSES as readonly string[]).includes(o.status) && !o.held_from)
    const queue = (rows: { status: string; due: Date | string; since: Date | string }[], open: string[]) => {
      const pending = rows.filter((r) => open.includes(r.status))
      const oldest = pending.map((r) => new Date(r.since).valueOf()).sort((a, b) => a - b)[0]
      return {
        pending: pending.length,
        overdue: pending.filter((r) => new Date(r.due) < at).length,
        oldestAt: oldest === undefined ? null : new Date(oldest).toISOString(),
      }
    }
    const decision = async (table: 'ship_to_reviews' | 'onboarding_requests' | 'supply_center_requests') =>
      queue(
        (await db.selectFrom(table).select(['status', 'review_due_by', 'submitted_at']).execute()).map((r) => ({
          status: r.status,
          due: r.review_due_by,
          since: r.submitted_at,
        })),
        ['PENDING'],
      )
    const requests = (
      await db.selectFrom('order_requests').select(['status', 'follow_up_by', 'created_at']).execute()
    ).map((r) => ({ status: r.status, due: r.follow_up_by, since: r.created_at }))
    const deliveries = await db.selectFrom('webhook_deliveries').select(['status', 'attempts', 'created_at']).execute()
    const failing = deliveries.filter((d) => d.status === 'dead' || (d.status === 'pending' && d.attempts > 0))
    return {
      cn: placed('cn'),
      in: placed('in'),
      waiting: waiting.length,
      shipTos: await decision('ship_to_reviews'),
      onboarding: await decision('onboarding_requests'),
      supplyCentre: await decision('supply_center_requests'),
      orderRequests: queue(requests, ['pending', 'in_progress']),
      webhooks: {
        failing: failing.length,
        dead: failing.filter((d) => d.status === 'dead').length,
      },
    }
  }

  const minorOf = (t: Today, country: 'cn' | 'in') =>
    Object.fromEntries(
      t
        .orders!.placedToday.find((p) => p.country === country)!
        .value.map((v) => [v.currency, Math.round(v.amount * 100)]),
    )

  it('the administrator sees every block, each figure as the tables hold it', async () => {
    const t = await today('staff-administrator')
    const want = await expected(new Date(t.at))
    for (const block of ['orders', 'shipTos', 'onboarding', 'supplyCentre', 'orderRequests', 'flashSales', 'webhooks'])
      assert.ok(block in t, `block ${block}`)
    const cn = t.orders!.placedToday.find((p) => p.country === 'cn')!
    assert.equal(cn.count, want.cn.count)
    assert.deepEqual(minorOf(t, 'cn'), want.cn.value)
    assert.equal(t.orders!.placedToday.find((p) => p.country === 'in')!.count, want.in.count)
    // "today" is each country's own day: midnight Asia/Shanghai, midnight Asia/Kolkata
    assert.equal(cn.since, countryClock(t.at, 'cn').startOf('day').toDate().toISOString())
    assert.equal(
      t.orders!.placedToday.find((p) => p.country === 'in')!.since,
      countryClock(t.at, 'in').startOf('day').toDate().toISOString(),
    )
    assert.equal(t.orders!.awaitingDecision.total, want.waiting)
    assert.deepEqual(Object.keys(t.orders!.awaitingDecision.byStatus).sort(), [...REVIEW_STATUSES].sort())
    assert.deepEqual(t.shipTos, want.shipTos)
    assert.deepEqual(t.onboarding, want.onboarding)
    assert.deepEqual(t.supplyCentre, want.supplyCentre)
    assert.deepEqual(t.orderRequests, want.orderRequests)
    assert.ok(want.shipTos.pending > 0 && want.supplyCentre.pending > 0, 'the seed has pending decisions')
    assert.equal(t.webhooks!.failing, want.webhooks.failing)
    assert.equal(t.webhooks!.dead, want.webhooks.dead)
  })

  it('a placed order counts in today and its value; a live flash sale shows its stock and orders per minute', async () => {
    const { db } = ctx()
    const before = await today('staff-administrator')
    const { place, cartOfOne } = orderApi(ctx)
    const { t: buyer } = await cartOfOne('approved.cn', 7)
    const r = await place(buyer, { addressKey: 'ST-1000001-01', termsAccepted: true })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const placed = await db
      .selectFrom('orders')
      .selectAll()
      .where(
        'order_number',
        'in',
        r.body.data.orders.map((o: { orderNumber: string }) => o.orderNumber),
      )
      .execute()
    const paid = placed.reduce((s, o) => s + Number(o.total_amount) + Number(o.taxes) + Number(o.handling_charge), 0)

    // a sale live now, and the placed order counted as one of its orders (within the last 10 minutes)
    const sale = await db
      .selectFrom('flash_sales')
      .select(['id', 'total_qty'])
      .where('country', '=', 'cn')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await db
      .updateTable('flash_sales')
      .set({
        start_at: new Date(Date.now() - 3600_000),
        end_at: new Date(Date.now() + 3600_000),
        ended_at: null,
        remain_qty: Math.min(7, sale.total_qty),
      })
      .where('id', '=', sale.id)
      .execute()
    await db.updateTable('orders').set({ flash_sale_id: sale.id }).where('id', '=', placed[0].id).execute()

    const after = await today('staff-administrator')
    const want = await expected(new Date(after.at))
    const cnBefore = before.orders!.placedToday.find((p) => p.country === 'cn')!
    const cnAfter = after.orders!.placedToday.find((p) => p.country === 'cn')!
    assert.equal(cnAfter.count, cnBefore.count + placed.length)
    assert.equal(cnAfter.count, want.cn.count)
    assert.equal((minorOf(after, 'cn').CNY ?? 0) - (minorOf(before, 'cn').CNY ?? 0), paid)
    assert.deepEqual(minorOf(after, 'cn'), want.cn.value)
    const live = after.flashSales!.find((f) => f.id === sale.id)
    assert.ok(live, 'the live sale is listed')
    assert.equal(live.remainQty, Math.min(7, sale.total_qty))
    assert.equal(live.totalQty, sale.total_qty)
    assert.equal(live.ordersLast10Min, 1)
    assert.equal(live.ordersPerMinute, 0.1)
    // a sale ended by staff is no longer live
    await db.updateTable('flash_sales').set({ ended_at: new Date() }).where('id', '=', sale.id).execute()
    assert.equal(
      (await today('staff-administrator')).flashSales!.find((f) => f.id === sale.id),
      undefined,
    )
  })

  it('each role sees only the blocks of its permissions (no order block without order.review)', async () => {
    const finance = await today('staff-finance')
    assert.deepEqual(Object.keys(finance), ['at'], 'finance decides none of the queues')
    const desk = await today('staff-orderDesk')
    assert.deepEqual(Object.keys(desk).sort(), [
      'at',
      'onboarding',
      'orderRequests',
      'orders',
      'shipTos',
      'supplyCentre',
    ])
    const service = await today('staff-customerService')
    assert.equal(service.orders, undefined, 'customer service has no order.review')
    assert.deepEqual(Object.keys(service).sort(), ['at', 'onboarding', 'orderRequests', 'shipTos'])
    const marketing = await today('staff-marketing')
    assert.deepEqual(Object.keys(marketing).sort(), ['at', 'flashSales'])
  })

  it('refused without a staff token (401), and a buyer token is not one', async () => {
    const none = await ctx().app.inject({ method: 'GET', url: '/api/admin/today' })
    assert.equal(none.statusCode, 401)
    const { cartOfOne } = orderApi(ctx)
    const { t } = await cartOfOne('approved.cn', 8)
    const buyer = await ctx().app.inject({ method: 'GET', url: '/api/admin/today', headers: auth(t) })
    assert.equal(buyer.statusCode, 401)
  })

  // issue 25: "Forms show server field errors": a refused body names each field in `fields`, in the request's language
  it('a refused body answers VALIDATION_ERROR with its fields, in the request language; message unchanged', async () => {
    const token = await staffToken(ctx().db, 'staff-administrator')
    const send = (languagecode: string, payload: object) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/admin/staff/staff-finance/roles',
        headers: { languagecode, ...auth(token) },
        payload,
      })
    const en = await send('en', { roles: ['finance', 'finance'], extra: 1 })
    assert.equal(en.statusCode, 400)
    const body = en.json()
    assert.equal(body.code, 'VALIDATION_ERROR')
    assert.match(body.message, /body\/extra is not allowed/)
    assert.equal(body.fields.extra, 'Not an accepted field')
    const missing = await send('zh', {})
    assert.equal(missing.json().fields.roles, '必填')
    assert.match(missing.json().message, /body\/roles 为必填项/)
    const wrong = await send('en', { roles: ['nobody'] })
    assert.ok(wrong.json().fields['roles.0'], JSON.stringify(wrong.json()))
    // a refused query string has no fields (no form sends it)
    const q = await ctx().app.inject({
      method: 'GET',
      url: '/api/admin/audit?pageSize=1000',
      headers: { languagecode: 'en', ...auth(token) },
    })
    assert.equal(q.statusCode, 400)
    assert.equal(q.json().fields, undefined)
  })
})
