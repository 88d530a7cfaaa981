import http from 'node:http'
import https from 'node:https'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { Webhook } from 'standardwebhooks'
import { dbKind } from '../../../db'
import type { DB } from '../../../db/schema'
import { onEventsWritten } from './emit'
import { backoffMs, syncEndpoints, type WebhookSettings } from './settings'

/**
 * Delivery of the outbox to the webhook endpoints (issue 24, "Out"), run by every instance from the database:
 *
 * - claim: one statement takes up to as many of an endpoint's due pending rows as there are free call slots, in seq
 *   order, with FOR UPDATE SKIP LOCKED, and sets a lease (next_attempt_at = now() + lease) and attempts + 1, so
 *   another instance skips them now and retakes them only if this one dies mid-call; the HTTP call happens outside
 *   any transaction;
 * - send: POST {type, timestamp, data}, signed with the Standard Webhooks library (webhook-id = the event id, the
 *   same on every try), with node:http over keep-alive connections (one agent per endpoint; a call costs about a
 *   fourth of fetch's CPU, which the requests on the same cores need), a timeout per call; 2xx = delivered, anything
 *   else a failed try;
 * - record: one statement writes the attempt rows of every call finished since the last record, and each delivery
 *   delivered, or pending again after an exponential backoff with jitter, or dead after the last try. The update
 *   names the try it records (attempts = n): a late answer to a lease that expired and was retaken changes nothing.
 *
 * Each endpoint has its own pump, so a dead or slow receiver never holds another's events. A pump keeps up to
 * `concurrency` calls in flight and claims again as soon as slots are free (a slow call holds only its own event,
 * not a batch); while the deliveries are backlogged (a claim got all it asked for) it claims when half the slots are
 * free, so claims and records stay one statement for many deliveries. Recording runs beside claiming, never before
 * it. Rows are claimed oldest first (in order as far as concurrency allows; a failed event is retried later while
 * the next ones go ahead).
 *
 * Where the lag comes from (measured by bench/webhooks.ts; docs/erp.md): an idle instance looks every `pollMs`
 * (200 ms); once it finds rows, or this process writes events (emit.ts tells it, before the commit), it is hot for
 * HOT_MS and looks every HOT_POLL_MS, so an event waits for the next look (tens of ms) and its call. On PostgreSQL a
 * running pump keeps one connection of the pool for its claims and records, so they never queue behind the
 * requests' transactions for a connection (under order load that wait, hundreds of ms a statement, was most of the
 * lag); it gives it back when it goes idle. PGlite has one session for everything: there the pump's statements take
 * their turn like any request's. The events a second an endpoint takes are `concurrency` / the seconds a call takes
 * (64 in flight carry 300 events/s while a call takes up to 200 ms; 16 fell behind under order load in the bench).
 * Receivers dedupe by webhook-id (a lease can expire under a stalled instance, and an answer can be lost after the
 * receiver took the event).
 */

/** how long a pump stays hot after its last claimed row or this process's last written event */
const HOT_MS = 1000
/** how often a hot pump looks for new rows (capped by pollMs); an empty claim is an index probe */
const HOT_POLL_MS = 20

export interface Deliverer {
  /** one look for due deliveries: starts the pump of each endpoint that has none running */
  poll: () => Promise<void>
  /** stops claiming and awaits the calls in flight */
  stop: () => Promise<void>
}

interface Claimed {
  id: string
  event_id: string
  attempts: number
  seq: string
  type: string
  payload: unknown
  created_at: Date | string
}

interface Tried {
  statusCode: number | null
  error: string | null
  durationMs: number
  at: Date
}

/** The body every receiver gets: the event's type, when it happened, and its data. */
export function webhookBody(e: { type: string; payload: unknown; created_at: Date | string }): string {
  const data = typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload
  return JSON.stringify({ type: e.type, timestamp: new Date(e.created_at).toISOString(), data })
}

export function createDeliverer(db: Kysely<DB>, s: WebhookSettings, log: FastifyBaseLogger): Deliverer {
  const signer = new Webhook(s.secret)
  const hotPollMs = Math.min(s.pollMs, HOT_POLL_MS)
  // a claim outlives its call (at most timeoutMs) and the record after it by a wide margin: it expires only under an
  // instance that died or stalled
  const leaseMs = 2 * s.timeoutMs + 10_000
  const pumps = new Map<number, Promise<void>>()
  const agents = new Map<number, http.Agent>()
  const failing = new Set<number>()
  let endpoints: { id: number; url: string }[] | null = null
  let stopped = false
  let hotUntil = 0
  const heat = () => {
    hotUntil = Date.now() + HOT_MS
  }
  const unsubscribe = onEventsWritten(() => {
    heat()
    startPumps()
  })

  /** `q`: the pump's connection (PostgreSQL) or the database */
  async function claim(q: Kysely<DB>, endpointId: number, limit: number): Promise<Claimed[]> {
    const r = await sql<Claimed>`
      UPDATE webhook_deliveries d
      SET attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
      FROM (
        SELECT w.id, e.type, e.payload, e.created_at FROM webhook_deliveries w JOIN outbox_events e ON e.id = w.event_id
        WHERE w.endpoint_id = ${endpointId}::int AND w.status = 'pending' AND w.next_attempt_at <= now()
        ORDER BY w.seq LIMIT ${limit}::int
        FOR UPDATE OF w SKIP LOCKED
      ) c
      WHERE d.id = c.id
      RETURNING d.id, d.event_id, d.attempts, d.seq, c.type, c.payload, c.created_at`.execute(q)
    return r.rows.sort((a, b) => Number(a.seq) - Number(b.seq))
  }

  function agentOf(ep: { id: number; url: string }): http.Agent {
    let agent = agents.get(ep.id)
    if (!agent) {
      // keep-alive: a call reuses a connection instead of opening one (as many as calls in flight); idle ones close
      // after 4 s, before a receiver's usual 5 s keep-alive timeout closes them under a call
      const options = { keepAlive: true, maxSockets: s.concurrency, timeout: 4000 }
      agent = ep.url.startsWith('https:') ? new https.Agent(options) : new http.Agent(options)
      agents.set(ep.id, agent)
    }
    return agent
  }

  async function send(ep: { id: number; url: string }, row: Claimed): Promise<Tried> {
    const at = new Date()
    const body = webhookBody(row)
    const started = performance.now()
    try {
      const status = await post(ep.url, agentOf(ep), s.timeoutMs, body, {
        'content-type': 'application/json',
        'user-agent': 'lab-store-webhooks/1',
        'webhook-id': row.event_id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(row.event_id, at, body),
      })
      const ok = status >= 200 && status < 300
      return { statusCode: status, error: ok ? null : `HTTP ${status}`, durationMs: since(started), at }
    } catch (err) {
      return { statusCode: null, error: callError(err), durationMs: since(started), at }
    }
  }

  /**
   * Records tries in one statement: each attempt row, and each delivery delivered, pending again after its backoff,
   * or dead. A row is updated only by the claim that made the try (attempts = n, still pending).
   */
  async function record(q: Kysely<DB>, tried: { row: Claimed; t: Tried }[]): Promise<void> {
    const rows = tried.map(({ row, t }) => {
      const delivered = t.statusCode !== null && t.statusCode >= 200 && t.statusCode < 300
      const dead = !delivered && row.attempts >= s.maxAttempts
      return {
        id: row.id,
        n: row.attempts,
        at: t.at.toISOString(),
        code: t.statusCode,
        ms: t.durationMs,
        error: t.error,
        outcome: delivered ? 'delivered' : dead ? 'dead' : 'pending',
        wait: delivered || dead ? 0 : backoffMs(s, row.attempts),
      }
    })
    await sql`
      WITH r AS (
        SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json)
          AS r(id bigint, n int, at timestamptz, code int, ms int, error text, outcome text, wait int)
      ), a AS (
        INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, duration_ms, error)
        SELECT r.id, r.n, r.at, r.code, r.ms, r.error FROM r
      )
      UPDATE webhook_deliveries d SET
        status = r.outcome, last_status = r.code, last_error = r.error,
        delivered_at = CASE WHEN r.outcome = 'delivered' THEN now() END,
        next_attempt_at = CASE WHEN r.outcome = 'pending' THEN now() + r.wait * interval '1 millisecond' END,
        updated_at = now()
      FROM r
      WHERE d.id = r.id AND d.attempts = r.n AND d.status = 'pending'`.execute(q)
  }

  async function pump(ep: { id: number; url: string }): Promise<void> {
    try {
      if (dbKind(db) === 'postgres') await db.connection().execute((q) => pumpWith(q, ep))
      else await pumpWith(db, ep)
      if (failing.delete(ep.id)) log.info({ endpoint: ep.id }, 'webhook delivery works again')
    } catch (err) {
      // the database (not a receiver: those failures are recorded per delivery); the next poll tries again
      if (!failing.has(ep.id) && !stopped) log.warn({ err, endpoint: ep.id }, 'webhook delivery failed')
      failing.add(ep.id)
    }
  }

  async function pumpWith(q: Kysely<DB>, ep: { id: number; url: string }): Promise<void> {
    let inFlight = 0
    const done: { row: Claimed; t: Tried }[] = []
    let recording: Promise<void> | null = null
    let recordFailed: unknown = null
    // free slots wanted before the next claim: 1, or half of them while backlogged (claims stay large)
    let needFree = 1
    // the pause below, woken by a finished call when it waits for free slots
    let settled: (() => void) | null = null
    // one record at a time, of every try finished meanwhile; a failure ends the pump (below)
    const flush = () => {
      if (recording || !done.length) return
      recording = record(q, done.splice(0))
        .catch((err) => {
          recordFailed = err
        })
        .finally(() => {
          recording = null
        })
    }
    try {
      for (;;) {
        if (recordFailed) throw recordFailed
        flush()
        if (!stopped && s.concurrency - inFlight >= needFree) {
          const free = s.concurrency - inFlight
          const rows = await claim(q, ep.id, free)
          needFree = rows.length === free ? Math.ceil(s.concurrency / 2) : 1
          if (rows.length) heat()
          for (const row of rows) {
            inFlight++
            void send(ep, row).then((t) => {
              done.push({ row, t })
              inFlight--
              settled?.()
            })
          }
        }
        if (!inFlight && !done.length && !recording && (stopped || Date.now() >= hotUntil)) break
        // backlogged: wait for free slots (new rows queue behind the due ones anyway); else look again shortly
        const forSlots = !stopped && s.concurrency - inFlight < needFree
        await new Promise<void>((resolve) => {
          const timer = forSlots ? undefined : setTimeout(resolve, hotPollMs)
          settled = () => {
            if (forSlots && s.concurrency - inFlight >= needFree) {
              clearTimeout(timer)
              resolve()
            }
          }
        })
        settled = null
      }
    } catch (err) {
      // the calls in flight end (each has its timeout) before another pump may start; what they got is recorded if
      // the database allows, else their leases expire and they are tried again
      while (inFlight || recording) await new Promise((r) => setTimeout(r, hotPollMs))
      if (done.length) await record(q, done.splice(0)).catch(() => undefined)
      throw err
    }
  }

  function startPumps() {
    if (stopped || !endpoints) return
    for (const ep of endpoints) {
      if (pumps.has(ep.id)) continue
      pumps.set(
        ep.id,
        pump(ep).finally(() => {
          pumps.delete(ep.id)
          // an event written while the pump was ending would wait for the next idle poll
          if (Date.now() < hotUntil && !failing.has(ep.id)) startPumps()
        }),
      )
    }
  }

  return {
    poll: async () => {
      if (stopped) return
      endpoints ??= await syncEndpoints(db, s.urls)
      startPumps()
    },
    stop: async () => {
      stopped = true
      unsubscribe()
      await Promise.all(pumps.values())
      for (const agent of agents.values()) agent.destroy()
    },
  }
}

/**
 * POSTs `body` to `url` and resolves with the answer's status once its body is read (reading it lets the connection
 * be reused; its content is not used). No redirect is followed: a redirect is not a delivery, the receiver's URL is
 * the configured one. `timeoutMs` bounds the whole call.
 */
function post(
  url: string,
  agent: http.Agent,
  timeoutMs: number,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = url.startsWith('https:') ? https.request : http.request
    const signal = AbortSignal.timeout(timeoutMs)
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal },
      (res) => {
        res.on('end', () => resolve(res.statusCode ?? 0))
        // an answer cut before its end (the timeout, a reset) is no answer
        res.on(
          'close',
          () =>
            res.complete ||
            reject(signal.aborted ? signal.reason : Object.assign(new Error('answer cut'), { code: 'ECONNRESET' })),
        )
        res.resume()
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const since = (t0: number) => Math.max(0, Math.round(performance.now() - t0))

/** A short, secret-free reason for a call that got no answer: the system error code or the abort's name. */
function callError(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout'
  return String(e?.cause?.code ?? e?.code ?? e?.cause?.name ?? e?.name ?? 'error').slice(0, 100)
}
