/**
 * Flash-buy placement bench (issue 11):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/flashbuy.ts
 * A temporary PostgreSQL database with the seed, BENCH_BUYERS (default 1000) approved buyer accounts,
 * each with a user, an ACTIVE ship-to and a token. One sale of one SKU with stock to spare: autocannon
 * (in a child process) opens one connection per buyer and each connection places orders for BENCH_SECONDS
 * (default 10) with a new Idempotency-Key per request. Then, from the database: units sold against the
 * stock taken off the sale, oversold (order units beyond the stock taken) and accounts over their
 * limit (ledger above the limit or not the sum of their orders). A second, short crowd on a sale of
 * small stock sells it out and is checked the same way. Then pgbench on the same database: one
 * conditional decrement of a one-row table plus one order-row insert per commit (32 clients, 10 s),
 * the ceiling of one durable commit per order. Goals: >= 1000 orders/s, >= 0.6 x that pgbench figure,
 * oversold 0, over-limit 0. With REDIS_URL (or BENCH_REDIS=1: the local Redis) the crowd runs again
 * with the Redis gate on.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../server/db/schema'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app'
import { createPostgresDb, migrateToLatest } from '../server/db'
import { seedDatabase } from '../server/db/seed'
import { signAccessToken } from '../server/domains/auth/tokens'
import { tempPostgres } from './temp-db'
import { atLeast, atMost, context, printTable, record, type BenchRow } from './report'
import { firstPricedProductId, openFlashSale } from '../tests/support/flash-sale'
import { seededUser, shanghaiShipTo } from '../tests/support/buyer-account'
import { runJsonChild } from './support'
import crypto from 'node:crypto'

const BUYERS = Number(process.env.BENCH_BUYERS ?? 1000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000)
const LIMIT = 1000
const REDIS = process.env.REDIS_URL || (process.env.BENCH_REDIS === '1' ? 'redis://127.0.0.1:6379' : '')

// autocannon in a child process of its own (it aggregates its figures only on a main thread)
const LOADER = `
let input = ''
process.stdin.on('data', (d) => { input += d })
process.stdin.on('end', () => run(JSON.parse(input)))
function run(workerData) {
const autocannon = require(workerData.autocannon)
const { url, buyers, saleId, seconds, quantity } = workerData
let next = 0, n = 0
const statuses = {}
const inst = autocannon({
  url: url + '/api/flashbuy/place/order', connections: buyers.length, duration: seconds, pipelining: 1, timeout: 30,
  requests: [{
    method: 'POST',
    setupRequest(req, ctx) {
      if (ctx.b === undefined) ctx.b = buyers[next++ % buyers.length]
      const b = ctx.b
      req.headers = { 'content-type': 'application/json', authorization: 'Bearer ' + b.token, countrycode: 'cn', languagecode: 'en',
        'idempotency-key': 'bench-' + saleId + '-' + b.i + '-' + (n++) }
      req.body = JSON.stringify({ flashBuyId: saleId, quantity, addressKey: b.addressKey, termsAccepted: true,
        receiver: { name: 'Lab', phone: '13800138000' }, invoiceReceiver: { name: 'Lab', phone: '13800138000' } })
      return req
    },
  }],
}, (err, r) => {
  if (err) throw err
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats || {}).map(([k, v]) => [k, v.count]))
  process.stdout.write(JSON.stringify({ ok: r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, p50: r.latency.p50, p99: r.latency.p99, seconds: r.duration, statuses }))
})
}
`

export interface LoadResult {
  ok: number
  non2xx: number
  errors: number
  timeouts: number
  p50: number
  p99: number
  seconds: number
  statuses: Record<string, number>
}

/** autocannon (a child process) with one connection per buyer placing flash-buy orders, a new key per request; bench/lb.ts uses it too */
export function load(
  url: string,
  buyers: unknown[],
  saleId: string,
  seconds: number,
  quantity = 1,
): Promise<LoadResult> {
  return runJsonChild(
    LOADER,
    { url, buyers, saleId, seconds, quantity, autocannon: require.resolve('autocannon') },
    'the load generator',
  )
}

export interface Buyer {
  i: number
  addressKey: string
  token: string
}

/** `n` buyer accounts, each with a user, an ACTIVE ship-to and a token signed with `secret` (a few statements) */
export async function createBuyers(db: Kysely<DB>, n: number, secret: string): Promise<Buyer[]> {
  const base = await seededUser(db, 'approved.cn')
  const idx = Array.from({ length: n }, (_, i) => i)
  const accountIds = (
    await db
      .insertInto('accounts')
      .values(
        idx.map((i) => ({
          account_number: `FB${100000 + i}`,
          name: `Flash Lab ${i}`,
          account_type: 'customer' as const,
          country: 'cn',
        })),
      )
      .returning(['id', 'account_number'])
      .execute()
  )
    .sort((a, b) => a.account_number!.localeCompare(b.account_number!))
    .map((r) => r.id)
  await db
    .insertInto('users')
    .values(
      idx.map((i) => ({
        ...base,
        id: `U-fb-bench-${i}`,
        user_name: `fb.bench.${i}`,
        cdc_uid: `fb-bench-${i}`,
        email: `fb.bench${i}@lab.example`,
        account_id: accountIds[i],
      })),
    )
    .execute()
  await db
    .insertInto('ship_tos')
    .values(
      idx.map((i) =>
        shanghaiShipTo({
          addressKey: `ST-FB${100000 + i}-01`,
          accountNumber: `FB${100000 + i}`,
          attentionTo: 'Lab manager',
          company: `Flash Lab ${i}`,
          accountId: accountIds[i],
        }),
      ),
    )
    .execute()
  return Promise.all(
    idx.map(async (i) => ({
      i,
      addressKey: `ST-FB${100000 + i}-01`,
      token: await signAccessToken(secret, { userId: `U-fb-bench-${i}`, userName: `fb.bench.${i}` }),
    })),
  )
}

async function main() {
  const url = process.env.DATABASE_URL
  if (!url) {
    console.log('bench/flashbuy.ts needs DATABASE_URL (the goal is about PostgreSQL); skipped')
    return
  }
  const tmp = await tempPostgres(url, 'sf_bench_flash')
  const handle = createPostgresDb(tmp.url, { max: 10 })
  const rows: BenchRow[] = []
  const apps: FastifyInstance[] = []
  try {
    await migrateToLatest(handle.db)
    await seedDatabase(handle.db, { productCount: PRODUCTS })
    const secret = crypto.randomBytes(32).toString('hex')
    const db = handle.db

    const buyers = await createBuyers(db, BUYERS, secret)
    const productId = await firstPricedProductId(db)

    const newSale = async (stock: number, limit: number) => {
      const id = `B-${crypto.randomBytes(4).toString('hex')}`
      await openFlashSale(db, { id, productId, stock, limit, maxOrder: 5, text: 'bench' })
      return id
    }
    const check = async (saleId: string) => {
      const r = (
        await sql<{
          total: number
          remain: number
          units: number
          orders: number
          over_limit: number
          ledger_off: number
        }>`
        SELECT s.total_qty AS total, s.remain_qty AS remain,
          (SELECT coalesce(sum(l.quantity), 0)::int FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.flash_sale_id = s.id) AS units,
          (SELECT count(*)::int FROM orders o WHERE o.flash_sale_id = s.id) AS orders,
          (SELECT count(*)::int FROM flash_sale_ledger g WHERE g.flash_sale_id = s.id AND g.purchased_qty > s.account_purchase_limit_qty) AS over_limit,
          (SELECT count(*)::int FROM flash_sale_ledger g WHERE g.flash_sale_id = s.id AND g.purchased_qty <>
            (SELECT coalesce(sum(l.quantity), 0) FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.flash_sale_id = s.id AND o.account_id = g.account_id)) AS ledger_off
        FROM flash_sales s WHERE s.id = ${saleId}`.execute(db)
      ).rows[0]
      const taken = r.total - r.remain
      // oversold: order units beyond the stock taken off the sale (which the check constraint keeps within total_qty)
      return {
        ...r,
        sold: r.units,
        oversold: Math.max(0, r.units - taken),
        mismatch: r.units !== taken,
        overLimit: r.over_limit + r.ledger_off,
      }
    }

    const start = async (redisUrl: string) => {
      const prev = process.env.REDIS_URL
      if (redisUrl) process.env.REDIS_URL = redisUrl
      else delete process.env.REDIS_URL
      try {
        // the routes read REDIS_URL when they register, which is at listen
        const app = buildApp({ db, jwtSecret: secret })
        apps.push(app)
        return (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '')
      } finally {
        if (prev === undefined) delete process.env.REDIS_URL
        else process.env.REDIS_URL = prev
      }
    }

    const scenario = async (label: string, redisUrl: string) => {
      const api = await start(redisUrl)
      // warm-up: JIT, pool, user cache for every buyer
      await load(api, buyers, await newSale(1_000_000, LIMIT), 2)
      const saleId = await newSale(1_000_000, LIMIT)
      const load1 = os.loadavg()[0]
      const r = await load(api, buyers, saleId, SECONDS)
      const c = await check(saleId)
      // orders answered 200 within the run (orders still in flight when the clients stopped are not counted)
      const perSecond = r.ok / r.seconds
      console.log(
        `\n[${label}] ${BUYERS} buyers, ${r.seconds} s: ${c.orders} orders (${Math.round(perSecond)}/s), 2xx ${r.ok}, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, p50 ${r.p50} ms, p99 ${r.p99} ms; sold ${c.sold} = stock taken ${c.total - c.remain}; over-limit ${c.overLimit}; load average ${load1.toFixed(2)}`,
      )
      // a small stock sold out by the same crowd (limit 3 per account)
      const small = await newSale(Math.min(3000, BUYERS * 2), 3)
      const r2 = await load(api, buyers, small, 5)
      const c2 = await check(small)
      console.log(
        `[${label}] sell-out crowd: stock ${c2.total}, sold ${c2.sold}, remain ${c2.remain}, orders ${c2.orders}, 2xx ${r2.ok}, refused ${r2.non2xx}, over-limit ${c2.overLimit}`,
      )
      return { perSecond, p99: r.p99, c, c2, load1 }
    }

    const db1 = await scenario('PostgreSQL', '')

    // ---- pgbench: one conditional decrement + one order insert per commit, on the same database
    await sql`CREATE TABLE pgbench_flash (id int PRIMARY KEY, remain int NOT NULL CHECK (remain >= 0))`.execute(db)
    await sql`INSERT INTO pgbench_flash VALUES (1, 2000000000)`.execute(db)
    await sql`CREATE TABLE pgbench_flash_orders (id bigserial PRIMARY KEY, account_id int NOT NULL, qty int NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`.execute(
      db,
    )
    const script = path.join(os.tmpdir(), `pgbench-flash-${process.pid}.sql`)
    fs.writeFileSync(
      script,
      [
        '\\set a random(1, 1000)',
        'BEGIN;',
        'UPDATE pgbench_flash SET remain = remain - 1 WHERE id = 1 AND remain >= 1;',
        'INSERT INTO pgbench_flash_orders (account_id, qty) VALUES (:a, 1);',
        'END;',
      ].join('\n') + '\n',
    )
    const pgb = spawnSync('/usr/bin/pgbench', ['-n', '-c', '32', '-j', '2', '-T', '10', '-f', script, tmp.url], {
      encoding: 'utf8',
    })
    fs.rmSync(script, { force: true })
    const tps = Number(/tps = ([\d.]+)/.exec(pgb.stdout)?.[1] ?? NaN)
    if (!Number.isFinite(tps)) console.log(pgb.stdout, pgb.stderr)
    console.log(`\npgbench (decrement + insert per commit, 32 clients, 10 s): ${tps.toFixed(0)} tps`)

    rows.push(
      atLeast(
        `flash buy: orders/s, ${BUYERS} buyers on one SKU over HTTP (PostgreSQL)`,
        db1.perSecond,
        1000,
        'orders/s',
      ),
      atLeast(
        'flash buy: orders/s ÷ pgbench (one decrement + one insert per commit)',
        db1.perSecond / tps,
        0.6,
        'x',
        2,
      ),
      context('pgbench: one decrement + one insert per commit, 32 clients', `${tps.toFixed(0)} tps`),
      context(`flash buy: p99 latency, ${BUYERS} connections`, `${db1.p99} ms`),
      atMost(
        'flash buy: oversold units (both crowds)',
        db1.c.oversold + db1.c2.oversold + (db1.c.mismatch || db1.c2.mismatch ? 1 : 0),
        0,
        'units',
      ),
      atMost('flash buy: accounts over their limit (both crowds)', db1.c.overLimit + db1.c2.overLimit, 0, 'accounts'),
      context('flash buy: sell-out crowd sold / stock', `${db1.c2.sold} / ${db1.c2.total}`),
      context('load average (1 min) at the start of the run', db1.load1.toFixed(2)),
    )
    if (REDIS) {
      const rd = await scenario('PostgreSQL + Redis gate', REDIS)
      rows.push(
        atLeast(`flash buy with the Redis gate: orders/s, ${BUYERS} buyers`, rd.perSecond, 1000, 'orders/s'),
        context('flash buy with the Redis gate: p99', `${rd.p99} ms`),
        atMost(
          'flash buy with the Redis gate: oversold units + accounts over limit',
          rd.c.oversold + rd.c2.oversold + rd.c.overLimit + rd.c2.overLimit + (rd.c.mismatch || rd.c2.mismatch ? 1 : 0),
          0,
          '',
        ),
        context('flash buy with the Redis gate: sell-out crowd sold / stock', `${rd.c2.sold} / ${rd.c2.total}`),
      )
    }
    printTable(`flash-buy bench (Node ${process.version}, ${os.cpus().length} cores)`, rows)
    record('flashbuy', rows)
  } finally {
    for (const a of apps) await a.close().catch(() => {})
    await handle.close().catch(() => {})
    await tmp.drop()
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}
