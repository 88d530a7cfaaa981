import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { maskName, type MemberInteractionPage } from '../../../../types'

/**
 * The interaction history (spec §2 "my interaction history", login needed): the caller's draws (the
 * prize won, the points spent and won), task credits and invitations (both sides), newest first,
 * paged. Only rows of the token's user are read.
 */
/** first and last name travel as one column of the union, apart, so the name rule can read them */
const NAME_SEP = '\t'

export async function interactions(
  db: Kysely<DB>,
  req: FastifyRequest,
  page: number,
  pageSize: number,
): Promise<MemberInteractionPage> {
  const uid = req.user!.id
  const en = req.locale.language === 'en'
  const all = sql`
    SELECT 'd' || r.id AS id, 'draw' AS kind, r.created_at AS at, ${en ? sql`a.name_en` : sql`a.name_zh`} AS title,
           ${en ? sql`p.name_en` : sql`p.name_zh`} AS detail, -r.points_spent AS points,
           CASE WHEN p.kind = 'points' THEN p.points ELSE 0 END AS points_won
      FROM draw_records r JOIN draw_prizes p ON p.id = r.prize_id JOIN draw_activities a ON a.id = r.activity_id
     WHERE r.user_id = ${uid}
    UNION ALL
    SELECT 't' || e.id, 'task', e.created_at, split_part(e.source_ref, ':', 2), split_part(e.source_ref, ':', 3), e.points, 0
      FROM points_entries e WHERE e.user_id = ${uid} AND e.source = 'task' AND e.kind = 'earned'
    UNION ALL
    SELECT 'i' || u.id, 'invited', u.created_at, v.first_name || ${NAME_SEP} || v.last_name, u.code, u.inviter_points, 0
      FROM invitation_uses u JOIN users v ON v.id = u.invitee_id WHERE u.inviter_id = ${uid}
    UNION ALL
    SELECT 'j' || u.id, 'joined', u.created_at, v.first_name || ${NAME_SEP} || v.last_name, u.code, u.invitee_points, 0
      FROM invitation_uses u JOIN users v ON v.id = u.inviter_id WHERE u.invitee_id = ${uid}`
  const rows = (
    await sql<{
      id: string
      kind: 'draw' | 'task' | 'invited' | 'joined'
      at: Date
      title: string
      detail: string | null
      points: number
      points_won: number
    }>`
    SELECT * FROM (${all}) h ORDER BY at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db)
  ).rows
  const total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${all}) h`.execute(db)).rows[0].n
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      at: new Date(r.at).toISOString(),
      title:
        r.kind === 'invited' || r.kind === 'joined'
          ? maskName(...(r.title.split(NAME_SEP) as [string, string]))
          : r.title,
      detail: r.detail,
      points: Number(r.points),
      pointsWon: Number(r.points_won),
    })),
    total: Number(total),
    page,
    pageSize,
  }
}
