import crypto from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { flashBuyStatusAt, quantityRefusal } from '../../../../types/flashbuy/rules'
import type { Outcome, PlaceItem } from './commit'
import * as M from './messages'
import { FAIL_FAST } from '../../../lib/redis'

/**
 * The optional Redis gate in front of the database (REDIS_URL). Per sale, Redis holds the stock
 * tokens left and what each account has reserved; one Lua script takes a token and counts the
 * account atomically, or says no. PostgreSQL is the final guard: the gate only turns requests away.
 *
 * - enter(): 'reserved' (a token was taken: the request goes on to the database; the token goes
 *   back when the database does not place the order), 'refuse' (Redis says sold out or over the
 *   limit), or 'bypass' (no usable Redis: the request goes on to the database without the gate).
 * - A 'refuse' is confirmed by the database before the buyer sees it (confirmRefusal: one
 *   read-only statement per small batch, no lock): the Idempotency-Key's earlier placement, the
 *   committed stock and the account's committed ledger. Committed stock and purchases only go one
 *   way under this engine, so a refusal they confirm is right; otherwise the request goes on to
 *   the database. Redis can therefore never refuse wrongly (a token leaked by a crash, counters
 *   lost with Redis) nor oversell (it never places anything).
 * - Keys: fb:{<database tag>:<sale id>}:s (tokens) and :b (per-account counts, and the limit), the
 *   database tag being a hash of the database's name, oid and server start time: two databases
 *   (tests, benches, instances of PGlite) never share keys; the servers of one database do.
 *   A missing key (first use, Redis restarted or flushed) is initialised from the database.
 * - Redis errors and timeouts (500 ms command timeout, no offline queue, reconnects in the
 *   background) make the gate stand aside for a second: requests go straight to the database.
 */
export interface FlashGate {
  enter(saleId: string, item: PlaceItem): Promise<'reserved' | 'refuse' | 'bypass'>
  confirmRefusal(saleId: string, item: PlaceItem): Promise<Outcome | null>
  release(saleId: string, item: PlaceItem): void
  /**
   * A sale's stock or limit changed outside placement (staff, issue 24): its keys are dropped, to be initialised
   * from the database at the next request. Until then, or if Redis misses this, the gate can only be wrong in
   * turning a request away, which the database confirms or overrules (confirmRefusal), or in letting one through,
   * which the database refuses: never an oversale.
   */
  forget(saleId: string): Promise<void>
  readonly stats: {
    reserved: number
    refused: number
    confirmed: number
    bypassed: number
    released: number
    errors: number
  }
  close(): Promise<void>
}

const ENTER = `
local s = redis.call('GET', KEYS[1])
if not s then return -1 end
local n = tonumber(ARGV[2])
if tonumber(s) < n then return 0 end
local limit = tonumber(redis.call('HGET', KEYS[2], '__limit') or '0')
local b = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if b + n > limit then return -2 end
redis.call('DECRBY', KEYS[1], n)
redis.call('HINCRBY', KEYS[2], ARGV[1], n)
return 1`

const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('INCRBY', KEYS[1], ARGV[2])
redis.call('HINCRBY', KEYS[2], ARGV[1], -tonumber(ARGV[2]))
return 1`

// ARGV: stock, limit, ttl seconds, then account/purchased pairs
const INIT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], '__limit', ARGV[2])
for i = 4, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
redis.call('SET', KEYS[1], ARGV[1], 'EX', tonumber(ARGV[3]))
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
return 1`

type GateRedis = Redis & {
  fbEnter(k1: string, k2: string, account: string, n: number): Promise<number>
  fbRelease(k1: string, k2: string, account: string, n: number): Promise<number>
  fbInit(k1: string, k2: string, ...args: (string | number)[]): Promise<number>
}

interface ConfirmPending {
  item: PlaceItem
  resolve: (o: Outcome | null) => void
}

export function createGate(db: Kysely<DB>, url: string, log?: FastifyBaseLogger, debug = false): FlashGate {
  const redis = new Redis(url, {
    ...FAIL_FAST,
    enableAutoPipelining: true, // the commands of one tick go out in one write
    lazyConnect: false,
  }) as GateRedis
  redis.defineCommand('fbEnter', { numberOfKeys: 2, lua: ENTER })
  redis.defineCommand('fbRelease', { numberOfKeys: 2, lua: RELEASE })
  redis.defineCommand('fbInit', { numberOfKeys: 2, lua: INIT })
  let lastErrorLog = 0
  redis.on('error', (e) => {
    if (Date.now() - lastErrorLog > 5000) {
      lastErrorLog = Date.now()
      log?.warn({ err: e }, 'flash-buy Redis gate: Redis unavailable, placing through the database only')
    }
  })

  const stats = { reserved: 0, refused: 0, confirmed: 0, bypassed: 0, released: 0, errors: 0 }
  let downUntil = 0
  const fail = (e: unknown) => {
    stats.errors++
    downUntil = Date.now() + 1000
    if (Date.now() - lastErrorLog > 5000) {
      lastErrorLog = Date.now()
      log?.warn({ err: e }, 'flash-buy Redis gate: command failed, standing aside for 1 s')
    }
  }
  // sales changed while Redis could not be told: the gate stands aside until their keys are dropped (on 'ready')
  const staleSales = new Set<string>()
  const usable = () => redis.status === 'ready' && Date.now() >= downUntil && staleSales.size === 0
  // the first requests after start wait (at most 300 ms) for the first connection instead of standing it aside
  // (only until the first connection succeeds or fails: a Redis that is down at start costs nothing)
  let firstPending = true
  const firstSettled = new Promise<void>((resolve) => {
    const done = () => {
      firstPending = false
      resolve()
    }
    redis.once('ready', done)
    redis.once('error', done)
    redis.once('close', done)
  })
  const waitFirst = () => (firstPending ? Promise.race([firstSettled, new Promise((r) => setTimeout(r, 300))]) : null)

  let tag: Promise<string> | null = null
  const dbTag = () =>
    (tag ??= sql<{
      t: string
    }>`SELECT current_database() || ':' || (SELECT oid FROM pg_database WHERE datname = current_database())::text || ':' || pg_postmaster_start_time()::text AS t`
      .execute(db)
      .then((r) => crypto.createHash('sha1').update(r.rows[0].t).digest('hex').slice(0, 12))
      .catch((e) => {
        tag = null
        throw e
      }))
  const keys = async (saleId: string) => {
    const base = `fb:{${await dbTag()}:${saleId}}`
    return [`${base}:s`, `${base}:b`] as const
  }
  redis.on('ready', () => {
    const ids = [...staleSales]
    if (!ids.length) return
    void Promise.all(ids.map(async (id) => redis.del(...(await keys(id)))))
      .then(() => ids.forEach((id) => staleSales.delete(id)))
      .catch(fail)
  })

  const inits = new Map<string, Promise<void>>()
  const init = (saleId: string, k: readonly [string, string]) => {
    let p = inits.get(saleId)
    if (!p) {
      p = (async () => {
        const s = await db
          .selectFrom('flash_sales')
          .select(['remain_qty', 'account_purchase_limit_qty', 'end_at'])
          .where('id', '=', saleId)
          .executeTakeFirst()
        if (!s) return
        const rows = await db
          .selectFrom('flash_sale_ledger')
          .select(['account_id', 'purchased_qty'])
          .where('flash_sale_id', '=', saleId)
          .execute()
        const ttl = Math.max(600, Math.ceil((new Date(s.end_at).getTime() - Date.now()) / 1000) + 3600)
        await redis.fbInit(
          k[0],
          k[1],
          s.remain_qty,
          s.account_purchase_limit_qty,
          ttl,
          ...rows.flatMap((r) => [String(r.account_id), r.purchased_qty]),
        )
      })().finally(() => inits.delete(saleId))
      inits.set(saleId, p)
    }
    return p
  }

  // ---- refusals confirmed by the database, a few at a time
  const confirmQueues = new Map<string, ConfirmPending[]>()
  const runConfirm = async (saleId: string) => {
    const batch = confirmQueues.get(saleId) ?? []
    confirmQueues.delete(saleId)
    try {
      const input = JSON.stringify(
        batch.map((p, i) => ({
          i,
          u: p.item.userId,
          k: p.item.key,
          a: p.item.accountId,
          ak: p.item.body.addressKey,
          bt: p.item.body.billToNumber ?? '',
        })),
      )
      const rows = (
        await sql<{
          i: number
          prior: boolean
          ship_ok: boolean
          purchased: number | null
          country: string | null
          start_at: Date | null
          end_at: Date | null
          remain_qty: number | null
          min_order_qty: number | null
          max_order_qty: number | null
          account_purchase_limit_qty: number | null
          now_ms: number
        }>`
        SELECT v.i, p.id IS NOT NULL AS prior,
          (st.id IS NOT NULL AND (v.bt = '' OR EXISTS (SELECT 1 FROM bill_tos b WHERE b.ship_to_id = st.id AND b.account_number = v.bt))) AS ship_ok,
          g.purchased_qty AS purchased, s.country, s.start_at, s.end_at, s.remain_qty, s.min_order_qty, s.max_order_qty, s.account_purchase_limit_qty,
          (extract(epoch from clock_timestamp()) * 1000)::float8 AS now_ms
        FROM json_to_recordset(${input}::json) AS v(i int, u text, k text, a int, ak text, bt text)
        LEFT JOIN flash_sales s ON s.id = ${saleId}::text
        LEFT JOIN order_placements p ON p.user_id = v.u AND p.idempotency_key = v.k AND p.idempotency_key IS NOT NULL
        LEFT JOIN ship_tos st ON st.account_id = v.a AND st.address_key = v.ak
        LEFT JOIN flash_sale_ledger g ON g.flash_sale_id = ${saleId}::text AND g.account_id = v.a
        ORDER BY v.i`.execute(db)
      ).rows
      for (const r of rows) {
        const p = batch[Number(r.i)]
        // anything but a plain stock or limit refusal of a valid request is the database path's to answer
        if (r.prior || !r.ship_ok || r.country === null || r.country !== p.item.country) {
          p.resolve(null)
          continue
        }
        const remain = Number(r.remain_qty)
        const status = flashBuyStatusAt({ startAt: r.start_at!, endAt: r.end_at!, remainQty: remain }, Number(r.now_ms))
        if (status !== 'IN_PROGRESS') {
          stats.confirmed++
          p.resolve({ kind: 'refused', error: M.notInProgress(p.item.req, status) })
          continue
        }
        const refusal = quantityRefusal(
          p.item.body.quantity,
          {
            minOrderQty: Number(r.min_order_qty),
            maxOrderQty: Number(r.max_order_qty),
            accountPurchaseLimitQty: Number(r.account_purchase_limit_qty),
            remainQty: remain,
            purchasedQty: Number(r.purchased ?? 0),
          },
          true,
        )
        if (refusal) {
          stats.confirmed++
          p.resolve({ kind: 'refused', error: M.quantityRefused(p.item.req, refusal) })
        } else {
          p.resolve(null)
        }
      }
    } catch (e) {
      if (debug) console.error('[flash-buy gate] confirm failed', e)
      log?.warn({ err: e }, 'flash-buy Redis gate: confirming refusals failed; the requests go on to the database')
      for (const p of batch) p.resolve(null)
    }
  }

  return {
    stats,
    async enter(saleId, item) {
      const first = waitFirst()
      if (first) await first
      if (!usable()) {
        stats.bypassed++
        return 'bypass'
      }
      try {
        const k = await keys(saleId)
        for (let attempt = 0; attempt < 2; attempt++) {
          const r = Number(await redis.fbEnter(k[0], k[1], String(item.accountId), item.body.quantity))
          if (r === 1) {
            stats.reserved++
            return 'reserved'
          }
          if (r === 0 || r === -2) {
            stats.refused++
            return 'refuse'
          }
          await init(saleId, k) // -1: not initialised here (first use, or Redis lost its data)
        }
        stats.bypassed++
        return 'bypass' // an unknown sale: the database answers
      } catch (e) {
        fail(e)
        stats.bypassed++
        return 'bypass'
      }
    },
    confirmRefusal(saleId, item) {
      return new Promise((resolve) => {
        let q = confirmQueues.get(saleId)
        if (!q) {
          confirmQueues.set(saleId, (q = []))
          setTimeout(() => void runConfirm(saleId), 2)
        }
        q.push({ item, resolve })
      })
    },
    release(saleId, item) {
      stats.released++
      if (redis.status !== 'ready') return // the keys are rebuilt from the database when Redis is back
      void keys(saleId)
        .then((k) => redis.fbRelease(k[0], k[1], String(item.accountId), item.body.quantity))
        .catch(fail)
    },
    async forget(saleId) {
      // a change right after start waits for the first connection like a request does; a Redis that cannot be
      // reached keeps the sale's stale keys, so they are dropped as soon as it is back (the 'ready' handler)
      await waitFirst()
      if (!usable()) {
        staleSales.add(saleId)
        return
      }
      try {
        const k = await keys(saleId)
        await redis.del(k[0], k[1])
      } catch (e) {
        fail(e)
      }
    },
    async close() {
      redis.disconnect()
    },
  }
}
