import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { PointsEntry } from '../../../../types'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { membershipEndpoints } from '../../../../types/membership/endpoints'
import { pointsSummary, syncMember } from './sync'

/**
 * The member's points (spec §2 "/giftcenter/rewarddetail Point detail; login needed"):
 * GET /membership/points (balance, the next points to expire and when) and
 * GET /membership/points/entries (the ledger, newest first, paged). Both for req.user only.
 */
export async function pointsRoutes(
  app: FastifyInstance,
  opts: { db: Kysely<DB>; requireMember: (req: FastifyRequest) => Promise<void> },
) {
  const { db, requireMember } = opts

  serveEndpoint(app, membershipEndpoints.points, requireMember, async (req) =>
    ok(await pointsSummary(db, req.user!.id)),
  )

  serveEndpoint(app, membershipEndpoints.pointsEntries, requireMember, async (req) => {
    const userId = req.user!.id
    const page = req.query.page ?? 1
    const pageSize = req.query.pageSize ?? 20
    if (page === 1) await syncMember(db, userId)
    const [rows, total] = await Promise.all([
      db
        .selectFrom('points_entries')
        .select(['id', 'kind', 'points', 'source', 'source_ref', 'note', 'created_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      db
        .selectFrom('points_entries')
        .select(sql<string>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ])
    const items: PointsEntry[] = rows.map((e) => ({
      id: String(e.id),
      kind: e.kind,
      points: e.points,
      source: e.source,
      sourceRef: e.source_ref,
      createdAt: new Date(e.created_at).toISOString(),
      expiresAt: e.expires_at ? new Date(e.expires_at).toISOString() : null,
      note: e.note,
    }))
    return ok({ items, total: Number(total.n), page, pageSize })
  })
}
