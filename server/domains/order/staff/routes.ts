import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError, ok } from '../../../errors'
import { sendDownload } from '../../../lib/file-download'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { paging } from '../../../lib/paging'
import { tagRoutes } from '../../../lib/openapi'
import { orderStaffEndpoints as e } from '../../../../types/order/staff-endpoints'
import { orderDetail, orderQueue, requestQueue } from './reads'
import { holdOrder, releaseOrder, reviewOrder } from './order-decisions'
import { decideRequest } from './request-decisions'
import { makeConfirmationLink } from './confirmation-link'
import { searchOrders, sendOrderExport } from './search'

/**
 * The order domain's staff routes under /api/admin (issue 24; docs/admin-api/orders.md): the order queue and detail,
 * review, hold and release, a confirmation link for the buyer (order.review, order.hold), and the cancel / return
 * request queue and its decisions
 * (orderRequest.decide) with the files the buyer uploaded; and the console's Orders screen (issue 25, order.read): the
 * search, its CSV export and the detail (lines, shipments, invoices, requests, history, audit trail). Each entry's permission puts the staff guard in front (server/lib/endpoint-route.ts).
 */
export async function orderStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')

  serveEndpoint(app, e.orderQueue, null, async (req) => {
    const { page, pageSize, offset } = paging(req.query, 20)
    const { total, items } = await orderQueue(db, req.query, { pageSize, offset })
    return ok({ items, total, page, pageSize })
  })

  serveEndpoint(app, e.orderSearch, null, async (req) => {
    const { page, pageSize, offset } = paging(req.query, 20)
    const { total, items } = await searchOrders(db, req, req.query, { pageSize, offset })
    return ok({ items, total, page, pageSize })
  })

  serveEndpoint(app, e.orderExportAdmin, null, async (req, reply) => sendOrderExport(db, req, reply, req.query))

  serveEndpoint(app, e.orderDetailAdmin, null, async (req) => ok(await orderDetail(db, req.params.orderNo)))

  serveEndpoint(app, e.orderReview, null, async (req) =>
    ok(await reviewOrder(app, db, req, req.params.orderNo, req.body)),
  )

  serveEndpoint(app, e.orderHold, null, async (req) =>
    ok(await holdOrder(app, db, req, req.params.orderNo, req.body.reason)),
  )

  serveEndpoint(app, e.orderRelease, null, async (req) =>
    ok(await releaseOrder(app, db, req, req.params.orderNo, req.body.note)),
  )

  serveEndpoint(app, e.orderConfirmationLink, null, async (req) =>
    ok(await makeConfirmationLink(app, db, req, req.params.orderNo, req.body.kind)),
  )

  serveEndpoint(app, e.orderRequestQueue, null, async (req) => {
    const { page, pageSize, offset } = paging(req.query, 20)
    const { total, items } = await requestQueue(db, req.query, { pageSize, offset })
    return ok({ items, total, page, pageSize })
  })

  // a file the buyer uploaded with the request (the buyers' own route serves it to their account only)
  serveEndpoint(app, e.orderRequestFile, null, async (req, reply) => {
    const f = await db
      .selectFrom('order_request_files as f')
      .innerJoin('order_requests as q', 'q.id', 'f.request_id')
      .select(['f.file_name', 'f.mime', 'f.content'])
      .where('f.id', '=', req.params.fileId)
      .where('q.request_number', '=', req.params.id)
      .executeTakeFirst()
    if (!f)
      throw new ApiError(404, 'NOT_FOUND', `File ${req.params.fileId} of ${req.params.id} not found`, 'FILE_NOT_FOUND')
    return sendDownload(reply, f)
  })

  serveEndpoint(app, e.orderRequestAccept, null, async (req) =>
    ok(await decideRequest(app, db, req, req.params.id, 'accept', req.body.note)),
  )

  serveEndpoint(app, e.orderRequestRefuse, null, async (req) =>
    ok(await decideRequest(app, db, req, req.params.id, 'refuse', req.body.note)),
  )

  serveEndpoint(app, e.orderRequestGoodsReceived, null, async (req) =>
    ok(await decideRequest(app, db, req, req.params.id, 'goodsReceived', req.body.note)),
  )
}
