/**
 * npm run bench: every bench, one after the other (each in its own process, so one's memory and JIT state
 * never colour the next), then one table of every headline figure beside its goal.
 *
 * Builds dist/h5 and dist/weapp first when they are missing. The benches that compare the databases
 * (search, memory, order-history) run on PGlite and, when DATABASE_URL is set, on PostgreSQL too.
 *   npm run bench                       # all
 *   npm run bench -- search memory      # only these (names as in the list below)
 * Figures go to artifacts/bench/<name>.json (bench/report.ts); nothing here asserts.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { BENCH_DIR, printTable, type BenchRow } from './report'

const root = path.resolve(__dirname, '..')

interface Bench {
  name: string
  /** the file under bench/ */
  file: string
  needs?: ('h5' | 'weapp')[]
}

const BENCHES: Bench[] = [
  { name: 'sizes', file: 'sizes.mjs', needs: ['h5', 'weapp'] },
  { name: 'h5-first-load', file: 'h5-first-load.ts', needs: ['h5'] },
  { name: 'lighthouse', file: 'lighthouse.ts', needs: ['h5'] },
  { name: 'cold-start', file: 'cold-start.ts', needs: ['h5'] },
  { name: 'memory', file: 'memory.ts', needs: ['h5'] }, // PGlite, and PostgreSQL when DATABASE_URL is set, in one run
  { name: 'search', file: 'search.ts' }, // PGlite, and PostgreSQL when DATABASE_URL is set, in one run
  { name: 'api', file: 'api.ts' },
  { name: 'cart', file: 'cart.ts' },
  { name: 'orders', file: 'orders.ts' },
  { name: 'order-history', file: 'order-history.ts' }, // PGlite, and PostgreSQL when DATABASE_URL is set, in one run
  { name: 'flashbuy', file: 'flashbuy.ts' }, // PostgreSQL only (DATABASE_URL); with REDIS_URL or BENCH_REDIS=1 also through the Redis gate
  { name: 'webhooks', file: 'webhooks.ts' }, // issue 24: the outbox's webhooks under order load (PostgreSQL; DATABASE_URL)
  { name: 'lb', file: 'lb.ts' }, // issue 14: one vs two instances behind HAProxy (PostgreSQL + Redis; DATABASE_URL)
]

function build(target: 'h5' | 'weapp') {
  const marker = target === 'h5' ? 'dist/h5/index.html' : 'dist/weapp/app.json'
  if (fs.existsSync(path.join(root, marker))) return
  console.log(`\n[bench] building ${target} (${marker} is missing)`)
  const r = spawnSync('npm', ['run', `build:${target}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (r.status !== 0) throw new Error(`build:${target} failed`)
}

function runOne(b: Bench): BenchRow[] {
  const file = path.join(__dirname, b.file)
  if (!fs.existsSync(file)) {
    console.log(`\n[bench] ${b.name}: ${b.file} is missing, skipped`)
    return []
  }
  const json = path.join(BENCH_DIR, `${b.name}.json`)
  fs.rmSync(json, { force: true })
  console.log(`\n=== bench ${b.name}`)
  const cmd = b.file.endsWith('.mjs') ? [file] : ['--import', 'tsx', file]
  const r = spawnSync(process.execPath, cmd, { cwd: root, stdio: 'inherit', env: process.env })
  const rows: BenchRow[] = fs.existsSync(json) ? JSON.parse(fs.readFileSync(json, 'utf8')).rows : []
  if (r.status !== 0)
    rows.push({ measure: `${b.name}: the bench failed (exit ${r.status})`, figure: '-', goal: '', met: false })
  return rows
}

function main() {
  const only = process.argv.slice(2)
  const chosen = only.length ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES
  for (const t of new Set(chosen.flatMap((b) => b.needs ?? []))) build(t)
  const rows = chosen.flatMap((b) => runOne(b))
  printTable(
    `npm run bench: ${rows.filter((r) => r.met === true).length} of ${rows.filter((r) => r.met !== null).length} goals met (Node ${process.version}, ${new Date().toISOString()})`,
    rows,
  )
}

main()
