import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { describeEachDb, tokenFor, auth, type TestContext, userRow } from './helpers'
import { ORDER_STATUS_CODES } from '../../types/order/schemas'
import { ORDER_STATUS_GROUPS } from '../../types/order/statuses'
import { orderHistorySince } from '../../types/order/history-rules'
import { orderableInStock } from '../support/orderable-products'

/**
 * GET /order/list, the order history (issue 12: "Order history: the last 3 months, filterable by
 * status and searchable by order or PO number … an empty state; load more on scroll"; spec §9 "Order
 * history shows the last 3 months"), on PGlite and PostgreSQL, with an IDOR matrix: an account sees
 * its own orders only, even when it searches another account's exact order number.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const DAY = 86_400_000
const USERS = ['approved.cn', 'approved.in', 'distributor.cn'] as const

type Item = {
  orderNumber: string
  salesOrderNumber: string
  createdAt: string
  status: string
  source: string
  poNumber: string | null
  total: number
  itemCount: number
  thumbnails: unknown[]
}

const accountOf = async (ctx: TestContext, name: string) => await userRow(ctx.db, name)

/** The account's orders of the window, newest first, straight from the table (the oracle). */
async function ownWindow(ctx: TestContext, name: string, since = orderHistorySince(new Date())) {
  const u = await accountOf(ctx, name)
  return ctx.db
    .selectFrom('orders')
    .select(['order_number', 'sales_order_number', 'po_number', 'status', 'created_at'])
    .where('account_id', '=', u.account_id!)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

let cloneN = 0
/** A copy of one of the account's orders with other numbers, date, source or status (lines and all, as a real order has). */
async function cloneOrder(
  ctx: TestContext,
  name: string,
  over: { createdAt: Date; source?: string; status?: string; poNumber?: string | null },
) {
  const u = await accountOf(ctx, name)
  const src = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('account_id', '=', u.account_id!)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow()
  const n = ++cloneN
  const orderNumber = String(4_900_000 + n)
  const { id, ...rest } = src
  const row = await ctx.db
    .insertInto('orders')
    .values({
      ...rest,
      order_number: orderNumber,
      sales_order_number: String(14_900_000 + n),
      placement_id: null,
      additional_emails: JSON.stringify(rest.additional_emails),
      ship_to_snapshot: JSON.stringify(rest.ship_to_snapshot),
      promo_codes: JSON.stringify(rest.promo_codes),
      contacts: rest.contacts === null ? null : JSON.stringify(rest.contacts),
      created_at: over.createdAt.toISOString(),
      updated_at: over.createdAt.toISOString(),
      source: over.source ?? rest.source,
      status: over.status ?? rest.status,
      po_number: over.poNumber === undefined ? rest.po_number : over.poNumber,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  await sql`INSERT INTO order_lines (order_id, line_number, product_id, sku, catalog_number, title_en, title_zh, size, image, quantity, allocated_qty, backordered_qty,
      estimated_ship_date, list_price, unit_price, final_price, line_total, delivery_channel, promo_codes)
    SELECT ${row.id}, line_number, product_id, sku, catalog_number, title_en, title_zh, size, image, quantity, allocated_qty, backordered_qty,
      estimated_ship_date, list_price, unit_price, final_price, line_total, delivery_channel, promo_codes FROM order_lines WHERE order_id = ${id}`.execute(
    ctx.db,
  )
  return orderNumber
}

describeEachDb('order history', (ctx) => {
  const get = async (url: string, token: string | null, headers = EN) => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: token ? auth(token, headers) : headers,
    })
    return { status: res.statusCode, body: res.json() }
  }
  const list = async (token: string, params: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
    const r = await get(`/order/list${qs ? `?${qs}` : ''}`, token)
    assert.equal(r.status, 200, JSON.stringify(r.body))
    return r.body.data as { items: Item[]; nextCursor: string | null; since: string }
  }
  /** every page, following nextCursor */
  const all = async (token: string, params: Record<string, string | number> = {}) => {
    const pages: Item[][] = []
    let cursor: string | null = null
    do {
      const d = await list(token, { ...params, ...(cursor ? { cursor } : {}) })
      pages.push(d.items)
      cursor = d.nextCursor
      assert.ok(pages.length < 100, 'the cursor never ends')
    } while (cursor)
    return { items: pages.flat(), pages }
  }

  it('"the last 3 months", newest first: each account gets exactly its own orders of the window', async () => {
    for (const name of USERS) {
      const t = await tokenFor(ctx(), name)
      const { items } = await all(t, { limit: 50 })
      const want = await ownWindow(ctx(), name)
      assert.ok(want.length > 5, `${name} has ${want.length} orders in the window`)
      assert.deepEqual(
        items.map((i) => i.orderNumber),
        want.map((o) => o.order_number),
        name,
      )
      // the seed has a year of history: the window leaves the older orders out
      const u = await accountOf(ctx(), name)
      const older = await ctx()
        .db.selectFrom('orders')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('account_id', '=', u.account_id!)
        .where('created_at', '<', new Date(Date.now() - 100 * DAY))
        .executeTakeFirstOrThrow()
      assert.ok(older.n > 0, `${name} has older orders to leave out`)
      for (const i of items) {
        assert.ok(Date.parse(i.createdAt) >= Date.now() - 93 * DAY, `${i.orderNumber} ${i.createdAt}`)
        assert.ok(i.itemCount >= 1 && i.thumbnails.length === Math.min(4, i.itemCount))
        assert.ok(i.total > 0)
      }
    }
  })

  it("the list total is the order detail's total", async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const d = await list(t, { limit: 5 })
    for (const i of d.items) {
      const det = await get(`/order/detail/${i.orderNumber}`, t)
      assert.equal(i.total, det.body.data.summary.total, i.orderNumber)
      assert.equal(i.itemCount, det.body.data.lines.length)
    }
  })

  it("IDOR matrix: another account's order, searched by its exact order, sales order or PO number, never appears", async () => {
    const tokens = Object.fromEntries(await Promise.all(USERS.map(async (n) => [n, await tokenFor(ctx(), n)] as const)))
    for (const victim of USERS) {
      const theirs =
        (await ownWindow(ctx(), victim)).find((o) => o.po_number && !o.po_number.startsWith('PO-')) ??
        (await ownWindow(ctx(), victim)).find((o) => o.po_number)!
      // the owner finds each (so the searches below can fail)
      for (const q of [theirs.order_number, theirs.sales_order_number, theirs.po_number!]) {
        const mine = await list(tokens[victim], { q })
        assert.ok(
          mine.items.some((i) => i.orderNumber === theirs.order_number),
          `${victim} finds own ${q}`,
        )
      }
      for (const attacker of USERS.filter((a) => a !== victim)) {
        const own = new Set((await ownWindow(ctx(), attacker)).map((o) => o.order_number))
        for (const q of [theirs.order_number, theirs.sales_order_number, theirs.po_number!]) {
          const d = await list(tokens[attacker], { q })
          assert.ok(!d.items.some((i) => i.orderNumber === theirs.order_number), `${attacker} sees ${victim}'s ${q}`)
          for (const i of d.items) assert.ok(own.has(i.orderNumber), `${attacker} got ${i.orderNumber}, not theirs`)
        }
        // and the detail of it stays refused
        assert.equal((await get(`/order/detail/${theirs.order_number}`, tokens[attacker])).status, 404)
        // the victim's cursor is a position only: with the attacker's token it pages the attacker's own orders
        const victimCursor = (await list(tokens[victim], { limit: 2 })).nextCursor!
        const crossed = await list(tokens[attacker], { cursor: victimCursor, limit: 50 })
        for (const i of crossed.items)
          assert.ok(own.has(i.orderNumber), `${attacker} got ${i.orderNumber} through ${victim}'s cursor`)
      }
    }
  })

  it('filter by status: a group of the chips or one code; every page holds only those statuses', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const window = await ownWindow(ctx(), 'approved.cn')
    for (const [group, codes] of Object.entries(ORDER_STATUS_GROUPS)) {
      const { items } = await all(t, { status: group, limit: 10 })
      assert.deepEqual(
        items.map((i) => i.orderNumber),
        window.filter((o) => (codes as readonly string[]).includes(o.status)).map((o) => o.order_number),
        group,
      )
    }
    for (const code of ['CANCELLED', 'Waiting for Delivery', 'PENDING_APPROVAL']) {
      const { items } = await all(t, { status: code })
      assert.deepEqual(
        items.map((i) => i.orderNumber),
        window.filter((o) => o.status === code).map((o) => o.order_number),
        code,
      )
      assert.ok(items.every((i) => i.status === code))
    }
    // open statuses are recent in the seed: the window holds some of each group
    const open = await list(t, { status: 'open' })
    assert.ok(open.items.length > 0)
    assert.ok(ORDER_STATUS_CODES.length === Object.values(ORDER_STATUS_GROUPS).flat().length)
  })

  it('search: exact or prefix of the order, sales order or PO number, case-insensitive and trimmed; % and _ are literal', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const window = await ownWindow(ctx(), 'approved.cn')
    const o = window[3]
    assert.deepEqual(
      (await list(t, { q: o.order_number })).items.map((i) => i.orderNumber),
      [o.order_number],
    )
    assert.deepEqual(
      (await list(t, { q: `  ${o.sales_order_number} ` })).items.map((i) => i.orderNumber),
      [o.order_number],
    )
    const prefix = o.order_number.slice(0, 5)
    const byPrefix = (await all(t, { q: prefix })).items
    const want = window.filter(
      (x) =>
        x.order_number.startsWith(prefix) ||
        x.sales_order_number.startsWith(prefix) ||
        (x.po_number ?? '').toLowerCase().startsWith(prefix),
    )
    assert.deepEqual(
      byPrefix.map((i) => i.orderNumber),
      want.map((x) => x.order_number),
    )
    assert.ok(byPrefix.length > 1)
    // a PO number, in other case: every order of that PO (an SC and a TFS half share one)
    const po = window.find((x) => x.po_number?.startsWith('PO-'))!
    const byPo = (await list(t, { q: po.po_number!.toLowerCase() })).items
    assert.deepEqual(
      byPo.map((i) => i.orderNumber),
      window
        .filter((x) => x.po_number?.toLowerCase().startsWith(po.po_number!.toLowerCase()))
        .map((x) => x.order_number),
    )
    assert.ok(byPo.every((i) => i.poNumber!.toLowerCase().startsWith(po.po_number!.toLowerCase())))
    // Chinese PO numbers too, by their start
    const zhPo = window.find((x) => x.po_number?.startsWith('课题组'))
    if (zhPo) assert.ok((await list(t, { q: '课题组' })).items.some((i) => i.orderNumber === zhPo.order_number))
    // LIKE wildcards are the buyer's text, not patterns
    assert.deepEqual((await list(t, { q: '%' })).items, [])
    assert.deepEqual((await list(t, { q: '_' })).items, [])
    assert.deepEqual((await list(t, { q: 'no-such-order' })).items, [])
    // a blank search is no search
    assert.equal((await list(t, { q: '   ', limit: 50 })).items.length, Math.min(50, window.length))
  })

  it('load more: pages of `limit` follow one another with no duplicate and no gap, filtered or not', async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const window = await ownWindow(ctx(), 'approved.cn')
    for (const limit of [1, 7, 50]) {
      const { items, pages } = await all(t, { limit })
      assert.deepEqual(
        items.map((i) => i.orderNumber),
        window.map((o) => o.order_number),
        `limit ${limit}`,
      )
      assert.equal(new Set(items.map((i) => i.orderNumber)).size, items.length)
      assert.ok(pages.slice(0, -1).every((p) => p.length === limit))
      for (let k = 1; k < items.length; k++) assert.ok(items[k - 1].createdAt >= items[k].createdAt)
    }
    const first = await list(t)
    assert.equal(first.items.length, Math.min(20, window.length)) // the default page
    // the window the answer covers: 3 calendar months back from now
    assert.ok(Math.abs(Date.parse(first.since) - orderHistorySince(new Date()).getTime()) < 60_000, first.since)
  })

  it('orders placed in the same millisecond are not skipped between pages (the cursor keeps microseconds)', async () => {
    const t = await tokenFor(ctx(), 'distributor.cn')
    const at = new Date(Date.now() - 3600_000)
    const u = await accountOf(ctx(), 'distributor.cn')
    const made: string[] = []
    for (let k = 0; k < 3; k++) made.push(await cloneOrder(ctx(), 'distributor.cn', { createdAt: at }))
    // three orders within one millisecond: .000100, .000200, .000300
    await sql`UPDATE orders SET created_at = ${at.toISOString()}::timestamptz + (((order_number::int % 10) * 100) || ' microseconds')::interval
      WHERE account_id = ${u.account_id} AND order_number IN (${sql.join(made)})`.execute(ctx().db)
    const { items } = await all(t, { limit: 1 })
    const got = items.map((i) => i.orderNumber)
    for (const n of made) assert.equal(got.filter((x) => x === n).length, 1, `${n} once`)
    assert.deepEqual(
      got,
      (await ownWindow(ctx(), 'distributor.cn')).map((o) => o.order_number),
    )
  })

  it('orders placed in the app appear first with the rest: a checkout order and a flash-buy order; the window edge holds', async () => {
    const t = await tokenFor(ctx(), 'approved.in')
    const since = orderHistorySince(new Date())
    const inside = await cloneOrder(ctx(), 'approved.in', {
      createdAt: new Date(since.getTime() + 3600_000),
      status: 'COMPLETED',
    })
    const outside = await cloneOrder(ctx(), 'approved.in', {
      createdAt: new Date(since.getTime() - 3600_000),
      status: 'COMPLETED',
    })
    const flash = await cloneOrder(ctx(), 'approved.in', {
      createdAt: new Date(Date.now() - 1000),
      source: 'flashbuy',
      status: 'SUBMITTED',
      poNumber: 'FB-PO-7',
    })
    // a real checkout placement
    const p = await orderableInStock(ctx().db, 10, 'in')
      .select('p.catalog_number')
      .orderBy('p.id')
      .offset(3)
      .limit(1)
      .executeTakeFirstOrThrow()
    const add = await ctx().app.inject({
      method: 'POST',
      url: '/api/cart/addItems',
      headers: auth(t, { countrycode: 'in', languagecode: 'en' }),
      payload: { items: [{ catalogNumber: p.catalog_number, quantity: 1 }] },
    })
    assert.equal(add.statusCode, 200, add.body)
    const placed = await ctx().app.inject({
      method: 'POST',
      url: '/api/order/placeOrder',
      headers: auth(t, {
        countrycode: 'in',
        languagecode: 'en',
        'idempotency-key': `hist-${process.pid}-${Date.now()}`,
      }),
      payload: { addressKey: 'ST-5000001-01', termsAccepted: true, poNumber: 'HIST-PO-1' },
    })
    assert.equal(placed.statusCode, 200, placed.body)
    const placedNumbers = (placed.json().data.orders as { orderNumber: string }[]).map((o) => o.orderNumber)

    const d = await list(t, { limit: 50 })
    const numbers = d.items.map((i) => i.orderNumber)
    assert.deepEqual(
      numbers.slice(0, placedNumbers.length).sort(),
      [...placedNumbers].sort(),
      'the new checkout order is first',
    )
    assert.equal(numbers[placedNumbers.length], flash)
    assert.equal(d.items[placedNumbers.length].source, 'flashbuy')
    assert.equal(d.items[0].poNumber, 'HIST-PO-1')
    const everything = (await all(t, { limit: 50 })).items.map((i) => i.orderNumber)
    assert.ok(everything.includes(inside), 'an order 1 hour inside the window is listed')
    assert.ok(!everything.includes(outside), 'an order 1 hour before the window is not')
    assert.deepEqual(
      (await list(t, { q: 'hist-po' })).items.map((i) => i.orderNumber).sort(),
      [...placedNumbers].sort(),
    )
    assert.deepEqual(
      (await list(t, { q: 'FB-PO-7', status: 'open' })).items.map((i) => i.source),
      ['flashbuy'],
    )
  })

  it('an account with no orders gets an empty list (spec §8 "Empty lists for orders")', async () => {
    const t = await tokenFor(ctx(), 'lite.cn')
    const d = await list(t, { limit: 50 })
    assert.deepEqual([d.items, d.nextCursor], [[], null])
  })

  it('anonymous is 401; bad query parameters are 400 VALIDATION_ERROR naming the field', async () => {
    const anon = await get('/order/list', null)
    assert.equal(anon.status, 401)
    assert.equal(anon.body.success, false)
    const t = await tokenFor(ctx(), 'approved.cn')
    const bad: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=ten', 'limit'],
      ['status=LOST', 'status'],
      [`q=${'9'.repeat(61)}`, 'q'],
      ['cursor=!!', 'cursor'],
      [`cursor=${Buffer.from('2026-01-01|1').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('2026-13-45T99:00:00.000000|1').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('2026-02-30T00:00:00.000000|1').toString('base64url')}`, 'cursor'],
      ['page=2', 'page'],
    ]
    for (const [qs, field] of bad) {
      const r = await get(`/order/list?${qs}`, t)
      assert.equal(r.status, 400, `${qs}: ${JSON.stringify(r.body)}`)
      assert.equal(r.body.code, 'VALIDATION_ERROR', qs)
      assert.match(r.body.message, new RegExp(field), qs)
    }
  })
})
