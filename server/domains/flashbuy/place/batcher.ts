import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { BatchMismatch, commitBatch, type Outcome, type PlaceItem } from './commit'
import * as M from './messages'

/**
 * Per-sale batching into group commits. Requests for one sale queue; when no batch of that sale is
 * running, the queue waits `lingerMs` for company, then up to `maxBatch` requests are decided by one
 * transaction (commit.ts) and committed once. While a batch runs, the next one fills up, so under a
 * crowd the batch size follows the load and at rest a request waits only `lingerMs`.
 *
 * - Same user + same Idempotency-Key twice in one queue: the later one waits for the first's answer
 *   (same body) or goes to the next batch (another body: it is then refused as a reused key, or
 *   placed if the first was refused and wrote nothing).
 * - A batch that fails as a whole (a duplicate key committed by another instance, a deadlock, a
 *   ledger row changed by another writer, a lost connection) rolls back and its requests run one
 *   transaction each, in arrival order, so one bad request never fails the others. A retryable
 *   failure of a single request (unique violation, deadlock, serialization, mismatch) is retried
 *   twice: the retry reads the committed placement and replays it.
 */

interface Pending {
  item: PlaceItem
  resolve: (o: Outcome) => void
}

interface SaleQueue {
  items: Pending[]
  inFlight: number
  timer: NodeJS.Timeout | null
}

export interface BatcherOptions {
  maxBatch?: number
  lingerMs?: number
  maxInFlight?: number
  log?: FastifyBaseLogger
}

const RETRYABLE = new Set(['23505', '40P01', '40001'])
const isRetryable = (e: unknown) =>
  e instanceof BatchMismatch ||
  (typeof e === 'object' && e !== null && RETRYABLE.has((e as { code?: string }).code ?? ''))

export class SaleBatcher {
  private queues = new Map<string, SaleQueue>()
  private readonly maxBatch: number
  private readonly lingerMs: number
  private readonly maxInFlight: number
  private idle: (() => void)[] = []
  /** batches committed, requests decided by batches, fallbacks (for tests and the bench) */
  readonly stats = { batches: 0, requests: 0, fallbacks: 0, maxSize: 0, ms: 0 }

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: BatcherOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 400
    this.lingerMs = opts.lingerMs ?? 2
    this.maxInFlight = opts.maxInFlight ?? 1
  }

  submit(saleId: string, item: PlaceItem): Promise<Outcome> {
    return new Promise((resolve) => {
      let q = this.queues.get(saleId)
      if (!q) this.queues.set(saleId, (q = { items: [], inFlight: 0, timer: null }))
      q.items.push({ item, resolve })
      this.schedule(saleId, q)
    })
  }

  private schedule(saleId: string, q: SaleQueue) {
    if (!q.items.length || q.inFlight >= this.maxInFlight) return
    if (q.items.length >= this.maxBatch) {
      if (q.timer) clearTimeout(q.timer)
      q.timer = null
      void this.run(saleId, q)
      return
    }
    if (!q.timer) {
      q.timer = setTimeout(() => {
        q.timer = null
        void this.run(saleId, q)
      }, this.lingerMs)
    }
  }

  private async run(saleId: string, q: SaleQueue) {
    if (!q.items.length || q.inFlight >= this.maxInFlight) return
    // leaders: one per (user, key); followers with the same body wait for their leader's answer
    const leaders: Pending[] = []
    const followers = new Map<Pending, Pending[]>()
    const seen = new Map<string, Pending>()
    const rest: Pending[] = []
    for (const p of q.items) {
      const k = `${p.item.userId}\u0000${p.item.key}`
      const lead = seen.get(k)
      if (lead) {
        if (lead.item.hash === p.item.hash) followers.get(lead)!.push(p)
        else rest.push(p)
        continue
      }
      if (leaders.length >= this.maxBatch) {
        rest.push(p)
        continue
      }
      seen.set(k, p)
      leaders.push(p)
      followers.set(p, [])
    }
    q.items = rest
    q.inFlight++
    try {
      const outcomes = await this.decide(
        saleId,
        leaders.map((p) => p.item),
      )
      leaders.forEach((p, i) => {
        p.resolve(outcomes[i])
        for (const f of followers.get(p)!) f.resolve(outcomes[i])
      })
    } finally {
      q.inFlight--
      if (q.items.length) {
        if (q.timer) clearTimeout(q.timer)
        q.timer = null
        void this.run(saleId, q)
      } else if (q.inFlight === 0) {
        this.queues.delete(saleId)
        if (this.queues.size === 0) for (const f of this.idle.splice(0)) f()
      }
    }
  }

  private async decide(saleId: string, items: PlaceItem[]): Promise<Outcome[]> {
    try {
      const t0 = performance.now()
      const out = await commitBatch(this.db, saleId, items)
      this.stats.ms += performance.now() - t0
      this.stats.batches++
      this.stats.requests += items.length
      this.stats.maxSize = Math.max(this.stats.maxSize, items.length)
      return out
    } catch (e) {
      if (items.length === 1) return [await this.single(saleId, items[0], e)]
      this.stats.fallbacks++
      this.opts.log?.warn({ err: e, size: items.length, saleId }, 'flash-buy batch failed; its requests run one by one')
      const out: Outcome[] = []
      for (const it of items) out.push(await this.single(saleId, it, null))
      return out
    }
  }

  /** one request in its own transaction; `first` is the error of an attempt already made */
  private async single(saleId: string, it: PlaceItem, first: unknown): Promise<Outcome> {
    let err = first
    for (let attempt = first === null ? 0 : 1; attempt < 3; attempt++) {
      if (attempt > 0 && !isRetryable(err)) break
      try {
        const [o] = await commitBatch(this.db, saleId, [it])
        return o
      } catch (e) {
        err = e
      }
    }
    this.opts.log?.error({ err, saleId }, 'flash-buy placement failed')
    return { kind: 'refused', error: M.placementFailed(it.req) }
  }

  /** resolves when no batch is queued or running */
  drain(): Promise<void> {
    if (this.queues.size === 0) return Promise.resolve()
    return new Promise((r) => this.idle.push(r))
  }
}
