import type { ColumnType, Generated, JSONColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** One business event (migration 0024_outbox), written in the transaction of its change. */
export interface OutboxEventTable {
  /** 'evt_…': the Standard Webhooks webhook-id, the same on every delivery attempt */
  id: string
  seq: Generated<string>
  /** e.g. 'order.placed' (types/platform/events.ts) */
  type: string
  payload: JSONColumnType<Record<string, unknown>, string, string>
  created_at: ColumnType<Date, Date | string | undefined, never>
}

/** A webhook URL of the configuration (WEBHOOK_URLS); inactive when no longer configured. */
export interface WebhookEndpointTable {
  id: Generated<number>
  url: string
  active: Generated<boolean>
  created_at: ColumnType<Date, Date | string | undefined, never>
}

export type DeliveryStatus = 'pending' | 'delivered' | 'dead'

/** One event to one endpoint: written with the event, then claimed and tried until delivered or dead. */
export interface WebhookDeliveryTable {
  id: Generated<string>
  event_id: string
  endpoint_id: number
  seq: string
  status: Generated<DeliveryStatus>
  attempts: Generated<number>
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  last_status: number | null
  last_error: string | null
  delivered_at: Date | null
  created_at: ColumnType<Date, Date | string | undefined, never>
  updated_at: Timestamp
}

/** One try of a delivery: when, the receiver's status code (null: no answer), how long, what failed. */
export interface WebhookAttemptTable {
  id: Generated<string>
  delivery_id: string
  attempt: number
  at: Date
  status_code: number | null
  duration_ms: number
  error: string | null
}

/** Issue 24: the outbox of business events and their webhook deliveries. */
export interface OutboxTables {
  outbox_events: OutboxEventTable
  webhook_endpoints: WebhookEndpointTable
  webhook_deliveries: WebhookDeliveryTable
  webhook_attempts: WebhookAttemptTable
}
