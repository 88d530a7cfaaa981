#!/usr/bin/env node
/**
 * npm test: every test layer, with one summary line at the end.
 *   1. typecheck (tsc)                      6. build: H5 site, weapp mini-program, staff console; then the H5 size
 *   2. deps: the dependency rules              budgets (tests/build)
 *      (dependency-cruiser)                 7. weapp build checks (miniprogram-simulate; package sizes)
 *   3. lint (ESLint) and format (Prettier)  8. end-to-end in headless Chromium (playwright-core)
 *   4. app unit + component tests (jest)
 *   5. API tests (PGlite; + PostgreSQL when DATABASE_URL is set)
 *
 * Three lanes start together (TEST_LANES=serial runs them one after the other):
 *   checks: typecheck, deps, lint, format (they only read the sources; at low CPU priority, see checks below)
 *   lane 1: seed, then server (the PGlite half) beside server-pg (the PostgreSQL half, with DATABASE_URL), lb, dbfault
 *   lane 2: builds, template, weapp, e2e
 * and the end-to-end files are shared: once its own layers are through, lane 1 runs e2e files too (e2eRunner).
 * and the unit layer, which needs nothing built, runs in whichever of lanes 1 and 2 is through its own layers
 * first, so that neither ends long after the other on this 2-core machine.
 * Each layer's output goes to artifacts/test-results/<layer>.log and is printed whole when the layer ends,
 * so parallel output never interleaves. A failing layer does not stop the others (a failed build skips the
 * layers that need it); the exit code is non-zero if anything failed.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'artifacts', 'test-results')
fs.mkdirSync(out, { recursive: true })
const serial = process.env.TEST_LANES === 'serial'
const t0 = Date.now()

const totals = { passed: 0, failed: 0, skipped: 0 }
const rows = []

/** Runs one command with its output in a log file; prints the log when it ends. */
function run(name, cmd, args, env = {}) {
  const started = Date.now()
  const logFile = path.join(out, `${name}.log`)
  const log = fs.openSync(logFile, 'w')
  console.log(`=== ${name} started: ${cmd} ${args.join(' ')}`)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', log, log], env: { ...process.env, ...env } })
    child.on('close', (code) => {
      fs.closeSync(log)
      const secs = ((Date.now() - started) / 1000).toFixed(1)
      console.log(`\n=== ${name}: exit ${code} in ${secs}s (at ${((Date.now() - t0) / 1000).toFixed(0)}s)`)
      process.stdout.write(fs.readFileSync(logFile, 'utf8'))
      resolve({ ok: code === 0, secs })
    })
  })
}

async function jestLayer(name, config) {
  const file = path.join(out, `${name}.json`)
  fs.rmSync(file, { force: true })
  const r = await run(name, 'npx', ['jest', '-c', config, '--json', `--outputFile=${file}`])
  let passed = 0
  let failed = r.ok ? 0 : 1
  let skipped = 0
  if (fs.existsSync(file)) {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'))
    passed = j.numPassedTests
    failed = j.numFailedTests + j.numRuntimeErrorTestSuites
    skipped = j.numPendingTests
    if (!r.ok && failed === 0) failed = 1
  }
  record(name, r, passed, failed, skipped)
}

async function nodeTestLayer(name, files, env = {}, tally = null) {
  const tap = path.join(out, `${name}.tap`)
  const r = await run(
    name,
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    env,
  )
  const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : ''
  const num = (k) => Number((text.match(new RegExp(`^# ${k} (\\d+)`, 'm')) ?? [])[1] ?? 0)
  let failed = num('fail') + num('cancelled')
  if (!r.ok && failed === 0) failed = 1
  if (tally) tally(r, num('pass'), failed, num('skipped') + num('todo'))
  else record(name, r, num('pass'), failed, num('skipped') + num('todo'))
}

/**
 * The end-to-end files, shared by two runners: lane 2's once its builds and checks are through, and lane 1's once
 * its API layers are (whichever lane finishes its own work first helps with the other's), one file at a time each.
 * The longest file (the console's, one server for every role's day) goes first. One row for all of them.
 */
const e2e = {
  queue: [],
  ready: null,
  open: null,
  tally: { ok: true, secs: 0, passed: 0, failed: 0, skipped: 0 },
  runners: 0,
}
e2e.ready = new Promise((resolve) => (e2e.open = resolve))
async function e2eRunner(lane) {
  const go = await e2e.ready
  // a lane that arrives when the other has taken the last file has nothing to do (and records nothing)
  if (!go || e2e.queue.length === 0) return
  e2e.runners++
  for (let f = e2e.queue.shift(); f; f = e2e.queue.shift()) {
    await nodeTestLayer(`e2e ${path.basename(f, '.e2e.test.ts')} (${lane})`, [f], {}, (r, passed, failed, skipped) => {
      e2e.tally.ok &&= r.ok
      e2e.tally.secs += Number(r.secs)
      e2e.tally.passed += passed
      e2e.tally.failed += failed
      e2e.tally.skipped += skipped
    })
  }
  if (--e2e.runners === 0) {
    const t = e2e.tally
    record('e2e', { ok: t.ok, secs: t.secs.toFixed(1) }, t.passed, t.failed, t.skipped)
  }
}

async function checkLayer(name, cmd, args) {
  const r = await run(name, cmd, args)
  record(name, r, r.ok ? 1 : 0, r.ok ? 0 : 1, 0)
  return r
}

function record(name, r, passed, failed, skipped) {
  totals.passed += passed
  totals.failed += failed
  totals.skipped += skipped
  rows.push(
    `${name.padEnd(10)} ${r.ok ? 'ok  ' : 'FAIL'} ${String(passed).padStart(4)} passed ${String(failed).padStart(3)} failed ${String(skipped).padStart(3)} skipped  ${r.secs}s`,
  )
}

const testFiles = (dir) =>
  !fs.existsSync(path.join(root, 'tests', dir))
    ? []
    : fs
        .readdirSync(path.join(root, 'tests', dir))
        .filter((f) => f.endsWith('.test.ts'))
        .sort()
        .map((f) => path.join('tests', dir, f))

// The API tests' seeded databases, made once for the layer (tests/server/shared-seed.ts): a PGlite dump file
// and, with DATABASE_URL, a PostgreSQL template database. Each test process copies them instead of seeding.
const seedArgs = [
  path.join(os.tmpdir(), `sf-test-seed-${process.pid}.tar`),
  ...(process.env.DATABASE_URL ? [`sf_tpl_${process.pid}`] : []),
]
const sharedSeed = (cmd) => [process.execPath, ['--import', 'tsx', 'tests/server/shared-seed.ts', cmd, ...seedArgs]]
const dropSharedSeed = () => spawn(...sharedSeed('drop'), { cwd: root, stdio: 'ignore' })
process.once('SIGINT', () => dropSharedSeed().on('close', () => process.exit(130)))

// The API tests that touch a database: those that run per database (describeEachDb, DB_KINDS) or on PostgreSQL only
// (POSTGRES_URL). With DATABASE_URL, their PostgreSQL half runs as its own layer beside the PGlite one
// (TEST_DB_KINDS, tests/server/helpers.ts): the PGlite half spends its time in this process's WebAssembly, the
// PostgreSQL half mostly waiting on the database server, so together they fill the two cores instead of taking turns.
const usesPostgres = (file) =>
  /describeEachDb|DB_KINDS|POSTGRES_URL/.test(fs.readFileSync(path.join(root, file), 'utf8'))

async function serverLayer(after) {
  // a failed prepare is reported; the tests then seed for themselves, as a single file run by hand does
  const prep = await checkLayer('seed', ...sharedSeed('prepare'))
  const env = prep.ok
    ? { TEST_PGLITE_DUMP: seedArgs[0], ...(seedArgs[1] ? { TEST_PG_TEMPLATE: seedArgs[1] } : {}) }
    : {}
  const files = testFiles('server')
  if (process.env.DATABASE_URL) {
    // the PostgreSQL half is the shorter (882 s against 984 s here): the PostgreSQL layers that follow go after it
    await Promise.all([
      nodeTestLayer('server', files, { ...env, TEST_DB_KINDS: 'pglite' }),
      (async () => {
        await nodeTestLayer('server-pg', files.filter(usesPostgres), { ...env, TEST_DB_KINDS: 'postgres' })
        await after()
      })(),
    ])
  } else {
    await nodeTestLayer('server', files, env)
    await after()
  }
  await new Promise((resolve) => dropSharedSeed().on('close', resolve))
}

// Checks of the sources alone (nothing built, nothing running). At low CPU priority beside lanes 1 and 2: they take
// the CPU those leave idle (waits on PostgreSQL, Chromium, restarts) rather than slow them; no check has a time limit.
const niced = (cmd, args) => (serial ? [cmd, args] : ['nice', ['-n', '10', cmd, ...args]])
const checks = async () => {
  await checkLayer('typecheck', ...niced('npx', ['tsc', '-p', 'tsconfig.json']))
  // the import rules of docs/architecture.md (.dependency-cruiser.cjs); a broken rule is named in the output
  await checkLayer(
    'deps',
    ...niced('npx', [
      'depcruise',
      'src',
      'server',
      'types',
      'admin',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ]),
  )
  await checkLayer('lint', ...niced('npm', ['run', 'lint']))
  await checkLayer('format', ...niced('npm', ['run', 'format:check']))
}
// the unit layer, in the first of lanes 1 and 2 to get here (no unit test writes a file the checks read: their
// "not blind" samples are in memory or in a temporary folder)
let unitTaken = false
async function unitIfFirst() {
  if (unitTaken) return
  unitTaken = true
  await jestLayer('unit', 'jest.config.js')
}

const laneA = async () => {
  // after the PostgreSQL half of the API tests, while the PGlite half may still run:
  await serverLayer(async () => {
    // issue 14: two instances behind HAProxy on PostgreSQL + Redis (skipped without DATABASE_URL, haproxy or redis-server)
    await nodeTestLayer('lb', testFiles('lb'))
    // issue 22 #27-#29: the server against a PostgreSQL of its own that restarts, crashes and stops under order load
    // (tests/dbfault; skipped, with the reason, without PostgreSQL's server binaries)
    await nodeTestLayer('dbfault', testFiles('dbfault'))
  })
  await unitIfFirst()
  // (in serial mode lane 2 has not started yet: it runs them all)
  if (!serial) await e2eRunner('lane 1')
}
const laneB = async () => {
  const h5 = await run('build:h5', 'npm', ['run', 'build:h5'], { NODE_ENV: 'production' })
  const weapp = await run('build:weapp', 'npm', ['run', 'build:weapp'], { NODE_ENV: 'production' })
  // the staff console (issue 25: Vite, a few seconds), served by the e2e layer's servers at /admin
  const admin = await run('build:admin', 'npm', ['run', 'build:admin'], { NODE_ENV: 'production' })
  const built = h5.ok && weapp.ok && admin.ok
  record(
    'build',
    { ok: built, secs: (Number(h5.secs) + Number(weapp.secs) + Number(admin.secs)).toFixed(1) },
    built ? 1 : 0,
    built ? 0 : 1,
    0,
  )
  // size budgets of the built H5 site (first-load JS per tab page): sizes, never times
  if (h5.ok && testFiles('build').length) await nodeTestLayer('budgets', testFiles('build'))
  // the seeded PGlite template (dist/pglite-template, npm run build:server): each test server of the weapp and e2e
  // layers starts on an empty data folder and copies it instead of seeding (~10 s each, fifteen e2e files); without
  // it they seed for themselves
  await checkLayer('template', 'npm', ['run', 'build:server'])
  if (weapp.ok) await jestLayer('weapp', 'tests/weapp/jest.config.js')
  if (h5.ok && admin.ok) {
    const files = testFiles('e2e')
    e2e.queue.push(...files.filter((f) => f.includes('console')), ...files.filter((f) => !f.includes('console')))
  }
  e2e.open(h5.ok && admin.ok)
  await e2eRunner('lane 2')
  await unitIfFirst()
}

if (serial) {
  await checks()
  await laneA()
  await laneB()
} else {
  await Promise.all([checks(), laneA(), laneB()])
}

console.log(
  `\n=== summary after ${((Date.now() - t0) / 1000).toFixed(0)}s (per-layer logs and results in artifacts/test-results, screenshots in artifacts/e2e)`,
)
for (const r of rows) console.log(`  ${r}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
