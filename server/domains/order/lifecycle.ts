import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { Config } from '../../config'
import type { OpsAdvanceResult } from '../../../types'
import {
  nextStep,
  ADVANCEABLE_STATUSES,
  CARRIERS,
  CONFIRMATION_WINDOW_MS,
  type ConfirmationKind,
} from '../../../types/order/lifecycle'
import { ApiError, ok } from '../../errors'
import { orderEndpoints } from '../../../types/order/endpoints'
import { opsEndpoints } from '../../lib/ops-route'
import { accountShipTo } from '../../lib/account-rows'
import { countryOfCurrency } from '../../../types/money'
import { changeOrderStatus, lockOrder, type ShipmentInput } from './status-change'

/**
 * Orders move through their statuses over time (issue 12): the transitions are the graph of
 * types/order/lifecycle.ts, applied by changeOrderStatus (./status-change.ts) like every other status change.
 * This timer stays until the stand-in ERP moves orders through the inbound API (issue 24).
 *
 * - advanceOrder(db, id): one step now, in one transaction (the order row locked; the status update is
 *   conditional on the status read, so two runners never apply the same step twice). A step to
 *   SHIPPED adds a shipment (carrier of the order's country, express number, shipped_at); a step to
 *   COMPLETED signs the open shipments (signed_at, package status SIGNED).
 * - advanceDueOrders(db, {minAgeMs}): one step for every order whose status has not changed for minAgeMs.
 * - the status job (server/jobs.ts) runs advanceDueOrders every ORDER_LIFECYCLE_INTERVAL_MS (unset: no job;
 *   tests set it when they want it), orders older than ORDER_LIFECYCLE_MIN_AGE_MS (default 10 minutes).
 * - the operator endpoints (OPS_TOKEN, server/lib/ops-guard.ts): POST /api/ops/orders/{orderNumber}/advance
 *   moves one order one step now; POST /api/ops/orders/{orderNumber}/confirmation makes a confirmation link.
 */

const JOB_BATCH = 100

export type AdvanceResult =
  | {
      moved: true
      from: string
      to: string
      shipment: { carrier: string; expressNumber: string; shippedAt: string } | null
    }
  | { moved: false; from: string; reason: 'final' | 'waiting' | 'address' | 'unknown' | 'raced' | 'held' }

const randomDigits = (n: number) => {
  let s = ''
  while (s.length < n) s += crypto.randomInt(0, 1_000_000_000).toString().padStart(9, '0')
  return s.slice(0, n)
}

async function addressApproved(trx: Transaction<DB>, o: { account_id: number; ship_to_key: string }): Promise<boolean> {
  return (await accountShipTo(trx, o.account_id, o.ship_to_key))?.address_status === 'ACTIVE'
}

/**
 * One step of one order (by id), now: the timer's next edge of the graph, applied by changeOrderStatus
 * (./status-change.ts: history row, effects, 'order.status_changed' event, the owner's points). The timer's
 * steps are made up, so the buyer is not notified of them. A held order does not move.
 */
export async function advanceOrder(db: Kysely<DB>, orderId: number, now = new Date()): Promise<AdvanceResult> {
  const res = await db.transaction().execute(async (trx) => {
    const o = await lockOrder(trx, { id: orderId })
    if (o.held_from !== null) return { res: { moved: false, from: o.status, reason: 'held' } as AdvanceResult }
    const next = nextStep(o.status, {
      addressApproved: o.status === 'PENDING_ADDRESS_VALIDATION' ? await addressApproved(trx, o) : false,
    })
    if (next.kind !== 'step') {
      const reason = next.kind === 'waiting' ? (next.reason === 'address' ? 'address' : 'waiting') : next.kind
      return { res: { moved: false, from: o.status, reason } as AdvanceResult }
    }
    const { step } = next
    let shipment: ShipmentInput | undefined
    if (step.effect === 'ship') {
      const carriers = CARRIERS[countryOfCurrency(o.currency)]
      const c = carriers[o.id % carriers.length]
      shipment = { carrier: c.name, expressNumber: `${c.prefix}${randomDigits(c.digits)}`, shippedAt: now }
    }
    const applied = await changeOrderStatus(trx, o, {
      to: step.to,
      actor: 'system',
      by: 'advance',
      shipment,
      notice: null,
      now,
    })
    const res: AdvanceResult = {
      moved: true,
      from: step.from,
      to: step.to,
      shipment: shipment
        ? { carrier: shipment.carrier, expressNumber: shipment.expressNumber, shippedAt: now.toISOString() }
        : null,
    }
    return { res, afterCommit: applied.afterCommit }
  })
  if (res.afterCommit) await res.afterCommit(null, db)
  return res.res
}

/** One step for every order whose status is older than minAgeMs (oldest first, at most `limit`). */
export async function advanceDueOrders(
  db: Kysely<DB>,
  opts: { minAgeMs: number; now?: Date; limit?: number },
): Promise<{ moved: number; checked: number }> {
  const now = opts.now ?? new Date()
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', [...ADVANCEABLE_STATUSES])
    .where('held_from', 'is', null)
    .where('updated_at', '<=', new Date(now.getTime() - opts.minAgeMs))
    .orderBy('updated_at')
    .orderBy('id')
    .limit(opts.limit ?? JOB_BATCH)
    .execute()
  let moved = 0
  for (const { id } of due) if ((await advanceOrder(db, id, now)).moved) moved++
  return { moved, checked: due.length }
}

/**
 * The status job's settings (server/jobs.ts runs it): ORDER_LIFECYCLE_INTERVAL_MS (> 0, at least 50) turns it on;
 * ORDER_LIFECYCLE_MIN_AGE_MS is how long an order waits in a status.
 */
export function lifecycleJobOptions(
  config: Pick<Config, 'ORDER_LIFECYCLE_INTERVAL_MS' | 'ORDER_LIFECYCLE_MIN_AGE_MS'>,
): { intervalMs: number; minAgeMs: number } | null {
  if (config.ORDER_LIFECYCLE_INTERVAL_MS <= 0) return null
  return { intervalMs: Math.max(50, config.ORDER_LIFECYCLE_INTERVAL_MS), minAgeMs: config.ORDER_LIFECYCLE_MIN_AGE_MS }
}

// ---- confirmation links

export const hashConfirmToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** A new link for an order: 32 random bytes (base64url); only its hash is stored. */
export async function createConfirmation(db: Kysely<DB>, orderId: number, kind: ConfirmationKind, now = new Date()) {
  const token = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + CONFIRMATION_WINDOW_MS[kind])
  await db
    .insertInto('order_confirmations')
    .values({ token_hash: hashConfirmToken(token), order_id: orderId, kind, expires_at: expiresAt })
    .execute()
  return { token, expiresAt }
}

// ---- operator endpoints (their schemas: types/order/endpoints.ts)

export function registerOrderOps(app: FastifyInstance, db: Kysely<DB>, token: string) {
  const serveOps = opsEndpoints(app, token)
  const findOrder = async (orderNumber: string) => {
    const o = await db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('order_number', '=', orderNumber)
      .executeTakeFirst()
    if (!o) throw new ApiError(404, 'NOT_FOUND', `Order ${orderNumber} not found`, 'ORDER_NOT_FOUND')
    return o
  }

  serveOps(orderEndpoints.opsAdvance, async (req) => {
    const o = await findOrder(req.params.orderNumber)
    const res = await advanceOrder(db, o.id)
    const [after, shipments] = await Promise.all([
      db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow(),
      db.selectFrom('shipments').selectAll().where('order_id', '=', o.id).orderBy('shipped_at').orderBy('id').execute(),
    ])
    req.log.info({ order: o.order_number, result: res }, 'order advanced by the operator endpoint')
    const data: OpsAdvanceResult = {
      orderNumber: o.order_number,
      moved: res.moved,
      from: res.from,
      status: after.status as OpsAdvanceResult['status'],
      reason: res.moved ? null : res.reason,
      shipments: shipments.map((s) => ({
        carrier: s.carrier,
        expressNumber: s.express_number,
        shippedAt: new Date(s.shipped_at).toISOString(),
        signedAt: s.signed_at ? new Date(s.signed_at).toISOString() : null,
        packageStatus: s.package_status,
      })),
    }
    return ok(data)
  })

  serveOps(orderEndpoints.opsConfirmation, async (req) => {
    const o = await findOrder(req.params.orderNumber)
    const link = await createConfirmation(db, o.id, req.body.kind)
    req.log.info({ order: o.order_number, kind: req.body.kind }, 'confirmation link made by the operator endpoint')
    return ok({
      token: link.token,
      path: `/order-confirmation/${link.token}`,
      expiresAt: link.expiresAt.toISOString(),
    })
  })
}
