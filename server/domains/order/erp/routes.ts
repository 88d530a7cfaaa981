import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { RowRefusal, serveBulk, type RowDone } from '../../../lib/erp-bulk'
import { accountShipTo } from '../../../lib/account-rows'
import type { ErpOrderStatusRow, ErpShipmentRow } from '../../../../types/platform/erp'
import { changeOrderStatus, lockOrder, type AppliedStatusChange, type LockedOrder } from '../status-change'

/**
 * The order's inbound ERP routes (issue 24: the ERP "posts order status changes (checked against the lifecycle table
 * in `types/`; an impossible transition is a 409), shipments"), scope erp:orders. Every change goes through
 * changeOrderStatus (../status-change.ts): the lifecycle graph, the hold, the history, the outbox event, the buyer's
 * notification and the points all follow as for a staff decision.
 */
export async function orderErpRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  serveBulk(app, db, 'erpOrderStatus', (trx, row, c) => applyStatus(trx, row, `erp:${c.clientId}`, app, db))
  serveBulk(app, db, 'erpShipments', (trx, row, c) => applyShipment(trx, row, `erp:${c.clientId}`, app, db))
}

const done = (applied: AppliedStatusChange[], app: FastifyInstance, db: Kysely<DB>, result: unknown): RowDone => ({
  result,
  afterCommit: async () => {
    for (const a of applied) await a.afterCommit(app, db)
  },
})

/** A status change the ERP posts; shipping goes through /erp/shipments (a shipment has a carrier and a number). */
async function applyStatus(
  trx: Transaction<DB>,
  row: ErpOrderStatusRow,
  actor: string,
  app: FastifyInstance,
  db: Kysely<DB>,
): Promise<RowDone> {
  const o = await lockOrder(trx, { orderNumber: row.orderNo })
  if (row.status === 'SHIPPED') {
    throw new RowRefusal(400, 'SHIPMENT_REQUIRED', 'Post the shipment (carrier, tracking number) to /erp/shipments')
  }
  if (o.status === 'PENDING_ADDRESS_VALIDATION' && row.status === 'SUBMITTED') await requireApprovedAddress(trx, o)
  const applied = await changeOrderStatus(trx, o, {
    to: row.status,
    actor,
    note: row.note ?? null,
    now: row.at ? new Date(row.at) : undefined,
    event: { source: 'erp', rowId: row.id },
  })
  return done([applied], app, db, { orderNo: o.order_number, from: applied.from, to: applied.to })
}

async function requireApprovedAddress(trx: Transaction<DB>, o: LockedOrder) {
  const shipTo = await accountShipTo(trx, o.account_id, o.ship_to_key)
  if (shipTo?.address_status !== 'ACTIVE') {
    throw new RowRefusal(409, 'ADDRESS_NOT_APPROVED', `The ship-to of order ${o.order_number} is not approved yet`)
  }
}

/**
 * A shipment: an order in progress ships (SUBMITTED goes through IN_PROGRESS first, both edges of the graph); an
 * order already shipped gets another parcel; `deliveredAt` signs the shipments and completes the order. Any other
 * status (in review, on hold, cancelled, completed) is a 409.
 */
async function applyShipment(
  trx: Transaction<DB>,
  row: ErpShipmentRow,
  actor: string,
  app: FastifyInstance,
  db: Kysely<DB>,
): Promise<RowDone> {
  let o = await lockOrder(trx, { orderNumber: row.orderNo })
  const shippedAt = row.shippedAt ? new Date(row.shippedAt) : new Date()
  const shipment = { carrier: row.carrier.trim(), expressNumber: row.trackingNumber, shippedAt }
  const applied: AppliedStatusChange[] = []
  const event = { source: 'erp', rowId: row.id, carrier: shipment.carrier, trackingNumber: row.trackingNumber }
  if (o.status === 'SUBMITTED' || o.status === 'ORDER_SUBMITTED') {
    applied.push(await changeOrderStatus(trx, o, { to: 'IN_PROGRESS', actor, notice: null, event }))
    o = { ...o, status: 'IN_PROGRESS' }
  }
  if (o.status === 'IN_PROGRESS') {
    applied.push(await changeOrderStatus(trx, o, { to: 'SHIPPED', actor, shipment, event, now: shippedAt }))
    o = { ...o, status: 'SHIPPED' }
  } else if (o.status === 'SHIPPED' || o.status === 'Waiting for Delivery') {
    if (o.held_from !== null) throw new RowRefusal(409, 'ORDER_ON_HOLD', `Order ${o.order_number} is on hold`)
    await trx
      .insertInto('shipments')
      .values({
        order_id: o.id,
        carrier: shipment.carrier,
        express_number: shipment.expressNumber,
        shipped_at: shippedAt,
        signed_at: null,
        package_status: 'IN_TRANSIT',
      })
      .execute()
  } else {
    throw new RowRefusal(409, 'CONFLICT', `Order ${o.order_number} is ${o.status}: it cannot ship`)
  }
  if (row.deliveredAt) {
    applied.push(await changeOrderStatus(trx, o, { to: 'COMPLETED', actor, event, now: new Date(row.deliveredAt) }))
  }
  const last = applied.at(-1)
  return done(applied, app, db, {
    orderNo: o.order_number,
    status: last?.to ?? o.status,
    trackingNumber: row.trackingNumber,
  })
}
