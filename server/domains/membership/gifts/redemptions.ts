import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { Feedback, FeedbackBody, Redemption, RedemptionPage } from '../../../../types'
import * as M from './messages'
import { buyerShipment } from '../shipment'

/**
 * The redemption record and redemption feedback (issue 13: "the redemption record and redemption
 * feedback (category, type, number, result; pending or In-Progress, completed), both needing login").
 * Every query is filtered by req.user: another member's redemption number answers 404 exactly like
 * an unknown one.
 */

const iso = (d: Date | string) => new Date(d).toISOString()
const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T

export async function listRedemptions(
  db: Kysely<DB>,
  req: FastifyRequest,
  page: number,
  pageSize: number,
): Promise<RedemptionPage> {
  const userId = req.user!.id
  const en = req.locale.language === 'en'
  const [rows, total] = await Promise.all([
    db
      .selectFrom('gift_redemptions as r')
      .innerJoin('gift_redemption_lines as l', (j) => j.onRef('l.redemption_id', '=', 'r.id'))
      .select([
        'r.redemption_number',
        'r.status',
        'r.points_total',
        'r.created_at',
        'l.name_en',
        'l.name_zh',
        'l.image',
        'l.quantity',
      ])
      .where('r.user_id', '=', userId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('gift_redemptions')
      .select(sql<string>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  return {
    items: rows.map((r) => ({
      redemptionNumber: r.redemption_number,
      status: r.status,
      points: r.points_total,
      giftName: en ? r.name_en : r.name_zh,
      image: r.image,
      quantity: r.quantity,
      createdAt: iso(r.created_at),
    })),
    total: Number(total.n),
    page,
    pageSize,
  }
}

export async function redemptionDetail(
  db: Kysely<DB>,
  req: FastifyRequest,
  redemptionNumber: string,
): Promise<Redemption> {
  const r = await db
    .selectFrom('gift_redemptions')
    .selectAll()
    .where('user_id', '=', req.user!.id)
    .where('redemption_number', '=', redemptionNumber)
    .executeTakeFirst()
  if (!r) throw M.redemptionNotFound(req)
  const lines = await db
    .selectFrom('gift_redemption_lines')
    .selectAll()
    .where('redemption_id', '=', r.id)
    .orderBy('id')
    .execute()
  const en = req.locale.language === 'en'
  return {
    redemptionNumber: r.redemption_number,
    status: r.status,
    points: r.points_total,
    lines: lines.map((l) => ({
      giftId: l.gift_id,
      name: en ? l.name_en : l.name_zh,
      image: l.image,
      quantity: l.quantity,
      unitPoints: l.unit_points,
      points: l.line_points,
    })),
    shipTo: parse<Redemption['shipTo']>(r.ship_to_snapshot),
    contact: parse<Redemption['contact']>(r.contact),
    remark: r.remark,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    shipment: buyerShipment(r, req.locale.language === 'en' ? 'en' : 'zh'),
  }
}

type FeedbackRow = {
  id: string
  category: string
  type: string
  description: string
  status: Feedback['status']
  result: string | null
  created_at: Date | string
  updated_at: Date | string
  redemption_number: string
}
const toFeedback = (f: FeedbackRow): Feedback => ({
  id: String(f.id),
  category: f.category as Feedback['category'],
  type: f.type as Feedback['type'],
  number: f.redemption_number,
  description: f.description,
  status: f.status,
  result: f.result,
  createdAt: iso(f.created_at),
  updatedAt: iso(f.updated_at),
})

const feedbackQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('gift_redemption_feedback as f')
    .innerJoin('gift_redemptions as r', 'r.id', 'f.redemption_id')
    .select([
      'f.id',
      'f.category',
      'f.type',
      'f.description',
      'f.status',
      'f.result',
      'f.created_at',
      'f.updated_at',
      'r.redemption_number',
    ])

/** POST /membership/redemption-feedback: about one of the member's own redemptions (404 REDEMPTION_NOT_FOUND otherwise); status pending. */
export async function submitFeedback(db: Kysely<DB>, req: FastifyRequest, body: FeedbackBody): Promise<Feedback> {
  const userId = req.user!.id
  const r = await db
    .selectFrom('gift_redemptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('redemption_number', '=', body.number)
    .executeTakeFirst()
  if (!r) throw M.redemptionNotFound(req)
  const row = await db
    .insertInto('gift_redemption_feedback')
    .values({
      user_id: userId,
      redemption_id: String(r.id),
      category: body.category,
      type: body.type,
      description: body.description.trim() || body.description,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return toFeedback(
    (await feedbackQuery(db)
      .where('f.id', '=', row.id as never)
      .executeTakeFirstOrThrow()) as FeedbackRow,
  )
}

export async function listFeedback(db: Kysely<DB>, req: FastifyRequest): Promise<Feedback[]> {
  const rows = await feedbackQuery(db)
    .where('f.user_id', '=', req.user!.id)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(100)
    .execute()
  return rows.map((r) => toFeedback(r as FeedbackRow))
}
