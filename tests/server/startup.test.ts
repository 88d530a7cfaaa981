/**
 * Server start-up (server/index.ts, server/db/startup.ts), as a separate process like `npm start` runs it:
 * a first start on an empty database prepares it in a child process (PGlite: initdb, migrations, seed;
 * PostgreSQL: migrations, seed) that exits; the server comes up migrated and seeded, keeps no child, and a
 * second start reuses the database without seeding again; a later fresh PGlite folder starts from a cached
 * copy of initdb's output. The seeded rows are compared with a checksum of
 * every table (SEED_DATE fixed), so a faster seed cannot change the data: the same figures on both databases.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createPgliteDb, createPostgresDb } from '../../server/db'
import { PGLITE_HALF_ONLY, POSTGRES_URL, createTempPostgresDb, dropTempPostgresDb, withDatabase } from './helpers'
import { tableChecksums } from './seed-checksum'
import { initdbCacheFile } from '../../server/db/startup'
import { templateKey } from '../../server/db/template'
const { freePort, ROOT } = require('../support/server-process.js')

const SEED_DATE = '2026-01-15'
/**
 * rows:md5 per table of the default seed (6,000 products, seed 20260101) on SEED_DATE, identical on PGlite
 * and PostgreSQL. A deliberate change of the seed data updates these (print tableChecksums() of a fresh seed).
 */
const SEEDED: Record<string, string> = {
  account_prices: '3699:4c13e33a97a4d09b8ce83c58218f7f86',
  accounts: '6:450a9685feaed9d90836f2b4f9f482f5',
  ar_lines: '193:30e23a07bb4b0ec3c7ef9cba79986baf',
  article_types: '14:b7b431bb6b7f665c77227c1831e4f34e',
  audit_log: '0:-',
  auth_login_states: '0:-',
  auth_tickets: '0:-',
  bill_to_settings: '5:8805ffdab88ad77dd7eea94a7ee5fd2d',
  bill_tos: '6:ec04132706fe602261cdc57f32dde938',
  cart_coupons: '0:-',
  cart_items: '0:-',
  carts: '0:-',
  catalog_search_terms: '650:cf2247da3df969a07477427010c25420',
  catalogue_imports: '0:-',
  categories: '31:dbe98615ddc9028eda074118d33af185',
  content_categories: '26:aa37cebc6bce46bf631cb67aee1a1e38',
  content_items: '122:f05165cb1e5195d52b328de5e60f716f',
  content_products: '492:f87678af074a6fe0d940934f52aecfdf',
  coupons: '14:f8328d9f8dba41789834e517ab0a1e3c',
  credit_records: '5:08a7de039c7f9cd7c1f3c2428fcea10d',
  draw_activities: '8:1e68a7645ce518ae222b2199cf932e25',
  draw_blacklist: '0:-',
  draw_prizes: '44:11f908dbb6ff584b9ad985aa851a1a1c',
  draw_records: '1:dbee942f9085b606db41d48c70c79a75',
  erp_inbound_rows: '0:-',
  error_reports: '0:-',
  flash_sale_ledger: '0:-',
  flash_sales: '12:d32bca877a2d8444aa25ba35119ac30f',
  gift_redemption_feedback: '1:b8c183bc6285149f00b2388e6205cf18',
  gift_redemption_lines: '1:6f2ae5d2cf680d4fe5c6b7a964dae9ba',
  gift_redemptions: '1:c4b07620802461de902feb3a0aa2c5e6',
  gifts: '33:f24732d4c0ab50dc9756ab5e03525d33',
  history_visits: '10:c6d04f3a8468c8c1cfcbc86d8d3fe7e6',
  integration_clients: '0:-',
  invitation_activities: '2:eff13843ff8090fc931dd7a85bede896',
  invitation_codes: '0:-',
  invitation_uses: '0:-',
  invoice_files: '0:-',
  invoices: '108:f7f7e9feeb4957efb3fc1edf68ea9e47',
  lead_carts: '0:-',
  lead_items: '0:-',
  notifications: '19:609a07ceb023e56a9294fc3272e007b8',
  oidc_store: '0:-',
  onboarding_requests: '3:625769c5dabf798b2511b8a7bd328413',
  operation_logs: '0:-',
  order_charges: '314:770516626371639e408e6a44bfc33c3e',
  order_confirmations: '0:-',
  order_export_emails: '0:-',
  order_export_tickets: '0:-',
  order_lines: '1377:3663968f5ffac4432c3c881ad0d45523',
  order_placements: '288:08b74a0925ee1d2b265a5186d364f178',
  order_request_files: '0:-',
  order_requests: '3:f3273e39a8fc6671ccc89bb0c0913bfa',
  order_status_history: '0:-',
  orders: '313:b07c5ec284eea098a31f9b36697049a5',
  outbox_events: '1:a54caca7d41a7314ff2adc9350aa120b',
  persona_options: '15:03f50a9a50e33bf0b235fa0994fc5c4b',
  points_entries: '0:-',
  prize_orders: '1:51cc210e603f9f983a66a119413937b9',
  product_assays: '200:cfd7a175e0dece33b1cf52bce61cb89e',
  product_attribute_values: '22282:efb00a7e9663f8e64135cb5c96fd4973',
  product_catalog: '6000:d246083824e59529e0d9337980b50ff7',
  product_descriptions: '6000:552b7f43b30ee0b2d0afeaf4a7228ba2',
  product_document_files: '0:-',
  product_documents: '8303:2e471c17c44f5fea8c036a289985d91f',
  product_free_goods: '488:47a8f9b88d8a2c34082d4bc1c4c7e7f5',
  product_sales: '6000:dca913c697a2e9ff75bae6b003cfc88c',
  product_stock: '6000:681126753cb729773e342752d535307f',
  products: '6000:dd23aec318a23bc6e91b32d724e50fec',
  promotion_products: '62:28959965fb1dc78f914ed4ad30fa40b7',
  promotions: '12:a910c1f4cc146f126c8cc031f73eca3f',
  quote_lines: '61:da2c386d90a94464711c0bef52990438',
  quotes: '12:b3275b40c56acebb5115cca7667a54d4',
  request_interaction_files: '0:-',
  request_interactions: '7:4682066088aea715e7892d610ab33f9a',
  service_requests: '4:7394c0ae32b55e7416eed6c9c34d660c',
  ship_to_reviews: '2:7ae7e6e50e45aa78f8a9253d189dbd9d',
  ship_tos: '6:6216a0090a4c4f48b02ff08e33af2676',
  shipments: '228:b0546a54d17d81b890e7a69c470bd964',
  special_columns: '12:cc0c23e09016048da4c928ec19e5e7d1',
  staff_recovery_codes: '0:-',
  staff_roles: '6:d6d8d10f1e8b8fd8e64e896b2500a55b',
  staff_signin_tickets: '0:-',
  staff_users: '6:11047dd821c4ab3d942a38dac21e1e46',
  supply_center_options: '7:e43725bae16a3c7ecdb4b36f5e100e91',
  supply_center_requests: '3:1c146da372c45925dac94a62257dad28',
  supply_center_stock: '1223:cb917036d8b2147a1e55ccbb90c1fb01',
  supply_centers: '1:146c22bc9a7c5be5ffa8cefb371e73b7',
  sys_config: '8:6667c586880891d4b0cd55eb5bf74c9f',
  user_credentials: '4:e4705953d11681692da56ec4b4d42a14',
  user_personas: '16:67052fed2e9500519894d058294acaa7',
  users: '6:18d85c79976602860e3ea4e156eca223',
  warehouse_stock: '0:-',
  webhook_attempts: '1:5da9bad3442ea742a77adc2e942c0467',
  webhook_deliveries: '1:92e8c934c73343299eb6f53e90fb1b99',
  webhook_endpoints: '1:b101b0e0e4e8a2988e9cd799ec8e3463',
  wechat_bindings: '4:182617a3d8ee43c2ffe52e46fd7f059f',
  wechat_sessions: '0:-',
  wishlist_items: '6:921f4625e3fcdf8b68005b04f3e89a8f',
}

interface Started {
  child: ChildProcess
  origin: string
  output: string[]
  ready: { seeded: boolean; products: number; migrations: string[]; db: string }
  stop(): Promise<void>
}

async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort()
  const output: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DATE,
      JWT_SECRET: 'test-secret-for-start-up-runs-only-0123456789',
      STATIC_DIR: path.join(os.tmpdir(), 'no-h5-here'),
      // no seeded template unless a test makes one (a local build's dist/pglite-template would be copied)
      PGLITE_TEMPLATE_DIR: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => output.push(String(d)))
  child.stderr!.on('data', (d) => output.push(String(d)))
  const origin = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  const end = Date.now() + 240_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}\n${output.join('')}`)
    if (Date.now() > end) {
      await stop()
      throw new Error(`server did not start\n${output.join('')}`)
    }
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 200))
  }
  const line = output
    .join('')
    .split('\n')
    .find((l) => l.includes('"database ready"'))
  assert.ok(line, `no "database ready" log line:\n${output.join('')}`)
  return { child, origin, output, ready: JSON.parse(line), stop }
}

/** pids whose parent is `pid` (the server keeps no child once the database is prepared) */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)
}

async function productTotal(origin: string): Promise<number> {
  const r = await fetch(`${origin}/api/product/list?page=1&pageSize=1`)
  assert.equal(r.status, 200)
  return (await r.json()).data.total
}

/** first start (prepared in a child unless the database is not fresh), checks, second start (reused), checks */
async function startTwice(env: Record<string, string>, { fresh = true } = {}) {
  const first = await startServer(env)
  try {
    assert.equal(first.ready.seeded, fresh)
    assert.equal(first.ready.products, 6000)
    assert.deepEqual(first.ready.migrations, [], 'the child migrated: the server found nothing left to apply')
    assert.equal(await productTotal(first.origin), 6000)
    // the esbuild service of tsx is the only child a server run through tsx may keep: no node process
    const kept = childrenOf(first.child.pid!).filter((p) =>
      fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('index.ts'),
    )
    assert.deepEqual(kept, [], 'the prepare child has exited')
  } finally {
    await first.stop()
  }
  const second = await startServer(env)
  try {
    assert.equal(second.ready.seeded, false, 'a second start does not seed again')
    assert.deepEqual(second.ready.migrations, [])
    assert.equal(second.ready.products, 6000)
    assert.equal(await productTotal(second.origin), 6000)
  } finally {
    await second.stop()
  }
}

describe('server start-up on an empty database', () => {
  it(
    '[pglite] prepares the data folder in a child process, the same rows as ever; a second start reuses it; initdb is cached',
    { skip: PGLITE_HALF_ONLY },
    async () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-test-'))
      const dataDir = path.join(parent, 'pglite')
      fs.mkdirSync(dataDir) // an empty folder, as the end-to-end tests make
      const env = { DATABASE_URL: '', DATA_DIR: dataDir, PGLITE_INITDB_CACHE: '' }
      const cache = initdbCacheFile(dataDir, env)
      assert.ok(cache && path.dirname(cache) === parent, 'initdb is cached beside the data folder')
      const checksums = async (dir: string) => {
        const h = await createPgliteDb({ dataDir: dir })
        try {
          return await tableChecksums(h.db)
        } finally {
          await h.close()
        }
      }
      try {
        await startTwice(env)
        assert.ok(fs.existsSync(path.join(dataDir, 'PG_VERSION')))
        assert.deepEqual(
          fs.readdirSync(parent).sort(),
          [path.basename(cache), 'pglite'],
          'no half-made folder left beside it, and the initdb cache',
        )
        assert.deepEqual(await checksums(dataDir), SEEDED)

        // a second fresh folder starts from the cached initdb output: the same rows again
        const second = path.join(parent, 'pglite-2')
        const s = await startServer({ ...env, DATA_DIR: second })
        try {
          assert.equal(s.ready.seeded, true)
        } finally {
          await s.stop()
        }
        assert.deepEqual(await checksums(second), SEEDED)
      } finally {
        fs.rmSync(parent, { recursive: true, force: true })
      }
    },
  )

  it(
    "[pglite] a first start copies the build's seeded template when it is current: the same rows, no initdb; a stale template is ignored",
    { skip: PGLITE_HALF_ONLY },
    async () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-template-'))
      const template = path.join(parent, 'template')
      try {
        // what npm run build:server does: the server entry builds the template and exits
        const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')], {
          cwd: ROOT,
          env: {
            ...process.env,
            DATABASE_URL: '',
            SEED_DATE,
            PGLITE_TEMPLATE_DIR: template,
            STOREFRONT_BUILD_TEMPLATE: '1',
          },
          encoding: 'utf8',
        })
        assert.equal(built.status, 0, built.stderr)
        assert.deepEqual(fs.readdirSync(template).sort(), ['data', 'template.json'])

        const env = {
          DATABASE_URL: '',
          DATA_DIR: path.join(parent, 'a'),
          PGLITE_TEMPLATE_DIR: template,
          PGLITE_INITDB_CACHE: '',
        }
        const s = await startServer(env)
        try {
          assert.equal(s.ready.seeded, true)
          assert.equal(await productTotal(s.origin), 6000)
        } finally {
          await s.stop()
        }
        // copied, not prepared: no prepare child ran, so no initdb output was cached beside the folder
        assert.deepEqual(fs.readdirSync(parent).sort(), ['a', 'template'])
        const h = await createPgliteDb({ dataDir: path.join(parent, 'a') })
        try {
          assert.deepEqual(await tableChecksums(h.db), SEEDED)
        } finally {
          await h.close()
        }

        // another seed day (or other sources, or another PGlite) is another key: that template is not used
        assert.notEqual(templateKey({ SEED_DATE: '2026-01-15' }), templateKey({ SEED_DATE: '2026-01-16' }))
        const meta = path.join(template, 'template.json')
        fs.writeFileSync(meta, JSON.stringify({ key: templateKey({ SEED_DATE: '2026-01-16' }) }))
        const stale = await startServer({ ...env, DATA_DIR: path.join(parent, 'b') })
        await stale.stop()
        assert.equal(stale.ready.seeded, true)
        assert.ok(
          fs.readdirSync(parent).some((f) => f.endsWith('-initdb.tar')),
          'a stale template is ignored: the folder was prepared from scratch',
        )
      } finally {
        fs.rmSync(parent, { recursive: true, force: true })
      }
    },
  )

  it('[pglite] a data folder with files of its own is not replaced', { skip: PGLITE_HALF_ONLY }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-test-'))
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'not a database')
    try {
      await assert.rejects(startServer({ DATABASE_URL: '', DATA_DIR: dataDir }), /server exited/)
      assert.deepEqual(fs.readdirSync(dataDir), ['notes.txt'])
      assert.deepEqual(
        fs.readdirSync(path.dirname(dataDir)).filter((f) => f.startsWith(`${path.basename(dataDir)}.preparing`)),
        [],
      )
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it(
    '[postgres] migrates and seeds in a child process, the same rows as on PGlite; two instances starting at once seed it once; a later start reuses it; SIGTERM drains an instance',
    { skip: !POSTGRES_URL },
    async () => {
      const name = await createTempPostgresDb('sf_startup')
      const url = withDatabase(POSTGRES_URL!, name)
      try {
        // issue 14: "Migrations are safe when two instances start at once (an advisory lock), and so is the seed."
        const [a, b] = await Promise.all([
          startServer({ DATABASE_URL: url, SHUTDOWN_DRAIN_MS: '1500' }),
          startServer({ DATABASE_URL: url }),
        ])
        try {
          assert.deepEqual(
            [a.ready.seeded, b.ready.seeded].sort(),
            [false, true],
            'one instance prepared the database, the other found it done',
          )
          assert.equal(await productTotal(a.origin), 6000)
          assert.equal(await productTotal(b.origin), 6000)
          // issue 14: "on SIGTERM an instance stops taking requests, finishes those in flight ... /api/health reports not-ready while it drains"
          const exited = new Promise<number | null>((r) => a.child.once('exit', (code) => r(code)))
          a.child.kill('SIGTERM')
          let health = 200
          for (let i = 0; i < 20 && health === 200; i++) {
            await new Promise((r) => setTimeout(r, 50))
            health = (await fetch(`${a.origin}/api/health`)).status
          }
          assert.equal(health, 503, 'not ready while draining')
          assert.equal(await productTotal(a.origin), 6000, 'still serving during the drain')
          assert.equal((await fetch(`${b.origin}/api/health`)).status, 200, 'the other instance is unaffected')
          assert.equal(await exited, 0)
        } finally {
          await a.stop()
          await b.stop()
        }
        await startTwice({ DATABASE_URL: url }, { fresh: false })
        const h = createPostgresDb(url, { max: 1 })
        try {
          assert.deepEqual(await tableChecksums(h.db), SEEDED)
        } finally {
          await h.close()
        }
      } finally {
        await dropTempPostgresDb(name)
      }
    },
  )
})
