/**
 * API throughput bench (prints figures; no assertions).
 *   npm run bench:api                      # PGlite (in-memory, seeded)
 *   DATABASE_URL=postgres://... npm run bench:api   # PostgreSQL, in its own temporary database
 * Env: BENCH_PRODUCTS (default 10000), BENCH_SECONDS (10), BENCH_CONNECTIONS (20).
 * Search scenarios: a mix of 240 realistic queries, repeated (the server's one-minute result cache serves them),
 * at full speed and at a fixed rate (BENCH_SEARCH_RATE, default 1000 req/s, open loop: bench/rate.ts), and
 * a cold mix where every query is new (each one ranked by the database), at full speed and at that rate.
 */
import crypto from 'node:crypto'
import Fastify from 'fastify'
// @ts-ignore -- autocannon ships no type declarations
import autocannon from 'autocannon'
import { buildApp } from '../server/app'
import { migrateToLatest, type DbHandle } from '../server/db'
import { seedDatabase } from '../server/db/seed'
import { signAccessToken } from '../server/domains/auth/tokens'
import { parseSearchQuery } from '../server/domains/catalog/search'
import { runAtRate } from './rate'
import { openBenchDb } from './temp-db'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
/** the fixed rate of the open-loop search scenarios */
const SEARCH_RATE = Number(process.env.BENCH_SEARCH_RATE ?? 1000)

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

/**
 * Realistic search paths, deterministic per `seed`: ~40% catalogue numbers (exact, lower-case, without '-',
 * or a prefix), ~35% English catalogue terms, ~25% Chinese terms of 2-3 characters; a third of them within
 * a category. Drawn from the seeded catalogue and its search dictionary.
 */
async function searchMix(handle: DbHandle, n: number, seed: number): Promise<string[]> {
  const db = handle.db as any
  const cats: string[] = (await db.selectFrom('products').select('catalog_number').orderBy('id').execute()).map((r: any) => r.catalog_number)
  const terms: { term: string; language: string }[] = await db.selectFrom('catalog_search_terms').select(['term', 'language']).where('kind', '=', 'term').orderBy('term').execute()
  const en = terms.filter((t) => t.language === 'en').map((t) => t.term)
  const zh = [...new Set(terms.filter((t) => t.language === 'zh').flatMap((t) => [t.term.slice(0, 2), t.term.slice(0, 3)]).filter((t) => /^[\u4e00-\u9fff]{2,3}$/.test(t)))]
  const codes: string[] = (await db.selectFrom('categories').select('code').orderBy('id').execute()).map((r: any) => r.code)
  let h = seed >>> 0
  const rnd = () => ((h = (Math.imul(h ^ (h >>> 15), 2246822519) + 0x9e3779b9) >>> 0) / 4294967296)
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]
  const out: string[] = []
  const seen = new Set<string>()
  for (let tries = 0; out.length < n && tries < n * 20; tries++) {
    const x = rnd()
    let q: string
    if (x < 0.4) {
      const c = pick(cats)
      const y = rnd()
      q = y < 0.4 ? c : y < 0.6 ? c.toLowerCase() : y < 0.8 ? c.replace(/-/g, '') : c.slice(0, 3 + Math.floor(rnd() * 4))
    } else q = x < 0.75 ? pick(en) : pick(zh)
    const code = rnd() < 0.33 ? pick(codes) : ''
    const key = `${parseSearchQuery(q).key}|${code}`
    if (seed !== 1 && seen.has(key)) continue // the cold mix never repeats a query (as the server's cache sees it)
    seen.add(key)
    out.push(`/api/product/search?q=${encodeURIComponent(q)}${code ? `&categoryCode=${code}` : ''}`)
  }
  return out
}

async function main() {
  const { handle, cleanup } = await openBenchDb('sf_bench', 10)
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)))

  try {
    let t = Date.now()
    await migrateToLatest(handle.db)
    const seeded = await seedDatabase(handle.db, { productCount: PRODUCTS })
    console.log(`db: ${handle.kind}, seeded ${seeded.products} products in ${Date.now() - t} ms`)

    const secret = crypto.randomBytes(32).toString('hex')
    const app = buildApp({ db: handle.db, jwtSecret: secret })
    const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' })

    const bare = Fastify({ logger: false })
    const constant = {
      success: true, code: '200', message: 'ok',
      data: {
        items: Array.from({ length: 20 }, (_, k) => ({
          sku: `SKU-${100000 + k}`, catalogNumber: `MA1-${10000 + k}`, productTitle: 'Anti-CD3 Monoclonal Antibody (OKT3), FITC',
          size: '100 µg', brand: 'Invitrogen', image: `/static/products/MA1-${10000 + k}`, currency: 'CNY', listPrice: 2380,
          price: { amount: 2380, priceType: 'list' }, priceAccess: { status: 'orderable' }, leadTarget: false,
        })),
        page: 1, pageSize: 20, total: 10000,
      },
    }
    bare.get('/bare', async () => constant)
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })

    const u = await handle.db.selectFrom('users').select(['id', 'user_name']).where('user_name', '=', 'approved.cn').executeTakeFirstOrThrow()
    const token = await signAccessToken(secret, { userId: u.id, userName: u.user_name })
    const lastPage = Math.floor(PRODUCTS / 20)
    const listPaths = (pages: number[]) => pages.map((p) => `/api/product/list?page=${p}&pageSize=20`)
    const firstPages = listPaths(Array.from({ length: 10 }, (_, k) => k + 1))
    const spread = listPaths(Array.from({ length: 50 }, (_, k) => 1 + Math.floor((k * (lastPage - 1)) / 49)))

    // warm-up
    await run(apiUrl, 'warmup', firstPages)
      .then(() => undefined)
      .catch(() => undefined)

    t = Date.now()
    const rows: Row[] = []
    rows.push(await run(bareUrl, 'bare Fastify, constant 20 items', ['/bare']))
    rows.push(await run(apiUrl, 'product/list pages 1-10, anonymous', firstPages))
    rows.push(await run(apiUrl, `product/list pages 1-${lastPage} spread, anonymous`, spread))
    rows.push(await run(apiUrl, 'product/list pages 1-10, approved.cn token', firstPages, { authorization: `Bearer ${token}` }))
    rows.push(await run(apiUrl, 'product/list pages 1-10, in/en', firstPages, { countrycode: 'in', languagecode: 'en' }))

    // catalogue search (issue 3): a mix of catalogue numbers, English words and Chinese 2-3 character terms
    const mix = await searchMix(handle, 240, 1)
    const cold = await searchMix(handle, Math.max(20000, SECONDS * 3000), 2)
    const coldA = cold.slice(0, cold.length / 2)
    const coldB = cold.slice(cold.length / 2)
    const atRate = async (title: string, paths: string[], headers: Record<string, string> = {}) => {
      const r = await runAtRate(apiUrl, paths, SEARCH_RATE, SECONDS, headers)
      rows.push({ scenario: title, ...r })
    }
    await run(apiUrl, 'warmup', mix).catch(() => undefined)
    rows.push({ scenario: `bare Fastify at ${SEARCH_RATE} req/s (control)`, ...(await runAtRate(bareUrl, ['/bare'], SEARCH_RATE, SECONDS)) })
    rows.push(await run(apiUrl, `search mix (${mix.length} queries, results cached)`, mix))
    await atRate(`search mix at ${SEARCH_RATE} req/s (results cached)`, mix)
    await atRate(`search mix at ${SEARCH_RATE} req/s, approved.cn token`, mix, { authorization: `Bearer ${token}` })
    rows.push(await run(apiUrl, `search, every query new (${coldA.length} distinct)`, coldA))
    await atRate(`search, every query new, at ${SEARCH_RATE} req/s (${coldB.length})`, coldB)

    console.log(`\n${handle.kind}, ${PRODUCTS} products, ${CONNECTIONS} connections, ${SECONDS} s each, Node ${process.version}\n`)
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

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
