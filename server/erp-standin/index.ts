import Fastify, { type FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import { storeClient, type StoreClient, type StoreCredentials } from './store-client'
import { deliveredRow, inProgressRow, invoiceRow, shipmentRow, SHIPPABLE, type PlacedOrder } from './fulfil'

/**
 * A local stand-in for the supplier's ERP (issue 24; development and tests only, like the WeChat stand-in): it is
 * what a real ERP does with the store, through the same two doors.
 *   in:  POST /hooks receives the store's webhooks, checks each signature with the Standard Webhooks library (a bad
 *        one is a 400 and nothing happens) and keeps each event once by its webhook-id;
 *   out: for an order the warehouse may take (order.placed in SUBMITTED, or a later order.status_changed to
 *        SUBMITTED once a reviewer, the buyer or an address approval let it go), it posts to the store's inbound API
 *        with its integration client: IN_PROGRESS, then the shipment (carrier, tracking number; the order ships and
 *        the buyer's points are credited), then the e-invoice with its PDF; after `deliverAfterMs` (when set) the
 *        delivery, which completes the order.
 *   GET /events lists what it received and what it did (development: see why an order did or did not move).
 * It replaces the timer that used to move orders along with made-up numbers.
 */
export interface ErpStandinOptions {
  /** the store's origin, e.g. http://127.0.0.1:3000 (a function: read at each call) */
  storeUrl: string | (() => string)
  /** the store's WEBHOOK_SECRET (whsec_...) */
  webhookSecret: string
  /** the integration client's id and secret (made by an administrator: POST /api/admin/integration-clients) */
  credentials: StoreCredentials | (() => StoreCredentials | null)
  /** the pause between the steps of one order (0 in tests; a few seconds in development to watch it happen) */
  stepDelayMs?: number
  /** when set, the order is delivered (COMPLETED) this long after it shipped */
  deliverAfterMs?: number
  /** how many times a call to the store is tried before the stand-in gives up on that step */
  tries?: number
}

export interface StandinEvent {
  webhookId: string
  type: string
  orderNumber: string | null
  receivedAt: string
}

export interface StandinAction {
  orderNumber: string
  step: 'in-progress' | 'shipment' | 'invoice' | 'delivered'
  ok: boolean
  /** the store's per-row answer (status, code, message) or the error of the call */
  detail: string
  at: string
}

export interface ErpStandin {
  readonly events: StandinEvent[]
  readonly actions: StandinAction[]
  /** signatures that did not verify */
  readonly refused: () => number
  /** resolves once every order taken so far has been worked through */
  idle(): Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const str = (v: unknown) => (typeof v === 'string' ? v : null)

/** Mounts the stand-in's two routes on `app` (its own server: startErpStandin below). */
export function mountErpStandin(app: FastifyInstance, opts: ErpStandinOptions): ErpStandin {
  const verifier = new Webhook(opts.webhookSecret)
  const creds = typeof opts.credentials === 'function' ? opts.credentials : () => opts.credentials as StoreCredentials
  const storeUrl = opts.storeUrl
  const store: StoreClient = storeClient(typeof storeUrl === 'string' ? () => storeUrl : storeUrl, creds)
  const tries = opts.tries ?? 5
  const stepDelayMs = opts.stepDelayMs ?? 0

  const seen = new Set<string>()
  const orders = new Map<string, PlacedOrder>()
  const taken = new Set<string>()
  const work = new Set<Promise<void>>()
  let refused = 0
  const state: ErpStandin = {
    events: [],
    actions: [],
    refused: () => refused,
    async idle() {
      while (work.size) await Promise.all([...work])
    },
  }

  /** one row to the store, tried again on a failed call (the same row id: the store applies it once) */
  function record(o: PlacedOrder, step: StandinAction['step'], ok: boolean, detail: string) {
    state.actions.push({ orderNumber: o.orderNumber, step, ok, detail, at: new Date().toISOString() })
  }

  async function post(o: PlacedOrder, step: StandinAction['step'], path: string, row: { id: string }) {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await store.post(path, [row])
        const r = answer.results[0]
        const detail = r.ok ? `${r.status}${r.replayed ? ' replayed' : ''}` : `${r.status} ${r.code}: ${r.message}`
        record(o, step, r.ok, detail)
        app.log.info({ order: o.orderNumber, step, result: detail }, 'stand-in ERP posted a row')
        return r.ok
      } catch (e) {
        if (attempt >= tries) {
          const detail = (e as Error).message
          record(o, step, false, detail)
          app.log.warn({ order: o.orderNumber, step, err: detail }, 'stand-in ERP gave up a step')
          return false
        }
        await sleep(200 * 2 ** attempt)
      }
    }
  }

  /** the warehouse takes the order: once per order, its steps in order */
  function fulfil(o: PlacedOrder) {
    if (taken.has(o.orderNumber)) return
    taken.add(o.orderNumber)
    // the rows' times are fixed when the order is taken, so a step sent again is the same row
    const at = new Date()
    const job = (async () => {
      if (o.status !== 'IN_PROGRESS' && !(await post(o, 'in-progress', 'orders/status', inProgressRow(o, at)))) return
      await sleep(stepDelayMs)
      if (!(await post(o, 'shipment', 'shipments', shipmentRow(o, at)))) return
      await sleep(stepDelayMs)
      const invoice = invoiceRow(o, at)
      if (invoice) await post(o, 'invoice', 'invoices', invoice)
      else record(o, 'invoice', false, 'the order names no bill-to: nothing to invoice')
      if (opts.deliverAfterMs !== undefined) {
        await sleep(opts.deliverAfterMs)
        await post(o, 'delivered', 'orders/status', deliveredRow(o, new Date(at.getTime() + opts.deliverAfterMs)))
      }
    })().finally(() => work.delete(job))
    work.add(job)
  }

  function onEvent(type: string, data: Record<string, unknown>) {
    const orderNumber = str(data.orderNumber)
    if (!orderNumber) return
    if (type === 'order.placed') {
      const o: PlacedOrder = {
        orderNumber,
        status: str(data.status) ?? '',
        currency: str(data.currency) ?? 'CNY',
        totalAmount: Number(data.totalAmount ?? 0),
        billToNumber: str(data.billToNumber),
      }
      orders.set(orderNumber, o)
      if (SHIPPABLE.includes(o.status)) fulfil(o)
    } else if (type === 'order.status_changed' && data.to === 'SUBMITTED') {
      // released by a reviewer, the buyer's confirmation or an approved address
      const o = orders.get(orderNumber)
      if (o) fulfil({ ...o, status: 'SUBMITTED' })
    }
  }

  // the signature is over the raw body: keep it as text
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1_048_576 }, (_req, body, next) =>
    next(null, body),
  )
  app.post('/hooks', async (req, reply) => {
    let event: { type: string; data: Record<string, unknown> }
    try {
      event = verifier.verify(String(req.body ?? ''), {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      }) as typeof event
    } catch {
      refused++
      return reply.status(400).send({ error: 'bad signature' })
    }
    const id = String(req.headers['webhook-id'])
    // at least once on the wire, once here: a repeated webhook-id is answered and ignored
    if (!seen.has(id)) {
      seen.add(id)
      const data = event.data ?? {}
      state.events.push({
        webhookId: id,
        type: event.type,
        orderNumber: str(data.orderNumber),
        receivedAt: new Date().toISOString(),
      })
      onEvent(event.type, data)
    }
    return reply.status(204).send()
  })
  app.get('/events', async () => ({ events: state.events, actions: state.actions, refusedSignatures: refused }))
  app.addHook('onClose', async () => state.idle())
  return state
}

/** The stand-in on its own HTTP server at 127.0.0.1:`port` (0: any free port); its webhook URL is `${url}/hooks`. */
export async function startErpStandin(
  opts: ErpStandinOptions & { port?: number; logger?: boolean },
): Promise<{ url: string; hooksUrl: string; standin: ErpStandin; close: () => Promise<void> }> {
  const app = Fastify({ logger: opts.logger ?? false })
  const standin = mountErpStandin(app, opts)
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const url = `http://127.0.0.1:${port}`
  return { url, hooksUrl: `${url}/hooks`, standin, close: () => app.close() }
}
