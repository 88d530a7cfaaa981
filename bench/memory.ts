/**
 * Server memory (prints figures; no assertions): the server as `npm start` runs it (node
 * dist/server/index.mjs), a separate process whose resident memory is read from /proc, the child
 * processes it keeps included.
 *   npx tsx bench/memory.ts              # PGlite, and PostgreSQL when DATABASE_URL is set
 * Per run, PGlite: a first start on an empty data folder (idle RSS, and the peak of server + its
 * prepare child during that start), a load of mixed API requests (peak RSS), a restart on the
 * existing folder (idle RSS); PostgreSQL (a temporary database): first start, idle, under load.
 * Env: BENCH_RUNS (3; each figure is the median), BENCH_IDLE_SECONDS (5), BENCH_LOAD_SECONDS (15),
 * BENCH_CONNECTIONS (16), BENCH_SERVER=tsx to measure server/index.ts through tsx (as the tests run it).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_ACCOUNTS } from '../server/db/seed/accounts'
import { signAccessToken } from '../server/domains/auth/tokens'
import { atMost, context, median, printTable, record, type BenchRow } from './report'
import {
  ROOT,
  buildServerBundle,
  httpOk,
  peakRssMb,
  resetPeak,
  sampleTreePeak,
  spawnServer,
  tempPostgres,
  treeRssMb,
  waitUntil,
  type ServerProc,
} from './server-proc'
import { runBench } from './support'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const IDLE_MS = Number(process.env.BENCH_IDLE_SECONDS ?? 5) * 1000
const LOAD_MS = Number(process.env.BENCH_LOAD_SECONDS ?? 15) * 1000
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16)
const JWT_SECRET = 'bench-memory-secret-0123456789-0123456789'
const SERVER =
  process.env.BENCH_SERVER === 'tsx'
    ? ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')]
    : [path.join(ROOT, 'dist', 'server', 'index.mjs')]
const READY = ['/api/product/list?page=1&pageSize=20']

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function startAndWait(env: Record<string, string>): Promise<{ s: ServerProc; startPeak: number }> {
  const s = await spawnServer(SERVER, { JWT_SECRET, ...env })
  const sampler = sampleTreePeak(s.child.pid!)
  await waitUntil(s, READY)
  return { s, startPeak: sampler.stop() }
}

async function idle(s: ServerProc): Promise<number> {
  await sleep(IDLE_MS)
  return treeRssMb(s.child.pid!)
}

/** Mixed API traffic: product list pages, searches (every query new), product details, the cart with a token. */
async function loadPeak(s: ServerProc): Promise<{ peak: number; requests: number; failed: number }> {
  const pid = s.child.pid!
  const acc = DEMO_ACCOUNTS.find((a) => a.user.userName === 'approved.cn')!
  const token = await signAccessToken(JWT_SECRET, { userId: acc.user.id, userName: acc.user.userName })
  const auth = { authorization: `Bearer ${token}` }
  const catalogNumbers: string[] = []
  for (let p = 1; p <= 5; p++) {
    const body = await httpOk(`${s.origin}/api/product/list?page=${p}&pageSize=20`)
    const json = body ? JSON.parse(body) : null
    const items: { catalogNumber?: string }[] = json?.data?.items ?? []
    if (Array.isArray(items)) for (const it of items) if (it.catalogNumber) catalogNumbers.push(it.catalogNumber)
  }
  if (!catalogNumbers.length) catalogNumbers.push('A1001')
  const terms = [
    'antibody',
    'kit',
    'buffer',
    'cell',
    'caspase',
    'serum',
    'marker',
    'primer',
    '抗体',
    '试剂盒',
    '细胞',
    '培养基',
  ]
  let n = 0
  const next = (): [string, Record<string, string>] => {
    const i = n++
    switch (i % 4) {
      case 0:
        return [`/api/product/list?page=${1 + (i % 10)}&pageSize=20`, {}]
      case 1: {
        // a new query each time: a catalogue-number prefix of varying length, or a term with a page
        const c = catalogNumbers[i % catalogNumbers.length]
        const q = i % 8 === 1 ? c.slice(0, 2 + (i % Math.max(1, c.length - 1))) : terms[i % terms.length]
        return [`/api/product/search?q=${encodeURIComponent(q)}&page=${1 + (Math.floor(i / 8) % 5)}`, {}]
      }
      case 2:
        return [
          `/api/product/catalog?catalogNumber=${encodeURIComponent(catalogNumbers[i % catalogNumbers.length])}`,
          auth,
        ]
      default:
        return ['/api/cart/query', auth]
    }
  }
  resetPeak(pid)
  const sampler = sampleTreePeak(pid)
  const end = Date.now() + LOAD_MS
  let requests = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const [p, h] = next()
        requests++
        if ((await httpOk(s.origin + p, h)) === null) failed++
      }
    }),
  )
  return { peak: Math.max(sampler.stop(), peakRssMb(pid)), requests, failed }
}

interface PgliteRun {
  firstIdle: number
  firstStartPeak: number
  load: number
  restartIdle: number
}
interface PostgresRun {
  idle: number
  load: number
}

async function pgliteRun(): Promise<PgliteRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'))
  // a cache of initdb's output of its own, new each run: every first start here runs initdb (as on a fresh clone)
  const cache = `${dataDir}-initdb.tar`
  try {
    const first = await startAndWait({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PGLITE_INITDB_CACHE: cache,
      PGLITE_TEMPLATE_DIR: '0',
    })
    const firstIdle = await idle(first.s)
    const load = await loadPeak(first.s)
    console.log(`  PGlite load: ${load.requests} requests, ${load.failed} failed`)
    await first.s.stop()
    const again = await startAndWait({ DATABASE_URL: '', DATA_DIR: dataDir, PGLITE_INITDB_CACHE: cache })
    const restartIdle = await idle(again.s)
    await again.s.stop()
    return { firstIdle, firstStartPeak: first.startPeak, load: load.peak, restartIdle }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(cache, { force: true })
  }
}

async function postgresRun(url: string): Promise<PostgresRun> {
  const db = await tempPostgres(url, 'bench_memory')
  try {
    const { s } = await startAndWait({ DATABASE_URL: db.url })
    const idleMb = await idle(s)
    const load = await loadPeak(s)
    console.log(`  PostgreSQL load: ${load.requests} requests, ${load.failed} failed`)
    await s.stop()
    return { idle: idleMb, load: load.peak }
  } finally {
    await db.drop()
  }
}

async function main() {
  buildServerBundle()
  const lite: PgliteRun[] = []
  const post: PostgresRun[] = []
  for (let i = 0; i < RUNS; i++) {
    lite.push(await pgliteRun())
    console.log(
      `run ${i + 1} PGlite`,
      JSON.stringify(lite[i], (_k, v) => (typeof v === 'number' ? Math.round(v) : v)),
    )
    if (process.env.DATABASE_URL) {
      post.push(await postgresRun(process.env.DATABASE_URL))
      console.log(
        `run ${i + 1} PostgreSQL`,
        JSON.stringify(post[i], (_k, v) => (typeof v === 'number' ? Math.round(v) : v)),
      )
    }
  }
  const m = <T>(runs: T[], k: keyof T) => median(runs.map((r) => r[k] as number))
  const rows: BenchRow[] = [
    atMost('server RSS idle after a first start, PGlite (empty data folder)', m(lite, 'firstIdle'), 350, 'MB'),
    atMost('server RSS peak under load, PGlite', m(lite, 'load'), 450, 'MB'),
    atMost('server RSS idle after a restart, PGlite (existing data folder)', m(lite, 'restartIdle'), 350, 'MB'),
    context(
      'peak RSS during a first start, PGlite (server + its prepare child)',
      `${m(lite, 'firstStartPeak').toFixed(0)} MB`,
    ),
  ]
  if (post.length) {
    rows.push(atMost('server RSS idle, PostgreSQL', m(post, 'idle'), 150, 'MB'))
    rows.push(context('server RSS peak under load, PostgreSQL', `${m(post, 'load').toFixed(0)} MB`))
  } else {
    rows.push(context('server RSS, PostgreSQL', 'not measured (no DATABASE_URL)'))
  }
  record('memory', rows)
  printTable(
    `Server memory, ${SERVER.join(' ')} (median of ${RUNS}; load: ${CONNECTIONS} connections, ${LOAD_MS / 1000} s of mixed API requests)`,
    rows,
  )
}

runBench(main)
