import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { FlashPlaceOrderBody, FlashPlaceOrderResult } from '../../../../types'
import { ApiError } from '../../../errors'

/**
 * Flash-buy placement (POST /flashbuy/place/order). Interface only in this commit: the engine
 * (per-sale batching into group commits, the atomic stock decrement and per-account ledger, the
 * Idempotency-Key, the optional Redis gate) replaces the body of createFlashPlacer.
 */
export interface FlashPlacer {
  /** places one flash-buy order for req.user; reads the Idempotency-Key header itself */
  place(req: FastifyRequest, body: FlashPlaceOrderBody): Promise<FlashPlaceOrderResult>
  close(): Promise<void>
}

export interface FlashPlacerOptions {
  /** REDIS_URL: the optional gate in front of PostgreSQL; absent = no gate */
  redisUrl?: string | null
  log?: FastifyBaseLogger
}

export function createFlashPlacer(_db: Kysely<DB>, _opts: FlashPlacerOptions = {}): FlashPlacer {
  return {
    async place() {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Flash-buy ordering is not available yet')
    },
    async close() {},
  }
}
