import { describe, it, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ConfigSchema, loadConfig } from '../../server/config'
import { buildApp } from '../../server/app'
import { createPostgresDb } from '../../server/db'
import { TEST_JWT_SECRET } from './helpers'

/**
 * The server's configuration (server/config.ts): every environment variable in one schema, checked once;
 * no other file of server/ reads process.env; docs/configuration.md lists every variable with its default.
 */
const ROOT = path.resolve(__dirname, '..', '..')
const CONFIG_FILE = path.join('server', 'config.ts')

/** `file:line` of every read of the environment in the .ts/.js files under `dir` (paths relative to ROOT). */
function environmentReads(dir: string): string[] {
  const found: string[] = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) found.push(...environmentReads(p))
    else if (/\.(ts|mts|js|mjs)$/.test(e.name)) {
      fs.readFileSync(p, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/process\s*\.\s*env\b|process\s*\[\s*['"]env['"]\s*\]/.test(line))
            found.push(`${path.relative(ROOT, p)}:${i + 1}`)
        })
    }
  }
  return found
}

describe('one validated configuration (server/config.ts)', () => {
  it('no file of server/ but server/config.ts reads process.env', () => {
    const reads = environmentReads(path.join(ROOT, 'server')).filter((r) => !r.startsWith(`${CONFIG_FILE}:`))
    assert.deepEqual(reads, [])
    // the check finds a read where there is one
    const planted = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'))
    try {
      fs.writeFileSync(
        path.join(planted, 'a.ts'),
        "export const port = 1\nexport const host = process.env.HOST ?? 'x'\n",
      )
      assert.deepEqual(environmentReads(planted), [`${path.relative(ROOT, path.join(planted, 'a.ts'))}:2`])
    } finally {
      fs.rmSync(planted, { recursive: true, force: true })
    }
  })

  it('fills in the defaults, takes numbers as numbers, treats an empty value as unset and ignores other variables', () => {
    const d = loadConfig({})
    assert.equal(d.PORT, 3000)
    assert.equal(d.HOST, '127.0.0.1')
    assert.equal(d.LOG_LEVEL, 'info')
    assert.equal(d.DATABASE_URL, undefined)
    const c = loadConfig({
      PORT: '4000',
      DATABASE_URL: '',
      MAIL_FROM: 'Config Test <config@labstore.local>',
      PATH: '/usr/bin',
      FLASH_BATCH_LINGER_MS: '0.5',
    })
    assert.equal(c.PORT, 4000)
    assert.equal(c.DATABASE_URL, undefined, 'DATABASE_URL= is PGlite, as before')
    assert.equal(c.MAIL_FROM, 'Config Test <config@labstore.local>')
    assert.equal(c.FLASH_BATCH_LINGER_MS, 0.5)
    assert.ok(!('PATH' in c), 'not a variable of the server')
  })

  it('a bad value is an error naming the variable (and every other bad one)', () => {
    assert.throws(
      () => loadConfig({ PORT: 'abc' }),
      /^Error: Invalid configuration: PORT must be integer \(got "abc"\)$/,
    )
    assert.throws(
      () => loadConfig({ LOG_LEVEL: 'loud', SEED_DATE: '2026-1-5' }),
      (e: Error) => /LOG_LEVEL/.test(e.message) && /SEED_DATE/.test(e.message),
    )
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/)
    assert.throws(() => loadConfig({ ORDER_TAX_RATE_CN: '10001' }), /ORDER_TAX_RATE_CN must be <= 10000/)
    assert.throws(
      () => loadConfig({ OIDC_ISSUER: 'https://idp.example' }),
      /OIDC_CLIENT_ID, OIDC_CLIENT_SECRET when property OIDC_ISSUER/,
    )
  })

  it('the server does not start with a bad value: one fatal log line that names the variable', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'index.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    assert.equal(r.status, 1, r.stderr)
    const line = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
      level: number
      msg: string
      err: { message: string }
    }
    assert.equal(line.level, 60)
    assert.equal(line.msg, 'start-up failed')
    assert.match(line.err.message, /PORT must be integer \(got "abc"\)/)
  })

  describe('buildApp reads the environment when it is called (tests set process.env first)', () => {
    const h = createPostgresDb('postgres://nobody@127.0.0.1:9/none', { max: 1 }) // never queried
    after(() => h.close())
    it('app.config is the environment at buildApp time, or the config it is given', async () => {
      const saved = process.env.MAIL_FROM
      process.env.MAIL_FROM = 'Config Test <config@labstore.local>'
      const fromEnv = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET })
      if (saved === undefined) delete process.env.MAIL_FROM
      else process.env.MAIL_FROM = saved
      const given = buildApp({
        db: h.db,
        jwtSecret: TEST_JWT_SECRET,
        config: loadConfig({ PRIZE_ORDER_SWEEP_MS: '0' }),
      })
      try {
        assert.equal(fromEnv.config.MAIL_FROM, 'Config Test <config@labstore.local>')
        assert.equal(given.config.MAIL_FROM, 'Lab Store <no-reply@labstore.local>', 'the default, not the environment')
        assert.equal(given.config.PRIZE_ORDER_SWEEP_MS, 0)
      } finally {
        await fromEnv.close()
        await given.close()
      }
    })
  })

  it('docs/configuration.md has a row for every variable, with its default', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8')
    const rows = new Map<string, string>()
    for (const line of doc.split('\n').filter((l) => l.startsWith('|'))) {
      // the cells of a table row; `\|` inside a cell is not a border
      const [, name, , fallback] = line.split(/(?<!\\)\|/).map((c) => c.trim())
      const m = /^`([A-Z][A-Z0-9_]*)`$/.exec(name ?? '')
      if (m) rows.set(m[1], fallback)
    }
    const props = (ConfigSchema as unknown as { properties: Record<string, { default?: unknown }> }).properties
    for (const [name, schema] of Object.entries(props)) {
      assert.ok(rows.has(name), `docs/configuration.md has no row for ${name}`)
      assert.equal(
        rows.get(name),
        schema.default === undefined ? '—' : `\`${String(schema.default)}\``,
        `the default of ${name}`,
      )
    }
    assert.ok(Object.keys(props).length >= 40, 'the variables of the server')
  })
})
