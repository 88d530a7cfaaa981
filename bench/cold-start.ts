/**
 * Cold start (prints figures; no assertions): `npm start` (node scripts/start.mjs, with SKIP_BUILD=1
 * and dist/h5 and dist/server with its seeded PGlite template built beforehand) on an empty PGlite data
 * folder, timed from spawn to the first page: GET / answering the H5 index.html AND /api/product/list
 * answering. Context rows: the same start with no template (from scratch), and with initdb's output cached.
 *   npx tsx bench/cold-start.ts
 * Env: BENCH_RUNS (3; the figure is the median).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { atMost, context, median, printTable, record } from './report'
import { ROOT, buildServerBundle, ensureH5Build, spawnServer, treeCpuSeconds, waitUntil } from './server-proc'
import { runBench } from './support'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)

interface Run {
  ms: number
  cpu: number
  scratchMs: number
  scratchCpu: number
  restartMs: number
  cachedMs: number
  cachedCpu: number
}

/** ms from spawn to the first page, and the CPU seconds the start took (npm start, the server, its children) */
async function timeToFirstPage(env: Record<string, string>): Promise<{ ms: number; cpu: number }> {
  const isIndex = (bodies: string[]) => bodies[0].includes('<html') && bodies[0].includes('<script')
  const t = Date.now()
  const s = await spawnServer([path.join(ROOT, 'scripts', 'start.mjs')], env)
  try {
    await waitUntil(s, ['/', '/api/product/list?page=1&pageSize=20'], isIndex)
    return { ms: Date.now() - t, cpu: treeCpuSeconds(s.child.pid!) }
  } finally {
    await s.stop()
  }
}

/**
 * A first start on an empty folder after `npm run build` (the goal row: the build's seeded template is
 * copied), then with no template and no initdb cache (everything from scratch: initdb, migrations, seed in
 * the prepare child), a restart on that folder, and another empty folder with only initdb's output cached.
 */
async function once(): Promise<Run> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cold-'))
  const env = (dir: string, template: boolean) => ({
    SKIP_BUILD: '1',
    DATABASE_URL: '',
    DATA_DIR: path.join(tmp, dir),
    PGLITE_TEMPLATE_DIR: template ? '' : '0',
    PGLITE_INITDB_CACHE: path.join(tmp, 'initdb-cache.tar'),
    JWT_SECRET_FILE: path.join(tmp, 'jwt-secret'),
  })
  try {
    const first = await timeToFirstPage(env('t', true))
    const scratch = await timeToFirstPage(env('a', false))
    const restart = await timeToFirstPage(env('a', false))
    const cached = await timeToFirstPage(env('b', false))
    return {
      ms: first.ms,
      cpu: first.cpu,
      scratchMs: scratch.ms,
      scratchCpu: scratch.cpu,
      restartMs: restart.ms,
      cachedMs: cached.ms,
      cachedCpu: cached.cpu,
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

async function main() {
  ensureH5Build()
  buildServerBundle()
  const runs: Run[] = []
  for (let i = 0; i < RUNS; i++) {
    runs.push(await once())
    const r = runs[i]
    console.log(
      `run ${i + 1}: first start ${r.ms} ms (${r.cpu.toFixed(1)} s CPU), from scratch ${r.scratchMs} ms (${r.scratchCpu.toFixed(1)} s CPU), restart ${r.restartMs} ms, another empty folder with initdb cached ${r.cachedMs} ms (${r.cachedCpu.toFixed(1)} s CPU)`,
    )
  }
  const sec = (k: keyof Run) => `${(median(runs.map((r) => r[k])) / 1000).toFixed(1)} s`
  const cpu = (k: keyof Run) => `${median(runs.map((r) => r[k])).toFixed(1)} s`
  const rows = [
    atMost(
      'npm start on an empty data folder to the first page (PGlite, after npm run build)',
      median(runs.map((r) => r.ms)) / 1000,
      5,
      's',
      1,
    ),
    context('  CPU time of that start (all threads: npm start, the server)', cpu('cpu')),
    context('npm start on an empty data folder, no template, no initdb cache (from scratch)', sec('scratchMs')),
    context('  CPU time of that start (npm start, the server, its prepare child)', cpu('scratchCpu')),
    context('npm start on another empty data folder, initdb output cached', sec('cachedMs')),
    context('  CPU time of that start', cpu('cachedCpu')),
    context('npm start again on the first data folder', sec('restartMs')),
    context(
      'load average (1 min) at the end: other work on the machine slows every figure',
      os.loadavg()[0].toFixed(1),
    ),
  ]
  record('cold-start', rows)
  printTable(`Cold start (median of ${RUNS})`, rows)
}

runBench(main)
