import type { ColumnType, Generated, JSONColumnType } from 'kysely'

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

/** Issue 24: the outbox of business events and their webhook deliveries. */
export interface OutboxTables {
  outbox_events: OutboxEventTable
}
