import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { Webhook } from 'standardwebhooks'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { DbHandle } from '../../server/db'
import { startErpStandin, type ErpStandin } from '../../server/erp-standin'
import { DB_KINDS, openTestDb, closeTestDb, TEST_JWT_SECRET, type TestContext } from './helpers'
import { erpClient, type ErpClient } from './erp-helpers'
import { orderApi } from './order-harness'
import { newWebhookSecret, until } from './outbox-receiver'
import { staffToken } from './staff-helpers'

/**
 * Issue 24: "The stand-in ERP (like the WeChat stand-in, development and tests only) receives the webhooks, checks
 * their signatures, and calls the inbound API to move orders along with shipments and invoices. It replaces the timer
 * lifecycle, which is removed." The store and the stand-in talk over HTTP as a real ERP would: signed webhooks out,
 * client-credentials calls in. Nothing waits for a fixed time: each test waits until the stand-in is idle.
 */

const SECRET = newWebhookSecret()
const BUYER = 'approved.cn'

for (const kind of DB_KINDS) {
  describe(`[${kind}] the stand-in ERP moves orders along through the inbound API (issue 24)`, () => {
    let handle: DbHandle
    let app: FastifyInstance
    let standin: { hooksUrl: string; standin: ErpStandin; close: () => Promise<void> }
    let storeUrl = ''
    let erp: ErpClient | null = null
    const ctx = (): TestContext => ({ kind, app, db: handle.db })
    const { place, cartOfOne } = orderApi(ctx)

    before(async () => {
      handle = await openTestDb(kind)
      standin = await startErpStandin({
        storeUrl: () => storeUrl,
        webhookSecret: SECRET,
        credentials: () => erp,
      })
      app = buildApp({
        db: handle.db,
        jwtSecret: TEST_JWT_SECRET,
        config: loadConfig({
          WEBHOOK_URLS: standin.hooksUrl,
          WEBHOOK_SECRET: SECRET,
          WEBHOOK_POLL_MS: '20',
          WEBHOOK_BACKOFF_BASE_MS: '40',
          WEBHOOK_BACKOFF_CAP_MS: '300',
        }),
      })
      storeUrl = await app.listen({ port: 0, host: '127.0.0.1' })
      // the administrator makes the stand-in's integration client through the admin API
      erp = await erpClient(app, handle.db, ['erp:orders', 'erp:invoices'])
    })
    after(async () => {
      await standin?.close()
      await app?.close()
      if (handle) await closeTestDb(handle)
    })

    const detail = async (token: string, orderNumber: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/order/detail/${orderNumber}`,
        headers: { authorization: `Bearer ${token}`, languagecode: 'en', countrycode: 'cn' },
      })
      assert.equal(res.statusCode, 200, res.body)
      return res.json().data as {
        status: string
        shipments: { carrier: string; expressNumber: string }[]
        invoices?: { invoiceNumber: string; billToNumber: string }[]
      }
    }

    it('an order placed is shipped with a tracking number and invoiced with its PDF; the buyer sees both and earns the points', async () => {
      const { t } = await cartOfOne(BUYER, 70, 2)
      const r = await place(t, { addressKey: 'ST-1000001-01', termsAccepted: true, billToNumber: '2000001' })
      assert.equal(r.status, 200, JSON.stringify(r.body))
      const orderNumber: string = r.body.data.orders[0].orderNumber

      await until(
        () => standin.standin.actions.some((a) => a.orderNumber === orderNumber && a.step === 'invoice'),
        'the stand-in invoiced the order',
      )
      await standin.standin.idle()
      assert.deepEqual(
        standin.standin.actions.filter((a) => a.orderNumber === orderNumber).map((a) => [a.step, a.ok]),
        [
          ['in-progress', true],
          ['shipment', true],
          ['invoice', true],
        ],
      )
      const d = await detail(t, orderNumber)
      assert.equal(d.status, 'SHIPPED')
      assert.equal(d.shipments.length, 1)
      assert.match(d.shipments[0].expressNumber, /^(SF\d{12}|JDVA\d{11})$/, 'a CN carrier’s tracking number')
      assert.equal(d.invoices?.length, 1, 'the invoice is on the order')
      assert.equal(d.invoices![0].billToNumber, '2000001')

      const [inv, order] = await Promise.all([
        handle.db
          .selectFrom('invoices')
          .select(['amount', 'currency'])
          .where('invoice_number', '=', d.invoices![0].invoiceNumber)
          .executeTakeFirstOrThrow(),
        handle.db
          .selectFrom('orders')
          .select('total_amount')
          .where('order_number', '=', orderNumber)
          .executeTakeFirstOrThrow(),
      ])
      assert.deepEqual([Number(inv.amount), inv.currency], [Number(order.total_amount), 'CNY'], 'the order’s total')

      // "points credited" (types/membership/points.ts: an order earns once it has left the warehouse)
      const points = await app.inject({
        method: 'GET',
        url: '/api/membership/points/entries',
        headers: { authorization: `Bearer ${t}`, languagecode: 'en', countrycode: 'cn' },
      })
      assert.equal(points.statusCode, 200, points.body)
      assert.ok(
        JSON.stringify(points.json().data).includes(orderNumber),
        `the points entries name the order ${orderNumber}: ${points.body.slice(0, 400)}`,
      )
    })

    it('a webhook whose signature does not verify is refused (400) and recorded nowhere', async () => {
      const before = standin.standin.events.length
      const body = JSON.stringify({ type: 'order.placed', timestamp: new Date().toISOString(), data: {} })
      const headers = {
        'content-type': 'application/json',
        'webhook-id': 'evt_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,' + Buffer.from('x'.repeat(32)).toString('base64'),
      }
      const res = await fetch(standin.hooksUrl, { method: 'POST', headers, body })
      assert.equal(res.status, 400)
      assert.equal(standin.standin.events.length, before)
      assert.ok(standin.standin.refused() >= 1)
    })

    it('an order in review is left alone until the order desk approves it, then ships; a webhook sent twice is taken once', async () => {
      const o = await handle.db
        .selectFrom('orders')
        .select(['order_number', 'currency', 'total_amount', 'bill_to_number'])
        .where('status', '=', 'PENDING_REVIEW')
        .where('held_from', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
      // the order.placed webhook the store sent when it was placed (the seed wrote it without one)
      const id = `evt_seed_${o.order_number}`
      const body = JSON.stringify({
        type: 'order.placed',
        timestamp: new Date().toISOString(),
        data: {
          orderNumber: o.order_number,
          status: 'PENDING_REVIEW',
          currency: o.currency,
          totalAmount: Number(o.total_amount) / 100,
          billToNumber: o.bill_to_number,
        },
      })
      const send = async () => {
        const at = new Date()
        const res = await fetch(standin.hooksUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': new Webhook(SECRET).sign(id, at, body),
          },
          body,
        })
        assert.equal(res.status, 204)
      }
      await send()
      await send()
      await standin.standin.idle()
      assert.equal(standin.standin.events.filter((e) => e.webhookId === id).length, 1, 'kept once by its webhook-id')
      assert.deepEqual(
        standin.standin.actions.filter((a) => a.orderNumber === o.order_number),
        [],
        'nothing is posted for an order in review',
      )

      const approve = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${o.order_number}/review`,
        headers: { authorization: `Bearer ${await staffToken(handle.db, 'staff-orderDesk')}` },
        payload: { decision: 'approve' },
      })
      assert.equal(approve.statusCode, 200, approve.body)
      // the approval's order.status_changed (to SUBMITTED) reaches the stand-in, which takes the order
      await until(
        () => standin.standin.actions.some((a) => a.orderNumber === o.order_number && a.step === 'shipment'),
        'the stand-in shipped the approved order',
      )
      await standin.standin.idle()
      const after = await handle.db
        .selectFrom('orders')
        .select('status')
        .where('order_number', '=', o.order_number)
        .executeTakeFirstOrThrow()
      assert.equal(after.status, 'SHIPPED')
    })
  })
}
