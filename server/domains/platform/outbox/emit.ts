import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { EventType } from '../../../../types/platform/events'

/** 'evt_' and 26 base-32 characters: time first (sortable), then 80 random bits. */
export function newEventId(now = Date.now()): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz'
  let time = ''
  let t = now
  for (let i = 0; i < 10; i++) {
    time = alphabet[t % 32] + time
    t = Math.floor(t / 32)
  }
  const bytes = randomBytes(16)
  let rand = ''
  for (let i = 0; i < 16; i++) rand += alphabet[bytes[i] % 32]
  return `evt_${time}${rand}`
}

/**
 * Who hears that this process wrote events: the deliverer of each app (./deliver.ts), so it looks for them at once
 * instead of at its next idle poll. Told before the commit (the writer's transaction goes on), so a listener looks
 * again every few tens of ms for a while (its "hot" window) rather than once; events written by another instance are
 * found by its poll.
 */
const writeListeners = new Set<() => void>()

/** Calls `listener` whenever this process writes events; returns the unsubscribe. */
export function onEventsWritten(listener: () => void): () => void {
  writeListeners.add(listener)
  return () => writeListeners.delete(listener)
}

/**
 * Records a business event in the outbox, inside the transaction of the change it reports (pass that transaction):
 * the event commits with the change or not at all. Delivery (./deliver.ts) sends it to every webhook URL later.
 * `data` is what the ERP needs to act without calling back: ids, numbers, statuses, amounts; never a token or secret.
 */
export async function emitEvent(
  trx: Transaction<DB> | Kysely<DB>,
  type: EventType,
  data: Record<string, unknown>,
): Promise<string> {
  const [id] = await emitEvents(trx, [{ type, data }])
  return id
}

/**
 * Records several events in one statement (a batch of orders): each event row and, with it, one pending delivery
 * per active webhook endpoint, so no event can commit without its deliveries (nothing to fan out later, nothing
 * to miss). Returns the events' ids, in order.
 */
export async function emitEvents(
  trx: Transaction<DB> | Kysely<DB>,
  events: { type: EventType; data: Record<string, unknown> }[],
): Promise<string[]> {
  if (!events.length) return []
  const rows = events.map((e, i) => ({ i, id: newEventId(), type: e.type, payload: e.data }))
  await sql`
    WITH e AS (
      INSERT INTO outbox_events (id, type, payload)
      SELECT x.id, x.type, x.payload FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(i int, id text, type text, payload jsonb)
      ORDER BY x.i
      RETURNING id, seq
    )
    INSERT INTO webhook_deliveries (event_id, endpoint_id, seq)
    SELECT e.id, w.id, e.seq FROM e CROSS JOIN webhook_endpoints w WHERE w.active`.execute(trx)
  for (const listener of writeListeners) listener()
  return rows.map((r) => r.id)
}
