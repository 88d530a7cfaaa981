import type { Kysely } from 'kysely'
import type { DB } from '../schema'

/**
 * Issue 24 seed (the outbox): one event to an ERP URL that is no longer configured (inactive), whose delivery died
 * after its tries; the admin API's delivery log shows it and a replay has a dead delivery to act on. Delivery
 * never sends to an inactive endpoint.
 */
export const OUTBOX_SEED_TABLES: string[] = [
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
  'outbox_events',
]

const SEEDED_AT = '2026-01-01T00:00:00.000Z'
export const SEED_EVENT_ID = 'evt_01seed00000000000000000001'

export async function seedOutbox(db: Kysely<DB>): Promise<void> {
  const ep = await db
    .insertInto('webhook_endpoints')
    .values({ url: 'https://erp.example.invalid/webhooks', active: false, created_at: SEEDED_AT })
    .returning('id')
    .executeTakeFirstOrThrow()
  const ev = await db
    .insertInto('outbox_events')
    .values({
      id: SEED_EVENT_ID,
      type: 'user.registered',
      payload: JSON.stringify({ userId: 'seed-example', country: 'cn', registrationStatus: 'Profile Completed' }),
      created_at: SEEDED_AT,
    })
    .returning('seq')
    .executeTakeFirstOrThrow()
  const d = await db
    .insertInto('webhook_deliveries')
    .values({
      event_id: SEED_EVENT_ID,
      endpoint_id: ep.id,
      seq: ev.seq,
      status: 'dead',
      attempts: 1,
      next_attempt_at: null,
      last_status: 503,
      last_error: 'HTTP 503',
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('webhook_attempts')
    .values({
      delivery_id: d.id,
      attempt: 1,
      at: new Date(SEEDED_AT),
      status_code: 503,
      duration_ms: 12,
      error: 'HTTP 503',
    })
    .execute()
}
