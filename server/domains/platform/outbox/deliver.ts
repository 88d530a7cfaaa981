import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { Webhook } from 'standardwebhooks'
import type { DB } from '../../../db/schema'
import { backoffMs, syncEndpoints, type WebhookSettings } from './settings'

/**
 * Delivery of the outbox to the webhook endpoints (issue 24, "Out"), run by every instance from the database:
 *
 * - claim: a short transaction takes an endpoint's due pending rows in seq order with FOR UPDATE SKIP LOCKED and
 *   sets a lease (next_attempt_at = now() + lease) and attempts + 1, so another instance skips them now and retakes
 *   them only if this one dies mid-call; the HTTP call happens outside any transaction;
 * - send: POST {type, timestamp, data}, signed with the Standard Webhooks library (webhook-id = the event id, the
 *   same on every try), a timeout per call; 2xx = delivered, anything else a failed try;
 * - record: once the batch's calls are done, one statement writes the attempt rows and each delivery delivered, or
 *   pending again after an exponential backoff with jitter, or dead after the last try (one statement a batch, not
 *   one a call: the database work stays small at hundreds of events a second). The update names the try it
 *   records (attempts = n): a late answer to a lease that expired and was retaken changes nothing.
 *
 * Each endpoint has its own pump, so a dead or slow receiver never holds another's events; within an endpoint, rows
 * are claimed oldest first and sent up to `concurrency` at a time (in order as far as that allows; a failed event is
 * retried later while the next ones go ahead). Receivers dedupe by webhook-id (a lease can expire under a stalled
 * instance, and an answer can be lost after the receiver took the event).
 */

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
  const batch = s.concurrency * 4
  // a claim outlives the slowest batch (every call timing out, `concurrency` at a time, then the record) by a margin:
  // it expires only under an instance that died or stalled
  const leaseMs = Math.ceil(batch / s.concurrency) * s.timeoutMs + 10_000
  const pumps = new Map<number, Promise<void>>()
  const failing = new Set<number>()
  let endpoints: { id: number; url: string }[] | null = null
  let stopped = false

  async function claim(endpointId: number): Promise<Claimed[]> {
    const r = await sql<Claimed>`
      UPDATE webhook_deliveries d
      SET attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
      FROM (
        SELECT w.id, e.type, e.payload, e.created_at FROM webhook_deliveries w JOIN outbox_events e ON e.id = w.event_id
        WHERE w.endpoint_id = ${endpointId}::int AND w.status = 'pending' AND w.next_attempt_at <= now()
        ORDER BY w.seq LIMIT ${batch}::int
        FOR UPDATE OF w SKIP LOCKED
      ) c
      WHERE d.id = c.id
      RETURNING d.id, d.event_id, d.attempts, d.seq, c.type, c.payload, c.created_at`.execute(db)
    return r.rows.sort((a, b) => Number(a.seq) - Number(b.seq))
  }

  async function send(url: string, row: Claimed): Promise<Tried> {
    const at = new Date()
    const body = webhookBody(row)
    const started = performance.now()
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'lab-store-webhooks/1',
          'webhook-id': row.event_id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(row.event_id, at, body),
        },
        body,
        // a redirect is not a delivery: the receiver's URL is the configured one
        redirect: 'manual',
        signal: AbortSignal.timeout(s.timeoutMs),
      })
      // the answer's body is not used; reading it lets the connection be reused
      await res.arrayBuffer().catch(() => undefined)
      const ok = res.status >= 200 && res.status < 300
      return { statusCode: res.status, error: ok ? null : `HTTP ${res.status}`, durationMs: since(started), at }
    } catch (err) {
      return { statusCode: null, error: callError(err), durationMs: since(started), at }
    }
  }

  /**
   * Records a batch's tries in one statement: each attempt row, and each delivery delivered, pending again after its
   * backoff, or dead. A row is updated only by the claim that made the try (attempts = n, still pending).
   */
  async function record(tried: { row: Claimed; t: Tried }[]): Promise<void> {
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
      WHERE d.id = r.id AND d.attempts = r.n AND d.status = 'pending'`.execute(db)
  }

  async function pump(ep: { id: number; url: string }): Promise<void> {
    try {
      while (!stopped) {
        const rows = await claim(ep.id)
        if (!rows.length) break
        const tried: { row: Claimed; t: Tried }[] = []
        let next = 0
        const worker = async () => {
          while (next < rows.length) {
            const row = rows[next++]
            tried.push({ row, t: await send(ep.url, row) })
          }
        }
        await Promise.all(Array.from({ length: Math.min(s.concurrency, rows.length) }, worker))
        await record(tried)
      }
      if (failing.delete(ep.id)) log.info({ endpoint: ep.id }, 'webhook delivery works again')
    } catch (err) {
      // the database (not a receiver: those failures are recorded per delivery); the next poll tries again
      if (!failing.has(ep.id) && !stopped) log.warn({ err, endpoint: ep.id }, 'webhook delivery failed')
      failing.add(ep.id)
    }
  }

  return {
    poll: async () => {
      if (stopped) return
      endpoints ??= await syncEndpoints(db, s.urls)
      for (const ep of endpoints) {
        if (pumps.has(ep.id)) continue
        pumps.set(
          ep.id,
          pump(ep).finally(() => pumps.delete(ep.id)),
        )
      }
    },
    stop: async () => {
      stopped = true
      await Promise.all(pumps.values())
    },
  }
}

const since = (t0: number) => Math.max(0, Math.round(performance.now() - t0))

/** A short, secret-free reason for a call that got no answer: the system error code or the abort's name. */
function callError(err: unknown): string {
  const e = err as { name?: string; code?: string; cause?: { code?: string; name?: string } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout'
  return String(e?.cause?.code ?? e?.code ?? e?.cause?.name ?? e?.name ?? 'error').slice(0, 100)
}
