/**
 * A webhook receiver for the outbox tests and the bench: a local HTTP server that checks every call's signature with
 * the Standard Webhooks library (Webhook.verify) and counts what it accepted by webhook-id. It can answer 503, be
 * down (connection refused) and come back on the same port.
 */
import http from 'node:http'
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`

export interface Received {
  id: string
  type: string
  timestamp: string
  data: Record<string, any>
  raw: string
  headers: Record<string, string>
  /** Date.now() when it arrived */
  at: number
}

export class WebhookReceiver {
  mode: 'ok' | 'unavailable' = 'ok'
  /** accepted (2xx) calls by webhook-id: how many times each */
  readonly counts = new Map<string, number>()
  readonly accepted: Received[] = []
  badSignatures = 0
  refusedWith503 = 0
  onAccepted?: (r: Received) => void
  private server: http.Server | null = null
  private port = 0
  private readonly verifier: Webhook

  constructor(secret: string) {
    this.verifier = new Webhook(secret)
  }

  get url() {
    return `http://127.0.0.1:${this.port}/erp/webhooks`
  }

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c) => chunks.push(c))
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const headers = {
          'webhook-id': String(req.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
        }
        if (this.mode === 'unavailable') {
          this.refusedWith503++
          res.writeHead(503).end()
          return
        }
        let body: { type: string; timestamp: string; data: Record<string, any> }
        try {
          body = this.verifier.verify(raw, headers) as typeof body
        } catch {
          this.badSignatures++
          res.writeHead(400).end()
          return
        }
        const id = headers['webhook-id']
        this.counts.set(id, (this.counts.get(id) ?? 0) + 1)
        const r = { id, ...body, raw, headers, at: Date.now() }
        this.accepted.push(r)
        this.onAccepted?.(r)
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve))
    this.port = (server.address() as AddressInfo).port
    this.server = server
    return this
  }

  /** down: the port refuses connections (open keep-alive connections are cut too) */
  async stop(): Promise<void> {
    const s = this.server
    this.server = null
    if (!s) return
    const closed = new Promise<void>((resolve) => s.close(() => resolve()))
    s.closeAllConnections()
    await closed
  }

  /** the accepted calls of one event type */
  ofType(type: string) {
    return this.accepted.filter((r) => r.type === type)
  }
}

/** Waits until `cond()` holds (checked every 25 ms), failing with `what` after `timeoutMs`: never a duration asserted. */
/** Waits until `cond` holds (polling); on timeout fails naming `what` and, when given, what `why` reports then. */
export async function until(
  cond: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  why?: () => Promise<string>,
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}${why ? ` (${await why()})` : ''}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
