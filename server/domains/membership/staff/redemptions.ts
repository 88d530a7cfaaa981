import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { paging } from '../../../lib/paging'
import { canMoveRedemption, type RedemptionStatus } from '../../../../types/membership'
import { knownCarrier } from '../../../../types/order/carriers'
import type { AdminRedemption, ShipBody } from '../../../../types/membership/staff-endpoints'
import { staffWrite } from '../../staff'
import { mailNotices, notifyBuyer } from '../../account'
import { emitEvent } from '../../platform'
import { shippedNotice } from './notices'

/**
 * Gift redemptions and prize orders waiting to ship, and shipping them (issue 24: "Gift redemptions and prize
 * orders: ship with carrier and tracking number"). The two keep their own numbers (RD-000001, LD000000001): one
 * list and one ship route, the number's form says which. Shipping is the move to 'shipped' of types/membership/
 * gifts.ts REDEMPTION_MOVES (from submitted, pending_shipped or partial_shipped; a prize order still waiting for
 * its address is 'created' and cannot ship), under the row's lock: of two staff shipping at once, the second gets 409.
 */

type Db = Kysely<DB> | Transaction<DB>
type Kind = AdminRedemption['kind']

/** The statuses that may ship now (the staff queue). */
export const TO_SHIP: RedemptionStatus[] = ['submitted', 'pending_shipped', 'partial_shipped']

const kindOf = (number: string): Kind => (number.startsWith('RD-') ? 'gift' : 'prize')
const iso = (d: Date | string) => new Date(d).toISOString()
const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T

const shipmentOut = (r: {
  carrier: string | null
  tracking_number: string | null
  shipped_at: Date | null
  shipped_by: string | null
}) =>
  r.carrier && r.tracking_number && r.shipped_at
    ? {
        carrier: r.carrier,
        trackingNumber: r.tracking_number,
        shippedAt: iso(r.shipped_at),
        shippedBy: r.shipped_by ?? '',
      }
    : null

/** The gift redemptions of these numbers as staff see them (member, address, contact, lines). */
async function giftRedemptions(db: Db, numbers: string[]): Promise<AdminRedemption[]> {
  if (!numbers.length) return []
  const rows = await db
    .selectFrom('gift_redemptions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('accounts as a', 'a.id', 'u.account_id')
    .select([
      'r.id',
      'r.redemption_number',
      'r.status',
      'r.user_id',
      'u.user_name',
      'a.account_number',
      'r.ship_to_key',
      'r.ship_to_snapshot',
      'r.contact',
      'r.points_total',
      'r.created_at',
      'r.carrier',
      'r.tracking_number',
      'r.shipped_at',
      'r.shipped_by',
    ])
    .where('r.redemption_number', 'in', numbers)
    .execute()
  const lines = await db
    .selectFrom('gift_redemption_lines')
    .select(['redemption_id', 'name_en', 'quantity'])
    .where(
      'redemption_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute()
  return rows.map((r) => {
    const st = parse<{ addressKey: string; company: string | null; address: string }>(r.ship_to_snapshot)
    return {
      kind: 'gift' as const,
      number: r.redemption_number,
      status: r.status,
      member: { userId: r.user_id, userName: r.user_name, accountNumber: r.account_number ?? null },
      address: { addressKey: r.ship_to_key, label: [st.company, st.address].filter(Boolean).join(', ') },
      contact: parse<{ name: string; phone: string }>(r.contact),
      items: lines.filter((l) => l.redemption_id === r.id).map((l) => ({ name: l.name_en, quantity: l.quantity })),
      points: r.points_total,
      createdAt: iso(r.created_at),
      shipment: shipmentOut(r),
    }
  })
}

/** The prize orders of these numbers as staff see them. */
async function prizeOrders(db: Db, numbers: string[]): Promise<AdminRedemption[]> {
  if (!numbers.length) return []
  const rows = await db
    .selectFrom('prize_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('accounts as a', 'a.id', 'u.account_id')
    .innerJoin('draw_prizes as p', 'p.id', 'o.prize_id')
    .innerJoin('draw_records as d', 'd.id', 'o.draw_id')
    .select([
      'o.order_number',
      'o.status',
      'o.user_id',
      'u.user_name',
      'a.account_number',
      'o.ship_to_key',
      'o.ship_to_label',
      'p.name_en',
      'd.points_spent',
      'o.created_at',
      'o.carrier',
      'o.tracking_number',
      'o.shipped_at',
      'o.shipped_by',
    ])
    .where('o.order_number', 'in', numbers)
    .execute()
  return rows.map((o) => ({
    kind: 'prize' as const,
    number: o.order_number,
    status: o.status,
    member: { userId: o.user_id, userName: o.user_name, accountNumber: o.account_number ?? null },
    address: o.ship_to_key ? { addressKey: o.ship_to_key, label: o.ship_to_label ?? '' } : null,
    contact: null,
    items: [{ name: o.name_en, quantity: 1 }],
    points: o.points_spent,
    createdAt: iso(o.created_at),
    shipment: shipmentOut(o),
  }))
}

/** The items of these numbers as staff see them, in the order asked (the cancel route answers with one). */
export async function hydrate(db: Db, refs: { kind: string; number: string }[]): Promise<AdminRedemption[]> {
  const [g, p] = await Promise.all([
    giftRedemptions(
      db,
      refs.filter((r) => r.kind === 'gift').map((r) => r.number),
    ),
    prizeOrders(
      db,
      refs.filter((r) => r.kind === 'prize').map((r) => r.number),
    ),
  ])
  const by = new Map([...g, ...p].map((x) => [x.number, x]))
  return refs.map((r) => by.get(r.number)!)
}

/** GET /admin/redemptions: both kinds, oldest first (the queue order); `status=toShip` for what may ship now. */
export async function listRedemptions(
  db: Kysely<DB>,
  q: { page?: number; pageSize?: number; status?: RedemptionStatus | 'toShip'; kind?: Kind },
) {
  const { page, pageSize, offset } = paging(q, 20)
  const statuses = q.status === undefined ? null : q.status === 'toShip' ? TO_SHIP : [q.status]
  let gifts = db
    .selectFrom('gift_redemptions')
    .select([sql<string>`'gift'`.as('kind'), 'redemption_number as number', 'created_at'])
  let prizes = db
    .selectFrom('prize_orders')
    .select([sql<string>`'prize'`.as('kind'), 'order_number as number', 'created_at'])
  if (statuses) {
    gifts = gifts.where('status', 'in', statuses)
    prizes = prizes.where('status', 'in', statuses)
  }
  const both = q.kind === 'gift' ? gifts : q.kind === 'prize' ? prizes : gifts.unionAll(prizes)
  const [{ total }, refs] = await Promise.all([
    db
      .selectFrom(both.as('u'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(both.as('u'))
      .select(['kind', 'number'])
      .orderBy('created_at')
      .orderBy('number')
      .limit(pageSize)
      .offset(offset)
      .execute(),
  ])
  return { items: await hydrate(db, refs), total, page, pageSize }
}

function shipRefusal(status: RedemptionStatus, number: string): ApiError {
  if (status === 'shipped') return new ApiError(409, 'CONFLICT', `${number} is shipped already`, 'REDEMPTION_STATUS')
  if (status === 'created')
    return new ApiError(409, 'CONFLICT', `${number} waits for the member's address`, 'REDEMPTION_STATUS')
  return new ApiError(409, 'CONFLICT', `A ${status} order cannot be shipped`, 'REDEMPTION_STATUS')
}

/** POST /admin/redemptions/:number/ship {carrier, trackingNumber}. */
export async function shipRedemption(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  number: string,
  body: ShipBody,
): Promise<AdminRedemption> {
  const carrier = knownCarrier(body.carrier)
  if (!carrier)
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      `body/carrier: ${body.carrier} is not a known carrier`,
      'CARRIER_UNKNOWN',
    )
  const kind = kindOf(number)
  const table = kind === 'gift' ? 'gift_redemptions' : 'prize_orders'
  const numberColumn = kind === 'gift' ? 'redemption_number' : 'order_number'
  return staffWrite(
    db,
    req,
    {
      permission: 'redemption.ship',
      action: 'redemption.ship',
      entity: kind === 'gift' ? 'gift_redemption' : 'prize_order',
      entityId: number,
    },
    async (trx) => {
      // the row's lock: a second staff member shipping at once waits, then finds it shipped (409)
      const row = await trx
        .selectFrom(table)
        .select(['id', 'user_id', 'status'])
        .where(numberColumn, '=', number)
        .forUpdate()
        .executeTakeFirst()
      if (!row) throw new ApiError(404, 'NOT_FOUND', `${number} not found`, 'REDEMPTION_NOT_FOUND')
      if (!canMoveRedemption(row.status, 'shipped')) throw shipRefusal(row.status, number)
      const now = new Date()
      const shipped = {
        status: 'shipped' as const,
        carrier,
        tracking_number: body.trackingNumber,
        shipped_at: now,
        shipped_by: req.staff!.id,
      }
      if (kind === 'gift')
        await trx
          .updateTable('gift_redemptions')
          .set({ ...shipped, updated_at: now })
          .where('id', '=', row.id)
          .execute()
      else await trx.updateTable('prize_orders').set(shipped).where('id', '=', row.id).execute()
      const mail = await notifyBuyer(trx, shippedNotice(row.user_id, kind, number, carrier, body.trackingNumber))
      await emitEvent(trx, 'redemption.shipped', {
        kind,
        number,
        userId: row.user_id,
        carrier,
        trackingNumber: body.trackingNumber,
        shippedAt: now.toISOString(),
      })
      const [after] = await hydrate(trx, [{ kind, number }])
      return {
        before: { status: row.status },
        after: { status: 'shipped', carrier, trackingNumber: body.trackingNumber },
        result: after,
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
}
