import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { staffWrite } from '../../staff'
import { emitEvent } from '../../platform'
import { mailNotices, notifyBuyer } from '../../account'
import type { AdminOrderRequest } from '../../../../types/order/staff-endpoints'
import type { OrderRequestStatus } from '../../../../types/order/return-rules'
import { changeOrderStatus, lockOrder, type LockedOrder } from '../status-change'
import { orderLink, requestNotice } from '../notices'
import { requestByNumber } from './reads'
import { staffActor } from './order-decisions'

/**
 * Decisions on cancel and return requests (issue 24: "Cancel and return requests: accept or refuse with a note; a
 * return's goods received; the order's status follows"):
 *
 * | decision | request | order |
 * |---|---|---|
 * | accept a cancel | pending → completed | → CANCELLED along the graph (stock released, points taken back); 409 when it has left the warehouse or is held; already CANCELLED: stays |
 * | accept a return | pending → in_progress (awaiting the goods) | unchanged |
 * | refuse either | pending → rejected | unchanged |
 * | goods received (return) | in_progress → completed | unchanged: the spec has no status code for a returned order (§4) |
 *
 * The order is locked first, then the request (the one lock order of these decisions), so two staff deciding the
 * same request at once cannot both win: the second sees it decided and gets 409.
 */

type Decision = 'accept' | 'refuse' | 'goodsReceived'

async function lockRequest(trx: Transaction<DB>, requestNumber: string) {
  const head = await trx
    .selectFrom('order_requests')
    .select('order_id')
    .where('request_number', '=', requestNumber)
    .executeTakeFirst()
  if (!head) throw new ApiError(404, 'NOT_FOUND', `Request ${requestNumber} not found`, 'REQUEST_NOT_FOUND')
  const order = await lockOrder(trx, { id: head.order_id })
  const r = await trx
    .selectFrom('order_requests')
    .selectAll()
    .where('request_number', '=', requestNumber)
    .forUpdate()
    .executeTakeFirstOrThrow()
  return { r, order }
}

const alreadyDecided = (requestNumber: string, status: string) =>
  new ApiError(409, 'CONFLICT', `Request ${requestNumber} is ${status} already`, 'REQUEST_DECIDED')

export async function decideRequest(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  requestNumber: string,
  decision: Decision,
  note: string | undefined,
): Promise<AdminOrderRequest> {
  const action = { accept: 'orderRequest.accept', refuse: 'orderRequest.refuse', goodsReceived: 'return.goodsReceived' }
  return staffWrite(
    db,
    req,
    { permission: 'orderRequest.decide', action: action[decision], entity: 'order_request', entityId: requestNumber },
    async (trx) => {
      const { r, order } = await lockRequest(trx, requestNumber)
      const text = note?.trim() || null
      const now = new Date()
      const ref = { requestId: r.id, requestNumber, kind: r.kind, orderNumber: order.order_number }
      let status: OrderRequestStatus
      let orderAfter = order.status
      let afterCommit: () => Promise<void>

      if (decision === 'goodsReceived') {
        if (r.kind !== 'return')
          throw new ApiError(
            409,
            'CONFLICT',
            `Request ${requestNumber} is a cancellation: no goods come back`,
            'NOT_A_RETURN',
          )
        if (r.status !== 'in_progress')
          throw new ApiError(
            409,
            'CONFLICT',
            r.status === 'pending'
              ? `Return ${requestNumber} is not accepted yet`
              : `Return ${requestNumber} is ${r.status} already`,
            r.status === 'pending' ? 'RETURN_NOT_ACCEPTED' : 'REQUEST_DECIDED',
          )
        status = 'completed'
        await trx
          .updateTable('order_requests')
          .set({ status, goods_received_by: staffActor(req), goods_received_at: now, goods_received_note: text })
          .where('id', '=', r.id)
          .execute()
        await emitEvent(trx, 'return.goods_received', { ...eventOf(ref, order), note: text, at: now.toISOString() })
        afterCommit = await notify(
          app,
          trx,
          r.user_id ?? order.user_id,
          order,
          requestNotice(ref, 'goodsReceived', text),
        )
      } else {
        if (r.status !== 'pending') throw alreadyDecided(requestNumber, r.status)
        const accepted = decision === 'accept'
        status = !accepted ? 'rejected' : r.kind === 'cancel' ? 'completed' : 'in_progress'
        await trx
          .updateTable('order_requests')
          .set({ status, decided_by: staffActor(req), decided_at: now, decision_note: text })
          .where('id', '=', r.id)
          .execute()
        await emitEvent(trx, 'order_request.decided', {
          ...eventOf(ref, order),
          decision: accepted ? 'accepted' : 'refused',
          status,
          note: text,
          at: now.toISOString(),
        })
        const notice = requestNotice(ref, accepted ? 'accepted' : 'refused', text)
        if (accepted && r.kind === 'cancel' && order.status !== 'CANCELLED') {
          // the order follows along the graph; one notice tells the buyer both (the request and the cancelled order)
          const applied = await changeOrderStatus(trx, order, {
            to: 'CANCELLED',
            actor: staffActor(req),
            by: 'cancel',
            note: text,
            notice,
            noticeTo: r.user_id ?? order.user_id,
            event: { requestNumber },
            now,
          })
          orderAfter = applied.to
          afterCommit = () => applied.afterCommit(app, db)
        } else {
          // a refusal, a return, or a cancel of an order cancelled meanwhile (its confirmation link): nothing to move
          afterCommit = await notify(app, trx, r.user_id ?? order.user_id, order, notice)
        }
      }
      return {
        before: { status: r.status, orderStatus: order.status },
        after: { status, orderStatus: orderAfter, note: text },
        result: await requestByNumber(trx, requestNumber),
        afterCommit,
      }
    },
  )
}

/** The request's fields of its events; requestId is order_request.created's key (requests.ts), requestNumber the buyer's. */
const eventOf = (
  ref: { requestId: number; requestNumber: string; kind: string; orderNumber: string },
  o: LockedOrder,
) => ({
  requestId: ref.requestId,
  requestNumber: ref.requestNumber,
  kind: ref.kind,
  orderNumber: ref.orderNumber,
  salesOrderNumber: o.sales_order_number,
  accountId: o.account_id,
})

async function notify(
  app: FastifyInstance,
  trx: Transaction<DB>,
  userId: string,
  o: LockedOrder,
  text: ReturnType<typeof requestNotice>,
): Promise<() => Promise<void>> {
  const mail = await notifyBuyer(trx, {
    userId,
    category: 'order',
    ...text,
    link: orderLink(o.order_number),
  })
  return () => mailNotices(app, [mail])
}
