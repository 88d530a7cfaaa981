/**
 * One against two server instances behind HAProxy (issue 14: "the measured throughput of one and of two instances
 * for the product search and the flash-buy bench, on this 2-core machine"):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/lb.ts
 * Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (20, search), BENCH_BUYERS (1000, flash buy), BENCH_ROUNDS (2).
 *
 * The layer's own set-up (tests/lb/harness.ts): a temporary seeded PostgreSQL database, a redis-server of its own
 * (the flash-buy gate on), two server processes and HAProxy, round-robin. "One instance" is the same set-up with
 * app2 put in maintenance through HAProxy's runtime API, so both runs pay for the balancer and differ only in
 * the instances taking work. The load generators are the existing benches': unique-query product search
 * (bench/search-mix.ts, autocannon at full speed in a child process: bench/full-speed.ts) and the flash-buy
 * crowd (bench/flashbuy.ts: one connection per buyer, a new Idempotency-Key per request, a sale with stock to
 * spare). Each round runs one then two instances (the next round two then one); the figures are the medians.
 * The machine has 2 cores for the load generator, HAProxy, PostgreSQL, Redis and the instances together.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import { sql } from 'kysely'
import { startLb, skipReason, LB_JWT_SECRET, type Lb } from '../tests/lb/harness'
import { fullSpeed } from './full-speed'
import { searchMix } from './search-mix'
import { createBuyers, load } from './flashbuy'
import { atLeast, atMost, context, median, printTable, record, type BenchRow } from './report'
import { firstPricedProductId, openFlashSale } from '../tests/support/flash-sale'
import { runBench } from './support'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const BUYERS = Number(process.env.BENCH_BUYERS ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)

type Setup = 'one' | 'two'

/** requests HAProxy has sent to each server so far (stats: stot), and its UP→DOWN transitions (chkdown) under `down:` */
async function perServer(lb: Lb): Promise<Record<string, number>> {
  const csv = await (await fetch(lb.statsUrl)).text()
  const lines = csv.split('\n')
  const head = lines[0].replace(/^# /, '').split(',')
  const out: Record<string, number> = {}
  for (const l of lines.slice(1)) {
    const c = l.split(',')
    if (c[0] === 'api' && c[1].startsWith('app')) {
      out[c[1]] = Number(c[head.indexOf('stot')])
      out[`down:${c[1]}`] = Number(c[head.indexOf('chkdown')])
    }
  }
  return out
}

async function main() {
  const why = skipReason()
  if (why) {
    console.log(`bench/lb.ts: ${why}; skipped`)
    return
  }
  const t0 = Date.now()
  const lb = await startLb({ drainMs: 0 })
  const onSigint = () => void lb.stop().finally(() => process.exit(130))
  process.once('SIGINT', onSigint)
  try {
    const db = lb.handle.db
    console.log(`two instances and HAProxy up in ${Date.now() - t0} ms (${lb.origin})`)
    const perRun = Math.max(5000, SECONDS * 6000)
    const warm = 1000
    const all = await searchMix(lb.handle, ROUNDS * 2 * (perRun + warm) + warm, 3, true)
    let next = 0
    const take = (n: number) => all.slice(next, (next += n))
    console.log(`${all.length} distinct search queries`)
    const buyers = await createBuyers(db, BUYERS, LB_JWT_SECRET)
    const productId = await firstPricedProductId(db)
    const newSale = async () => {
      const id = `LB-${crypto.randomBytes(4).toString('hex')}`
      const stock = 10_000_000
      await openFlashSale(db, { id, productId, stock, limit: 1_000_000, maxOrder: 5, text: 'bench' })
      return id
    }
    const sold = async (saleId: string) =>
      (
        await sql<{ taken: number; units: number }>`
      SELECT s.total_qty - s.remain_qty AS taken,
        (SELECT coalesce(sum(l.quantity), 0)::int FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.flash_sale_id = s.id) AS units
      FROM flash_sales s WHERE s.id = ${saleId}`.execute(db)
      ).rows[0]

    // warm-up of both instances: JIT, pools, every buyer in each user cache, the gate's scripts
    await fullSpeed(lb.origin, take(warm), CONNECTIONS, 2)
    await load(lb.origin, buyers, await newSale(), 3)

    const results: Record<
      Setup,
      {
        search: number[]
        searchP99: number[]
        flash: number[]
        flashP99: number[]
        share: string[]
        oversold: number
        downs: number
        flashNon2xx: number[]
      }
    > = {
      one: { search: [], searchP99: [], flash: [], flashP99: [], share: [], oversold: 0, downs: 0, flashNon2xx: [] },
      two: { search: [], searchP99: [], flash: [], flashP99: [], share: [], oversold: 0, downs: 0, flashNon2xx: [] },
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const setup of (round % 2 ? ['two', 'one'] : ['one', 'two']) as Setup[]) {
        await lb.setServerState('app2', setup === 'one' ? 'maint' : 'ready')
        const before = await perServer(lb)
        await fullSpeed(lb.origin, take(warm), CONNECTIONS, 1)
        const s = await fullSpeed(lb.origin, take(perRun), CONNECTIONS, SECONDS)
        const saleId = await newSale()
        const f = await load(lb.origin, buyers, saleId, SECONDS)
        const c = await sold(saleId)
        const after = await perServer(lb)
        const share = Object.keys(after)
          .filter((k) => !k.startsWith('down:'))
          .map((k) => `${k} ${after[k] - (before[k] ?? 0)}`)
          .join(', ')
        // a server taken out by a failed health check during the run (not app2 put in maintenance)
        const downs =
          after['down:app1'] - before['down:app1'] + (setup === 'two' ? after['down:app2'] - before['down:app2'] : 0)
        const r = results[setup]
        r.search.push(s.rps)
        r.searchP99.push(s.p99)
        r.flash.push(f.ok / f.seconds)
        r.flashP99.push(f.p99)
        r.flashNon2xx.push(f.non2xx + f.errors + f.timeouts)
        r.share.push(share)
        r.downs += downs
        r.oversold += Math.max(0, c.units - c.taken) + (c.units !== c.taken ? 1 : 0)
        console.log(
          `[round ${round + 1}, ${setup} instance${setup === 'two' ? 's' : ''}] search ${s.rps} req/s (p99 ${s.p99} ms, non-2xx ${s.non2xx}, errors ${s.errors}); ` +
            `flash buy ${Math.round(f.ok / f.seconds)} orders/s (p99 ${f.p99} ms, statuses ${JSON.stringify(f.statuses)}, errors ${f.errors}), units ${c.units} = stock taken ${c.taken}; requests per server: ${share}; health-check DOWNs ${downs}; load average ${os.loadavg()[0].toFixed(2)}`,
        )
      }
    }
    await lb.setServerState('app2', 'ready')

    const m = (xs: number[]) => median(xs)
    const rows: BenchRow[] = [
      atLeast(
        `search, every query new, full speed, ONE instance behind HAProxy (${CONNECTIONS} connections)`,
        m(results.one.search),
        1000,
        'req/s',
      ),
      atLeast(
        'search, every query new, full speed, TWO instances behind HAProxy',
        m(results.two.search),
        1000,
        'req/s',
      ),
      context('search: two instances ÷ one', `${(m(results.two.search) / m(results.one.search)).toFixed(2)} x`),
      context('search p99: one / two instances', `${m(results.one.searchP99)} / ${m(results.two.searchP99)} ms`),
      atLeast(
        `flash buy: orders/s, ${BUYERS} buyers, ONE instance behind HAProxy (Redis gate)`,
        m(results.one.flash),
        1000,
        'orders/s',
      ),
      atLeast('flash buy: orders/s, TWO instances behind HAProxy (Redis gate)', m(results.two.flash), 1000, 'orders/s'),
      context('flash buy: two instances ÷ one', `${(m(results.two.flash) / m(results.one.flash)).toFixed(2)} x`),
      context('flash buy p99: one / two instances', `${m(results.one.flashP99)} / ${m(results.two.flashP99)} ms`),
      atMost('flash buy: oversold units (all runs)', results.one.oversold + results.two.oversold, 0, 'units'),
      atMost(
        'flash buy: requests not answered 2xx (stock to spare: every one should be an order), all runs',
        [...results.one.flashNon2xx, ...results.two.flashNon2xx].reduce((a, b) => a + b, 0),
        0,
        '',
      ),
      atMost(
        'instances taken out by a failed health check during the runs',
        results.one.downs + results.two.downs,
        0,
        '',
      ),
      context('requests per server, last two-instance run', results.two.share.at(-1) ?? ''),
      context('load average (1 min) at the end', os.loadavg()[0].toFixed(2)),
    ]
    printTable(
      `one vs two instances behind HAProxy (Node ${process.version}, ${os.cpus().length} cores, ${ROUNDS} rounds of ${SECONDS} s)`,
      rows,
    )
    record('lb', rows)
  } finally {
    await lb.stop()
  }
}

runBench(main)
