#!/usr/bin/env node
/**
 * Sizes, beside their goals: the weapp main/subpackage sizes and the first screen of each tab page
 * (largest setData, WXML nodes, measured by tests/weapp/first-screen.test.js in miniprogram-simulate
 * against a real test server), and the H5 first-load JS (gzipped, printed for context; its goal is
 * bench/h5-first-load.ts's). Build first: npm run build:weapp (and build:h5).
 * Records its rows as bench/report.ts does (it is plain JS, so it writes the same JSON itself):
 * artifacts/bench/sizes.json. Prints figures; never asserts (the same budgets are tests in tests/weapp).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { weappPackageSizes } = require('../tests/support/weapp-size.js')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const KB = 1024
const kb = (n) => `${(n / KB).toFixed(1)} KB`
const rows = []

// the rows of bench/report.ts (atMost, context)
const atMost = (measure, value, goal, unit, digits = 0) => ({
  measure,
  figure: `${value.toFixed(digits)} ${unit}`,
  goal: `<= ${goal} ${unit}`,
  met: value <= goal,
})
const context = (measure, figure) => ({ measure, figure, goal: '', met: null })

function record(name, recorded) {
  const dir = path.join(root, 'artifacts', 'bench')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(
    path.join(dir, `${name}.json`),
    JSON.stringify({ name, at: new Date().toISOString(), rows: recorded }, null, 2),
  )
}

function printTable(title, printed) {
  const w = Math.max(7, ...printed.map((r) => r.measure.length))
  const f = Math.max(6, ...printed.map((r) => r.figure.length))
  const g = Math.max(4, ...printed.map((r) => r.goal.length))
  console.log(`\n${title}\n`)
  console.log(`${'measure'.padEnd(w)} | ${'figure'.padStart(f)} | ${'goal'.padEnd(g)} | met`)
  console.log(`${'-'.repeat(w)}-|-${'-'.repeat(f)}-|-${'-'.repeat(g)}-|----`)
  for (const r of printed)
    console.log(
      `${r.measure.padEnd(w)} | ${r.figure.padStart(f)} | ${r.goal.padEnd(g)} | ${r.met === null ? '' : r.met ? 'yes' : 'NO'}`,
    )
}

// --- weapp packages (the same budgets as tests/weapp/build.test.js)
const weapp = process.env.TEST_WEAPP_DIR
  ? path.resolve(root, process.env.TEST_WEAPP_DIR)
  : path.join(root, 'dist', 'weapp')
if (fs.existsSync(path.join(weapp, 'app.json'))) {
  const sizes = weappPackageSizes(weapp)
  rows.push(atMost('weapp main package', sizes.main / KB, 800, 'KB', 1))
  for (const s of sizes.subpackages)
    rows.push(
      atMost(`weapp subpackage ${s.root} (${s.pages} page${s.pages === 1 ? '' : 's'})`, s.size / KB, 500, 'KB', 1),
    )
  rows.push(atMost('weapp total (WeChat allows 20 MB)', sizes.total / KB, 4096, 'KB', 1))

  // --- weapp first screens: the figures come from the budget test, run once with an output file
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weapp-first-screen-')), 'figures.json')
  const run = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '-c', 'tests/weapp/jest.config.js', 'tests/weapp/first-screen.test.js'],
    {
      cwd: root,
      env: { ...process.env, WEAPP_FIRST_SCREEN_OUT: out },
      encoding: 'utf8',
    },
  )
  if (fs.existsSync(out)) {
    const { lines, figures } = JSON.parse(fs.readFileSync(out, 'utf8'))
    for (const f of figures) {
      const who = `weapp first screen ${f.page.split('/')[1]} (${f.as})`
      rows.push(atMost(`${who}: largest setData`, f.largest / KB, lines.setDataBytes / KB, 'KB', 1))
      rows.push(atMost(`${who}: WXML nodes`, f.nodes, lines.nodes, 'nodes'))
      rows.push(context(`${who}: setData total`, `${kb(f.total)} in ${f.calls} calls`))
    }
  } else {
    console.log(`weapp first screen: not measured (jest exited ${run.status})\n${(run.stderr || '').slice(-2000)}`)
    rows.push(context('weapp first screen', 'not measured (see the output above)'))
  }
} else {
  console.log('weapp: dist/weapp missing (npm run build:weapp)')
  rows.push(context('weapp', 'not measured: dist/weapp missing'))
}

// --- H5 first load: the entry chunks named in index.html (context; bench/h5-first-load.ts has the goal)
const h5 = path.join(root, 'dist', 'h5')
if (fs.existsSync(path.join(h5, 'index.html'))) {
  const html = fs.readFileSync(path.join(h5, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1])
  const styles = [...html.matchAll(/<link[^>]+href="([^"]+\.css)"/g)].map((m) => m[1])
  const file = (f) => path.join(h5, f.replace(/^\//, ''))
  const gz = (f) => zlib.gzipSync(fs.readFileSync(file(f))).length
  rows.push(context(`H5 entry JS (${scripts.length} files), gzipped`, kb(scripts.reduce((a, f) => a + gz(f), 0))))
  rows.push(context(`H5 entry CSS (${styles.length} files), gzipped`, kb(styles.reduce((a, f) => a + gz(f), 0))))
} else console.log('h5: dist/h5 missing (npm run build:h5)')

record('sizes', rows)
printTable('sizes', rows)
