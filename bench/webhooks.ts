/**
 * The outbox's webhook delivery under order load (issue 24: "A bench row: events delivered per second and the lag
 * from commit to delivery at 300 orders/s (goal: p99 <= 1 s)"; prints figures, asserts nothing):
 *   DATABASE_URL=postgres://... npx tsx bench/webhooks.ts     # PostgreSQL only, own temporary database
 * An app with WEBHOOK_URLS pointing at a local receiver (tests/server/outbox-receiver.ts: it verifies every
 * signature) and the default delivery settings (poll 200 ms, 16 calls in flight). A worker thread places orders open
 * loop at BENCH_RATE (default 300) per second for BENCH_SECONDS (default 10): each placement is a real POST
 * /order/placeOrder of a cart refilled by one SQL statement (as bench/orders.ts's 'place' scenario), spread over
 * BENCH_BUYERS (default 120) accounts, a buyer never placing twice at once; a tick with no free buyer is skipped, so
 * the achieved rate is printed beside the goal. The lag of an event is its arrival at the receiver minus its
 * `timestamp` (now() of the placement's transaction, a little before the commit: the figure errs high).
 */
import { Worker } from 'node:worker_threads'
import Fastify from 'fastify'
import { sql } from 'kysely'
import { emitEvent } from '../server/domains/platform'
import { openBenchDb, serveSeededApp } from './temp-db'
import { atMost, context, record } from './report'
import { signAccessToken } from '../server/domains/auth/tokens'
import { orderableCatalogNumbers, runBench } from './support'
import { addBuyer, seededUser } from '../tests/support/buyer-account'
import { newWebhookSecret, until, WebhookReceiver } from '../tests/server/outbox-receiver'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RATE = Number(process.env.BENCH_RATE ?? 300)
const BUYERS = Number(process.env.BENCH_BUYERS ?? 120)

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const { url, refillUrl, buyers, catalog, seconds, rate } = workerData
const free = buyers.slice()
let placed = 0, errors = 0, skipped = 0, seq = 0
const answered = []
const other = {}
const t0 = performance.now()
const total = Math.round(seconds * rate)
async function one(b) {
  try {
    const items = [0, 1, 2].map((k) => ({ catalogNumber: catalog[(seq * 3 + k * 17) % catalog.length], quantity: 1 + k }))
    seq++
    const a = await fetch(refillUrl + '/refill', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: b.userId, items }) })
    await a.arrayBuffer()
    const h = { authorization: 'Bearer ' + b.token, 'content-type': 'application/json', countrycode: 'cn', languagecode: 'en', 'idempotency-key': 'wh-' + b.i + '-' + seq + '-' + Math.random().toString(36).slice(2) }
    const r = await fetch(url + '/api/order/placeOrder', { method: 'POST', headers: h, body: JSON.stringify({ addressKey: b.addressKey, termsAccepted: true }) })
    const j = await r.json()
    if (r.status === 200) { placed++; for (const o of j.data.orders) answered.push([o.orderNumber, Date.now()]) } else { errors++; other[j.reason || r.status] = (other[j.reason || r.status] || 0) + 1 }
  } catch (e) { errors++ }
  free.push(b)
}
const running = []
let i = 0
function tick() {
  // open loop: every placement has its start time; late ticks catch up at once
  const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate))
  for (; i < due; i++) {
    const b = free.shift()
    if (!b) { skipped++; continue }
    running.push(one(b))
  }
  if (i < total) setTimeout(tick, 2)
  else Promise.all(running).then(() => parentPort.postMessage({ placed, errors, skipped, other, answered, seconds: (performance.now() - t0) / 1000 }))
}
tick()
`

async function main() {
  if (!process.env.DATABASE_URL) {
    console.log('webhooks bench: PostgreSQL only (set DATABASE_URL); skipped')
    record('webhooks', [context('webhook delivery under order load', 'skipped: PostgreSQL only (DATABASE_URL)')])
    return
  }
  const secret = newWebhookSecret()
  const receiver = await new WebhookReceiver(secret).start()
  // the app reads its configuration from the environment (buildApp): the receiver's URL, default delivery settings
  process.env.WEBHOOK_URLS = receiver.url
  process.env.WEBHOOK_SECRET = secret
  const { handle, cleanup } = await openBenchDb('sf_bench_webhooks', 20)
  try {
    const { app, apiUrl, secret: jwtSecret } = await serveSeededApp(handle, PRODUCTS)
    const bare = Fastify({ logger: false })
    const productIdOf = new Map<string, number>()
    bare.post('/refill', async (req) => {
      const { userId, items } = req.body as { userId: string; items: { catalogNumber: string; quantity: number }[] }
      const values = sql.join(items.map((i) => sql`(${productIdOf.get(i.catalogNumber)!}::int, ${i.quantity}::int)`))
      await sql`WITH c AS (INSERT INTO carts (user_id) VALUES (${userId}) ON CONFLICT (user_id) WHERE user_id IS NOT NULL DO UPDATE SET updated_at = now() RETURNING id)
        INSERT INTO cart_items (cart_id, product_id, quantity, source) SELECT c.id, v.p, v.q, 'product' FROM c, (VALUES ${values}) AS v(p, q)
        ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = least(999, cart_items.quantity + excluded.quantity)`.execute(
        handle.db,
      )
      return { ok: true }
    })
    const refillUrl = (await bare.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '')

    const base = await seededUser(handle.db, 'distributor.cn')
    const buyers: { i: number; userId: string; token: string; addressKey: string }[] = []
    for (let i = 0; i < BUYERS; i++) {
      const userId = `U-bench-wh-${i}`
      const { addressKey } = await addBuyer(handle.db, {
        base,
        accountNumber: `W${100000 + i}`,
        accountName: `Webhook Lab ${i}`,
        user: { id: userId, user_name: `bench.wh.${i}`, cdc_uid: `bench-wh-${i}`, email: `bench.wh${i}@lab.example` },
        attentionTo: 'Lab manager',
      })
      buyers.push({
        i,
        userId,
        token: await signAccessToken(jwtSecret, { userId, userName: `bench.wh.${i}` }),
        addressKey,
      })
    }
    const catalog = await orderableCatalogNumbers(handle.db, 600, true)
    for (const r of await handle.db
      .selectFrom('products')
      .select(['id', 'catalog_number'])
      .where('catalog_number', 'in', catalog)
      .execute())
      productIdOf.set(r.catalog_number, r.id)

    const lags: number[] = []
    const arrived = new Map<string, number>()
    let firstAt = 0
    let lastAt = 0
    receiver.onAccepted = (r) => {
      if (r.type !== 'order.placed') return
      lags.push(r.at - Date.parse(r.timestamp))
      arrived.set(r.data.orderNumber, r.at)
      firstAt ||= r.at
      lastAt = r.at
    }
    const run = await new Promise<{
      placed: number
      errors: number
      skipped: number
      other: object
      answered: [string, number][]
      seconds: number
    }>((resolve, reject) => {
      const w = new Worker(WORKER, {
        eval: true,
        workerData: { url: apiUrl.replace(/\/$/, ''), refillUrl, buyers, catalog, seconds: SECONDS, rate: RATE },
      })
      w.once('message', (m) => {
        resolve(m)
        void w.terminate()
      })
      w.once('error', reject)
    })
    const placedEvents = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'order.placed'`.execute(
          handle.db,
        )
      ).rows[0].n
    const events = await placedEvents()
    await until(() => lags.length >= events, 'every order.placed event delivered', 120_000).catch((e) =>
      console.log(String(e)),
    )
    const doubled = [...receiver.counts.values()].filter((n) => n > 1).length
    // the commit lies between the transaction's start (the event's timestamp) and the answer to the placement: the
    // lag from the start errs high (it includes the placement's own work), the lag from the answer errs low
    const fromAnswer = run.answered
      .filter(([n]) => arrived.has(n))
      .map(([n, t]) => Math.max(0, arrived.get(n)! - t))
      .sort((a, b) => a - b)
    lags.sort((a, b) => a - b)
    const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : 0)
    const q = (p: number) => pct(lags, p)
    const achieved = Math.round(run.placed / run.seconds)
    const perSecond = lastAt > firstAt ? Math.round((lags.length / (lastAt - firstAt)) * 1000) : 0
    console.log(
      `\nwebhooks bench: ${handle.kind}, open loop at ${RATE} placements/s for ${SECONDS} s over ${BUYERS} accounts, Node ${process.version}`,
    )
    console.log(
      `orders placed ${run.placed} (${achieved}/s achieved; goal ${RATE}/s), ${run.skipped} ticks skipped (no free buyer), ${run.errors} errors ${JSON.stringify(run.other)}`,
    )
    console.log(
      `order.placed events ${events}, delivered ${lags.length} (${perSecond}/s), doubled ${doubled}, bad signatures ${receiver.badSignatures}`,
    )
    console.log(
      `lag from the placement's transaction to the receiver: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`,
    )
    console.log(
      `lag from the placement's answer to the receiver: p50 ${pct(fromAnswer, 0.5)} ms, p99 ${pct(fromAnswer, 0.99)} ms (0 when the webhook came first)`,
    )
    // the delivery alone: events written at RATE/s by small transactions of their own (no placement work), so the
    // lag is the outbox's (poll, claim, sign, call, record) on this machine as loaded
    const light: number[] = []
    receiver.onAccepted = (r) => {
      if (r.type === 'account.changed' && r.data.bench) light.push(r.at - Date.parse(r.timestamp))
    }
    const n = Math.round(SECONDS * RATE)
    const t0 = Date.now()
    const writes: Promise<unknown>[] = []
    for (let i = 0; i < n; i++) {
      const wait = t0 + (i * 1000) / RATE - Date.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      writes.push(handle.db.transaction().execute((trx) => emitEvent(trx, 'account.changed', { bench: true, n: i })))
    }
    await Promise.all(writes)
    const lightSeconds = (Date.now() - t0) / 1000
    await until(() => light.length >= n, 'every bench event delivered', 120_000).catch((e) => console.log(String(e)))
    light.sort((a, b) => a - b)
    console.log(
      `events alone: ${n} written at ${Math.round(n / lightSeconds)}/s (asked ${RATE}/s), delivered ${light.length}; lag p50 ${pct(light, 0.5)} ms, p99 ${pct(light, 0.99)} ms`,
    )
    record('webhooks', [
      atMost(
        `webhook lag p99, events alone at ${Math.round(n / lightSeconds)}/s (${handle.kind})`,
        pct(light, 0.99),
        1000,
        'ms',
      ),
      atMost(`webhook lag p99, placement to receipt, at ${achieved} orders/s (${handle.kind})`, q(0.99), 1000, 'ms'),
      context('webhook lag p50 from the transaction; p99 from the answer', `${q(0.5)} ms; ${pct(fromAnswer, 0.99)} ms`),
      context(
        `webhook events delivered per second (${achieved} orders/s placed of ${RATE} asked)`,
        `${perSecond} events/s`,
      ),
      context('webhook events lost / doubled', `${events - lags.length} / ${doubled}`),
    ])
    await app.close()
    await bare.close()
  } finally {
    await receiver.stop()
    await cleanup()
  }
}

runBench(main)
