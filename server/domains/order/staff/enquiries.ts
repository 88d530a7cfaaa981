import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { paging } from '../../../lib/paging'
import { staffWrite } from '../../staff'
import { notifyBuyer, mailNotices } from '../../account'
import { emitEvent } from '../../platform'
import { enquiryFileUrl, type InteractionStatus } from '../../../../types/order/enquiries'
import type {
  EnquiryReplyBody,
  EnquiryStatusBody,
  StaffEnquiryDetail,
  StaffEnquirySummary,
  StaffInteraction,
} from '../../../../types/service/staff-schemas'
import type { QueryOf } from '../../../../types/endpoint'
import type { serviceStaffEndpoints } from '../../../../types/service/staff-endpoints'
import { replyFiles, staffText } from './reply-files'

/**
 * Enquiries for staff (issue 24: "Enquiries: staff replies and status changes (approved, not approved), with
 * attachments"; spec §4 "Interaction: pending, approved, not approved or rejected, auto approved"). An enquiry is a
 * buyer's request (service_requests, a lead or a quote request) with its interaction history; the buyer reads the
 * same history at GET /request/detail/{requestId} (../enquiries.ts).
 *
 * - A reply adds a staff entry carrying the current interaction status, with up to 2 files; a pending request
 *   becomes in_progress.
 * - A status change (approved or rejected = not approved) adds a staff entry with the new status and the note; it is
 *   a decision: once the latest status is decided (approved, rejected, autoApproved) another one is 409.
 * - Neither is possible on a completed (closed) request: 409, like the buyer's comment ("no permission").
 * Both lock the request row, so two staff at once are serialised; each notifies the buyer (notification + email)
 * and reports 'enquiry.replied' to the ERP.
 */

const iso = (d: Date | string) => new Date(d).toISOString()
const DECIDED: InteractionStatus[] = ['approved', 'rejected', 'autoApproved']

const requestNotFound = (id: string) => new ApiError(404, 'NOT_FOUND', `No request ${id}`, 'REQUEST_NOT_FOUND')
const enquiryClosed = (id: string) =>
  new ApiError(409, 'CONFLICT', `Request ${id} is completed (closed)`, 'REQUEST_CLOSED')

/** The requests with who asked and the latest interaction (`service_requests as s`). */
export function requestRows(db: Kysely<DB>) {
  return db
    .selectFrom('service_requests as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('accounts as a', 'a.id', 's.account_id')
    .select([
      's.request_id',
      's.kind',
      's.status',
      's.created_at',
      's.contact_name',
      's.company_or_institution',
      's.phone',
      's.email',
      's.city',
      's.remark',
      's.items',
      's.user_id',
      's.account_id',
      's.static_quote_id',
      's.quoted_at',
      'u.user_name',
      'a.account_number',
      'a.name as account_name',
      'a.country as account_country',
    ])
    .select((eb) => [
      eb
        .selectFrom('request_interactions as i')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('i.request_id', '=', 's.request_id')
        .as('interaction_count'),
      latestInteraction(eb, 'i.status').as('latest_status'),
      latestInteraction(eb, 'i.created_at').as('latest_at'),
    ])
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const latestInteraction = (eb: any, column: 'i.status' | 'i.created_at') =>
  eb
    .selectFrom('request_interactions as i')
    .select(column)
    .whereRef('i.request_id', '=', 's.request_id')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(1)
export type RequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['executeTakeFirstOrThrow']>>

export const requesterOf = (r: RequestRow) => ({
  userName: r.user_name ?? null,
  accountNumber: r.account_number ?? null,
  accountName: r.account_name ?? null,
  contactName: r.contact_name,
  companyOrInstitution: r.company_or_institution,
})

const summaryOf = (r: RequestRow): StaffEnquirySummary => ({
  requestId: r.request_id,
  kind: r.kind,
  status: r.status,
  interactionStatus: ((r.latest_status as string | null) ?? 'pending') as InteractionStatus,
  createdAt: iso(r.created_at),
  lastActivityAt: iso((r.latest_at as Date | string | null) ?? r.created_at),
  ...requesterOf(r),
  itemCount: r.items.length,
  interactionCount: Number(r.interaction_count ?? 0),
})

/** One request as the staff routes read it (null when there is none). */
export function requestRow(db: Kysely<DB>, requestId: string) {
  return requestRows(db).where('s.request_id', '=', requestId).executeTakeFirst()
}

export async function listEnquiries(
  db: Kysely<DB>,
  q: QueryOf<typeof serviceStaffEndpoints.enquiryStaffList>,
): Promise<{ items: StaffEnquirySummary[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize, offset } = paging(q, 20)
  let base = requestRows(db)
  if (q.status) base = base.where('s.status', '=', q.status)
  if (q.kind) base = base.where('s.kind', '=', q.kind)
  if (q.interactionStatus) {
    const wanted = q.interactionStatus
    // no entry yet counts as pending, as on the buyer's list
    base = base.where(
      sql<boolean>`coalesce((select i.status from request_interactions i where i.request_id = s.request_id
        order by i.created_at desc, i.id desc limit 1), 'pending') = ${wanted}`,
    )
  }
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom(base.as('b'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    base.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(pageSize).offset(offset).execute(),
  ])
  return { items: rows.map(summaryOf), total, page, pageSize }
}

/** The whole thread of a request, with its files (their ids, types and sizes; never their bytes). */
async function thread(db: Kysely<DB>, requestId: string): Promise<StaffInteraction[]> {
  const [rows, files] = await Promise.all([
    db
      .selectFrom('request_interactions')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('request_interaction_files')
      .select(['id', 'interaction_id', 'file_name', 'mime', 'size'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute(),
  ])
  return rows.map((i) => {
    const own = files.filter((f) => f.interaction_id === i.id)
    return {
      id: i.id,
      author: i.author,
      staffId: i.staff_id,
      status: i.status,
      comment: i.comment,
      attachments: own.length
        ? own.map((f) => ({
            name: f.file_name,
            fileId: f.id,
            mime: f.mime,
            size: f.size,
            url: enquiryFileUrl(f.id),
          }))
        : (i.attachments ?? []).map((a) => ({
            name: String(a.name),
            fileId: null,
            mime: null,
            size: null,
            url: a.url,
          })),
      createdAt: iso(i.created_at),
    }
  })
}

export async function enquiryDetail(db: Kysely<DB>, requestId: string): Promise<StaffEnquiryDetail> {
  const r = await requestRow(db, requestId)
  if (!r) throw requestNotFound(requestId)
  return {
    ...summaryOf(r),
    phone: r.phone,
    email: r.email,
    city: r.city,
    remark: r.remark,
    items: r.items.map((i) => ({ catalogNumber: i.catalogNumber, itemName: i.itemName, itemCount: i.itemCount })),
    interactions: await thread(db, requestId),
    staticQuoteId: r.static_quote_id,
  }
}

/**
 * The request row locked FOR UPDATE inside a staff change, with its latest interaction status: 404 when there is
 * none, 409 once it is completed. Every staff write on a request starts here, so two at once are serialised.
 */
export async function lockOpenRequest(trx: Transaction<DB>, requestId: string) {
  const s = await trx
    .selectFrom('service_requests')
    .select(['request_id', 'kind', 'status', 'user_id', 'account_id', 'static_quote_id', 'items'])
    .where('request_id', '=', requestId)
    .forUpdate()
    .executeTakeFirst()
  if (!s) throw requestNotFound(requestId)
  if (s.status === 'completed') throw enquiryClosed(requestId)
  const latest = await trx
    .selectFrom('request_interactions')
    .select('status')
    .where('request_id', '=', requestId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return { ...s, interactionStatus: (latest?.status ?? 'pending') as InteractionStatus }
}

/** A staff entry of the history; a pending request becomes in_progress (someone at the supplier answered). */
export async function addStaffEntry(
  trx: Transaction<DB>,
  req: FastifyRequest,
  s: { request_id: string; status: string },
  entry: { status: InteractionStatus; comment: string | null },
) {
  const row = await trx
    .insertInto('request_interactions')
    .values({
      request_id: s.request_id,
      author: 'staff',
      staff_id: req.staff!.id,
      status: entry.status,
      comment: entry.comment,
      attachments: '[]',
    })
    .returning(['id'])
    .executeTakeFirstOrThrow()
  const status = s.status === 'pending' ? ('in_progress' as const) : (s.status as 'in_progress')
  if (status !== s.status)
    await trx.updateTable('service_requests').set({ status }).where('request_id', '=', s.request_id).execute()
  return { interactionId: row.id, status }
}

const snippet = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const enquiryLink = (requestId: string) => ({ route: 'enquiryDetail', params: { requestId } })

export async function replyToEnquiry(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  requestId: string,
  body: EnquiryReplyBody,
): Promise<StaffEnquiryDetail> {
  // everything checked before the transaction: a bad file writes nothing
  const text = staffText(body.text)
  if (!text) throw new ApiError(400, 'VALIDATION_ERROR', 'body/text is empty', 'COMMENT_EMPTY')
  const files = replyFiles(body.attachments)
  await staffWrite(
    db,
    req,
    { permission: 'enquiry.reply', action: 'enquiry.reply', entity: 'service_request', entityId: requestId },
    async (trx) => {
      const s = await lockOpenRequest(trx, requestId)
      const { interactionId, status } = await addStaffEntry(trx, req, s, {
        status: s.interactionStatus,
        comment: text,
      })
      const stored: { name: string; url: string }[] = []
      for (const f of files) {
        const { id } = await trx
          .insertInto('request_interaction_files')
          .values({
            interaction_id: interactionId,
            request_id: requestId,
            file_name: f.name,
            mime: f.mime,
            size: f.bytes.length,
            sha256: f.sha256,
            content: f.bytes,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        stored.push({ name: f.name, url: enquiryFileUrl(id) })
      }
      if (stored.length)
        await trx
          .updateTable('request_interactions')
          .set({ attachments: JSON.stringify(stored) })
          .where('id', '=', interactionId)
          .execute()
      const mail = s.user_id
        ? await notifyBuyer(trx, {
            userId: s.user_id,
            category: 'order',
            title: { zh: `您的请求 ${requestId} 有新回复`, en: `New reply to your request ${requestId}` },
            body: {
              zh: `${snippet(text)}${stored.length ? `（附件 ${stored.length} 个）` : ''}`,
              en: `${snippet(text)}${stored.length ? ` (${stored.length} attachment${stored.length > 1 ? 's' : ''})` : ''}`,
            },
            link: enquiryLink(requestId),
          })
        : null
      await emitEvent(trx, 'enquiry.replied', {
        requestId,
        kind: s.kind,
        interactionId,
        interactionStatus: s.interactionStatus,
        requestStatus: status,
        attachments: files.map((f) => ({ name: f.name, mime: f.mime, size: f.bytes.length, sha256: f.sha256 })),
      })
      return {
        before: { status: s.status, interactionStatus: s.interactionStatus },
        after: {
          status,
          interactionStatus: s.interactionStatus,
          interactionId,
          text,
          files: files.map((f) => ({ name: f.name, size: f.bytes.length, sha256: f.sha256 })),
        },
        result: undefined,
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
  return enquiryDetail(db, requestId)
}

export async function decideEnquiry(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  requestId: string,
  body: EnquiryStatusBody,
): Promise<StaffEnquiryDetail> {
  const note = body.note === undefined ? null : staffText(body.note) || null
  await staffWrite(
    db,
    req,
    { permission: 'enquiry.reply', action: `enquiry.${body.status}`, entity: 'service_request', entityId: requestId },
    async (trx) => {
      const s = await lockOpenRequest(trx, requestId)
      if (DECIDED.includes(s.interactionStatus))
        throw new ApiError(
          409,
          'CONFLICT',
          `Request ${requestId} is already decided (${s.interactionStatus})`,
          'REQUEST_ALREADY_DECIDED',
        )
      const { interactionId, status } = await addStaffEntry(trx, req, s, { status: body.status, comment: note })
      const approved = body.status === 'approved'
      const mail = s.user_id
        ? await notifyBuyer(trx, {
            userId: s.user_id,
            category: 'order',
            title: approved
              ? { zh: `您的请求 ${requestId} 已批准`, en: `Your request ${requestId} is approved` }
              : { zh: `您的请求 ${requestId} 未获批准`, en: `Your request ${requestId} is not approved` },
            body: {
              zh: note ?? (approved ? '详情请查看请求记录。' : '如有疑问，请回复该请求。'),
              en:
                note ?? (approved ? 'See the request for the details.' : 'Reply to the request if you have questions.'),
            },
            link: enquiryLink(requestId),
          })
        : null
      await emitEvent(trx, 'enquiry.replied', {
        requestId,
        kind: s.kind,
        interactionId,
        interactionStatus: body.status,
        requestStatus: status,
        attachments: [],
      })
      return {
        before: { status: s.status, interactionStatus: s.interactionStatus },
        after: { status, interactionStatus: body.status, interactionId, note },
        result: undefined,
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
  return enquiryDetail(db, requestId)
}
