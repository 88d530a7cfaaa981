import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import { refusal } from './localized-refusal'

/**
 * Rows of one account, read the one way every domain reads them: by the account's id and the row's own key,
 * so another account's row reads exactly like an unknown one.
 */

/**
 * The ship-to of `addressKey` when it is one of the account's, else undefined. Order placement, the ERP's status
 * changes, gift redemption, prize orders and flash-buy apply-promo take a ship-to this way; what a PENDING
 * one may do is each caller's rule.
 */
export const accountShipTo = (db: Kysely<DB>, accountId: number, addressKey: string) =>
  db
    .selectFrom('ship_tos')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('address_key', '=', addressKey)
    .executeTakeFirst()

export const orderNotFound = refusal(404, 'NOT_FOUND', 'ORDER_NOT_FOUND', ['Order not found', '未找到该订单'])

/** The caller's account's order of `orderNumber` (order detail, pending lines, requests, reorder), else 404 ORDER_NOT_FOUND. */
export async function callerOrder(db: Kysely<DB>, req: FastifyRequest, orderNumber: string) {
  const o = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('account_id', '=', req.user!.accountId)
    .executeTakeFirst()
  if (!o) throw orderNotFound(req)
  return o
}
