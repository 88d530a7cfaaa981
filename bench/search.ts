/**
 * Product search bench, every query new (prints figures; no assertions). Issue 10.
 *   npx tsx bench/search.ts                               # PGlite (in-memory, seeded)
 *   DATABASE_URL=postgres://... npx tsx bench/search.ts   # PostgreSQL, in its own temporary database
 * Env: BENCH_PRODUCTS (10000), BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_SEARCH_RATE (1000), BENCH_ROUNDS (3).
 *
 * Each round runs, in this order: the bare route (bench/bare.ts, no database) at full speed, unique-query
 * search at full speed, the bare route at the fixed rate, unique-query search at the fixed rate (open
 * loop, latency from the scheduled send time: bench/rate.ts). No query is sent twice in the whole run (as
 * the server's caches see it: normalised query + category), so every search is ranked by the database.
 * The recorded figures are the medians over the rounds; the full-speed ratio is search / bare of the same round.
 */
import { runAtRate, type RateResult } from './rate'
import { fullSpeed as fullSpeedInWorker } from './full-speed'
import { benchDbKinds, withBenchDb, serveSeededApp, type BenchDbKind } from './temp-db'
import { startBare } from './bare'
import { searchMix } from './search-mix'
import { atLeast, atMost, context, median, printTable, record, type BenchRow } from './report'
import { runBench } from './support'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const RATE = Number(process.env.BENCH_SEARCH_RATE ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

const fullSpeed = (url: string, paths: string[]) => fullSpeedInWorker(url, paths, CONNECTIONS, SECONDS)

async function benchOne(kind: BenchDbKind): Promise<BenchRow[]> {
  return withBenchDb(kind, 'sf_bench_search', async (handle) => {
    const { app, apiUrl, products, seedMs } = await serveSeededApp(handle, PRODUCTS)
    console.log(`db: ${handle.kind}, seeded ${products} products in ${seedMs} ms`)
    const bare = await startBare()

    // enough distinct queries for every round at up to ~8,000 req/s, plus the fixed-rate runs
    const perFull = Math.max(5000, SECONDS * 8000)
    const perRate = Math.ceil(RATE * SECONDS)
    const warm = 2000
    const settleQueries = ROUNDS * 2 * 600
    const t = Date.now()
    const all = await searchMix(handle, warm + settleQueries + ROUNDS * (perFull + perRate), 2, true)
    console.log(`${all.length} distinct queries in ${Date.now() - t} ms`)
    let next = 0
    const take = (n: number) => all.slice(next, (next += n))

    // warm-up: JIT, connections, the category index (distinct queries, never used again)
    await fullSpeed(apiUrl, take(warm)).catch(() => undefined)

    // an open-loop run the server could not keep up with leaves requests queued in it (on PGlite in the same
    // process): wait until a new query is answered promptly again before the next scenario
    const settle = async () => {
      const t = Date.now()
      let fast = 0
      while (fast < 3 && Date.now() - t < 120_000) {
        const t0 = performance.now()
        const ok = await fetch(apiUrl + take(1)[0])
          .then((r) => r.arrayBuffer().then(() => r.ok))
          .catch(() => false)
        if (ok && performance.now() - t0 < 100) fast++
        else {
          fast = 0
          await new Promise((r) => setTimeout(r, 500))
        }
      }
      if (Date.now() - t > 1000)
        console.log(`(waited ${((Date.now() - t) / 1000).toFixed(1)} s for the server to drain)`)
    }

    const rounds: {
      bare: number
      search: number
      ratio: number
      bareRate: RateResult
      searchRate: RateResult
      searchFull: RateResult
    }[] = []
    for (let k = 0; k < ROUNDS; k++) {
      await settle()
      const b = await fullSpeed(bare.url, [bare.path])
      const fullPaths = take(perFull)
      const s = await fullSpeed(apiUrl, fullPaths)
      if (s.sent > fullPaths.length)
        console.log(
          `warning: full-speed search ran out of distinct queries (${s.sent} sent, ${fullPaths.length} distinct)`,
        )
      await settle()
      const br = await runAtRate(bare.url, [bare.path], RATE, SECONDS)
      const sr = await runAtRate(apiUrl, take(perRate), RATE, SECONDS)
      rounds.push({ bare: b.rps, search: s.rps, ratio: s.rps / b.rps, bareRate: br, searchRate: sr, searchFull: s })
      console.log(
        `round ${k + 1}: bare ${b.rps} req/s, search ${s.rps} req/s (${(s.rps / b.rps).toFixed(2)}x, p50 ${s.p50} p99 ${s.p99} ms, errors ${s.errors}, non-2xx ${s.non2xx}); ` +
          `at ${RATE} req/s bare p50 ${br.p50} p99 ${br.p99} ms, search p50 ${sr.p50} p99 ${sr.p99} ms (${sr.rps} req/s, errors ${sr.errors}, non-2xx ${sr.non2xx})`,
      )
    }
    const med = (f: (r: (typeof rounds)[number]) => number) => median(rounds.map(f))
    const db = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'
    const rows: BenchRow[] = [
      context(`${db}: bare route (no database), full speed`, `${med((r) => r.bare)} req/s`),
      context(`${db}: search, every query new, full speed`, `${med((r) => r.search)} req/s`),
      context(
        `${db}: bare route at ${RATE} req/s: p50 / p99`,
        `${med((r) => r.bareRate.p50)} / ${med((r) => r.bareRate.p99)} ms`,
      ),
      context(`${db}: search, every query new, at ${RATE} req/s: p50`, `${med((r) => r.searchRate.p50)} ms`),
    ]
    if (handle.kind === 'postgres') {
      rows.push(
        atMost(
          `${db}: search, every query new, at ${RATE} req/s: p99`,
          med((r) => r.searchRate.p99),
          25,
          'ms',
          1,
        ),
      )
      rows.push(
        atLeast(
          `${db}: search, every query new, full speed / bare route`,
          med((r) => r.ratio),
          0.3,
          'x',
          2,
        ),
      )
    } else {
      rows.push(context(`${db}: search, every query new, at ${RATE} req/s: p99`, `${med((r) => r.searchRate.p99)} ms`))
      rows.push(
        context(`${db}: search, every query new, full speed / bare route`, `${med((r) => r.ratio).toFixed(2)} x`),
      )
      rows.push(
        atLeast(
          `${db}: search, every query new, full speed`,
          med((r) => r.search),
          1000,
          'req/s',
        ),
      )
    }
    printTable(
      `product search, ${PRODUCTS} products, ${db}, ${CONNECTIONS} connections, ${SECONDS} s per scenario, median of ${ROUNDS} rounds, Node ${process.version}`,
      rows,
    )
    await app.close()
    await bare.close()
    return rows
  })
}

/** PGlite always, PostgreSQL too when DATABASE_URL is set (BENCH_DB=pglite|postgres runs one of them). */
async function main() {
  const rows: BenchRow[] = []
  for (const k of benchDbKinds()) rows.push(...(await benchOne(k)))
  record('search', rows)
  printTable('product search, every query new', rows)
}

runBench(main)
