import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { DrawActivityTable } from '../../../db/schema-membership'
import { ApiError } from '../../../errors'
import { pageOf, paging } from '../../../lib/paging'
import { drawActivityStatus } from '../../../../types/membership'
import {
  drawChangeProblem,
  plainTextProblem,
  prizesProblem,
  scheduleProblem,
} from '../../../../types/membership/staff-rules'
import type { AdminDraw, ChangeDrawBody, CreateDrawBody } from '../../../../types/membership/staff-endpoints'

/**
 * Lucky draws as staff manage them (issue 24: "draws: create, schedule, change, end, with the same validation the
 * storefront relies on"). The prizes are checked as the draw relies on them (staff-rules.ts prizesProblem: weights
 * are the odds, a points prize has its points, one unlimited thanks-for-taking-part slot at most, a real prize at
 * least); a change of a draw with draws made keeps what those draws name (drawChangeProblem: 409). Every change
 * holds the activity's and its prizes' row locks: a member's draw that takes a prize's stock waits for it.
 */

type Db = Kysely<DB> | Transaction<DB>
type ActivityRow = Selectable<DrawActivityTable>
const iso = (d: Date | string) => new Date(d).toISOString()

async function drawsOut(db: Db, acts: ActivityRow[], now: Date): Promise<AdminDraw[]> {
  if (!acts.length) return []
  const ids = acts.map((a) => a.id)
  const [prizes, won] = await Promise.all([
    db.selectFrom('draw_prizes').selectAll().where('activity_id', 'in', ids).orderBy('slot').execute(),
    db
      .selectFrom('draw_records')
      .select(['prize_id', sql<string>`count(*)`.as('n')])
      .where('activity_id', 'in', ids)
      .groupBy('prize_id')
      .execute(),
  ])
  const wonBy = new Map(won.map((w) => [w.prize_id, Number(w.n)]))
  return acts.map((a) => {
    const own = prizes.filter((p) => p.activity_id === a.id)
    return {
      id: a.id,
      country: a.country,
      kind: a.kind,
      nameEn: a.name_en,
      nameZh: a.name_zh,
      rulesEn: a.rules_en,
      rulesZh: a.rules_zh,
      startAt: iso(a.start_at),
      endAt: iso(a.end_at),
      state: drawActivityStatus({ startAt: new Date(a.start_at), endAt: new Date(a.end_at) }, now),
      pointsPerDraw: a.points_per_draw,
      period: a.period,
      periodLimit: a.period_limit,
      totalLimit: a.total_limit,
      sortOrder: a.sort_order,
      draws: own.reduce((s, p) => s + (wonBy.get(p.id) ?? 0), 0),
      prizes: own.map((p) => ({
        id: p.id,
        slot: p.slot,
        kind: p.kind,
        nameEn: p.name_en,
        nameZh: p.name_zh,
        points: p.points,
        weight: p.weight,
        stock: p.stock,
        won: wonBy.get(p.id) ?? 0,
      })),
    }
  })
}

async function drawOut(db: Db, id: string): Promise<AdminDraw> {
  const a = await db.selectFrom('draw_activities').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  return (await drawsOut(db, [a], new Date()))[0]
}

/** GET /admin/draws: by country, then the storefront's order. */
export async function listDraws(db: Kysely<DB>, q: { page?: number; pageSize?: number; country?: 'cn' | 'in' }) {
  const { page, pageSize } = paging(q, 50)
  let base = db.selectFrom('draw_activities')
  if (q.country) base = base.where('country', '=', q.country)
  const { rows, total } = await pageOf(base, q, (b) =>
    b.selectAll().orderBy('country').orderBy('sort_order').orderBy('id'),
  )
  return { items: await drawsOut(db, rows, new Date()), total, page, pageSize }
}

function validated(b: ChangeDrawBody) {
  const problem =
    plainTextProblem('nameEn', b.nameEn) ??
    plainTextProblem('nameZh', b.nameZh) ??
    plainTextProblem('rulesEn', b.rulesEn) ??
    plainTextProblem('rulesZh', b.rulesZh) ??
    scheduleProblem(b.startAt, b.endAt) ??
    prizesProblem(b.prizes)
  if (problem) throw new ApiError(400, 'VALIDATION_ERROR', `body: ${problem}`)
  return {
    kind: b.kind,
    name_en: b.nameEn.trim(),
    name_zh: b.nameZh.trim(),
    rules_en: b.rulesEn.trim(),
    rules_zh: b.rulesZh.trim(),
    start_at: new Date(b.startAt),
    end_at: new Date(b.endAt),
    points_per_draw: b.pointsPerDraw,
    period: b.period,
    period_limit: b.periodLimit,
    total_limit: b.totalLimit,
    sort_order: b.sortOrder,
  }
}

const prizeValues = (p: ChangeDrawBody['prizes'][number], slot: number) => ({
  slot,
  kind: p.kind,
  name_en: p.nameEn.trim(),
  name_zh: p.nameZh.trim(),
  points: p.points,
  weight: p.weight,
  stock: p.stock,
})

/** POST /admin/draws: a new draw, id LD-<COUNTRY>-<6 hex>, its prizes in slot order. */
export async function createDraw(trx: Transaction<DB>, _req: FastifyRequest, b: CreateDrawBody): Promise<AdminDraw> {
  const values = validated(b)
  if (b.prizes.some((p) => p.id !== undefined))
    throw new ApiError(400, 'VALIDATION_ERROR', 'body/prizes: a new draw has no existing prizes (no id)')
  const id = `LD-${b.country.toUpperCase()}-${randomBytes(3).toString('hex').toUpperCase()}`
  await trx
    .insertInto('draw_activities')
    .values({ id, country: b.country, ...values })
    .execute()
  await trx
    .insertInto('draw_prizes')
    .values(b.prizes.map((p, slot) => ({ activity_id: id, ...prizeValues(p, slot) })))
    .execute()
  return drawOut(trx, id)
}

async function lockedDraw(trx: Transaction<DB>, id: string) {
  const a = await trx.selectFrom('draw_activities').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  if (!a) throw new ApiError(404, 'NOT_FOUND', `Draw ${id} not found`, 'DRAW_NOT_FOUND')
  await trx.selectFrom('draw_prizes').select('id').where('activity_id', '=', id).forUpdate().execute()
  return { row: a, current: await drawOut(trx, id) }
}

/**
 * PUT /admin/draws/:id: every field but the country, the prizes as a list (an `id` keeps that prize, none adds
 * one, a prize left out is removed). 409 when the draw is over, or when the change would break draws made.
 */
export async function changeDraw(trx: Transaction<DB>, _req: FastifyRequest, id: string, b: ChangeDrawBody) {
  // the body is refused before the draw is looked up, as a body the schema refuses
  const values = validated(b)
  const { current } = await lockedDraw(trx, id)
  const problem = drawChangeProblem(current.state, current, b)
  if (problem) throw new ApiError(409, 'CONFLICT', `Draw ${id}: ${problem}`, 'DRAW_CHANGE_REFUSED')
  await trx.updateTable('draw_activities').set(values).where('id', '=', id).execute()
  const kept = b.prizes.filter((p) => p.id !== undefined).map((p) => p.id!)
  // out of the way first: (activity, slot) is unique and the kept prizes may change places
  if (kept.length)
    await trx
      .updateTable('draw_prizes')
      .set({ slot: sql<number>`-1 - slot` })
      .where('id', 'in', kept)
      .execute()
  const removed = current.prizes.filter((p) => !kept.includes(p.id)).map((p) => p.id)
  if (removed.length) await trx.deleteFrom('draw_prizes').where('id', 'in', removed).execute()
  for (const [slot, p] of b.prizes.entries()) {
    if (p.id !== undefined)
      await trx.updateTable('draw_prizes').set(prizeValues(p, slot)).where('id', '=', p.id).execute()
    else
      await trx
        .insertInto('draw_prizes')
        .values({ activity_id: id, ...prizeValues(p, slot) })
        .execute()
  }
  return { before: current, after: await drawOut(trx, id) }
}

/**
 * POST /admin/draws/:id/end: over from now (members' draws are refused as not in activity time). A draw that has
 * not started gets the window [now - 1 s, now): it never runs. 409 when it is over already.
 */
export async function endDraw(trx: Transaction<DB>, _req: FastifyRequest, id: string) {
  const { row, current } = await lockedDraw(trx, id)
  if (current.state === 'over') throw new ApiError(409, 'CONFLICT', `Draw ${id} is over already`, 'DRAW_OVER')
  const now = new Date()
  await trx
    .updateTable('draw_activities')
    .set({
      end_at: now,
      ...(new Date(row.start_at) >= now ? { start_at: new Date(now.getTime() - 1000) } : {}),
    })
    .where('id', '=', id)
    .execute()
  return { before: current, after: await drawOut(trx, id) }
}
