#!/usr/bin/env node
/**
 * npm test: every test layer, in order, with one summary line at the end.
 *   1. typecheck (tsc)                      5. build: H5 site and weapp mini-program
 *   2. deps: the dependency rules           6. weapp build checks (miniprogram-simulate)
 *      (dependency-cruiser)                 7. end-to-end in headless Chromium (playwright-core)
 *   3. app unit + component tests (jest)
 *   4. API tests (PGlite; + PostgreSQL when DATABASE_URL is set)
 * A failing layer does not stop the later ones (except that a failed build skips 5 and 6);
 * the exit code is non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'artifacts', 'test-results')
fs.mkdirSync(out, { recursive: true })

const totals = { passed: 0, failed: 0, skipped: 0 }
const rows = []

function run(name, cmd, args, env = {}) {
  const t0 = Date.now()
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const secs = ((Date.now() - t0) / 1000).toFixed(1)
  return { ok: r.status === 0, secs }
}

function jestLayer(name, config) {
  const file = path.join(out, `${name}.json`)
  fs.rmSync(file, { force: true })
  const r = run(name, 'npx', ['jest', '-c', config, '--json', `--outputFile=${file}`])
  let passed = 0; let failed = r.ok ? 0 : 1; let skipped = 0
  if (fs.existsSync(file)) {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'))
    passed = j.numPassedTests; failed = j.numFailedTests + j.numRuntimeErrorTestSuites; skipped = j.numPendingTests
    if (!r.ok && failed === 0) failed = 1
  }
  record(name, r, passed, failed, skipped)
}

function nodeTestLayer(name, files, env = {}) {
  const tap = path.join(out, `${name}.tap`)
  const r = run(name, process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1',
    '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files], env)
  const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : ''
  const num = (k) => Number((text.match(new RegExp(`^# ${k} (\\d+)`, 'm')) ?? [])[1] ?? 0)
  let failed = num('fail') + num('cancelled')
  if (!r.ok && failed === 0) failed = 1
  record(name, r, num('pass'), failed, num('skipped') + num('todo'))
}

function record(name, r, passed, failed, skipped) {
  totals.passed += passed; totals.failed += failed; totals.skipped += skipped
  rows.push(`${name.padEnd(10)} ${r.ok ? 'ok  ' : 'FAIL'} ${String(passed).padStart(4)} passed ${String(failed).padStart(3)} failed ${String(skipped).padStart(3)} skipped  ${r.secs}s`)
}

const testFiles = (dir) => fs.readdirSync(path.join(root, 'tests', dir)).filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join('tests', dir, f))

const tc = run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json'])
record('typecheck', tc, tc.ok ? 1 : 0, tc.ok ? 0 : 1, 0)
// the import rules of README "Layout" (.dependency-cruiser.cjs); a broken rule is named in the output
const deps = run('deps', 'npx', ['depcruise', 'src', 'server', 'types', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'])
record('deps', deps, deps.ok ? 1 : 0, deps.ok ? 0 : 1, 0)
jestLayer('unit', 'jest.config.js')
nodeTestLayer('server', testFiles('server'))

const h5 = run('build:h5', 'npm', ['run', 'build:h5'], { NODE_ENV: 'production' })
const weapp = run('build:weapp', 'npm', ['run', 'build:weapp'], { NODE_ENV: 'production' })
record('build', { ok: h5.ok && weapp.ok, secs: (Number(h5.secs) + Number(weapp.secs)).toFixed(1) }, h5.ok && weapp.ok ? 1 : 0, h5.ok && weapp.ok ? 0 : 1, 0)
if (weapp.ok) jestLayer('weapp', 'tests/weapp/jest.config.js')
if (h5.ok) nodeTestLayer('e2e', testFiles('e2e'))

console.log('\n=== summary (per-layer results in artifacts/test-results, screenshots in artifacts/e2e)')
for (const r of rows) console.log(`  ${r}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
