import type { FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { PlaceOrderBody, PlaceOrderResult } from '../../../../types'
import * as R from '../../../lib/refusals'
import { idempotencyKey, once, requestHash } from '../../../lib/idempotency'
import { storedAnswer } from '../../../lib/stored-answer'
import { accountShipTo } from '../../../lib/account-rows'
import { writeOrders, type ShipToColumns } from '../write-orders'
import { orderPlacedEvents } from '../order-events'
import { emitEvents } from '../../platform'
import { allocate } from './allocate'
import { clearCart } from './clear-cart'
import { checkoutDrafts, placementAnswer } from './drafts'
import { loadLines } from './load-lines'
import * as M from './messages'
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

export async function placeOrder(db: Kysely<DB>, req: FastifyRequest, body: PlaceOrderBody): Promise<PlaceOrderResult> {
  const user = req.user!
  const key = idempotencyKey(req, () => R.keyInvalid(req))
  if (user.registrationStatus !== 'Siebel Approved') throw R.registrationIncomplete(req)
  const hash = requestHash(body)
  return once({
    key,
    hash,
    reused: () => M.keyReused(req),
    find: () => storedAnswer<PlaceOrderResult>(db, 'order_placements', user.id, key),
    run: async () => {
      const shipTo = await accountShipTo(db, user.accountId, body.addressKey)
      if (!shipTo) throw R.shipToNotFound(req)
      if (shipTo.address_status !== 'ACTIVE') throw M.addressUnderReview(req)
      if (body.billToNumber) {
        const bt = await db
          .selectFrom('bill_tos')
          .select('id')
          .where('ship_to_id', '=', shipTo.id)
          .where('account_number', '=', body.billToNumber)
          .executeTakeFirst()
        if (!bt) throw M.billToNotFound(req)
      }
      // no bill-to chosen (the submit page offers none): the order is billed to the ship-to's first bill-to, as the
      // account screens list them, so the ERP knows whom to invoice (order.placed's billToNumber)
      const billToNumber = body.billToNumber ?? (await firstBillTo(db, shipTo.id))
      const billed = billToNumber ? { ...body, billToNumber } : body
      return db.transaction().execute((trx) => placeInTransaction(trx, req, billed, key, hash, shipTo))
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
  // issue 24: the ERP hears of each order in the transaction that writes it (the outbox)
  await emitEvents(trx, orderPlacedEvents(drafts, written.orders))
  const answer = placementAnswer(placement.id, drafts, written.orders, shipTo.address_status, priced.currency)
  await clearCart(trx, loaded, answer)
  return answer
}

const firstBillTo = async (db: Kysely<DB>, shipToId: number): Promise<string | undefined> =>
  (
    await db
      .selectFrom('bill_tos')
      .select('account_number')
      .where('ship_to_id', '=', shipToId)
      .orderBy('sort_order')
      .orderBy('id')
      .executeTakeFirst()
  )?.account_number ?? undefined
