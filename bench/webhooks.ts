/**
 * The outbox's webhook delivery under order load (issue 24: "A bench row: events delivered per second and the lag
 * from commit to delivery at 300 orders/s (goal: p99 <= 1 s)"; prints figures, asserts nothing):
 *   DATABASE_URL=postgres://... npx tsx bench/webhooks.ts     # PostgreSQL only, own temporary database
 * An app with WEBHOOK_URLS pointing at a local receiver (tests/server/outbox-receiver.ts: it verifies every
 * signature) and the default delivery settings (idle poll 200 ms, woken by the app's own writes; 16 calls in flight).
 * Three phases, each open loop at BENCH_RATE (default 300) per second for BENCH_SECONDS (default 10):
 * 1. orders: a worker thread places them, each a real POST /order/placeOrder of a cart refilled by one SQL statement
 *    (as bench/orders.ts's 'place' scenario), spread over BENCH_BUYERS (default 120) accounts, a buyer never placing
 *    twice at once; a tick with no free buyer is skipped, so the achieved rate is printed beside the goal. The lag of
 *    an event is its arrival at the receiver minus its `timestamp` (now() of the placement's transaction, before the
 *    commit: the figure errs high by the placement's own time), and minus the placement's answer (errs low);
 * 2. events alone, written by small transactions of their own: the delivery's own lag;
 * 3. both at once: events at BENCH_RATE/s while orders are placed as in 1, so the delivery carries at least
 *    BENCH_RATE events/s under the placements' load even where the machine cannot place BENCH_RATE orders/s.
 * Then every event written must have arrived exactly once (lost, doubled).
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

    // what the receiver got: each order.placed by order number, each of the bench's own events by phase; with the
    // lag from the event's timestamp (its transaction's start)
    type Run = {
      placed: number
      errors: number
      skipped: number
      other: object
      answered: [string, number][]
      seconds: number
    }
    const orders = new Map<string, { at: number; lag: number }>()
    const benchLags = new Map<string, number[]>()
    receiver.onAccepted = (r) => {
      const lag = r.at - Date.parse(r.timestamp)
      if (r.type === 'order.placed') orders.set(r.data.orderNumber, { at: r.at, lag })
      else if (r.type === 'account.changed' && r.data.bench) benchLags.get(r.data.bench)?.push(lag)
    }
    const startedAt = new Date()
    const placeOrders = () =>
      new Promise<Run>((resolve, reject) => {
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
    // events written open loop at RATE/s for SECONDS by small transactions of their own (no placement work): the
    // lag is the outbox's (wake or poll, claim, sign, call, record) on this machine as loaded
    const writeEvents = async (phase: string): Promise<{ n: number; rate: number; lags: number[] }> => {
      const lags: number[] = []
      benchLags.set(phase, lags)
      const n = Math.round(SECONDS * RATE)
      const t0 = Date.now()
      const writes: Promise<unknown>[] = []
      for (let i = 0; i < n; i++) {
        const wait = t0 + (i * 1000) / RATE - Date.now()
        if (wait > 0) await new Promise((r) => setTimeout(r, wait))
        writes.push(handle.db.transaction().execute((trx) => emitEvent(trx, 'account.changed', { bench: phase, n: i })))
      }
      await Promise.all(writes)
      const rate = Math.round(n / ((Date.now() - t0) / 1000))
      await until(() => lags.length >= n, `every ${phase} event delivered`, 120_000).catch((e) =>
        console.log(String(e)),
      )
      return { n, rate, lags: lags.sort((a, b) => a - b) }
    }
    const ordersDelivered = (run: Run) =>
      until(() => run.answered.every(([n]) => orders.has(n)), 'every order.placed event delivered', 120_000).catch(
        (e) => console.log(String(e)),
      )
    const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : 0)
    // the commit lies between the transaction's start (the event's timestamp) and the answer to the placement: the
    // lag from the start errs high (it includes the placement's own work), the lag from the answer errs low
    const orderLags = (run: Run) => {
      const got = run.answered.filter(([n]) => orders.has(n)).map(([n, t]) => ({ t, ...orders.get(n)! }))
      const at = got.map((x) => x.at)
      return {
        achieved: Math.round(run.placed / run.seconds),
        delivered: got.length,
        perSecond: got.length > 1 ? Math.round((got.length / (Math.max(...at) - Math.min(...at))) * 1000) : 0,
        fromTx: got.map((x) => x.lag).sort((a, b) => a - b),
        fromAnswer: got.map((x) => Math.max(0, x.at - x.t)).sort((a, b) => a - b),
      }
    }
    const placedLine = (run: Run, o: ReturnType<typeof orderLags>) =>
      `orders placed ${run.placed} (${o.achieved}/s achieved; goal ${RATE}/s), ${run.skipped} ticks skipped (no free buyer), ${run.errors} errors ${JSON.stringify(run.other)}; their order.placed events delivered ${o.delivered} of ${run.answered.length} (${o.perSecond}/s)`
    const lagLine = (what: string, xs: number[]) =>
      `${what}: p50 ${pct(xs, 0.5)} ms, p99 ${pct(xs, 0.99)} ms, max ${pct(xs, 1)} ms`

    console.log(
      `\nwebhooks bench: ${handle.kind}, open loop at ${RATE}/s for ${SECONDS} s (placements over ${BUYERS} accounts), Node ${process.version}`,
    )
    // 1. orders alone, as the buyers place them
    const run = await placeOrders()
    await ordersDelivered(run)
    const o = orderLags(run)
    console.log(`1. orders alone: ${placedLine(run, o)}`)
    console.log(lagLine("   lag from the placement's transaction to the receiver", o.fromTx))
    console.log(
      lagLine("   lag from the placement's answer to the receiver (0 when the webhook came first)", o.fromAnswer),
    )
    // 2. the delivery alone
    const alone = await writeEvents('alone')
    console.log(lagLine(`2. events alone: ${alone.n} written at ${alone.rate}/s, lag`, alone.lags))
    // 3. both at once: events at RATE/s beside the orders the machine can place (it cannot place RATE/s through the
    // API while delivering): the delivery's lag at RATE events/s and more, under the placements' load
    const [run3, mixed] = await Promise.all([placeOrders(), writeEvents('mixed')])
    await ordersDelivered(run3)
    const o3 = orderLags(run3)
    console.log(`3. events at ${mixed.rate}/s while orders are placed: ${placedLine(run3, o3)}`)
    console.log(lagLine('   lag of the events', mixed.lags))
    console.log(lagLine("   lag from the placement's answer to the receiver", o3.fromAnswer))

    // every order.placed and bench event the runs wrote arrived exactly once
    const written = await sql<{ id: string }>`SELECT id FROM outbox_events
      WHERE created_at >= ${startedAt} AND type IN ('order.placed', 'account.changed')`.execute(handle.db)
    await until(() => written.rows.every((r) => receiver.counts.has(r.id)), 'every event delivered', 60_000).catch(
      (e) => console.log(String(e)),
    )
    const lost = written.rows.filter((r) => !receiver.counts.has(r.id)).length
    const doubled = [...receiver.counts.values()].filter((n) => n > 1).length
    console.log(
      `events written ${written.rows.length}: lost ${lost}, doubled ${doubled}, bad signatures ${receiver.badSignatures}`,
    )
    record('webhooks', [
      atMost(`webhook lag p99, events alone at ${alone.rate}/s (${handle.kind})`, pct(alone.lags, 0.99), 1000, 'ms'),
      atMost(
        `webhook lag p99, placement to receipt, at ${o.achieved} orders/s (${handle.kind})`,
        pct(o.fromTx, 0.99),
        1000,
        'ms',
      ),
      atMost(
        `webhook lag p99, events at ${mixed.rate}/s while ${o3.achieved} orders/s are placed (${handle.kind})`,
        pct(mixed.lags, 0.99),
        1000,
        'ms',
      ),
      context(
        'webhook lag of orders alone: p50 from the transaction; p99 from the answer',
        `${pct(o.fromTx, 0.5)} ms; ${pct(o.fromAnswer, 0.99)} ms`,
      ),
      context(
        `webhook events delivered per second (${o.achieved} orders/s placed of ${RATE} asked)`,
        `${o.perSecond} events/s`,
      ),
      context('webhook events lost / doubled', `${lost} / ${doubled}`),
    ])
    await app.close()
    await bare.close()
  } finally {
    await receiver.stop()
    await cleanup()
  }
}

runBench(main)
