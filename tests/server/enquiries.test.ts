import { it } from 'node:test'
import assert from 'node:assert/strict'
import { describeEachDb, tokenFor, auth, type TestContext, userRow } from './helpers'
import { ENQUIRY_COMMENT_LIMIT } from '../../types/order/enquiries'
import { createConfirmation } from '../../server/domains/order/confirmation-links'

/**
 * Requests and enquiries and order confirmation links (issue 12: "Requests and enquiries: list and
 * detail (/my-request-china/{requestId}) … the interaction history (status, comments, attachments;
 * limit reached, no permission, does not exist)"; "Order confirmation links: expired, confirmed,
 * cancelled or not found, confirmation failed, each with its message; the pre-order confirmation with
 * its 24 h window"), on PGlite and PostgreSQL, with an IDOR matrix for requests.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const ZH = { countrycode: 'cn', languagecode: 'zh' }
const USERS = ['approved.cn', 'approved.in', 'distributor.cn', 'lite.cn'] as const

const call = (
  ctx: TestContext,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: object,
  headers = EN,
) => ctx.app.inject({ method, url: `/api${url}`, headers: token ? auth(token, headers) : headers, payload })

/** A request of `userName` made straight in the table (the oracle for the list). */
async function makeRequest(
  ctx: TestContext,
  userName: string,
  over: { status?: 'pending' | 'in_progress' | 'completed'; createdAt?: Date } = {},
) {
  const u = await userRow(ctx.db, userName)
  const row = await ctx.db
    .insertInto('service_requests')
    .values({
      kind: 'lead',
      user_id: u.id,
      account_id: u.account_id,
      lead_cart_id: null,
      contact_name: 'Test Person',
      phone: '13800000000',
      email: 't@example.com',
      company_or_institution: 'Lab',
      city: null,
      remark: null,
      items: JSON.stringify([{ catalogNumber: 'X-1', itemName: 'Item', itemCount: 1 }]),
      status: over.status ?? 'pending',
      created_at: (over.createdAt ?? new Date()).toISOString(),
    })
    .returning('request_id')
    .executeTakeFirstOrThrow()
  return row.request_id
}

describeEachDb('requests and enquiries', (ctx) => {
  it("list: the caller's own requests only, newest first, with the latest interaction status", async () => {
    const owners = new Map<string, string[]>()
    for (const name of USERS) {
      const ids = (
        await ctx()
          .db.selectFrom('service_requests as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select('s.request_id')
          .where('u.user_name', '=', name)
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id', 'desc')
          .execute()
      ).map((r) => r.request_id)
      owners.set(name, ids)
    }
    assert.ok(owners.get('approved.cn')!.length >= 3, 'the seed gives approved.cn requests')
    for (const name of USERS) {
      const res = await call(ctx(), 'GET', '/request/list', await tokenFor(ctx(), name))
      assert.equal(res.statusCode, 200)
      const list = res.json().data as { requestId: string; createdAt: string; interactionStatus: string }[]
      assert.deepEqual(
        list.map((r) => r.requestId),
        owners.get(name),
        `${name} sees exactly its own requests, newest first`,
      )
    }
    const cn = (await call(ctx(), 'GET', '/request/list', await tokenFor(ctx(), 'approved.cn'))).json().data as {
      requestId: string
      interactionStatus: string
    }[]
    assert.equal(cn.find((r) => r.requestId === 'RQ-D00002')!.interactionStatus, 'approved')
    assert.equal(
      (await call(ctx(), 'GET', '/request/list', null)).statusCode,
      401,
      'login is required for requests (spec §6)',
    )
  })

  it('detail: status, items and the interaction history with comments and attachments', async () => {
    const res = await call(ctx(), 'GET', '/request/detail/RQ-D00002', await tokenFor(ctx(), 'approved.cn'))
    assert.equal(res.statusCode, 200)
    const d = res.json().data
    assert.equal(d.kind, 'quote')
    assert.equal(d.interactionStatus, 'approved')
    assert.ok(d.items.length > 0)
    const withFile = d.interactions.find((i: { attachments: unknown[] }) => i.attachments.length > 0)
    assert.deepEqual(withFile.attachments, [{ name: 'Quotation-RQ-D00002.pdf', url: null }])
    assert.equal(d.commentLimit, ENQUIRY_COMMENT_LIMIT)
    assert.equal(d.canComment, true)
  })

  it('IDOR matrix: another user\'s request answers 404 "does not exist" on detail and comment, and nothing is written', async () => {
    const own = new Map<string, string>()
    for (const name of USERS) own.set(name, await makeRequest(ctx(), name))
    for (const caller of USERS) {
      const token = await tokenFor(ctx(), caller)
      for (const owner of USERS) {
        const id = own.get(owner)!
        const detail = await call(ctx(), 'GET', `/request/detail/${id}`, token)
        const comment = await call(ctx(), 'POST', `/request/${id}/comment`, token, { comment: `from ${caller}` })
        if (caller === owner) {
          assert.equal(detail.statusCode, 200, `${caller} reads its own request`)
          assert.equal(comment.statusCode, 200, `${caller} comments on its own request`)
        } else {
          assert.equal(detail.statusCode, 404, `${caller} cannot read ${owner}'s request`)
          assert.equal(detail.json().message, 'This request does not exist')
          assert.equal(detail.json().reason, 'REQUEST_NOT_FOUND')
          assert.equal(comment.statusCode, 404, `${caller} cannot comment on ${owner}'s request`)
        }
      }
      const n = await ctx()
        .db.selectFrom('request_interactions')
        .select('comment')
        .where('request_id', 'in', [...own.values()])
        .where('comment', '=', `from ${caller}`)
        .execute()
      assert.equal(n.length, 1, `${caller}'s comment landed on its own request only`)
    }
    const unknown = await call(
      ctx(),
      'GET',
      '/request/detail/RQ-999999',
      await tokenFor(ctx(), 'approved.cn'),
      undefined,
      ZH,
    )
    assert.equal(unknown.statusCode, 404)
    assert.equal(unknown.json().message, '该请求不存在')
  })

  it('comments: "limit reached" after the limit (409), "no permission" on a closed request (403), empty refused', async () => {
    const token = await tokenFor(ctx(), 'distributor.cn')
    const id = await makeRequest(ctx(), 'distributor.cn')
    for (let i = 0; i < ENQUIRY_COMMENT_LIMIT; i++) {
      const r = await call(ctx(), 'POST', `/request/${id}/comment`, token, { comment: `comment ${i}` })
      assert.equal(r.statusCode, 200)
      assert.equal(r.json().data.author, 'customer')
    }
    const over = await call(ctx(), 'POST', `/request/${id}/comment`, token, { comment: 'one too many' })
    assert.equal(over.statusCode, 409)
    assert.equal(over.json().reason, 'INTERACTION_LIMIT_REACHED')
    assert.match(over.json().message, /limit/)
    const d = (await call(ctx(), 'GET', `/request/detail/${id}`, token)).json().data
    assert.equal(d.customerComments, ENQUIRY_COMMENT_LIMIT)
    assert.equal(d.canComment, false)

    const closed = await call(ctx(), 'POST', '/request/RQ-D00003/comment', await tokenFor(ctx(), 'approved.cn'), {
      comment: 'hello',
    })
    assert.equal(closed.statusCode, 403)
    assert.equal(closed.json().reason, 'INTERACTION_NO_PERMISSION')
    assert.equal((await call(ctx(), 'POST', `/request/${id}/comment`, token, { comment: '   ' })).statusCode, 400)
  })

  it("comments: two at once at the limit's edge — exactly one is accepted", async () => {
    const token = await tokenFor(ctx(), 'approved.in')
    const id = await makeRequest(ctx(), 'approved.in')
    for (let i = 0; i < ENQUIRY_COMMENT_LIMIT - 1; i++)
      assert.equal((await call(ctx(), 'POST', `/request/${id}/comment`, token, { comment: `c${i}` })).statusCode, 200)
    const both = await Promise.all(
      [1, 2].map((k) => call(ctx(), 'POST', `/request/${id}/comment`, token, { comment: `race ${k}` })),
    )
    assert.deepEqual(both.map((r) => r.statusCode).sort(), [200, 409])
  })
})

describeEachDb('order confirmation links', (ctx) => {
  const anOrder = async (status: string) => {
    const u = await userRow(ctx(), 'approved.cn')
    const o = await ctx()
      .db.selectFrom('orders')
      .select(['id', 'order_number'])
      .where('account_id', '=', u.account_id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    await ctx().db.updateTable('orders').set({ status }).where('id', '=', o.id).execute()
    return o
  }

  it('a pending link shows the order summary without login; confirm moves a waiting order on; confirmed twice → confirmed', async () => {
    const o = await anOrder('TO_BE_CONFIRMED')
    const { token } = await createConfirmation(ctx().db, o.id, 'order')
    const get = await call(ctx(), 'GET', `/order/confirm/${token}`, null)
    assert.equal(get.statusCode, 200)
    assert.equal(get.json().data.state, 'pending')
    assert.equal(get.json().data.order.orderNumber, o.order_number)
    assert.ok(get.json().data.order.lines.length > 0)
    const first = await call(ctx(), 'POST', `/order/confirm/${token}`, null, { action: 'confirm' })
    assert.equal(first.json().data.state, 'confirmed')
    assert.equal(first.json().data.order, null, 'a decided link shows no order')
    assert.equal(
      (await ctx().db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status,
      'SUBMITTED',
    )
    const again = await call(ctx(), 'POST', `/order/confirm/${token}`, null, { action: 'cancel' })
    assert.equal(again.json().data.state, 'confirmed', 'a decided link keeps its answer')
    assert.equal(
      (await ctx().db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status,
      'SUBMITTED',
    )
  })

  it('cancel cancels the order; a shipped order cannot be confirmed ("confirmation failed")', async () => {
    const o = await anOrder('SUBMITTED')
    const { token } = await createConfirmation(ctx().db, o.id, 'order')
    assert.equal(
      (await call(ctx(), 'POST', `/order/confirm/${token}`, null, { action: 'cancel' })).json().data.state,
      'cancelled',
    )
    assert.equal(
      (await ctx().db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status,
      'CANCELLED',
    )
    assert.equal((await call(ctx(), 'GET', `/order/confirm/${token}`, null)).json().data.state, 'cancelled')

    const shipped = await anOrder('SHIPPED')
    const l2 = await createConfirmation(ctx().db, shipped.id, 'order')
    assert.equal(
      (await call(ctx(), 'POST', `/order/confirm/${l2.token}`, null, { action: 'confirm' })).json().data.state,
      'failed',
    )
    assert.equal((await call(ctx(), 'GET', `/order/confirm/${l2.token}`, null)).json().data.state, 'failed')
  })

  it('pre-order: the link lasts 24 hours (spec §9), then answers expired and changes nothing', async () => {
    const o = await anOrder('TO_BE_CONFIRMED')
    const now = new Date()
    const { token, expiresAt } = await createConfirmation(ctx().db, o.id, 'preorder', now)
    assert.equal(expiresAt.getTime() - now.getTime(), 24 * 3600_000)
    // the window has passed
    await ctx()
      .db.updateTable('order_confirmations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_id', '=', o.id)
      .where('kind', '=', 'preorder')
      .execute()
    assert.equal((await call(ctx(), 'GET', `/order/confirm/${token}`, null)).json().data.state, 'expired')
    assert.equal(
      (await call(ctx(), 'POST', `/order/confirm/${token}`, null, { action: 'confirm' })).json().data.state,
      'expired',
    )
    assert.equal(
      (await ctx().db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status,
      'TO_BE_CONFIRMED',
    )
  })

  it('an unknown or malformed token: 404 "cancelled or not found"; only the hash of a token is stored', async () => {
    const res = await call(ctx(), 'GET', '/order/confirm/not-a-real-token-000000000000', null)
    assert.equal(res.statusCode, 404)
    assert.equal(res.json().reason, 'CONFIRMATION_NOT_FOUND')
    assert.equal(res.json().message, 'This order has been cancelled or could not be found')
    assert.equal((await call(ctx(), 'POST', '/order/confirm/unknown', null, { action: 'confirm' })).statusCode, 404)
    assert.equal((await call(ctx(), 'GET', '/order/confirm/bad%20token', null)).statusCode, 400)
    const o = await anOrder('SUBMITTED')
    const { token } = await createConfirmation(ctx().db, o.id, 'order')
    const stored = await ctx().db.selectFrom('order_confirmations').select('token_hash').execute()
    assert.ok(stored.every((s) => s.token_hash !== token && s.token_hash.length === 64))
  })
})
