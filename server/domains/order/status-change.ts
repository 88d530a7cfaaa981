import type { FastifyInstance } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../errors'
import {
  transitionOf,
  type LifecycleEffect,
  type OrderTransition,
  type TransitionTrigger,
} from '../../../types/order/lifecycle'
import { ORDER_CREDIT_STATUSES, ORDER_REVERSAL_STATUSES } from '../../../types/membership/points'
import { emitEvent } from '../platform'
import { mailNotices, notifyBuyer, type BuyerNotice, type NoticeMail } from '../account'
import { syncOrderOwnerPoints } from '../membership'
import { orderLink, statusNotice } from './notices'

/**
 * The one place an order's status changes (issue 24): a staff decision, the ERP's inbound status and shipment calls
 * and the buyer's confirmation link all come here, inside their own transaction, with the order locked (lockOrder). It
 * 1. refuses a held order (409 ORDER_ON_HOLD) and a change that is not an edge of the graph of
 *    types/order/lifecycle.ts (409 CONFLICT naming both statuses), or an edge of another trigger than `by`;
 * 2. writes the status (only if it is still the one read: a concurrent change makes this one 409) and its history row;
 * 3. applies the edge's effect: 'ship' adds the shipment the caller gives, 'sign' signs the open shipments,
 *    'cancel' gives the allocated stock back (orders placed from warehouse or supply-centre stock);
 * 4. emits 'order.status_changed' (and 'order.cancelled' for a cancel) to the outbox;
 * 5. writes the buyer's notification (unless `notice: null`) and returns its email;
 * and returns `afterCommit`: the email, and the owner's points (credited once the order has left the warehouse,
 * taken back when it is cancelled: server/domains/membership/points/sync.ts, which runs its own transaction).
 */

/** What the status change reads of an order (and the caller's decisions too). */
export const LOCKED_ORDER_COLUMNS = [
  'id',
  'order_number',
  'sales_order_number',
  'account_id',
  'user_id',
  'status',
  'source',
  'currency',
  'delivery_channel',
  'supply_center_id',
  'ship_to_key',
  'total_amount',
  'held_from',
  'held_reason',
  'held_at',
  'held_by',
] as const
export type LockedOrder = {
  id: number
  order_number: string
  sales_order_number: string
  account_id: number
  user_id: string
  status: string
  source: string
  currency: 'CNY' | 'INR'
  delivery_channel: 'SC' | 'TFS'
  supply_center_id: string | null
  ship_to_key: string
  total_amount: number
  held_from: string | null
  held_reason: string | null
  held_at: Date | null
  held_by: string | null
}

/** The order by number (or id), locked FOR UPDATE until the transaction ends; 404 when there is none. */
export async function lockOrder(trx: Transaction<DB>, key: { orderNumber: string } | { id: number }) {
  let q = trx.selectFrom('orders').select(LOCKED_ORDER_COLUMNS)
  q = 'id' in key ? q.where('id', '=', key.id) : q.where('order_number', '=', key.orderNumber)
  const o = await q.forUpdate().executeTakeFirst()
  if (!o) {
    const which = 'id' in key ? `#${key.id}` : key.orderNumber
    throw new ApiError(404, 'NOT_FOUND', `Order ${which} not found`, 'ORDER_NOT_FOUND')
  }
  return o as LockedOrder
}

export interface ShipmentInput {
  carrier: string
  expressNumber: string
  shippedAt: Date
  packageStatus?: string
}

export interface StatusChange {
  to: string
  /** who: 'staff:<id>', 'erp:<client>', 'buyer:<user id>' (older history rows: 'system', the removed status timer) */
  actor: string
  /** the kind of edge the caller may take (a reviewer's 'approve' cannot ship an order); any edge when left out */
  by?: TransitionTrigger | readonly TransitionTrigger[]
  /** told to the buyer and kept in the history (a reviewer's reason, the ERP's remark) */
  note?: string | null
  /** the shipment of a 'ship' edge, when the caller has one */
  shipment?: ShipmentInput
  /** the buyer's notice: the default names the new status; null tells nothing (a step on the way to another) */
  notice?: Pick<BuyerNotice, 'title' | 'body'> | null
  /** whom the notice is for when not the order's buyer (the user who asked for a cancellation) */
  noticeTo?: string
  /** extra fields of the event (e.g. the request that caused it) */
  event?: Record<string, unknown>
  now?: Date
}

export interface AppliedStatusChange {
  from: string
  to: string
  effect: LifecycleEffect
  mail: NoticeMail | null
  /** after the transaction commits: the email and the owner's points */
  afterCommit: (app: FastifyInstance | null, db: Kysely<DB>) => Promise<void>
}

const conflict = (message: string, reason?: string) => new ApiError(409, 'CONFLICT', message, reason)

/** The reason a change of `o` to `to` is refused, or the edge it takes. */
export function checkStatusChange(
  o: Pick<LockedOrder, 'order_number' | 'status' | 'held_from'>,
  to: string,
  by?: StatusChange['by'],
): OrderTransition {
  if (o.held_from !== null)
    throw conflict(`Order ${o.order_number} is on hold: release it before changing its status`, 'ORDER_ON_HOLD')
  const t = transitionOf(o.status, to)
  const triggers = by === undefined ? null : ([] as TransitionTrigger[]).concat(by)
  if (!t || (triggers && !triggers.includes(t.by)))
    throw conflict(`Order ${o.order_number} cannot go from ${o.status} to ${to}`, 'STATUS_TRANSITION_IMPOSSIBLE')
  return t
}

/** Orders whose lines took warehouse or supply-centre stock at placement (flash buy and redemptions have their own). */
const ALLOCATES_STOCK = (source: string) => source !== 'flashbuy' && source !== 'redemption'

async function releaseStock(trx: Transaction<DB>, o: LockedOrder): Promise<number> {
  if (!ALLOCATES_STOCK(o.source)) return 0
  const lines = await trx
    .selectFrom('order_lines')
    .select(['product_id', 'delivery_channel', sql<number>`sum(allocated_qty)::int`.as('n')])
    .where('order_id', '=', o.id)
    .where('allocated_qty', '>', 0)
    .groupBy(['product_id', 'delivery_channel'])
    .orderBy('delivery_channel', 'desc') // TFS (warehouse) first, then SC: placement's lock order
    .orderBy('product_id')
    .execute()
  let released = 0
  for (const l of lines) {
    const n = Number(l.n)
    if (l.delivery_channel === 'TFS') {
      await trx
        .updateTable('product_stock')
        .set({ quantity: sql`quantity + ${n}`, updated_at: new Date() })
        .where('product_id', '=', l.product_id)
        .execute()
    } else if (o.supply_center_id) {
      await trx
        .updateTable('supply_center_stock')
        .set({ quantity: sql`quantity + ${n}` })
        .where('supply_center_id', '=', o.supply_center_id)
        .where('product_id', '=', l.product_id)
        .execute()
    }
    released += n
  }
  return released
}

/** Applies one status change to a locked order (see the module comment). Throws 409 when it is impossible. */
export async function changeOrderStatus(
  trx: Transaction<DB>,
  o: LockedOrder,
  change: StatusChange,
): Promise<AppliedStatusChange> {
  const t = checkStatusChange(o, change.to, change.by)
  const now = change.now ?? new Date()
  const upd = await trx
    .updateTable('orders')
    .set({ status: t.to, updated_at: now })
    .where('id', '=', o.id)
    .where('status', '=', t.from)
    .where('held_from', 'is', null)
    .executeTakeFirst()
  if (Number(upd.numUpdatedRows) !== 1)
    throw conflict(`Order ${o.order_number} changed meanwhile: it is no longer ${t.from}`, 'STATUS_CHANGED')
  await trx
    .insertInto('order_status_history')
    .values({
      order_id: o.id,
      from_status: t.from,
      to_status: t.to,
      actor: change.actor,
      note: change.note?.trim() || null,
      at: now,
    })
    .execute()

  let stockReleased = 0
  if (t.effect === 'ship' && change.shipment) {
    await trx
      .insertInto('shipments')
      .values({
        order_id: o.id,
        carrier: change.shipment.carrier,
        express_number: change.shipment.expressNumber,
        shipped_at: change.shipment.shippedAt,
        signed_at: null,
        package_status: change.shipment.packageStatus ?? 'IN_TRANSIT',
      })
      .execute()
  } else if (t.effect === 'sign') {
    await trx
      .updateTable('shipments')
      .set({ signed_at: now, package_status: 'SIGNED' })
      .where('order_id', '=', o.id)
      .where('signed_at', 'is', null)
      .execute()
  } else if (t.effect === 'cancel') {
    stockReleased = await releaseStock(trx, o)
  }

  const data = {
    orderNumber: o.order_number,
    salesOrderNumber: o.sales_order_number,
    accountId: o.account_id,
    from: t.from,
    to: t.to,
    actor: change.actor,
    note: change.note?.trim() || null,
    at: now.toISOString(),
    ...change.event,
  }
  await emitEvent(trx, 'order.status_changed', data)
  if (t.effect === 'cancel') await emitEvent(trx, 'order.cancelled', { ...data, stockReleased })

  const text = change.notice === undefined ? statusNotice(o.order_number, t.to, change.note) : change.notice
  const mail = text
    ? await notifyBuyer(trx, {
        userId: change.noticeTo ?? o.user_id,
        category: 'order',
        ...text,
        link: orderLink(o.order_number),
      })
    : null
  const pointsMove = ([...ORDER_CREDIT_STATUSES, ...ORDER_REVERSAL_STATUSES] as readonly string[]).includes(t.to)
  return {
    from: t.from,
    to: t.to,
    effect: t.effect,
    mail,
    afterCommit: async (app, db) => {
      // issue 13: an order that has left the warehouse earns its owner's points; a cancelled one gives them back.
      // The change has committed: a failure here is logged, not answered (the next points read syncs again).
      if (pointsMove)
        await syncOrderOwnerPoints(db, o.id).catch((err: Error) => {
          if (!app) throw err
          app.log.warn({ order: o.order_number, err: err.message }, 'points not synced after a status change')
        })
      if (app && mail) await mailNotices(app, [mail])
    },
  }
}
