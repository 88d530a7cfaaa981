import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { paging } from '../../lib/paging'
import { tagRoutes } from '../../lib/openapi'
import { redactUrl } from '../../lib/safe-url'
import { platformStaffEndpoints as E } from '../../../types/platform/staff-endpoints'
import {
  listWebhookDeliveries,
  listWebhookEvents,
  lockWebhookDelivery,
  replayWebhookDelivery,
  webhookEventDetail,
} from '../platform'
import { staffWrite } from './audit'

/**
 * The admin API of the ERP webhooks (issue 24: "the delivery log and a replay action in the admin API"), all under
 * the permission webhook.manage. The outbox and its delivery live in the platform domain (server/domains/platform/
 * outbox/); these routes are here because the replay is a staff write (staffWrite, audited) and platform comes
 * before staff in the domain order.
 */
export async function webhookStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')

  serveEndpoint(app, E.webhookEvents, null, async (req) => {
    const { page, pageSize, offset } = paging(req.query, 50)
    const r = await listWebhookEvents(db, { ...req.query, limit: pageSize, offset })
    return ok({ ...r, page, pageSize })
  })

  // the configured URLs (the webhook_endpoints table follows WEBHOOK_URLS), active first, with their deliveries' counts
  serveEndpoint(app, E.webhookEndpoints, null, async () => {
    const rows = await db
      .selectFrom('webhook_endpoints as w')
      .leftJoin('webhook_deliveries as d', 'd.endpoint_id', 'w.id')
      .select(['w.id', 'w.url', 'w.active', 'w.created_at'])
      .select([
        sql<number>`count(d.id) FILTER (WHERE d.status = 'delivered')::int`.as('delivered'),
        sql<number>`count(d.id) FILTER (WHERE d.status = 'pending')::int`.as('pending'),
        sql<number>`count(d.id) FILTER (WHERE d.status = 'pending' AND d.attempts > 0)::int`.as('retrying'),
        sql<number>`count(d.id) FILTER (WHERE d.status = 'dead')::int`.as('dead'),
        sql<Date | string | null>`max(d.delivered_at)`.as('last_delivered_at'),
      ])
      .groupBy(['w.id', 'w.url', 'w.active', 'w.created_at'])
      .orderBy('w.active', 'desc')
      .orderBy('w.id')
      .execute()
    return ok(
      rows.map((r) => ({
        id: r.id,
        url: redactUrl(r.url),
        active: r.active,
        createdAt: new Date(r.created_at).toISOString(),
        deliveries: {
          delivered: Number(r.delivered),
          pending: Number(r.pending),
          retrying: Number(r.retrying),
          dead: Number(r.dead),
        },
        lastDeliveredAt: r.last_delivered_at ? new Date(r.last_delivered_at).toISOString() : null,
      })),
    )
  })

  serveEndpoint(app, E.webhookEvent, null, async (req) => {
    const detail = await webhookEventDetail(db, req.params.id)
    if (!detail) throw new ApiError(404, 'NOT_FOUND', `No event ${req.params.id}`)
    return ok(detail)
  })

  serveEndpoint(app, E.webhookDeliveries, null, async (req) => {
    const { page, pageSize, offset } = paging(req.query, 50)
    const r = await listWebhookDeliveries(db, { ...req.query, limit: pageSize, offset })
    return ok({ ...r, page, pageSize })
  })

  // dead or delivered -> pending, tries from 0; a pending delivery is already on its way: 409, nothing written
  serveEndpoint(app, E.webhookReplay, null, async (req) => {
    const id = req.params.id
    const replayed = await staffWrite(
      db,
      req,
      { permission: 'webhook.manage', action: 'webhook.replay', entity: 'webhook_delivery', entityId: id },
      async (trx) => {
        const before = await lockWebhookDelivery(trx, id)
        if (!before) throw new ApiError(404, 'NOT_FOUND', `No delivery ${id}`)
        if (before.status === 'pending')
          throw new ApiError(409, 'CONFLICT', `Delivery ${id} is pending already: it is sent when due`)
        const after = await replayWebhookDelivery(trx, id)
        const audited = (d: typeof before) => ({ status: d.status, attempts: d.attempts, eventId: d.eventId })
        return { before: audited(before), after: audited(after), result: after }
      },
    )
    return ok(replayed)
  })
}
