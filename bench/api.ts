/**
 * API throughput bench (prints figures; no assertions).
 *   npm run bench:api                      # PGlite (in-memory, seeded)
 *   DATABASE_URL=postgres://... npm run bench:api   # PostgreSQL, in its own temporary database
 * Env: BENCH_PRODUCTS (default 10000), BENCH_SECONDS (10), BENCH_CONNECTIONS (20).
 * Search has its own bench (bench/search.ts: every query new, at full speed and at a steady rate, beside
 * the bare route); here one scenario of a repeated mix of 240 queries (served by the one-minute cache).
 */
// @ts-expect-error -- autocannon ships no type declarations
import autocannon from 'autocannon'
import { signAccessToken } from '../server/domains/auth/tokens'
import { searchMix } from './search-mix'
import { startBare } from './bare'
import { openBenchDb, serveSeededApp } from './temp-db'
import { runBench } from './support'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)

interface Row {
  scenario: string
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

function run(url: string, title: string, paths: string[], headers: Record<string, string> = {}): Promise<Row> {
  let i = 0
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        requests: [{ setupRequest: (req: any) => ({ ...req, path: paths[i++ % paths.length] }) }],
      },
      (err: Error | null, r: any) => {
        if (err) return reject(err)
        resolve({
          scenario: title,
          rps: Math.round(r.requests.average),
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts,
          non2xx: r.non2xx,
        })
      },
    )
  })
}

async function main() {
  const { handle, cleanup } = await openBenchDb('sf_bench', 10)
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)))

  try {
    const { app, apiUrl, secret, products, seedMs } = await serveSeededApp(handle, PRODUCTS)
    console.log(`db: ${handle.kind}, seeded ${products} products in ${seedMs} ms`)

    const bare = await startBare()
    const bareUrl = bare.url

    const u = await handle.db
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where('user_name', '=', 'approved.cn')
      .executeTakeFirstOrThrow()
    const token = await signAccessToken(secret, { userId: u.id, userName: u.user_name })
    const lastPage = Math.floor(PRODUCTS / 20)
    const listPaths = (pages: number[]) => pages.map((p) => `/api/product/list?page=${p}&pageSize=20`)
    const firstPages = listPaths(Array.from({ length: 10 }, (_, k) => k + 1))
    const spread = listPaths(Array.from({ length: 50 }, (_, k) => 1 + Math.floor((k * (lastPage - 1)) / 49)))

    // warm-up
    await run(apiUrl, 'warmup', firstPages)
      .then(() => undefined)
      .catch(() => undefined)

    const rows: Row[] = []
    rows.push(await run(bareUrl, 'bare Fastify, constant 20 items', [bare.path]))
    rows.push(await run(apiUrl, 'product/list pages 1-10, anonymous', firstPages))
    rows.push(await run(apiUrl, `product/list pages 1-${lastPage} spread, anonymous`, spread))
    rows.push(
      await run(apiUrl, 'product/list pages 1-10, approved.cn token', firstPages, { authorization: `Bearer ${token}` }),
    )
    rows.push(
      await run(apiUrl, 'product/list pages 1-10, in/en', firstPages, { countrycode: 'in', languagecode: 'en' }),
    )

    // catalogue search (issue 3): a repeated mix of catalogue numbers, English words and Chinese 2-3 character
    // terms; every-query-new search is measured by bench/search.ts
    const mix = await searchMix(handle, 240, 1)
    await run(apiUrl, 'warmup', mix).catch(() => undefined)
    rows.push(await run(apiUrl, `search mix (${mix.length} queries, results cached)`, mix))

    console.log(
      `\n${handle.kind}, ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s each, Node ${process.version}\n`,
    )
    const w = Math.max(...rows.map((r) => r.scenario.length))
    console.log(`${'scenario'.padEnd(w)} | req/s   | p50 ms | p99 ms | errors | non-2xx`)
    console.log(`${'-'.repeat(w)}-|---------|--------|--------|--------|--------`)
    for (const r of rows)
      console.log(
        `${r.scenario.padEnd(w)} | ${String(r.rps).padStart(7)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.errors).padStart(6)} | ${String(r.non2xx).padStart(7)}`,
      )
    await app.close()
    await bare.close()
  } finally {
    await cleanup()
  }
}

runBench(main)
