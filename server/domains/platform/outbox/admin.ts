import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { redactUrl } from '../../../lib/safe-url'
import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventDetail,
} from '../../../../types/platform/staff-endpoints'
import type { DeliveryStatus } from '../../../db/schema-outbox'

/** The reads and the replay behind the admin API of the webhooks (served by server/domains/staff/webhooks.ts). */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

const deliveryColumns = [
  'd.id',
  'd.event_id',
  'd.status',
  'd.attempts',
  'd.next_attempt_at',
  'd.last_status',
  'd.last_error',
  'd.delivered_at',
  'd.created_at',
  'd.updated_at',
  'e.type',
  'w.url',
  'w.active',
] as const

function deliveriesFrom(db: Kysely<DB>) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('outbox_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
}

type DeliveryRow = {
  id: string
  event_id: string
  status: DeliveryStatus
  attempts: number
  next_attempt_at: Date | string | null
  last_status: number | null
  last_error: string | null
  delivered_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
  type: string
  url: string
  active: boolean
}

const delivery = (r: DeliveryRow): WebhookDelivery => ({
  id: String(r.id),
  eventId: r.event_id,
  eventType: r.type,
  endpointUrl: redactUrl(r.url),
  endpointActive: r.active,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: iso(r.next_attempt_at),
  lastStatus: r.last_status,
  lastError: r.last_error,
  deliveredAt: iso(r.delivered_at),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
})

/** The outbox, newest first; `status`: events with at least one delivery in that status. */
export async function listEvents(
  db: Kysely<DB>,
  q: { type?: string; status?: DeliveryStatus; limit: number; offset: number },
): Promise<{ items: WebhookEvent[]; total: number }> {
  let base = db.selectFrom('outbox_events as e')
  if (q.type) base = base.where('e.type', '=', q.type)
  if (q.status) {
    const status = q.status
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('webhook_deliveries as d')
          .select('d.id')
          .whereRef('d.event_id', '=', 'e.id')
          .where('d.status', '=', status),
      ),
    )
  }
  const [{ total }, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base
      .select(['e.id', 'e.seq', 'e.type', 'e.created_at'])
      .select(
        sql<{ pending: number; delivered: number; dead: number }>`(SELECT json_build_object(
          'pending', count(*) FILTER (WHERE d.status = 'pending'),
          'delivered', count(*) FILTER (WHERE d.status = 'delivered'),
          'dead', count(*) FILTER (WHERE d.status = 'dead')) FROM webhook_deliveries d WHERE d.event_id = e.id)`.as(
          'counts',
        ),
      )
      .orderBy('e.seq', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ])
  const items = rows.map((r) => {
    const c = typeof r.counts === 'string' ? JSON.parse(r.counts) : r.counts
    return {
      id: r.id,
      seq: String(r.seq),
      type: r.type,
      createdAt: iso(r.created_at)!,
      deliveries: { pending: Number(c.pending), delivered: Number(c.delivered), dead: Number(c.dead) },
    }
  })
  return { items, total }
}

/** An event with its payload, its deliveries and every try; null when there is none with this id. */
export async function eventDetail(db: Kysely<DB>, id: string): Promise<WebhookEventDetail | null> {
  const e = await db.selectFrom('outbox_events').selectAll().where('id', '=', id).executeTakeFirst()
  if (!e) return null
  const ds = await deliveriesFrom(db).select(deliveryColumns).where('d.event_id', '=', id).orderBy('d.id').execute()
  const attempts = ds.length
    ? await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where(
          'delivery_id',
          'in',
          ds.map((d) => d.id),
        )
        .orderBy('id')
        .execute()
    : []
  return {
    id: e.id,
    seq: String(e.seq),
    type: e.type,
    createdAt: iso(e.created_at)!,
    data: typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload,
    deliveries: ds.map((d) => ({
      ...delivery(d),
      attemptLog: attempts
        .filter((a) => String(a.delivery_id) === String(d.id))
        .map((a): WebhookAttempt => ({
          attempt: a.attempt,
          at: iso(a.at)!,
          statusCode: a.status_code,
          durationMs: a.duration_ms,
          error: a.error,
        })),
    })),
  }
}

/** The deliveries, newest first, by status and/or event. */
export async function listDeliveries(
  db: Kysely<DB>,
  q: { status?: DeliveryStatus; eventId?: string; limit: number; offset: number },
): Promise<{ items: WebhookDelivery[]; total: number }> {
  let base = deliveriesFrom(db)
  if (q.status) base = base.where('d.status', '=', q.status)
  if (q.eventId) base = base.where('d.event_id', '=', q.eventId)
  const [{ total }, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base.select(deliveryColumns).orderBy('d.id', 'desc').limit(q.limit).offset(q.offset).execute(),
  ])
  return { items: rows.map(delivery), total }
}

/** A delivery, its row locked for the decision that follows (in `trx`); null when there is none. */
export async function lockDelivery(trx: Transaction<DB>, id: string): Promise<WebhookDelivery | null> {
  const locked = await trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (!locked) return null
  const r = await deliveriesFrom(trx).select(deliveryColumns).where('d.id', '=', id).executeTakeFirstOrThrow()
  return delivery(r)
}

/**
 * Sends a delivery again: pending, due now, its tries counted from 0 (the attempt log keeps the earlier ones). The
 * caller has locked the row (lockDelivery) and checked it is not pending. The event id stays: a receiver that had
 * it already sees the same webhook-id again.
 */
export async function replayDelivery(trx: Transaction<DB>, id: string): Promise<WebhookDelivery> {
  await trx
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: sql<Date>`now()`,
      last_error: null,
      last_status: null,
      delivered_at: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute()
  return (await lockDelivery(trx, id))!
}
