import type { FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { PlaceOrderBody, PlaceOrderResult } from '../../../../types'
import { ApiError } from '../../../errors'
import { localized as msg } from '../../../locale'
import * as R from '../../../lib/refusals'
import { idempotencyKey, once, requestHash, type StoredAnswer } from '../../../lib/idempotency'
import { writeOrders, type ShipToColumns } from '../write-orders'
import { allocate } from './allocate'
import { clearCart } from './clear-cart'
import { checkoutDrafts, placementAnswer } from './drafts'
import { loadLines } from './load-lines'
import { price } from './price'

/**
 * POST /order/placeOrder (spec §4, §7): checkout, and ordering an S-quote at its prices. The
 * Idempotency-Key is handled by server/lib/idempotency.ts: the placement row (user, key, request
 * hash) is the claim, inserted first in the transaction, and holds the answer. Then one transaction
 * runs the steps, all or nothing:
 *
 *   loadLines (load-lines.ts) → price (price.ts) → allocate (allocate.ts) → writeOrders
 *   (../write-orders.ts, the orders drafts.ts makes) → clearCart (clear-cart.ts, which also stores the answer)
 */

const keyReused = (req: FastifyRequest) =>
  R.keyReused(req, 'This Idempotency-Key was already used for a different order', '该幂等键已用于另一笔订单')

/** the answer stored under the caller's key */
async function findPlacement(
  db: Kysely<DB>,
  userId: string,
  key: string,
): Promise<StoredAnswer<PlaceOrderResult> | null> {
  const p = await db
    .selectFrom('order_placements')
    .select(['request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
  return p ? { hash: p.request_hash, answer: p.response as unknown as PlaceOrderResult } : null
}

export async function placeOrder(db: Kysely<DB>, req: FastifyRequest, body: PlaceOrderBody): Promise<PlaceOrderResult> {
  const user = req.user!
  const key = idempotencyKey(req, () => R.keyInvalid(req))
  if (user.registrationStatus !== 'Siebel Approved') throw R.registrationIncomplete(req)
  const hash = requestHash(body)
  return once({
    key,
    hash,
    reused: () => keyReused(req),
    find: () => findPlacement(db, user.id, key),
    run: async () => {
      const shipTo = await db
        .selectFrom('ship_tos')
        .selectAll()
        .where('account_id', '=', user.accountId)
        .where('address_key', '=', body.addressKey)
        .executeTakeFirst()
      if (!shipTo) throw R.shipToNotFound(req)
      if (shipTo.address_status !== 'ACTIVE') {
        throw new ApiError(
          409,
          'CONFLICT',
          msg(
            req,
            'This shipping address is under review; orders can be placed once it is approved',
            '该收货地址正在审核中，审核通过后方可下单',
          ),
          'ADDRESS_UNDER_REVIEW',
        )
      }
      if (body.billToNumber) {
        const bt = await db
          .selectFrom('bill_tos')
          .select('id')
          .where('ship_to_id', '=', shipTo.id)
          .where('account_number', '=', body.billToNumber)
          .executeTakeFirst()
        if (!bt)
          throw new ApiError(
            404,
            'NOT_FOUND',
            msg(req, 'This billing address does not belong to the shipping address', '该开票地址不属于所选收货地址'),
            'BILL_TO_NOT_FOUND',
          )
      }
      return db.transaction().execute((trx) => placeInTransaction(trx, req, body, key, hash, shipTo))
    },
  })
}

type ShipToRow = ShipToColumns & { address_status: 'ACTIVE' | 'PENDING' }

async function placeInTransaction(
  trx: Transaction<DB>,
  req: FastifyRequest,
  body: PlaceOrderBody,
  key: string,
  hash: string,
  shipTo: ShipToRow,
): Promise<PlaceOrderResult> {
  const user = req.user!
  // the claim: a concurrent request with the same key waits here for this one's commit, then fails with 23505
  const placement = await trx
    .insertInto('order_placements')
    .values({ user_id: user.id, account_id: user.accountId, idempotency_key: key, request_hash: hash, response: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const loaded = await loadLines(trx, req, body)
  const priced = await price(trx, req, loaded)
  const alloc = await allocate(trx, priced.lines, priced.supplyCenterId)
  const drafts = checkoutDrafts({
    placementId: placement.id,
    user,
    body,
    shipTo,
    priced,
    alloc,
    loaded,
    now: Date.now(),
  })
  const written = await writeOrders(trx, drafts)
  const answer = placementAnswer(placement.id, drafts, written.orders, shipTo.address_status, priced.currency)
  await clearCart(trx, loaded, answer)
  return answer
}
