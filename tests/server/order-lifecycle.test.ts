import { it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { describeEachDb, tokenFor, auth, TEST_JWT_SECRET, type TestContext, userRow } from './helpers'
import { buildApp } from '../../server/app'
import { advanceDueOrders, lifecycleJobOptions } from '../../server/domains/order/lifecycle'
import { loadConfig } from '../../server/config'

/**
 * Issue 12: "Orders move through their statuses over time: a server-side job (or a protected operator
 * endpoint, never reachable with a shopper's token) advances them and adds shipments, so the flow can
 * be seen end to end." On PGlite and PostgreSQL.
 */

delete process.env.OPS_TOKEN
delete process.env.ORDER_LIFECYCLE_INTERVAL_MS
const OPS = 'ops-token-for-lifecycle-0123456789'
const EN = { countrycode: 'cn', languagecode: 'en' }
const HOUR = 3_600_000

let n = 0
/** A copy of one of approved.cn's (or approved.in's) orders in `status`, last changed `ageMs` ago, without shipments. */
async function freshOrder(ctx: TestContext, status: string, ageMs = 2 * HOUR, user = 'approved.cn') {
  const u = await userRow(ctx.db, user)
  const src = await ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('account_id', '=', u.account_id)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow()
  const k = ++n
  const at = new Date(Date.now() - ageMs).toISOString()
  const { id: _id, ...rest } = src
  const row = await ctx.db
    .insertInto('orders')
    .values({
      ...rest,
      order_number: String(4_800_000 + k + (ctx.kind === 'postgres' ? 500 : 0)),
      sales_order_number: String(14_800_000 + k),
      placement_id: null,
      additional_emails: JSON.stringify(rest.additional_emails),
      ship_to_snapshot: JSON.stringify(rest.ship_to_snapshot),
      promo_codes: JSON.stringify(rest.promo_codes),
      contacts: rest.contacts === null ? null : JSON.stringify(rest.contacts),
      status,
      created_at: at,
      updated_at: at,
    } as never)
    .returning(['id', 'order_number', 'account_id', 'ship_to_key'])
    .executeTakeFirstOrThrow()
  return row
}
const statusOf = async (ctx: TestContext, id: number) =>
  (await ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const shipmentsOf = (ctx: TestContext, id: number) =>
  ctx.db.selectFrom('shipments').selectAll().where('order_id', '=', id).execute()

describeEachDb('order lifecycle: the job', (ctx) => {
  it('advances orders one step per run: SUBMITTED → IN_PROGRESS → SHIPPED (a shipment is added) → COMPLETED (signed)', async () => {
    // everything else older than the test's orders is parked so each run moves only what the test made
    await ctx().db.updateTable('orders').set({ updated_at: new Date() }).execute()
    const o = await freshOrder(ctx(), 'SUBMITTED')
    const india = await freshOrder(ctx(), 'IN_PROGRESS', 2 * HOUR, 'approved.in')
    const young = await freshOrder(ctx(), 'SUBMITTED', 60_000)
    const opts = { minAgeMs: HOUR }
    await advanceDueOrders(ctx().db, opts)
    assert.equal(await statusOf(ctx(), o.id), 'IN_PROGRESS')
    assert.equal(await statusOf(ctx(), young.id), 'SUBMITTED', 'an order younger than the age waits')
    assert.equal(await statusOf(ctx(), india.id), 'SHIPPED')
    const inShip = await shipmentsOf(ctx(), india.id)
    assert.equal(inShip.length, 1)
    assert.ok(['Blue Dart', 'Delhivery'].includes(inShip[0].carrier), 'an Indian order ships with an Indian carrier')

    // the step just taken made the order young again: the next run at the same time leaves it
    await advanceDueOrders(ctx().db, opts)
    assert.equal(await statusOf(ctx(), o.id), 'IN_PROGRESS')
    const later = new Date(Date.now() + 2 * HOUR)
    await advanceDueOrders(ctx().db, { ...opts, now: later })
    assert.equal(await statusOf(ctx(), o.id), 'SHIPPED')
    const ships = await shipmentsOf(ctx(), o.id)
    assert.equal(ships.length, 1)
    assert.ok(['顺丰速运', '京东物流'].includes(ships[0].carrier))
    assert.match(ships[0].express_number, /^(SF\d{12}|JDVA\d{11})$/)
    assert.equal(ships[0].signed_at, null)
    await advanceDueOrders(ctx().db, { ...opts, now: new Date(later.getTime() + 2 * HOUR) })
    assert.equal(await statusOf(ctx(), o.id), 'COMPLETED')
    const signed = await shipmentsOf(ctx(), o.id)
    assert.equal(signed.length, 1, 'completing adds no second shipment')
    assert.ok(signed[0].signed_at !== null)
    assert.equal(signed[0].package_status, 'SIGNED')
    await advanceDueOrders(ctx().db, { ...opts, now: new Date(later.getTime() + 10 * HOUR) })
    assert.equal(await statusOf(ctx(), o.id), 'COMPLETED', 'final')
  })

  it('PENDING_ADDRESS_VALIDATION stays until the address is approved; reviews and CANCELLED are never moved', async () => {
    const o = await freshOrder(ctx(), 'PENDING_ADDRESS_VALIDATION')
    const review = await freshOrder(ctx(), 'PENDING_REVIEW')
    const cancelled = await freshOrder(ctx(), 'CANCELLED')
    const st = await ctx()
      .db.selectFrom('ship_tos')
      .select(['id', 'address_status'])
      .where('account_id', '=', o.account_id)
      .where('address_key', '=', o.ship_to_key)
      .executeTakeFirstOrThrow()
    await ctx().db.updateTable('ship_tos').set({ address_status: 'PENDING' }).where('id', '=', st.id).execute()
    try {
      await advanceDueOrders(ctx().db, { minAgeMs: HOUR })
      assert.equal(await statusOf(ctx(), o.id), 'PENDING_ADDRESS_VALIDATION')
      await ctx().db.updateTable('ship_tos').set({ address_status: 'ACTIVE' }).where('id', '=', st.id).execute()
      await advanceDueOrders(ctx().db, { minAgeMs: HOUR })
      assert.equal(await statusOf(ctx(), o.id), 'SUBMITTED', 'approved address: the order is released')
    } finally {
      await ctx()
        .db.updateTable('ship_tos')
        .set({ address_status: st.address_status })
        .where('id', '=', st.id)
        .execute()
    }
    assert.equal(await statusOf(ctx(), review.id), 'PENDING_REVIEW')
    assert.equal(await statusOf(ctx(), cancelled.id), 'CANCELLED')
  })

  it('the job runs on its own when ORDER_LIFECYCLE_INTERVAL_MS is set, and is off otherwise', async () => {
    assert.equal(lifecycleJobOptions(loadConfig({})), null, 'off unless set')
    assert.deepEqual(
      lifecycleJobOptions(loadConfig({ ORDER_LIFECYCLE_INTERVAL_MS: '60000' })),
      { intervalMs: 60000, minAgeMs: 10 * 60_000 },
      'orders wait 10 minutes by default',
    )
    const o = await freshOrder(ctx(), 'SUBMITTED')
    process.env.ORDER_LIFECYCLE_INTERVAL_MS = '50'
    process.env.ORDER_LIFECYCLE_MIN_AGE_MS = String(HOUR)
    const app = buildApp({ db: ctx().db, jwtSecret: TEST_JWT_SECRET })
    try {
      await app.ready()
      const until = Date.now() + 5000
      while ((await statusOf(ctx(), o.id)) === 'SUBMITTED' && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50))
      assert.equal(await statusOf(ctx(), o.id), 'IN_PROGRESS')
    } finally {
      delete process.env.ORDER_LIFECYCLE_INTERVAL_MS
      delete process.env.ORDER_LIFECYCLE_MIN_AGE_MS
      await app.close()
    }
  })
})

describeEachDb('order lifecycle: the operator endpoint', (ctx) => {
  let app: ReturnType<typeof buildApp>
  before(async () => {
    process.env.OPS_TOKEN = OPS
    app = buildApp({ db: ctx().db, jwtSecret: TEST_JWT_SECRET })
    await app.ready()
    delete process.env.OPS_TOKEN
  })
  after(async () => {
    await app?.close()
  })
  const advance = (orderNumber: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/ops/orders/${orderNumber}/advance`, headers: { ...EN, ...headers } })

  it('not there without OPS_TOKEN', async () => {
    const o = await freshOrder(ctx(), 'SUBMITTED')
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/ops/orders/${o.order_number}/advance`,
      headers: { ...EN, 'x-ops-token': OPS },
    })
    assert.equal(res.statusCode, 404)
    assert.equal(await statusOf(ctx(), o.id), 'SUBMITTED')
  })

  it("a shopper's token is no key (401/403); the key moves one order one step now and shows its shipment", async () => {
    const o = await freshOrder(ctx(), 'IN_PROGRESS', 0)
    const shopper = await tokenFor(ctx(), 'approved.cn')
    assert.equal((await advance(o.order_number, auth(shopper))).statusCode, 401)
    assert.equal((await advance(o.order_number, { 'x-ops-token': shopper })).statusCode, 403)
    assert.equal((await advance(o.order_number, { 'x-ops-token': OPS.slice(0, -1) + 'x' })).statusCode, 403)
    assert.equal(await statusOf(ctx(), o.id), 'IN_PROGRESS')

    const res = await advance(o.order_number, { 'x-ops-token': OPS })
    assert.equal(res.statusCode, 200)
    const d = res.json().data
    assert.equal(d.moved, true)
    assert.equal(d.from, 'IN_PROGRESS')
    assert.equal(d.status, 'SHIPPED')
    assert.equal(d.shipments.length, 1)
    // the shopper sees the shipment on the order detail
    const detail = await app.inject({
      method: 'GET',
      url: `/api/order/detail/${o.order_number}`,
      headers: auth(shopper, EN),
    })
    assert.equal(detail.json().data.status, 'SHIPPED')
    assert.equal(detail.json().data.shipments[0].expressNumber, d.shipments[0].expressNumber)

    assert.equal((await advance(o.order_number, { 'x-ops-token': OPS })).json().data.status, 'COMPLETED')
    const fin = (await advance(o.order_number, { 'x-ops-token': OPS })).json().data
    assert.equal(fin.moved, false)
    assert.equal(fin.reason, 'final')
    assert.equal((await advance('9999999999', { 'x-ops-token': OPS })).statusCode, 404)
  })

  it('makes confirmation links: a pre-order link expires 24 hours later', async () => {
    const o = await freshOrder(ctx(), 'TO_BE_CONFIRMED', 0)
    const res = await app.inject({
      method: 'POST',
      url: `/api/ops/orders/${o.order_number}/confirmation`,
      headers: { ...EN, 'x-ops-token': OPS },
      payload: { kind: 'preorder' },
    })
    assert.equal(res.statusCode, 200)
    const { token, path, expiresAt } = res.json().data
    assert.equal(path, `/order-confirmation/${token}`)
    const hours = (new Date(expiresAt).getTime() - Date.now()) / HOUR
    assert.ok(hours > 23.9 && hours <= 24, `24 hours, got ${hours}`)
    const link = await app.inject({ method: 'GET', url: `/api/order/confirm/${token}`, headers: EN })
    assert.equal(link.json().data.state, 'pending')
    assert.equal(link.json().data.kind, 'preorder')
    const noKey = await app.inject({
      method: 'POST',
      url: `/api/ops/orders/${o.order_number}/confirmation`,
      headers: EN,
      payload: { kind: 'preorder' },
    })
    assert.equal(noKey.statusCode, 401)
  })
})
