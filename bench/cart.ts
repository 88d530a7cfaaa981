/**
 * Cart bench (issue 9; prints figures, asserts nothing):
 *   DATABASE_URL=postgres://... npx tsx bench/cart.ts     # PostgreSQL, own temporary database
 *   npx tsx bench/cart.ts                                  # PGlite
 * 100 shoppers (BENCH_SHOPPERS), each with a cart of 5 lines that grows to 10 (a lab order's size), send GET /cart/query and
 * POST /cart/addItems (half each) at a steady BENCH_CART_RATE (default 500) req/s, open loop
 * (bench/rate.ts): p50/p99 beside a bare Fastify route at the same rate. Goal: cart calls p99 < 25 ms
 * at 500 req/s. Half the shoppers are logged-in users of one approved account (account prices, a
 * supply centre, taxes), half anonymous visitors holding a gcId.
 */
import Fastify from 'fastify'
import { signAccessToken } from '../server/domains/auth/tokens'
import { openBenchDb, serveSeededApp } from './temp-db'
import { atMost, context, record } from './report'
import { runAtRate, type RateRequest } from './rate'
import { seededUser } from '../tests/support/buyer-account'
import { orderableCatalogNumbers, runBench } from './support'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RATE = Number(process.env.BENCH_CART_RATE ?? 500)
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 100)

async function main() {
  const { handle, cleanup } = await openBenchDb('sf_bench_cart', 10)
  try {
    const { app, apiUrl, secret } = await serveSeededApp(handle, PRODUCTS)
    const bare = Fastify({ logger: false })
    bare.get('/bare', async () => ({ success: true, code: '200', message: 'ok', data: { id: 'x', cartItems: [] } }))
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

    // shoppers: logged-in users (new users of approved.cn's account) and visitors with a gcId
    const base = await seededUser(handle.db, 'approved.cn')
    const products = await orderableCatalogNumbers(handle.db, 400)
    const shoppers: { headers: Record<string, string>; gcId?: string }[] = []
    for (let i = 0; i < SHOPPERS; i++) {
      if (i % 2 === 0) {
        const id = `U-bench-${i}`
        await handle.db
          .insertInto('users')
          .values({ ...base, id, user_name: `bench.${i}`, cdc_uid: `bench-${i}`, email: `bench${i}@lab.example` })
          .execute()
        shoppers.push({
          headers: { authorization: `Bearer ${await signAccessToken(secret, { userId: id, userName: `bench.${i}` })}` },
        })
      } else shoppers.push({ headers: {} })
    }
    for (const [i, s] of shoppers.entries()) {
      const items = Array.from({ length: 5 }, (_, k) => ({
        catalogNumber: products[(i * 7 + k * 13) % products.length],
        quantity: 1 + k,
      }))
      const res = await fetch(`${apiUrl}/api/cart/addItems`, {
        method: 'POST',
        headers: { ...s.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ items }),
      })
      const body = await res.json()
      if (!s.headers.authorization) s.gcId = body.data.gcId
    }
    const requests: RateRequest[] = []
    for (let k = 0; k < 2000; k++) {
      const s = shoppers[k % shoppers.length]
      if (k % 2 === 0)
        requests.push({ method: 'GET', path: `/api/cart/query${s.gcId ? `?gcId=${s.gcId}` : ''}`, headers: s.headers })
      else
        requests.push({
          method: 'POST',
          path: '/api/cart/addItems',
          headers: s.headers,
          body: {
            ...(s.gcId ? { gcId: s.gcId } : {}),
            items: [
              { catalogNumber: products[((k % shoppers.length) * 7 + (k % 10) * 13) % products.length], quantity: 1 },
            ],
          },
        })
    }
    const queries = requests.filter((_, k) => k % 2 === 0)
    const adds = requests.filter((_, k) => k % 2 === 1)
    await runAtRate(apiUrl, requests, 100, 3) // warm-up
    const rows = [
      { scenario: `bare Fastify at ${RATE} req/s (control)`, ...(await runAtRate(bareUrl, ['/bare'], RATE, SECONDS)) },
      {
        scenario: `cart/query + cart/addItems at ${RATE} req/s, ${SHOPPERS} shoppers`,
        ...(await runAtRate(apiUrl, requests, RATE, SECONDS)),
      },
      { scenario: `cart/query alone at ${RATE} req/s`, ...(await runAtRate(apiUrl, queries, RATE, SECONDS)) },
      { scenario: `cart/addItems alone at ${RATE} req/s`, ...(await runAtRate(apiUrl, adds, RATE, SECONDS)) },
    ]
    console.log(
      `\ncart bench: ${handle.kind}, ${PRODUCTS} products, ${SECONDS} s each, Node ${process.version}; goal: cart calls p99 < 25 ms at ${RATE} req/s\n`,
    )
    const w = Math.max(...rows.map((r) => r.scenario.length))
    console.log(`${'scenario'.padEnd(w)} | req/s | p50 ms | p99 ms | goal p99 | errors | non-2xx`)
    for (const r of rows) {
      const goal = r.scenario.startsWith('bare') ? '' : r.p99 < 25 ? '< 25 ok' : '< 25 MISSED'
      console.log(
        `${r.scenario.padEnd(w)} | ${String(r.rps).padStart(5)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${goal.padStart(8)} | ${String(r.errors).padStart(6)} | ${String(r.non2xx).padStart(7)}`,
      )
    }
    record('cart', [
      context(`bare Fastify at ${RATE} req/s, p99 (control)`, `${rows[0].p99} ms`),
      ...rows.slice(1).map((r) => atMost(`${r.scenario}, p99 (${handle.kind})`, r.p99, 25, 'ms')),
    ])
    await app.close()
    await bare.close()
  } finally {
    await cleanup()
  }
}

runBench(main)
