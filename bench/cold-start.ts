/**
 * Cold start (prints figures; no assertions): `npm start` (node scripts/start.mjs, with SKIP_BUILD=1
 * and dist/h5 and dist/server built beforehand) on an empty PGlite data folder, timed from spawn to the
 * first page: GET / answering the H5 index.html AND /api/product/list answering.
 *   npx tsx bench/cold-start.ts
 * Env: BENCH_RUNS (3; the figure is the median).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { atMost, context, median, printTable, record } from './report'
import { ROOT, buildServerBundle, ensureH5Build, spawnServer, waitUntil } from './server-proc'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)

async function once(): Promise<{ ms: number; restartMs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cold-'))
  const env = {
    SKIP_BUILD: '1',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    JWT_SECRET_FILE: path.join(dataDir, '..', `${path.basename(dataDir)}-jwt-secret`),
  }
  const firstPage = ['/', '/api/product/list?page=1&pageSize=20']
  const isIndex = (bodies: string[]) => bodies[0].includes('<html') && bodies[0].includes('<script')
  try {
    let t = Date.now()
    const first = await spawnServer([path.join(ROOT, 'scripts', 'start.mjs')], env)
    await waitUntil(first, firstPage, isIndex)
    const ms = Date.now() - t
    await first.stop()
    t = Date.now()
    const again = await spawnServer([path.join(ROOT, 'scripts', 'start.mjs')], env)
    await waitUntil(again, firstPage, isIndex)
    const restartMs = Date.now() - t
    await again.stop()
    return { ms, restartMs }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(env.JWT_SECRET_FILE, { force: true })
  }
}

async function main() {
  ensureH5Build()
  buildServerBundle()
  const runs: { ms: number; restartMs: number }[] = []
  for (let i = 0; i < RUNS; i++) {
    runs.push(await once())
    console.log(`run ${i + 1}: first start ${runs[i].ms} ms, restart ${runs[i].restartMs} ms`)
  }
  const rows = [
    atMost('npm start on an empty data folder to the first page (PGlite)', median(runs.map((r) => r.ms)) / 1000, 5, 's', 1),
    context('npm start again on that data folder to the first page', `${(median(runs.map((r) => r.restartMs)) / 1000).toFixed(1)} s`),
    context('load average (1 min) at the end: other work on the machine slows every figure', os.loadavg()[0].toFixed(1)),
  ]
  record('cold-start', rows)
  printTable(`Cold start (median of ${RUNS})`, rows)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
