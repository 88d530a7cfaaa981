import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { CONFIRMATION_WINDOW_MS, type ConfirmationKind } from '../../../types/order/lifecycle'

/**
 * An order's confirmation links (spec §9 "Pre-order: 24 hours"): staff make one for an order waiting on the buyer
 * (./staff/confirmation-link.ts), the buyer answers it without logging in (./enquiries.ts, GET and POST
 * /api/order/confirm/{token}). The token is the key, so only its SHA-256 is stored: a leaked table opens no link.
 */

export const hashConfirmToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** A new link for an order: 32 random bytes (base64url); only its hash is stored. */
export async function createConfirmation(db: Kysely<DB>, orderId: number, kind: ConfirmationKind, now = new Date()) {
  const token = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + CONFIRMATION_WINDOW_MS[kind])
  await db
    .insertInto('order_confirmations')
    .values({ token_hash: hashConfirmToken(token), order_id: orderId, kind, expires_at: expiresAt })
    .execute()
  return { token, expiresAt }
}

/** The app's page of a link (the path the buyer's notification and email carry). */
export const confirmationPath = (token: string) => `/order-confirmation/${token}`
