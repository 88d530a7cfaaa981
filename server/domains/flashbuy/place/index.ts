import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { FlashPlaceOrderBody, FlashPlaceOrderResult } from '../../../../types'
import { PHONE_PATTERN, isValidEmail } from '../../../../types/account/address-rules'
import { idempotencyKey, requestHash } from '../../../lib/idempotency'
import { SaleBatcher } from './batcher'
import type { Outcome, PlaceItem } from './commit'
import { createGate, type FlashGate } from './gate'
import * as M from './messages'
import type { Config } from '../../../config'

/**
 * Flash-buy placement (POST /flashbuy/place/order). The design and its failure cases are in the
 * docs/flash-buy.md ("Placement: design", and its table of failure cases):
 * - batcher.ts: per-sale batching into group commits; commit.ts: one transaction per batch under the
 *   sale row's lock (conditional stock decrement, conditional ledger upsert, orders, one commit);
 * - gate.ts: the optional Redis gate (REDIS_URL) that turns away sold-out and over-limit requests
 *   before PostgreSQL; PostgreSQL stays the final guard, and a refusal by the gate is confirmed by
 *   the database before the buyer sees it.
 */
export interface FlashPlacer {
  /** places one flash-buy order for req.user; reads the Idempotency-Key header itself */
  place(req: FastifyRequest, body: FlashPlaceOrderBody): Promise<FlashPlaceOrderResult>
  /** a sale's stock, limit or window changed by staff: the Redis gate (if any) forgets what it holds of it */
  saleChanged(saleId: string): Promise<void>
  close(): Promise<void>
}

/**
 * REDIS_URL: the optional gate in front of PostgreSQL (absent: no gate); the batching knobs FLASH_BATCH_MAX,
 * FLASH_BATCH_LINGER_MS and FLASH_BATCH_INFLIGHT; FLASH_DEBUG prints the batcher's and gate's counters at close.
 */
export type FlashPlacerConfig = Pick<
  Config,
  'REDIS_URL' | 'FLASH_BATCH_MAX' | 'FLASH_BATCH_LINGER_MS' | 'FLASH_BATCH_INFLIGHT' | 'FLASH_DEBUG'
>

/** The placer behind the route; `stats` and `gate` are exposed for the tests and the bench. */
export function createFlashPlacer(
  db: Kysely<DB>,
  config: FlashPlacerConfig,
  log?: FastifyBaseLogger,
): FlashPlacer & { stats: SaleBatcher['stats']; gate: FlashGate | null } {
  const debug = Boolean(config.FLASH_DEBUG)
  const batcher = new SaleBatcher(db, {
    maxBatch: config.FLASH_BATCH_MAX,
    lingerMs: config.FLASH_BATCH_LINGER_MS,
    maxInFlight: config.FLASH_BATCH_INFLIGHT,
    log,
  })
  const gate = config.REDIS_URL ? createGate(db, config.REDIS_URL, log, debug) : null

  const unwrap = (o: Outcome): FlashPlaceOrderResult => {
    if (o.kind === 'refused') throw o.error
    return o.result
  }

  return {
    stats: batcher.stats,
    gate,
    async place(req, body) {
      const user = req.user!
      const key = idempotencyKey(req, () => M.keyInvalid(req))
      if (user.registrationStatus !== 'Siebel Approved') throw M.registrationIncomplete(req)
      // spec §5 checks 7 and 8, on the server too
      const contactOk = (c: { name: string; phone: string }) =>
        c.name.trim().length > 0 && PHONE_PATTERN.test(c.phone.trim())
      if (!contactOk(body.receiver) || !contactOk(body.invoiceReceiver)) throw M.contactInvalid(req)
      if (body.additionalEmail?.trim() && !isValidEmail(body.additionalEmail)) throw M.emailInvalid(req)

      const item: PlaceItem = {
        req,
        body,
        key,
        hash: requestHash(body),
        userId: user.id,
        accountId: user.accountId,
        registrationStatus: user.registrationStatus,
        country: user.country,
      }
      if (!gate) return unwrap(await batcher.submit(body.flashBuyId, item))

      // the gate: a token and the account's count in Redis first; PostgreSQL decides in the end
      const pass = await gate.enter(body.flashBuyId, item)
      if (pass === 'refuse') {
        // Redis says sold out or over the limit: the database confirms it (read-only) or lets the request through
        const confirmed = await gate.confirmRefusal(body.flashBuyId, item)
        if (confirmed) return unwrap(confirmed)
      }
      const outcome = await batcher.submit(body.flashBuyId, item)
      if (pass === 'reserved' && outcome.kind !== 'placed') gate.release(body.flashBuyId, item)
      return unwrap(outcome)
    },
    async saleChanged(saleId) {
      await gate?.forget(saleId)
    },
    async close() {
      await batcher.drain()
      if (debug)
        console.log('[flash-buy placer]', JSON.stringify({ batcher: batcher.stats, gate: gate?.stats ?? null }))
      await gate?.close()
    },
  }
}
