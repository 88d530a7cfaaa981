import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { GiftTable } from '../../../db/schema-membership'
import { ApiError } from '../../../errors'
import { pageOf, paging } from '../../../lib/paging'
import { RELEASED_REDEMPTION_STATUSES } from '../../../../types/membership'
import { giftProblem, giftState, type GiftState } from '../../../../types/membership/staff-rules'
import type { AdminGift, ChangeGiftBody, CreateGiftBody } from '../../../../types/membership/staff-endpoints'

/**
 * Gifts as staff manage them (issue 24: "gifts ...: create, schedule, change, end, with the same validation the
 * storefront relies on"). The storefront lists and redeems a gift only while it is live (on sale, within its
 * schedule: gifts/catalog.ts giftFacts). `stock` is what is left to redeem: redemptions take from it under their
 * conditional update, so staff set what is left (never below 0) under the gift's row lock; what was redeemed is
 * never touched. An ended gift is final (409): a new one is created instead.
 */

type Db = Kysely<DB> | Transaction<DB>
type GiftRow = Selectable<GiftTable>
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())
const stateOf = (g: GiftRow, now: Date) => giftState({ onSale: g.on_sale, startAt: g.start_at, endAt: g.end_at }, now)

async function redeemedUnits(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map()
  const rows = await db
    .selectFrom('gift_redemption_lines as l')
    .innerJoin('gift_redemptions as r', 'r.id', 'l.redemption_id')
    .select(['l.gift_id', sql<string>`sum(l.quantity)`.as('n')])
    .where('l.gift_id', 'in', ids)
    .where('r.status', 'not in', [...RELEASED_REDEMPTION_STATUSES])
    .groupBy('l.gift_id')
    .execute()
  return new Map(rows.map((r) => [r.gift_id, Number(r.n)]))
}

const out = (g: GiftRow, redeemed: number, now: Date): AdminGift => ({
  id: g.id,
  country: g.country,
  nameEn: g.name_en,
  nameZh: g.name_zh,
  descriptionEn: g.description_en,
  descriptionZh: g.description_zh,
  category: g.category,
  image: g.image,
  points: g.points,
  stock: g.stock,
  minQty: g.min_qty,
  limitQty: g.limit_qty,
  drawOnly: g.draw_only,
  sortOrder: g.sort_order,
  startAt: iso(g.start_at),
  endAt: iso(g.end_at),
  state: stateOf(g, now),
  redeemed,
})

async function giftOut(db: Db, id: string): Promise<AdminGift> {
  const g = await db.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  return out(g, (await redeemedUnits(db, [id])).get(id) ?? 0, new Date())
}

/** The SQL of giftState, for the list's filter. */
const stateSql = (state: GiftState, now: Date) =>
  state === 'ended'
    ? sql<boolean>`(NOT on_sale OR (end_at IS NOT NULL AND end_at <= ${now}))`
    : state === 'scheduled'
      ? sql<boolean>`(on_sale AND (end_at IS NULL OR end_at > ${now}) AND start_at IS NOT NULL AND start_at > ${now})`
      : sql<boolean>`(on_sale AND (end_at IS NULL OR end_at > ${now}) AND (start_at IS NULL OR start_at <= ${now}))`

/** GET /admin/gifts: by country, then the storefront's order. */
export async function listGifts(
  db: Kysely<DB>,
  q: { page?: number; pageSize?: number; country?: 'cn' | 'in'; state?: GiftState },
) {
  const { page, pageSize } = paging(q, 50)
  const now = new Date()
  let base = db.selectFrom('gifts')
  if (q.country) base = base.where('country', '=', q.country)
  if (q.state) base = base.where(stateSql(q.state, now))
  const { rows, total } = await pageOf(base, q, (b) =>
    b.selectAll().orderBy('country').orderBy('sort_order').orderBy('id'),
  )
  const redeemed = await redeemedUnits(
    db,
    rows.map((g) => g.id),
  )
  return { items: rows.map((g) => out(g, redeemed.get(g.id) ?? 0, now)), total, page, pageSize }
}

function validated(b: ChangeGiftBody) {
  const problem = giftProblem(b)
  if (problem) throw new ApiError(400, 'VALIDATION_ERROR', `body: ${problem}`)
  return {
    name_en: b.nameEn.trim(),
    name_zh: b.nameZh.trim(),
    description_en: b.descriptionEn.trim(),
    description_zh: b.descriptionZh.trim(),
    category: b.category,
    image: b.image,
    points: b.points,
    stock: b.stock,
    min_qty: b.minQty,
    limit_qty: b.limitQty,
    draw_only: b.drawOnly,
    sort_order: b.sortOrder,
    start_at: b.startAt === null ? null : new Date(b.startAt),
    end_at: b.endAt === null ? null : new Date(b.endAt),
  }
}

/** POST /admin/gifts: a new gift, id GF-<COUNTRY>-<6 hex>, live by its schedule. */
export async function createGift(trx: Transaction<DB>, _req: FastifyRequest, b: CreateGiftBody): Promise<AdminGift> {
  const values = validated(b)
  const id = `GF-${b.country.toUpperCase()}-${randomBytes(3).toString('hex').toUpperCase()}`
  await trx
    .insertInto('gifts')
    .values({ id, country: b.country, on_sale: true, ...values })
    .execute()
  return giftOut(trx, id)
}

async function lockedGift(trx: Transaction<DB>, id: string): Promise<GiftRow> {
  const g = await trx.selectFrom('gifts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  if (!g) throw new ApiError(404, 'NOT_FOUND', `Gift ${id} not found`, 'GIFT_NOT_FOUND')
  if (stateOf(g, new Date()) === 'ended') throw new ApiError(409, 'CONFLICT', `Gift ${id} has ended`, 'GIFT_ENDED')
  return g
}

/** PUT /admin/gifts/:id: every field but the country; refused (409) once the gift has ended. */
export async function changeGift(trx: Transaction<DB>, _req: FastifyRequest, id: string, b: ChangeGiftBody) {
  // the body is refused before the gift is looked up, as a body the schema refuses
  const values = validated(b)
  await lockedGift(trx, id)
  const before = await giftOut(trx, id)
  await trx
    .updateTable('gifts')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute()
  return { before, after: await giftOut(trx, id) }
}

/** POST /admin/gifts/:id/end: off sale from now (the storefront stops listing and redeeming it); 409 when ended. */
export async function endGift(trx: Transaction<DB>, _req: FastifyRequest, id: string) {
  const g = await lockedGift(trx, id)
  const before = await giftOut(trx, id)
  const now = new Date()
  await trx
    .updateTable('gifts')
    .set({
      on_sale: false,
      end_at: g.end_at === null || new Date(g.end_at) > now ? now : g.end_at,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute()
  return { before, after: await giftOut(trx, id) }
}
