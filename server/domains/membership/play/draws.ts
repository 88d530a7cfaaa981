import { randomInt as cryptoRandomInt } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { addressLine, addressTitle } from '../../../../types/account/address-rules'
import type { DB, ShipToTable } from '../../../db/schema'
import type { DrawPrizeTable } from '../../../db/schema-membership'
import {
  DRAW_ORDER_ADDRESS_DAYS,
  drawActivityStatus,
  drawRefusal,
  periodKey,
  pickPrize,
  type DrawActivity,
  type DrawList,
  type DrawPrize,
  type DrawResult,
  type GiftBag,
  type PrizeOrder,
} from '../../../../types'
import { earnPoints, lockMember, pointsBalance, spendPoints } from '../ledger'
import { replayOrRefuse, requestHash } from '../../../lib/idempotency'
import { accountShipTo } from '../../../lib/account-rows'
import * as M from './messages'
import { buyerShipment } from '../shipment'

/**
 * Lucky draws, blind boxes and wheels (spec §4 "Lucky-draw activity: period limit", §8 "Lucky draw:
 * ..."), and the gift bag's prize orders (§4 "A lucky-draw order without an address expires after 14
 * days"). THE SERVER DECIDES: one transaction under the member's ledger lock checks the window, the
 * black list and the limits (types/membership/draws.ts drawRefusal, in that order), picks the prize
 * with node:crypto's CSPRNG by weight among prizes with stock, takes one from its stock conditionally
 * (`stock > 0`), writes the draw record, spends the points (ledger.spendPoints) and, for a physical
 * prize, opens a prize order due for an address in 14 days. The client only animates to the answer.
 */

type Db = Kysely<DB> | Transaction<DB>
const DAY = 86_400_000

export interface DrawDeps {
  /** [0, n) — node:crypto randomInt unless a test injects a source */
  randomInt?: (n: number) => number
  now?: () => Date
}

const country = (req: FastifyRequest) => (req.user!.country === 'in' ? 'in' : 'cn') as 'cn' | 'in'
const zh = (req: FastifyRequest) => req.locale.language !== 'en'

type PrizeRow = Selectable<DrawPrizeTable>

const prizeOut = (req: FastifyRequest, p: PrizeRow): DrawPrize => ({
  id: p.id,
  slot: p.slot,
  kind: p.kind,
  name: zh(req) ? p.name_zh : p.name_en,
  points: p.points,
  available: p.stock === null || p.stock > 0,
})

async function memberCounts(db: Db, userId: string, activityIds: string[], keys: Map<string, string>) {
  if (!activityIds.length) return new Map<string, { total: number; period: number }>()
  const rows = await db
    .selectFrom('draw_records')
    .where('user_id', '=', userId)
    .where('activity_id', 'in', activityIds)
    .select(['activity_id', 'period_key', sql<number>`count(*)::int`.as('n')])
    .groupBy(['activity_id', 'period_key'])
    .execute()
  const out = new Map<string, { total: number; period: number }>()
  for (const id of activityIds) out.set(id, { total: 0, period: 0 })
  for (const r of rows) {
    const c = out.get(r.activity_id)!
    c.total += Number(r.n)
    if (keys.get(r.activity_id) === r.period_key) c.period += Number(r.n)
  }
  return out
}

/** GET /membership/draws: the country's activities (running, coming, over), their prizes and the caller's counts */
export async function listDraws(db: Kysely<DB>, req: FastifyRequest, now = new Date()): Promise<DrawList> {
  const user = req.user!
  const c = country(req)
  const acts = await db
    .selectFrom('draw_activities')
    .selectAll()
    .where('country', '=', c)
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  const ids = acts.map((a) => a.id)
  const prizes = ids.length
    ? await db
        .selectFrom('draw_prizes')
        .selectAll()
        .where('activity_id', 'in', ids)
        .orderBy('activity_id')
        .orderBy('slot')
        .execute()
    : []
  const keys = new Map(acts.map((a) => [a.id, periodKey(a.period, now, c)]))
  const counts = await memberCounts(db, user.id, ids, keys)
  const activities: DrawActivity[] = acts.map((a) => ({
    id: a.id,
    kind: a.kind,
    name: zh(req) ? a.name_zh : a.name_en,
    rules: zh(req) ? a.rules_zh : a.rules_en,
    startAt: new Date(a.start_at).toISOString(),
    endAt: new Date(a.end_at).toISOString(),
    status: drawActivityStatus({ startAt: new Date(a.start_at), endAt: new Date(a.end_at) }, now),
    pointsPerDraw: a.points_per_draw,
    period: a.period,
    periodLimit: a.period_limit,
    totalLimit: a.total_limit,
    usedInPeriod: counts.get(a.id)!.period,
    usedTotal: counts.get(a.id)!.total,
    prizes: prizes.filter((p) => p.activity_id === a.id).map((p) => prizeOut(req, p)),
  }))
  return { balance: await pointsBalance(db, user.id), activities }
}

/**
 * a ship-to as one line (the gift bag shows it): its name as the app shows it (the nickname, else the company),
 * then the address line the app shows everywhere
 */
export const shipToLabel = (
  s: Pick<
    Selectable<ShipToTable>,
    | 'nick_name'
    | 'company_or_institution'
    | 'state_or_province'
    | 'state'
    | 'city'
    | 'street_address'
    | 'building_or_room'
    | 'zip_code'
    | 'iso_country_code'
  >,
) =>
  [
    addressTitle({ nickName: s.nick_name, companyOrInstitution: s.company_or_institution }),
    addressLine({
      stateOrProvince: s.state_or_province,
      state: s.state,
      city: s.city,
      streetAddress: s.street_address,
      buildingOrRoom: s.building_or_room,
      zipCode: s.zip_code,
      isoCountryCode: s.iso_country_code,
    }),
  ]
    .filter(Boolean)
    .join(', ')

type OrderRow = {
  id: string
  order_number: string
  status: PrizeOrder['status']
  created_at: Date
  address_due_at: Date
  ship_to_key: string | null
  ship_to_label: string | null
  carrier: string | null
  tracking_number: string | null
  shipped_at: Date | null
  activity_id: string
  act_en: string
  act_zh: string
  prize_en: string
  prize_zh: string
}

function orderQuery(db: Db) {
  return db
    .selectFrom('prize_orders as o')
    .innerJoin('draw_prizes as p', 'p.id', 'o.prize_id')
    .innerJoin('draw_activities as a', 'a.id', 'p.activity_id')
    .select([
      'o.id',
      'o.order_number',
      'o.status',
      'o.created_at',
      'o.address_due_at',
      'o.ship_to_key',
      'o.ship_to_label',
      'o.carrier',
      'o.tracking_number',
      'o.shipped_at',
      'a.id as activity_id',
      'a.name_en as act_en',
      'a.name_zh as act_zh',
      'p.name_en as prize_en',
      'p.name_zh as prize_zh',
    ])
}

const orderOut = (req: FastifyRequest, o: OrderRow): PrizeOrder => ({
  id: String(o.id),
  orderNumber: o.order_number,
  activityId: o.activity_id,
  activityName: zh(req) ? o.act_zh : o.act_en,
  prizeName: zh(req) ? o.prize_zh : o.prize_en,
  status: o.status,
  createdAt: new Date(o.created_at).toISOString(),
  addressDueAt: new Date(o.address_due_at).toISOString(),
  shipTo: o.ship_to_key ? { addressKey: o.ship_to_key, label: o.ship_to_label ?? '' } : null,
  shipment: buyerShipment(o, zh(req) ? 'zh' : 'en'),
})

/**
 * The expiry sweep (spec §9 "A lucky-draw order address is due within 14 days, else the order
 * expires."): every 'created' prize order whose address is due at or before `now` becomes 'expired'.
 * Idempotent (a second run finds nothing); run before each gift-bag read and write, and on an interval.
 */
export async function expirePrizeOrders(db: Db, now: Date = new Date(), userId?: string): Promise<number> {
  let q = db
    .updateTable('prize_orders')
    .set({ status: 'expired', expired_at: now })
    .where('status', '=', 'created')
    .where('address_due_at', '<=', now)
  if (userId) q = q.where('user_id', '=', userId)
  const r = await q.executeTakeFirst()
  return Number(r.numUpdatedRows ?? 0)
}

/** GET /membership/giftbag: the caller's prize orders, newest first */
export async function giftBag(
  db: Kysely<DB>,
  req: FastifyRequest,
  page: number,
  pageSize: number,
  now = new Date(),
): Promise<GiftBag> {
  const userId = req.user!.id
  await expirePrizeOrders(db, now, userId)
  const rows = await orderQuery(db)
    .where('o.user_id', '=', userId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  const { n } = await db
    .selectFrom('prize_orders')
    .where('user_id', '=', userId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  return { items: rows.map((o) => orderOut(req, o as OrderRow)), total: Number(n), page, pageSize }
}

/**
 * POST /membership/giftbag/:id/address: the member puts one of their own account's active ship-tos on
 * their own 'created' prize order (→ 'submitted'). Another member's order, or another account's
 * ship-to, answers 404 exactly like an unknown one.
 */
export async function setPrizeAddress(
  db: Kysely<DB>,
  req: FastifyRequest,
  orderId: string,
  shipTo: string,
  now = new Date(),
): Promise<PrizeOrder> {
  const user = req.user!
  return db.transaction().execute(async (trx) => {
    await expirePrizeOrders(trx, now, user.id)
    const o = await trx
      .selectFrom('prize_orders')
      .select(['id', 'status'])
      .where('id', '=', orderId as never)
      .where('user_id', '=', user.id)
      .forUpdate()
      .executeTakeFirst()
    if (!o) throw M.prizeOrderNotFound(req)
    if (o.status === 'expired') throw M.prizeOrderExpired(req)
    if (o.status !== 'created') throw M.prizeOrderClosed(req)
    // an active ship-to of the member's account only
    const s = await accountShipTo(trx, user.accountId, shipTo)
    if (!s || s.address_status !== 'ACTIVE') throw M.addressNotFound(req)
    await trx
      .updateTable('prize_orders')
      .set({
        status: 'submitted',
        ship_to_id: s.id,
        ship_to_key: s.address_key,
        ship_to_label: shipToLabel(s),
        submitted_at: now,
      })
      .where('id', '=', orderId as never)
      .execute()
    const row = await orderQuery(trx)
      .where('o.id', '=', orderId as never)
      .executeTakeFirstOrThrow()
    return orderOut(req, row as OrderRow)
  })
}

async function resultOf(
  trx: Db,
  req: FastifyRequest,
  record: { id: string; activity_id: string; prize_id: number; points_spent: number; created_at: Date },
  replay: boolean,
  now: Date,
): Promise<DrawResult> {
  const user = req.user!
  const act = await trx
    .selectFrom('draw_activities')
    .select(['period'])
    .where('id', '=', record.activity_id)
    .executeTakeFirstOrThrow()
  const prize = await trx
    .selectFrom('draw_prizes')
    .selectAll()
    .where('id', '=', record.prize_id)
    .executeTakeFirstOrThrow()
  const counts = (
    await memberCounts(
      trx,
      user.id,
      [record.activity_id],
      new Map([[record.activity_id, periodKey(act.period, now, country(req))]]),
    )
  ).get(record.activity_id)!
  const order = await orderQuery(trx).where('o.draw_id', '=', record.id).executeTakeFirst()
  return {
    drawId: String(record.id),
    activityId: record.activity_id,
    prize: prizeOut(req, prize),
    pointsSpent: record.points_spent,
    balance: await pointsBalance(trx, user.id),
    usedInPeriod: counts.period,
    usedTotal: counts.total,
    prizeOrder: order ? orderOut(req, order as OrderRow) : null,
    replay,
    createdAt: new Date(record.created_at).toISOString(),
  }
}

/** POST /membership/draws/:id/draw with the header Idempotency-Key: one draw, decided here. */
export async function draw(
  db: Kysely<DB>,
  req: FastifyRequest,
  activityId: string,
  key: string,
  deps: DrawDeps = {},
): Promise<DrawResult> {
  const user = req.user!
  const rand = deps.randomInt ?? ((n: number) => cryptoRandomInt(n))
  const now = deps.now?.() ?? new Date()
  const c = country(req)
  return db.transaction().execute(async (trx) => {
    // every draw of this member runs one at a time from here to the commit
    await lockMember(trx, user.id)
    // the key's earlier draw (server/lib/idempotency.ts): a draw's request is its activity, so the
    // same activity replays that draw and another one is refused
    const prev = await trx
      .selectFrom('draw_records')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
    const stored = prev ? { hash: requestHash({ activityId: prev.activity_id }), answer: prev } : null
    const replayed = replayOrRefuse(stored, requestHash({ activityId }), () => M.keyReused(req))
    if (replayed) return resultOf(trx, req, replayed, true, now)
    const act = await trx
      .selectFrom('draw_activities')
      .selectAll()
      .where('id', '=', activityId)
      .where('country', '=', c)
      .executeTakeFirst()
    if (!act) throw M.drawNotFound(req)
    const key_ = periodKey(act.period, now, c)
    const counts = (await memberCounts(trx, user.id, [act.id], new Map([[act.id, key_]]))).get(act.id)!
    const prizes = await trx
      .selectFrom('draw_prizes')
      .selectAll()
      .where('activity_id', '=', act.id)
      .orderBy('slot')
      .execute()
    const blacklisted = !!(await trx
      .selectFrom('draw_blacklist')
      .select('user_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst())
    const refusal = drawRefusal({
      status: drawActivityStatus({ startAt: new Date(act.start_at), endAt: new Date(act.end_at) }, now),
      blacklisted,
      usedTotal: counts.total,
      usedInPeriod: counts.period,
      totalLimit: act.total_limit,
      periodLimit: act.period_limit,
      realPrizesLeft: prizes.filter((p) => p.kind !== 'none' && (p.stock === null || p.stock > 0)).length,
      balance: await pointsBalance(trx, user.id),
      pointsPerDraw: act.points_per_draw,
    })
    if (refusal) throw M.drawRefused(req, refusal)

    // the pick: by weight among prizes with stock; a prize emptied by a concurrent draw since the read is dropped and the pick repeated
    let candidates = prizes
    let won: (typeof prizes)[number] | null = null
    while (!won) {
      const p = pickPrize(candidates, rand)
      if (!p) throw M.drawRefused(req, 'DRAW_NO_PRIZES_LEFT')
      if (p.stock === null) {
        won = p
        break
      }
      const taken = await trx
        .updateTable('draw_prizes')
        .set({ stock: sql`stock - 1` })
        .where('id', '=', p.id)
        .where('stock', '>', 0)
        .returning('stock')
        .executeTakeFirst()
      if (taken) won = p
      else candidates = candidates.filter((x) => x.id !== p.id)
    }

    const record = await trx
      .insertInto('draw_records')
      .values({
        activity_id: act.id,
        user_id: user.id,
        prize_id: won.id,
        period_key: key_,
        points_spent: act.points_per_draw,
        idempotency_key: key,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const spent = await spendPoints(trx, user.id, act.points_per_draw, {
      source: 'draw',
      sourceRef: `draw:${record.id}`,
      note: act.id,
    })
    if (!spent.ok) throw M.drawRefused(req, 'DRAW_NOT_ENOUGH_POINTS')
    if (won.kind === 'points' && won.points) {
      await earnPoints(trx, user.id, won.points, { source: 'draw', sourceRef: `draw:${record.id}:prize`, note: act.id })
    }
    if (won.kind === 'physical') {
      await trx
        .insertInto('prize_orders')
        .values({
          order_number: `LD${String(record.id).padStart(9, '0')}`,
          user_id: user.id,
          draw_id: record.id,
          prize_id: won.id,
          status: 'created',
          address_due_at: new Date(now.getTime() + DRAW_ORDER_ADDRESS_DAYS * DAY),
          created_at: now,
        })
        .execute()
    }
    return resultOf(trx, req, record, false, now)
  })
}
