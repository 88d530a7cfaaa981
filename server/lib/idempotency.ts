import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import stringify from 'safe-stable-stringify'
import { isUniqueViolation } from '../db/errors'

/**
 * The Idempotency-Key, handled one way by every endpoint that takes it (POST /order/placeOrder,
 * /flashbuy/place/order, /membership/gifts/redeem, /membership/draws/:id/draw):
 *
 * 1. the key: the header, 8–128 letters, digits, _ : . - (else the endpoint's 400 IDEMPOTENCY_KEY_INVALID);
 * 2. the request's hash: sha256 of its JSON with sorted keys, so the same body always hashes the same;
 * 3. an answer stored under the caller's key: the same hash gets that answer again (a replay), another
 *    hash the endpoint's 409 IDEMPOTENCY_KEY_REUSED;
 * 4. no answer yet: the work runs and stores its answer under the key in its own transaction. The
 *    key's unique index is the claim: a concurrent request with the same key waits for the first to
 *    commit, fails with 23505, and then finds the committed answer (step 3). A rolled-back attempt
 *    stores nothing, so its retry does the work.
 *
 * Each endpoint keeps its answers in its own table (order_placements, gift_redemptions, draw_records)
 * and words its own refusals; what a key means is decided here.
 */

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,128}$/

/** sha256 (hex) of the request's JSON with sorted object keys */
export const requestHash = (body: unknown): string =>
  crypto
    .createHash('sha256')
    .update(stringify(body) ?? '')
    .digest('hex')

/** The caller's Idempotency-Key, or the endpoint's refusal (`invalid()`) when it is missing or malformed. */
export function idempotencyKey(req: FastifyRequest, invalid: () => Error): string {
  const raw = req.headers['idempotency-key']
  const key = Array.isArray(raw) ? raw[0] : raw
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw invalid()
  return key
}

/** an answer stored under a key, with the hash of the request that made it */
export interface StoredAnswer<T> {
  hash: string
  answer: T
}

/** What an earlier answer under the key means for a request with this hash: replay it, refuse (key reused), or nothing stored. */
export type Prior<T> = { kind: 'replay'; answer: T } | { kind: 'reused' } | null

export function priorOf<T>(stored: StoredAnswer<T> | null | undefined, hash: string): Prior<T> {
  if (!stored) return null
  return stored.hash === hash ? { kind: 'replay', answer: stored.answer } : { kind: 'reused' }
}

/** The earlier answer to replay, or null when none is stored; throws `reused()` when the key was used for another request. */
export function replayOrRefuse<T>(
  stored: StoredAnswer<T> | null | undefined,
  hash: string,
  reused: () => Error,
): T | null {
  const prior = priorOf(stored, hash)
  if (prior?.kind === 'reused') throw reused()
  return prior?.kind === 'replay' ? prior.answer : null
}

export interface OnceOptions<T> {
  key: string
  hash: string
  /** the endpoint's 409 IDEMPOTENCY_KEY_REUSED */
  reused: () => Error
  /** reads the answer stored under the caller's key (committed rows only) */
  find: () => Promise<StoredAnswer<T> | null>
  /** does the work in one transaction that stores its answer under the key (unique per caller) */
  run: () => Promise<T>
}

/** Steps 3 and 4: replays or refuses on a stored answer, else runs; a concurrent twin that committed first is replayed. */
export async function once<T>(o: OnceOptions<T>): Promise<T> {
  const prior = replayOrRefuse(await o.find(), o.hash, o.reused)
  if (prior !== null) return prior
  try {
    return await o.run()
  } catch (e) {
    if (isUniqueViolation(e)) {
      const again = replayOrRefuse(await o.find(), o.hash, o.reused)
      if (again !== null) return again
    }
    throw e
  }
}
