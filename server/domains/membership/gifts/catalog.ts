import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { exchangeStatus, periodStart, RELEASED_REDEMPTION_STATUSES, type Gift, type GiftFacts } from '../../../../types'
import { pointsBalance } from '../ledger'
import { syncMember } from '../points/sync'
import * as M from './messages'
import { giftState } from '../../../../types/membership/staff-rules'

type Db = Kysely<DB> | Transaction<DB>

/**
 * The gift's facts for the rules of gifts.ts. A gift is on sale when its flag is set and its schedule (issue 24,
 * staff: start_at, end_at) has it live now: a scheduled or ended gift is refused like one taken off sale.
 */
export const giftFacts = (
  g: {
    on_sale: boolean
    start_at: Date | null
    end_at: Date | null
    draw_only: boolean
    stock: number
    min_qty: number
    limit_qty: number | null
    points: number
  },
  now = new Date(),
): GiftFacts => ({
  onSale: giftState({ onSale: g.on_sale, startAt: g.start_at, endAt: g.end_at }, now) === 'live',
  drawOnly: g.draw_only,
  stock: g.stock,
  minQty: g.min_qty,
  limitQty: g.limit_qty,
  points: g.points,
})

/** Units of each gift the member has redeemed this period (cancelled and expired redemptions not counted). */
export async function redeemedThisPeriod(
  db: Db,
  userId: string,
  now: Date,
  giftId?: string,
): Promise<Map<string, number>> {
  let q = db
    .selectFrom('gift_redemption_lines as l')
    .innerJoin('gift_redemptions as r', 'r.id', 'l.redemption_id')
    .select(['l.gift_id', sql<string>`sum(l.quantity)`.as('n')])
    .where('r.user_id', '=', userId)
    .where('r.status', 'not in', [...RELEASED_REDEMPTION_STATUSES])
    .where('r.created_at', '>=', periodStart(now))
    .groupBy('l.gift_id')
  if (giftId) q = q.where('l.gift_id', '=', giftId)
  return new Map((await q.execute()).map((r) => [r.gift_id, Number(r.n)]))
}

function toGift(
  req: FastifyRequest,
  g: Awaited<ReturnType<typeof giftQuery>>[number],
  balance: number,
  redeemed: number,
): Gift {
  const en = req.locale.language === 'en'
  return {
    id: g.id,
    name: en ? g.name_en : g.name_zh,
    description: en ? g.description_en : g.description_zh,
    category: g.category,
    image: g.image,
    points: g.points,
    stock: g.stock,
    minQty: g.min_qty,
    limitQty: g.limit_qty,
    limitPeriod: 'month',
    drawOnly: g.draw_only,
    redeemedThisPeriod: redeemed,
    exchangeStatus: exchangeStatus(giftFacts(g), { balance, redeemedInPeriod: redeemed }),
  }
}

/** Gifts on sale and live now by their schedule (the SQL of giftFacts' onSale). */
const liveNow = (now: Date) =>
  sql<boolean>`on_sale AND (start_at IS NULL OR start_at <= ${now}) AND (end_at IS NULL OR end_at > ${now})`

const giftQuery = (db: Db, country: string, now: Date) =>
  db
    .selectFrom('gifts')
    .selectAll()
    .where('country', '=', country as 'cn' | 'in')
    .where(liveNow(now))
    .orderBy('sort_order')
    .orderBy('id')
    .execute()

/** GET /membership/gifts: the member's country's gifts on sale, each with its exchange status for the member. */
export async function listGifts(db: Kysely<DB>, req: FastifyRequest) {
  const user = req.user!
  await syncMember(db, user.id)
  const now = new Date()
  const [gifts, balance, redeemed] = await Promise.all([
    giftQuery(db, user.country, now),
    pointsBalance(db, user.id),
    redeemedThisPeriod(db, user.id, now),
  ])
  return { balance, gifts: gifts.map((g) => toGift(req, g, balance, redeemed.get(g.id) ?? 0)) }
}

/** GET /membership/gifts/{id}: one gift (404 GIFT_NOT_FOUND when missing, off sale or of another country). */
export async function giftDetail(db: Kysely<DB>, req: FastifyRequest, id: string): Promise<Gift> {
  const user = req.user!
  const g = await db
    .selectFrom('gifts')
    .selectAll()
    .where('id', '=', id)
    .where('country', '=', user.country as 'cn' | 'in')
    .where(liveNow(new Date()))
    .executeTakeFirst()
  if (!g) throw M.giftMissing(req)
  await syncMember(db, user.id)
  const [balance, redeemed] = await Promise.all([
    pointsBalance(db, user.id),
    redeemedThisPeriod(db, user.id, new Date(), id),
  ])
  return toGift(req, g, balance, redeemed.get(id) ?? 0)
}
