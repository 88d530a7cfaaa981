import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { staffWrite } from '../../staff'
import { emitEvent } from '../../platform'
import { mailNotices, notifyBuyer } from '../../account'
import { FINAL_STATUSES, REVIEW_STATUSES, reviewTarget } from '../../../../types/order/lifecycle'
import type { AdminOrderDetail } from '../../../../types/order/staff-endpoints'
import { changeOrderStatus, lockOrder, type LockedOrder } from '../status-change'
import { holdNotice, orderLink, releaseNotice } from '../notices'
import { orderDetail } from './reads'

/**
 * The order decisions of staff (issue 24 "Orders: review decisions for pending review, financial review and pending
 * approval; hold and release"). Each runs in staffWrite (one audit entry), with the order locked FOR UPDATE, so of
 * two staff deciding at once the second sees the first's result and gets 409.
 */

export const staffActor = (req: FastifyRequest) => `staff:${req.staff!.id}`

/** The audit entry's view of an order. */
const snapshot = (o: Pick<LockedOrder, 'status' | 'held_from' | 'held_reason'>) => ({
  status: o.status,
  heldFrom: o.held_from,
  heldReason: o.held_reason,
})

/**
 * Review: an order pending review, financial review (TO_BE_CONFIRMED) or pending approval is approved (it moves on
 * along the graph's 'approve' edge: SUBMITTED) or rejected (CANCELLED, stock released; the note is told to the buyer).
 */
export async function reviewOrder(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  orderNumber: string,
  body: { decision: 'approve' | 'reject'; note?: string },
): Promise<AdminOrderDetail> {
  if (body.decision === 'reject' && !body.note?.trim())
    throw new ApiError(400, 'VALIDATION_ERROR', 'body/note: a rejection needs a note for the buyer')
  return staffWrite(
    db,
    req,
    { permission: 'order.review', action: `order.review.${body.decision}`, entity: 'order', entityId: orderNumber },
    async (trx) => {
      const o = await lockOrder(trx, { orderNumber })
      const to = reviewTarget(o.status, body.decision)
      if (!to)
        throw new ApiError(
          409,
          'CONFLICT',
          `Order ${orderNumber} is ${o.status}, not waiting for a review (${REVIEW_STATUSES.join(', ')})`,
          'ORDER_NOT_IN_REVIEW',
        )
      const applied = await changeOrderStatus(trx, o, {
        to,
        actor: staffActor(req),
        by: body.decision === 'approve' ? 'approve' : 'cancel',
        note: body.note,
        event: { decision: body.decision },
      })
      return {
        before: snapshot(o),
        after: { ...snapshot(o), status: applied.to, note: body.note ?? null },
        result: await orderDetail(trx, orderNumber),
        afterCommit: () => applied.afterCommit(app, db),
      }
    },
  )
}

/** Hold: the order keeps its status (remembered in held_from); no status change applies until it is released. */
export async function holdOrder(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  orderNumber: string,
  reason: string,
): Promise<AdminOrderDetail> {
  return staffWrite(
    db,
    req,
    { permission: 'order.hold', action: 'order.hold', entity: 'order', entityId: orderNumber },
    async (trx) => {
      const o = await lockOrder(trx, { orderNumber })
      if (o.held_from !== null)
        throw new ApiError(409, 'CONFLICT', `Order ${orderNumber} is on hold already`, 'ORDER_ON_HOLD')
      if ((FINAL_STATUSES as readonly string[]).includes(o.status))
        throw new ApiError(
          409,
          'CONFLICT',
          `Order ${orderNumber} is ${o.status}: there is nothing to hold`,
          'ORDER_FINAL',
        )
      const now = new Date()
      const why = reason.trim()
      await trx
        .updateTable('orders')
        .set({ held_from: o.status, held_reason: why, held_by: req.staff!.id, held_at: now, updated_at: now })
        .where('id', '=', o.id)
        .execute()
      await emitEvent(trx, 'order.held', {
        orderNumber,
        salesOrderNumber: o.sales_order_number,
        accountId: o.account_id,
        status: o.status,
        reason: why,
        actor: staffActor(req),
        at: now.toISOString(),
      })
      const mail = await notifyBuyer(trx, {
        userId: o.user_id,
        category: 'order',
        ...holdNotice(orderNumber, why),
        link: orderLink(orderNumber),
      })
      return {
        before: snapshot(o),
        after: { status: o.status, heldFrom: o.status, heldReason: why },
        result: await orderDetail(trx, orderNumber),
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
}

/** Release: the hold ends; the order goes on from the status it was held in. */
export async function releaseOrder(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  orderNumber: string,
  note: string | undefined,
): Promise<AdminOrderDetail> {
  return staffWrite(
    db,
    req,
    { permission: 'order.hold', action: 'order.release', entity: 'order', entityId: orderNumber },
    async (trx) => {
      const o = await lockOrder(trx, { orderNumber })
      if (o.held_from === null)
        throw new ApiError(409, 'CONFLICT', `Order ${orderNumber} is not on hold`, 'ORDER_NOT_HELD')
      const now = new Date()
      // no status change applies while held, so the status is still held_from: it is restored as it was
      await trx
        .updateTable('orders')
        .set({ status: o.held_from, held_from: null, held_reason: null, held_by: null, held_at: null, updated_at: now })
        .where('id', '=', o.id)
        .execute()
      await emitEvent(trx, 'order.released', {
        orderNumber,
        salesOrderNumber: o.sales_order_number,
        accountId: o.account_id,
        status: o.held_from,
        heldSince: o.held_at ? new Date(o.held_at).toISOString() : null,
        note: note?.trim() || null,
        actor: staffActor(req),
        at: now.toISOString(),
      })
      const mail = await notifyBuyer(trx, {
        userId: o.user_id,
        category: 'order',
        ...releaseNotice(orderNumber),
        link: orderLink(orderNumber),
      })
      return {
        before: snapshot(o),
        after: { status: o.held_from, heldFrom: null, heldReason: null, note: note?.trim() || null },
        result: await orderDetail(trx, orderNumber),
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
}
