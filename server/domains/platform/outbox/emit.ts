import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
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
 * Records a business event in the outbox, inside the transaction of the change it reports (pass that transaction):
 * the event commits with the change or not at all. Delivery (./deliver.ts) sends it to every webhook URL later.
 * `data` is what the ERP needs to act without calling back: ids, numbers, statuses, amounts; never a token or secret.
 */
export async function emitEvent(
  trx: Transaction<DB> | Kysely<DB>,
  type: EventType,
  data: Record<string, unknown>,
): Promise<string> {
  const id = newEventId()
  await trx
    .insertInto('outbox_events')
    .values({ id, type, payload: JSON.stringify(data) })
    .execute()
  return id
}
