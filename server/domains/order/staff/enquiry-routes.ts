import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { tagRoutes } from '../../../lib/openapi'
import { serviceStaffEndpoints as e } from '../../../../types/service/staff-endpoints'
import { RETURN_FILE_MAX_BYTES, RETURN_FILES_MAX } from '../../../../types/order/return-rules'
import { decideEnquiry, enquiryDetail, listEnquiries, replyToEnquiry } from './enquiries'
import { leadDetail, listLeads, quoteLead } from './leads'

/**
 * The staff routes of enquiries and leads (issue 24; types/service/staff-endpoints.ts, docs/admin-api/service.md),
 * each behind the permission of its entry (enquiry.reply, lead.quote). Registered by the order domain's routes.
 */
export async function serviceStaffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts
  tagRoutes(app, 'staff')

  serveEndpoint(app, e.enquiryStaffList, null, async (req) => ok(await listEnquiries(db, req.query)))
  serveEndpoint(app, e.enquiryStaffDetail, null, async (req) => ok(await enquiryDetail(db, req.params.requestId)))
  serveEndpoint(
    app,
    e.enquiryStaffReply,
    null,
    async (req) => ok(await replyToEnquiry(app, db, req, req.params.requestId, req.body)),
    // the files come as base64 in the JSON body: 2 files of 5 MB, their base64 and the text
    { bodyLimit: Math.ceil((RETURN_FILES_MAX * RETURN_FILE_MAX_BYTES * 4) / 3) + 64 * 1024 },
  )
  serveEndpoint(app, e.enquiryStaffStatus, null, async (req) =>
    ok(await decideEnquiry(app, db, req, req.params.requestId, req.body)),
  )

  serveEndpoint(app, e.leadStaffList, null, async (req) => ok(await listLeads(db, req.query)))
  serveEndpoint(app, e.leadStaffDetail, null, async (req) => ok(await leadDetail(db, req.params.requestId)))
  serveEndpoint(app, e.leadStaffQuote, null, async (req) =>
    ok(await quoteLead(app, db, req, req.params.requestId, req.body)),
  )
}
