import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sendDownload } from '../../lib/file-download'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import {
  ENQUIRY_COMMENT_LIMIT,
  type EnquirySummary,
  type EnquiryDetail,
  type Interaction,
  type InteractionStatus,
  type Confirmation,
} from '../../../types'
import { canCancel, statusAfterConfirm } from '../../../types/order/lifecycle'
import { toMajor } from '../../../types/money'
import { ApiError, ok } from '../../errors'
import { localized as msg } from '../../locale'
import { serveEndpoint } from '../../lib/endpoint-route'
import { orderEndpoints } from '../../../types/order/endpoints'
import { hashConfirmToken } from './confirmation-links'
import { changeOrderStatus, checkStatusChange, lockOrder, type AppliedStatusChange } from './status-change'
import { refusal } from '../../lib/localized-refusal'

/**
 * Requests and enquiries, and order confirmation links (issue 12).
 *
 * Requests: the caller's own leads and quote requests (service_requests.user_id = the token's user),
 * with their interaction history. Another user's request answers 404 "This request does not exist"
 * (§8 "Interaction: does not exist") and nothing of it is read. A customer comment is refused with
 * "no permission" once the request is completed (closed), and with "limit reached" after
 * ENQUIRY_COMMENT_LIMIT customer comments (counted under the request row's lock, so two at once
 * cannot both pass the limit).
 *
 * Confirmation links: GET/POST /order/confirm/{token} need no login — the link's random token is the
 * credential; the answer is the link's state (§8: expired; confirmed; cancelled or not found;
 * confirmation failed) and, while it waits, a short summary of the order (no address).
 */

const iso = (d: Date | string) => new Date(d).toISOString()

export const enquiryNotFound = refusal(404, 'NOT_FOUND', 'REQUEST_NOT_FOUND', [
  'This request does not exist',
  '该请求不存在',
])
const noPermission = refusal(403, 'FORBIDDEN', 'INTERACTION_NO_PERMISSION', [
  'You have no permission to add to this request: it is closed',
  '您无权操作该请求：请求已关闭',
])
const limitReached = refusal(409, 'CONFLICT', 'INTERACTION_LIMIT_REACHED', [
  `You have reached the limit of ${ENQUIRY_COMMENT_LIMIT} comments on this request`,
  `该请求的留言已达上限（${ENQUIRY_COMMENT_LIMIT} 条）`,
])
const linkNotFound = refusal(404, 'NOT_FOUND', 'CONFIRMATION_NOT_FOUND', [
  'This order has been cancelled or could not be found',
  '该订单已取消或不存在',
])

type InteractionRow = {
  id: number
  request_id: string
  author: 'customer' | 'staff'
  status: InteractionStatus
  comment: string | null
  attachments: { name: string; url: string | null }[]
  created_at: Date | string
}
const toInteraction = (i: InteractionRow): Interaction => ({
  id: i.id,
  author: i.author,
  status: i.status,
  comment: i.comment,
  attachments: (i.attachments ?? []).map((a) => ({ name: String(a.name), url: a.url ?? null })),
  createdAt: iso(i.created_at),
})

export async function enquiryRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const db = opts.db

  // ---- GET /request/list — the caller's requests, newest first
  serveEndpoint(app, orderEndpoints.enquiryList, app.requireUser, async (req) => {
    const rows = await db
      .selectFrom('service_requests as s')
      .select(['s.request_id', 's.kind', 's.status', 's.created_at', 's.items'])
      .select((eb) => [
        eb
          .selectFrom('request_interactions as i')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('i.request_id', '=', 's.request_id')
          .as('interaction_count'),
        eb
          .selectFrom('request_interactions as i')
          .select('i.status')
          .whereRef('i.request_id', '=', 's.request_id')
          .orderBy('i.created_at', 'desc')
          .orderBy('i.id', 'desc')
          .limit(1)
          .as('latest_status'),
      ])
      .where('s.user_id', '=', req.user!.id)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(200)
      .execute()
    const out: EnquirySummary[] = rows.map((s) => ({
      requestId: s.request_id,
      kind: s.kind,
      status: s.status,
      interactionStatus: (s.latest_status ?? 'pending') as InteractionStatus,
      createdAt: iso(s.created_at),
      itemCount: s.items.length,
      firstItemName: s.items[0]?.itemName ?? null,
      interactionCount: Number(s.interaction_count ?? 0),
    }))
    return ok(out)
  })

  // ---- GET /request/detail/:requestId — own only
  serveEndpoint(app, orderEndpoints.enquiryDetail, app.requireUser, async (req) => {
    const s = await db
      .selectFrom('service_requests')
      .selectAll()
      .where('request_id', '=', req.params.requestId)
      .where('user_id', '=', req.user!.id)
      .executeTakeFirst()
    if (!s) throw enquiryNotFound(req)
    const interactions = await db
      .selectFrom('request_interactions')
      .selectAll()
      .where('request_id', '=', s.request_id)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    const list = interactions.map((i) => toInteraction(i as InteractionRow))
    const customerComments = list.filter((i) => i.author === 'customer').length
    const data: EnquiryDetail = {
      requestId: s.request_id,
      kind: s.kind,
      status: s.status,
      interactionStatus: list.length ? list[list.length - 1].status : 'pending',
      createdAt: iso(s.created_at),
      contactName: s.contact_name,
      companyOrInstitution: s.company_or_institution,
      city: s.city,
      remark: s.remark,
      items: s.items.map((i) => ({ catalogNumber: i.catalogNumber, itemName: i.itemName, itemCount: i.itemCount })),
      interactions: list,
      customerComments,
      commentLimit: ENQUIRY_COMMENT_LIMIT,
      canComment: s.status !== 'completed' && customerComments < ENQUIRY_COMMENT_LIMIT,
    }
    return ok(data)
  })

  // ---- POST /request/:requestId/comment — a customer comment (the interaction status stays what it was)
  serveEndpoint(app, orderEndpoints.enquiryComment, app.requireUser, async (req) => {
    const comment = req.body.comment.trim()
    if (!comment)
      throw new ApiError(400, 'VALIDATION_ERROR', msg(req, 'Please enter a comment', '请输入留言'), 'COMMENT_EMPTY')
    const row = await db.transaction().execute(async (trx) => {
      const s = await trx
        .selectFrom('service_requests')
        .select(['request_id', 'status'])
        .where('request_id', '=', req.params.requestId)
        .where('user_id', '=', req.user!.id)
        .forUpdate()
        .executeTakeFirst()
      if (!s) throw enquiryNotFound(req)
      if (s.status === 'completed') throw noPermission(req)
      const counts = await trx
        .selectFrom('request_interactions')
        .select([sql<number>`count(*) filter (where author = 'customer')::int`.as('n')])
        .where('request_id', '=', s.request_id)
        .executeTakeFirstOrThrow()
      if (counts.n >= ENQUIRY_COMMENT_LIMIT) throw limitReached(req)
      const latest = await trx
        .selectFrom('request_interactions')
        .select('status')
        .where('request_id', '=', s.request_id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
      return trx
        .insertInto('request_interactions')
        .values({
          request_id: s.request_id,
          author: 'customer',
          status: latest?.status ?? 'pending',
          comment,
          attachments: '[]',
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    return ok(toInteraction(row as InteractionRow))
  })

  // ---- GET /request/file/:fileId — a file of a staff reply (issue 24), on one of the caller's own requests only
  serveEndpoint(app, orderEndpoints.enquiryFile, app.requireUser, async (req, reply) => {
    const f = await db
      .selectFrom('request_interaction_files as f')
      .innerJoin('service_requests as s', 's.request_id', 'f.request_id')
      .select(['f.file_name', 'f.mime', 'f.content'])
      .where('f.id', '=', req.params.fileId)
      .where('s.user_id', '=', req.user!.id)
      .executeTakeFirst()
    // another user's file answers exactly like a missing one
    if (!f) throw new ApiError(404, 'NOT_FOUND', msg(req, 'File not found', '未找到该文件'), 'FILE_NOT_FOUND')
    return sendDownload(reply, f)
  })

  // ---- confirmation links (no login: the token is the credential)
  const readLink = async (token: string) =>
    db
      .selectFrom('order_confirmations as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select([
        'c.token_hash',
        'c.kind',
        'c.state',
        'c.expires_at',
        'o.id as order_id',
        'o.status as order_status',
        'o.order_number',
        'o.created_at',
        'o.currency',
        'o.total_amount',
        'o.taxes',
        'o.handling_charge',
      ])
      .where('c.token_hash', '=', hashConfirmToken(token))
      .executeTakeFirst()
  type Link = NonNullable<Awaited<ReturnType<typeof readLink>>>

  const stateOf = (l: Link, now = Date.now()): Confirmation['state'] => {
    if (l.state !== 'pending') return l.state
    if (l.order_status === 'CANCELLED') return 'cancelled'
    return new Date(l.expires_at).getTime() <= now ? 'expired' : 'pending'
  }
  const answer = async (req: FastifyRequest, l: Link, state: Confirmation['state']): Promise<Confirmation> => {
    let order: Confirmation['order'] = null
    if (state === 'pending') {
      const lines = await db
        .selectFrom('order_lines')
        .select(['catalog_number', 'title_en', 'title_zh', 'quantity'])
        .where('order_id', '=', l.order_id)
        .orderBy('line_number')
        .limit(50)
        .execute()
      order = {
        orderNumber: l.order_number,
        createdAt: iso(l.created_at),
        currency: l.currency,
        total: toMajor(Number(l.total_amount) + Number(l.taxes) + Number(l.handling_charge)),
        lines: lines.map((x) => ({
          catalogNumber: x.catalog_number,
          productTitle: req.locale.language === 'en' ? x.title_en : x.title_zh,
          quantity: x.quantity,
        })),
      }
    }
    return { state, kind: l.kind, expiresAt: iso(l.expires_at), order }
  }

  serveEndpoint(app, orderEndpoints.confirmation, null, async (req) => {
    const l = await readLink(req.params.token)
    if (!l) throw linkNotFound(req)
    return ok(await answer(req, l, stateOf(l)))
  })

  serveEndpoint(app, orderEndpoints.answerConfirmation, null, async (req) => {
    const hash = hashConfirmToken(req.params.token)
    const action = req.body.action
    let applied: AppliedStatusChange | null = null
    const state = await db.transaction().execute(async (trx) => {
      const c = await trx
        .selectFrom('order_confirmations')
        .select(['state', 'expires_at', 'order_id'])
        .where('token_hash', '=', hash)
        .forUpdate()
        .executeTakeFirst()
      if (!c) return null
      const o = await lockOrder(trx, { id: c.order_id })
      // decided before: the same answer again (confirmed twice → confirmed)
      if (c.state !== 'pending') return c.state
      if (o.status === 'CANCELLED') return 'cancelled' as const
      if (new Date(c.expires_at).getTime() <= Date.now()) return 'expired' as const
      const decide = (s: 'confirmed' | 'cancelled' | 'failed') =>
        trx
          .updateTable('order_confirmations')
          .set({ state: s, decided_at: new Date() })
          .where('token_hash', '=', hash)
          .execute()
          .then(() => s)
      // the buyer's answer changes the order as every status change does (./status-change.ts: the lifecycle graph,
      // the hold, the history, the outbox, the stock of a cancel); a change the graph refuses is a failed answer
      const to = action === 'confirm' ? statusAfterConfirm(o.status) : canCancel(o.status) ? 'CANCELLED' : null
      if (!to) return decide('failed')
      if (to !== o.status) {
        const by = action === 'confirm' ? (['confirm', 'approve'] as const) : ('cancel' as const)
        try {
          checkStatusChange(o, to, by)
        } catch {
          return decide('failed')
        }
        applied = await changeOrderStatus(trx, o, { to, actor: `buyer:${o.user_id}`, by, event: { by: 'buyer' } })
      }
      return decide(action === 'confirm' ? 'confirmed' : 'cancelled')
    })
    if (applied) await (applied as AppliedStatusChange).afterCommit(app, db)
    if (state === null) throw linkNotFound(req)
    const l = await readLink(req.params.token)
    req.log.info({ action, state }, 'order confirmation link answered')
    return ok(await answer(req, l!, state))
  })
}
