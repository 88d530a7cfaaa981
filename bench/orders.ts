/**
 * Order placement bench (issue 9; prints figures, asserts nothing):
 *   DATABASE_URL=postgres://... npx tsx bench/orders.ts     # PostgreSQL, own temporary database
 * BENCH_BUYERS (default 200) approved accounts, each with one user, an ACTIVE ship-to and a bill-to,
 * all ordering at once: BENCH_CONCURRENCY (default 64) closed-loop clients in a worker thread, each
 * refilling a buyer's cart (POST /cart/addItems, 3 lines) and placing it (POST /order/placeOrder with
 * a fresh Idempotency-Key) for BENCH_SECONDS (default 10); then the same with the cart refilled by one
 * SQL statement from a bench-only route, so the figure is placement alone. Prints orders placed per second and the
 * placement latency beside a bare Fastify route driven by the same clients. Goal: ≥ 300 orders/s.
 * Without DATABASE_URL it runs on PGlite (one connection: a much lower figure, for comparison only).
 */
import { Worker } from 'node:worker_threads'
import Fastify from 'fastify'
import { openBenchDb, serveSeededApp } from './temp-db'
import { atLeast, context, record } from './report'
import { sql } from 'kysely'
import { signAccessToken } from '../server/domains/auth/tokens'
import { orderableCatalogNumbers, runBench } from './support'
import { addBuyer, seededUser } from '../tests/support/buyer-account'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 6000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const BUYERS = Number(process.env.BENCH_BUYERS ?? 200)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64)

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const { url, buyers, catalog, seconds, concurrency, mode } = workerData
const lat = []
let orders = 0, errors = 0, other = {}
const end = performance.now() + seconds * 1000
let seq = 0
async function loop(c) {
  let n = 0
  while (performance.now() < end) {
    const b = buyers[(c + n * concurrency) % buyers.length]
    n++
    try {
      if (mode === 'bare') {
        const t = performance.now()
        const r = await fetch(url + '/bare')
        await r.arrayBuffer()
        lat.push(performance.now() - t)
        if (r.status === 200) orders++; else errors++
        continue
      }
      // one client per buyer at a time: buyers are split across clients
      const h = { authorization: 'Bearer ' + b.token, 'content-type': 'application/json', countrycode: 'cn', languagecode: 'en' }
      const items = [0, 1, 2].map((k) => ({ catalogNumber: catalog[(seq * 3 + k * 17) % catalog.length], quantity: 1 + k }))
      seq++
      // refill the cart: through the cart call, or (mode 'place') straight into the table by a bench-only route,
      // so the figure is placement's alone
      const a = mode === 'place'
        ? await fetch(workerData.refillUrl + '/refill', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: b.userId, items }) })
        : await fetch(url + '/api/cart/addItems', { method: 'POST', headers: h, body: JSON.stringify({ items }) })
      await a.arrayBuffer()
      const t = performance.now()
      const r = await fetch(url + '/api/order/placeOrder', { method: 'POST', headers: { ...h, 'idempotency-key': 'bench-' + b.i + '-' + seq + '-' + Math.random().toString(36).slice(2) }, body: JSON.stringify({ addressKey: b.addressKey, termsAccepted: true }) })
      const j = await r.json()
      lat.push(performance.now() - t)
      if (r.status === 200) orders++; else { errors++; other[j.reason || r.status] = (other[j.reason || r.status] || 0) + 1 }
    } catch (e) { errors++ }
  }
}
Promise.all(Array.from({ length: concurrency }, (_, c) => loop(c))).then(() => {
  lat.sort((x, y) => x - y)
  const q = (p) => lat.length ? Math.round(lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] * 10) / 10 : 0
  parentPort.postMessage({ done: orders, perSecond: Math.round(orders / seconds), p50: q(0.5), p99: q(0.99), errors, other })
})
`

function drive(
  url: string,
  workerData: Record<string, unknown>,
): Promise<{
  done: number
  perSecond: number
  p50: number
  p99: number
  errors: number
  other: Record<string, number>
}> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { url, ...workerData } })
    w.once('message', (m) => {
      resolve(m)
      void w.terminate()
    })
    w.once('error', reject)
  })
}

async function main() {
  const { handle, cleanup } = await openBenchDb('sf_bench_orders', 20)
  try {
    const { app, apiUrl, secret } = await serveSeededApp(handle, PRODUCTS)
    const bare = Fastify({ logger: false })
    bare.get('/bare', async () => ({
      success: true,
      code: '200',
      message: 'ok',
      data: { placementId: 'x', orders: [] },
    }))
    // bench-only: put lines into a buyer's cart with one statement (the 'place' scenario)
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
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

    // BUYERS approved accounts, each with a user, an ACTIVE ship-to and a bill-to
    const base = await seededUser(handle.db, 'distributor.cn')
    const buyers: { i: number; userId: string; token: string; addressKey: string }[] = []
    for (let i = 0; i < BUYERS; i++) {
      const userId = `U-bench-order-${i}`
      const { addressKey, shipToId } = await addBuyer(handle.db, {
        base,
        accountNumber: `B${100000 + i}`,
        accountName: `Bench Lab ${i}`,
        user: {
          id: userId,
          user_name: `bench.order.${i}`,
          cdc_uid: `bench-order-${i}`,
          email: `bench.order${i}@lab.example`,
        },
        attentionTo: 'Lab manager',
      })
      await handle.db
        .insertInto('bill_tos')
        .values({
          address_key: `BT-B${100000 + i}-01`,
          account_number: `C${100000 + i}`,
          nick_name: null,
          phone_number: null,
          attention_to: null,
          dept_or_lab: null,
          company_or_institution: `Bench Lab ${i}`,
          country: 'China',
          state: null,
          state_or_province: null,
          city: null,
          street_address: null,
          building_or_room: null,
          zip_code: null,
          iso_country_code: 'CN',
          mobile: null,
          email: null,
          pre_payment_account: false,
          ship_to_id: shipToId,
          sort_order: 0,
        })
        .execute()
      buyers.push({
        i,
        userId,
        token: await signAccessToken(secret, { userId, userName: `bench.order.${i}` }),
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

    await drive(apiUrl.replace(/\/$/, ''), { buyers, catalog, seconds: 2, concurrency: CONCURRENCY, mode: 'orders' }) // warm-up
    const before = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`.execute(handle.db)).rows[0].n
    const bareRun = await drive(bareUrl.replace(/\/$/, ''), {
      buyers,
      catalog,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      mode: 'bare',
    })
    const orderRun = await drive(apiUrl.replace(/\/$/, ''), {
      buyers,
      catalog,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      mode: 'orders',
    })
    const placeRun = await drive(apiUrl.replace(/\/$/, ''), {
      buyers,
      catalog,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      mode: 'place',
      refillUrl: bareUrl.replace(/\/$/, ''),
    })
    const after = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`.execute(handle.db)).rows[0].n

    console.log(
      `\norder bench: ${handle.kind}, ${PRODUCTS} products, ${BUYERS} buyer accounts, ${CONCURRENCY} clients, ${SECONDS} s each, Node ${process.version}; goal ≥ 300 orders/s\n`,
    )
    console.log(`scenario                                   |   per s | p50 ms | p99 ms | errors`)
    console.log(
      `bare Fastify route (control)               | ${String(bareRun.perSecond).padStart(7)} | ${String(bareRun.p50).padStart(6)} | ${String(bareRun.p99).padStart(6)} | ${bareRun.errors}`,
    )
    console.log(
      `addItems + placeOrder, orders placed       | ${String(orderRun.perSecond).padStart(7)} | ${String(orderRun.p50).padStart(6)} | ${String(orderRun.p99).padStart(6)} | ${orderRun.errors} ${JSON.stringify(orderRun.other)}`,
    )
    console.log(
      `placeOrder, cart refilled by SQL           | ${String(placeRun.perSecond).padStart(7)} | ${String(placeRun.p50).padStart(6)} | ${String(placeRun.p99).padStart(6)} | ${placeRun.errors} ${JSON.stringify(placeRun.other)}`,
    )
    console.log(
      `\n${after - before} order rows written (SC/TFS halves count separately); latency is placeOrder's alone; goal (placeOrder) ${placeRun.perSecond >= 300 ? 'met' : 'MISSED'}`,
    )
    record('orders', [
      atLeast(
        `placeOrder per second, ${BUYERS} accounts, ${CONCURRENCY} clients (${handle.kind})`,
        placeRun.perSecond,
        300,
        'orders/s',
      ),
      context('addItems + placeOrder, orders per second', `${orderRun.perSecond} orders/s`),
    ])
    await app.close()
    await bare.close()
  } finally {
    await cleanup()
  }
}

runBench(main)
