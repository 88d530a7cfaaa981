import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { auth, describeEachDb, tokenFor, userRow, type TestContext } from './helpers'
import { firstPricedProductId, flashOrderBody, openFlashSale } from '../support/flash-sale'

/**
 * Issue 24, Out: "every business event (order placed, cancelled, return requested, ship-to added, account changed...)
 * is written to an outbox in the same transaction as the change". Each buyer write path here leaves its event, with
 * the ids and numbers the ERP needs and no token; a refused change leaves none. (Delivery: outbox.test.ts.)
 */

const EN = { countrycode: 'cn', languagecode: 'en' }

const eventsSince = async (db: Kysely<DB>, seq: string, type: string) =>
  (
    await db
      .selectFrom('outbox_events')
      .selectAll()
      .where('seq', '>', seq)
      .where('type', '=', type)
      .orderBy('seq')
      .execute()
  ).map((e) => ({ id: e.id, data: (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as any }))

const lastSeq = async (db: Kysely<DB>) =>
  String((await sql<{ s: string }>`SELECT coalesce(max(seq), 0)::text AS s FROM outbox_events`.execute(db)).rows[0].s)

describeEachDb('business events written to the outbox with their change (issue 24)', (ctx: () => TestContext) => {
  const post = (url: string, token: string, payload: object, headers: Record<string, string> = EN) =>
    ctx().app.inject({ method: 'POST', url, headers: auth(token, headers), payload })

  it('"account changed": a persona saved writes account.changed; a refused save writes nothing', async () => {
    const { db } = ctx()
    const t = await tokenFor(ctx(), 'approved.cn')
    const u = await userRow(ctx(), 'approved.cn')
    const from = await lastSeq(db)
    const bad = await post('/api/persona', t, { roles: ['astronaut'], industries: [], interestAreas: [] })
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(await eventsSince(db, from, 'account.changed'), [])
    const res = await post('/api/persona', t, { roles: ['lab-manager'], industries: ['academic'], interestAreas: [] })
    assert.equal(res.statusCode, 200, res.body)
    const [e, ...more] = await eventsSince(db, from, 'account.changed')
    assert.equal(more.length, 0)
    assert.deepEqual(e.data, {
      userId: u.id,
      accountId: u.account_id,
      change: 'persona',
      roles: ['lab-manager'],
      industries: ['academic'],
      interestAreas: [],
    })
  })

  it('"cancelled, return requested": a cancel request writes order_request.created; the refused second one writes nothing', async () => {
    const { db } = ctx()
    const t = await tokenFor(ctx(), 'approved.cn')
    const u = await userRow(ctx(), 'approved.cn')
    const o = await db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('account_id', '=', u.account_id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    await db.updateTable('orders').set({ status: 'SUBMITTED' }).where('id', '=', o.id).execute()
    const body = {
      category: 'order_error',
      subCategory: 'wrong_quantity',
      contactName: 'Li Lei',
      phone: '+86-13800138000',
      email: 'li.lei@example.com',
    }
    const from = await lastSeq(db)
    const url = `/api/order/${encodeURIComponent(o.order_number)}/cancel`
    const res = await post(url, t, body)
    assert.equal(res.statusCode, 200, res.body)
    assert.equal((await post(url, t, body)).statusCode, 409)
    const events = await eventsSince(db, from, 'order_request.created')
    assert.equal(events.length, 1)
    assert.equal(events[0].data.kind, 'cancel')
    assert.equal(events[0].data.orderNumber, o.order_number)
    assert.equal(events[0].data.orderId, o.id)
    assert.equal(events[0].data.userId, u.id)
    assert.equal(events[0].data.files, 0)
  })

  it('"order placed" by flash buy: order.placed with the sale, the line and the amounts; a refused placement writes nothing', async () => {
    const { db } = ctx()
    const t = await tokenFor(ctx(), 'approved.cn')
    const saleId = `FS-OUTBOX-${process.pid}`
    await openFlashSale(db, {
      id: saleId,
      productId: await firstPricedProductId(db),
      stock: 10,
      limit: 5,
      maxOrder: 5,
      text: 'outbox',
    })
    const from = await lastSeq(db)
    const key = () => ({ ...EN, 'idempotency-key': `outbox-fb-${process.pid}-${Math.random()}` })
    const refused = await post('/api/flashbuy/place/order', t, flashOrderBody(saleId, 9, 'ST-1000001-01'), key())
    assert.equal(refused.statusCode, 409, refused.body)
    assert.deepEqual(await eventsSince(db, from, 'order.placed'), [])
    const res = await post('/api/flashbuy/place/order', t, flashOrderBody(saleId, 2, 'ST-1000001-01'), key())
    assert.equal(res.statusCode, 200, res.body)
    const placed = res.json().data[0]
    const [e, ...more] = await eventsSince(db, from, 'order.placed')
    assert.equal(more.length, 0)
    assert.equal(e.data.orderNumber, placed.orderNumber)
    assert.equal(e.data.salesOrderNumber, placed.salesOrderNumber)
    assert.equal(e.data.source, 'flashbuy')
    assert.equal(e.data.flashSaleId, saleId)
    assert.equal(e.data.currency, 'CNY')
    assert.equal(e.data.totalAmount, 39.8) // 2 × ¥19.90, in yuan as the API shows it
    assert.equal(e.data.lines.length, 1)
    assert.equal(e.data.lines[0].quantity, 2)
    assert.equal(e.data.lines[0].unitPrice, 19.9)
    assert.equal(e.data.shipTo.addressKey, 'ST-1000001-01')
    assert.doesNotMatch(JSON.stringify(e.data), /token|secret|password/i)
  })

  it('no webhook URL configured: events are recorded, no delivery is written', async () => {
    const { db } = ctx()
    const n = await sql<{
      n: number
    }>`SELECT count(*)::int AS n FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id
      WHERE e.id <> 'evt_01seed00000000000000000001'`.execute(db)
    assert.equal(n.rows[0].n, 0)
  })
})
