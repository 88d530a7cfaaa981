import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Notification, NotificationListResult, NotificationUnreadResult } from '../../../types'
import { ok } from '../../errors'
import { iso, langOf, me, ownAccountRoute } from './common'
import { paging } from '../../lib/paging'
import { accountEndpoints } from '../../../types/account/endpoints'

/** The caller's notifications; read state is kept on the device (spec section 3). */
export async function notificationRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  ownAccountRoute(app, accountEndpoints.notifications, async (req) => {
    const { page, pageSize, offset } = paging(req.query)
    const en = langOf(req) === 'en'
    const mine = db.selectFrom('notifications').where('user_id', '=', me(req).id)
    const { total } = await mine.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
    const rows = await mine
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute()
    const list: Notification[] = rows.map((n) => ({
      id: n.id,
      category: n.category,
      title: en ? n.title_en : n.title_zh,
      body: en ? n.body_en : n.body_zh,
      createdAt: iso(n.created_at),
      link: n.link_route ? { route: n.link_route, params: (n.link_params ?? {}) as Record<string, string> } : null,
    }))
    const data: NotificationListResult = { list, total, page, pageSize }
    return ok(data)
  })

  /** Spec section 7: POST /notification/unread {readNotification}: "presence of data drives the bell dot". */
  ownAccountRoute(app, accountEndpoints.notificationUnread, async (req) => {
    const read = [...new Set(req.body.readNotification)]
    let q = db.selectFrom('notifications').where('user_id', '=', me(req).id)
    if (read.length) q = q.where('id', 'not in', read)
    const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
    if (n === 0) return ok(null as NotificationUnreadResult)
    const latest = await q
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    const data: NotificationUnreadResult = { unreadCount: n, latestId: latest.id }
    return ok(data)
  })
}
