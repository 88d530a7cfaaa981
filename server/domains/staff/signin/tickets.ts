import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { randomToken, sha256 } from '../../../lib/secret-token'

/**
 * The sign-in ticket (issue 24): what the callback hands the console once the issuer has signed the member in (first
 * factor), to be spent on the second (POST /api/staff-auth/token). 32 random bytes, stored by SHA-256, 5 minutes,
 * single use, and dead after MAX_SECOND_FACTOR_ATTEMPTS wrong codes (a new sign-in, with its password, is needed:
 * guessing codes costs password attempts too).
 */
export const SIGNIN_TICKET_TTL_SECONDS = 5 * 60
export const MAX_SECOND_FACTOR_ATTEMPTS = 5

export async function issueSigninTicket(db: Kysely<DB>, staffId: string): Promise<string> {
  const ticket = randomToken()
  const now = Date.now()
  await db
    .deleteFrom('staff_signin_tickets')
    .where('expires_at', '<', new Date(now - 3600_000))
    .execute()
  await db
    .insertInto('staff_signin_tickets')
    .values({
      ticket_hash: sha256(ticket),
      staff_id: staffId,
      expires_at: new Date(now + SIGNIN_TICKET_TTL_SECONDS * 1000),
    })
    .execute()
  return ticket
}

/**
 * The live ticket (unused, unexpired, attempts left), locked for the rest of the transaction when `trx` is one, so
 * two second-factor posts of one ticket are decided one after the other; null otherwise.
 */
export async function liveTicket(db: Kysely<DB> | Transaction<DB>, ticket: string, lock: boolean) {
  let q = db
    .selectFrom('staff_signin_tickets')
    .select(['ticket_hash', 'staff_id', 'attempts'])
    .where('ticket_hash', '=', sha256(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', MAX_SECOND_FACTOR_ATTEMPTS)
  if (lock) q = q.forUpdate()
  return (await q.executeTakeFirst()) ?? null
}

export async function spendTicket(trx: Transaction<DB>, ticketHash: string): Promise<void> {
  await trx
    .updateTable('staff_signin_tickets')
    .set({ used_at: new Date() })
    .where('ticket_hash', '=', ticketHash)
    .execute()
}

/** Counts a wrong second-factor code against the ticket. */
export async function countWrongCode(db: Kysely<DB>, ticketHash: string): Promise<void> {
  await db
    .updateTable('staff_signin_tickets')
    .set((e) => ({ attempts: e('attempts', '+', 1) }))
    .where('ticket_hash', '=', ticketHash)
    .execute()
}
