import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/secret-token'

/** One-time login states (redirect round trips) and login tickets, stored by their SHA-256 only. */

export const STATE_TTL_SECONDS = 10 * 60
export const TICKET_TTL_SECONDS = 60

export interface NewState {
  kind: 'oidc' | 'wechat' | 'staff'
  mode: string
  codeVerifier?: string
  nonce?: string
  returnTo?: string
}

/** Stores a new state; returns the value to send in the redirect. */
export async function createLoginState(db: Kysely<DB>, s: NewState): Promise<string> {
  const state = randomToken()
  const now = new Date()
  await db
    .deleteFrom('auth_login_states')
    .where('expires_at', '<', new Date(now.getTime() - 3600_000))
    .execute()
  await db
    .insertInto('auth_login_states')
    .values({
      state_hash: sha256(state),
      kind: s.kind,
      mode: s.mode,
      code_verifier: s.codeVerifier ?? null,
      nonce: s.nonce ?? null,
      return_to: s.returnTo ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + STATE_TTL_SECONDS * 1000),
    })
    .execute()
  return state
}

/** Marks the state used and returns it: null when unknown, of another kind, already used or expired. */
export async function consumeLoginState(db: Kysely<DB>, state: string | undefined, kind: 'oidc' | 'wechat' | 'staff') {
  if (!state || state.length > 200) return null
  const row = await db
    .updateTable('auth_login_states')
    .set({ used_at: new Date() })
    .where('state_hash', '=', sha256(state))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst()
  return row ?? null
}

/** Issues a login ticket (60 s, single use) bound to the user, returnTo and the registered flag. */
export async function issueTicket(
  db: Kysely<DB>,
  t: { userId: string; returnTo: string | null; registered: boolean },
): Promise<string> {
  const ticket = randomToken()
  const now = Date.now()
  await db
    .deleteFrom('auth_tickets')
    .where('expires_at', '<', new Date(now - 3600_000))
    .execute()
  await db
    .insertInto('auth_tickets')
    .values({
      ticket_hash: sha256(ticket),
      user_id: t.userId,
      return_to: t.returnTo,
      registered: t.registered,
      expires_at: new Date(now + TICKET_TTL_SECONDS * 1000),
    })
    .execute()
  return ticket
}

/** Redeems a ticket once: null when unknown, used or expired. */
export async function redeemTicket(db: Kysely<DB>, ticket: string) {
  const row = await db
    .updateTable('auth_tickets')
    .set({ used_at: new Date() })
    .where('ticket_hash', '=', sha256(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'return_to', 'registered'])
    .executeTakeFirst()
  return row ?? null
}
