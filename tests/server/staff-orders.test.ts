import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { auth, describeEachDb, tokenFor, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { erpClient, sendRows } from './erp-helpers'

/**
 * Issue 24, the order decisions of staff: "Orders: review decisions for pending review, financial review and pending
 * approval; hold and release." "Cancel and return requests: accept or refuse with a note; a return's goods
 * received; the order's status follows." "(each notifies the buyer: notification list, and email through MAIL_URL)".
 * On approved.in's seeded orders (one in each status: server/db/seed/orders.ts) and requests (RR-000001 pending
 * cancel, RR-000002 pending return, RR-000003 accepted return: server/db/seed/order-requests.ts). And the confirmation
 * link staff send the buyer (spec §9: an order "on hold" is answered through its link; "Pre-order: 24 hours").
 */

const BUYER = 'approved.in'
const BUYER_ID = 'U-9a1b2c3d'
const BUYER_MAIL = 'priya.sharma@example.ac.in'

describeEachDb('staff order decisions (issue 24)', (ctx: () => TestContext) => {
  const call = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
    const res = await ctx().app.inject({
      method,
      url,
      headers: { ...auth(token), languagecode: 'en' },
      ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
    })
    return { status: res.statusCode, body: res.json() }
  }
  const admin = () => staffToken(ctx().db, 'staff-administrator')
  const orderDesk = () => staffToken(ctx().db, 'staff-orderDesk')
  const service = () => staffToken(ctx().db, 'staff-customerService')
  /** the n-th of approved.in's seeded orders in `status` */
  const orderIn = async (status: string, n = 0) => {
    const rows = await ctx()
      .db.selectFrom('orders')
      .select(['id', 'order_number'])
      .where('user_id', '=', BUYER_ID)
      .where('status', '=', status)
      .orderBy('id')
      .execute()
    assert.ok(rows.length > n, `approved.in has ${n + 1} orders in ${status}`)
    return rows[n]
  }
  const row = (orderNumber: string) =>
    ctx()
      .db.selectFrom('orders')
      .select(['id', 'status', 'held_from', 'held_reason', 'updated_at'])
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow()
  const events = (type: string, key: string, value: string) =>
    ctx()
      .db.selectFrom('outbox_events')
      .select(['type', 'payload'])
      .where('type', '=', type)
      .where(sql<boolean>`payload->>${key} = ${value}`)
      .execute()
      .then((rs) => rs.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload)))
  const auditOf = (entity: string, entityId: string) =>
    ctx()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute()
  const auditCount = async () =>
    Number(
      (
        await ctx()
          .db.selectFrom('audit_log')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const notices = () =>
    ctx()
      .db.selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', BUYER_ID)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  const waitForMail = async (subject: string) => {
    for (let i = 0; i < 100; i++) {
      const box = (await ctx().app.mail.standIn())?.messages ?? []
      const found = box.find((m) => m.to.includes(BUYER_MAIL) && m.subject.includes(subject))
      if (found) return found
      await new Promise((r) => setTimeout(r, 20))
    }
    assert.fail(`no mail to ${BUYER_MAIL} with "${subject}"`)
  }
  const buyerDetail = async (orderNumber: string) => {
    const t = await tokenFor(ctx(), BUYER)
    return call('GET', `/api/order/detail/${orderNumber}`, t)
  }
  const stockOf = async (orderId: number) => {
    const lines = await ctx()
      .db.selectFrom('order_lines as l')
      .innerJoin('product_stock as s', 's.product_id', 'l.product_id')
      .select(['l.product_id', 'l.allocated_qty', 's.quantity'])
      .where('l.order_id', '=', orderId)
      .orderBy('l.product_id')
      .execute()
    return lines
  }

  // "Orders: review decisions for pending review, financial review and pending approval"
  it('the queue lists orders by status with account, buyer, total and hold; the detail has lines, addresses, requests, history', async () => {
    const t = await admin()
    const review = await orderIn('PENDING_REVIEW')
    const q = await call('GET', '/api/admin/orders?status=PENDING_REVIEW&pageSize=100', t)
    assert.equal(q.status, 200, JSON.stringify(q.body))
    const item = q.body.data.items.find((x: { orderNumber: string }) => x.orderNumber === review.order_number)
    assert.ok(item, 'the order pending review is in the queue')
    assert.equal(item.status, 'PENDING_REVIEW')
    assert.equal(item.buyer.userName, BUYER)
    assert.equal(item.held, false)
    assert.ok(item.total > 0 && item.account.id > 0 && item.placedAt)
    assert.ok(q.body.data.items.every((x: { status: string }) => x.status === 'PENDING_REVIEW'))
    assert.equal(q.body.data.total, q.body.data.items.length)

    const d = await call('GET', `/api/admin/orders/${review.order_number}`, t)
    assert.equal(d.status, 200, JSON.stringify(d.body))
    assert.ok(d.body.data.lines.length >= 1)
    assert.ok(d.body.data.addresses.shipTo.addressKey)
    assert.deepEqual(d.body.data.history, [])
    const withRequest = await call('GET', `/api/admin/orders/${(await orderIn('SUBMITTED')).order_number}`, t)
    assert.ok(withRequest.body.data.requests.some((r: { requestNumber: string }) => r.requestNumber === 'RR-000001'))

    assert.equal((await call('GET', '/api/admin/orders/9999999', t)).status, 404)
    assert.equal((await call('GET', '/api/admin/orders?status=NOPE', t)).status, 400)
    assert.equal((await call('GET', '/api/admin/orders?pageSize=101', t)).status, 400)
  })

  it('approve: PENDING_REVIEW moves on to SUBMITTED; buyer sees it and is told (list + email); audited; event; history; twice is 409', async () => {
    const t = await admin()
    const o = await orderIn('PENDING_REVIEW')
    const before = await notices()
    const r = await call('POST', `/api/admin/orders/${o.order_number}/review`, t, {
      decision: 'approve',
      note: 'Credit confirmed',
    })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    assert.equal(r.body.data.status, 'SUBMITTED')
    assert.equal((await row(o.order_number)).status, 'SUBMITTED')
    // what the buyer then sees
    assert.equal((await buyerDetail(o.order_number)).body.data.status, 'SUBMITTED')
    const after = await notices()
    assert.equal(after.length, before.length + 1)
    assert.match(after[0].title_en, new RegExp(`Order ${o.order_number}: Submitted`))
    assert.match(after[0].body_en, /Credit confirmed/)
    assert.deepEqual(after[0].link_params, { orderNumber: o.order_number })
    // approved.in reads English: the email is in English
    await waitForMail(`Order ${o.order_number}: Submitted`)
    // history, audit, event
    assert.deepEqual(
      r.body.data.history.map((h: { from: string; to: string; actor: string }) => [h.from, h.to, h.actor]),
      [['PENDING_REVIEW', 'SUBMITTED', 'staff:staff-administrator']],
    )
    const audit = await auditOf('order', o.order_number)
    assert.equal(audit.length, 1)
    assert.equal(audit[0].action, 'order.review.approve')
    assert.deepEqual(
      [(audit[0].before as { status: string }).status, (audit[0].after as { status: string }).status],
      ['PENDING_REVIEW', 'SUBMITTED'],
    )
    const ev = await events('order.status_changed', 'orderNumber', o.order_number)
    assert.equal(ev.length, 1)
    assert.equal(ev[0].from, 'PENDING_REVIEW')
    assert.equal(ev[0].to, 'SUBMITTED')
    assert.equal(ev[0].decision, 'approve')
    // already decided: 409, nothing more
    const n = await auditCount()
    const again = await call('POST', `/api/admin/orders/${o.order_number}/review`, await orderDesk(), {
      decision: 'approve',
    })
    assert.equal(again.status, 409)
    assert.equal(again.body.code, 'CONFLICT')
    assert.equal(await auditCount(), n)
  })

  it('reject: financial review (TO_BE_CONFIRMED) is cancelled, its stock released, the note told to the buyer; a note is required', async () => {
    const t = await orderDesk()
    const o = await orderIn('TO_BE_CONFIRMED')
    const noNote = await call('POST', `/api/admin/orders/${o.order_number}/review`, t, { decision: 'reject' })
    assert.equal(noNote.status, 400)
    assert.equal(noNote.body.code, 'VALIDATION_ERROR')
    assert.equal(
      (await call('POST', `/api/admin/orders/${o.order_number}/review`, t, { decision: 'maybe', note: 'x' })).status,
      400,
    )
    const stock = await stockOf(o.id)
    assert.ok(
      stock.some((l) => l.allocated_qty > 0),
      'the order took stock when placed',
    )
    const r = await call('POST', `/api/admin/orders/${o.order_number}/review`, t, {
      decision: 'reject',
      note: 'Prepayment not received within 7 days',
    })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    assert.equal((await row(o.order_number)).status, 'CANCELLED')
    assert.equal((await buyerDetail(o.order_number)).body.data.status, 'CANCELLED')
    // the graph's cancel effect: what the order took from the warehouse goes back
    const after = await stockOf(o.id)
    for (const [i, l] of stock.entries()) assert.equal(after[i].quantity, l.quantity + l.allocated_qty)
    const [n] = await notices()
    assert.match(n.title_en, /Cancelled/)
    assert.match(n.body_en, /Prepayment not received within 7 days/)
    assert.match(n.body_zh, /Prepayment not received within 7 days/)
    await waitForMail(`Order ${o.order_number}: Cancelled`)
    assert.equal((await events('order.cancelled', 'orderNumber', o.order_number)).length, 1)
    assert.equal((await auditOf('order', o.order_number))[0].action, 'order.review.reject')
  })

  it('review refusals: not in review 409 naming the status, unknown 404, wrong role 403 with nothing changed', async () => {
    const submitted = await orderIn('ORDER_SUBMITTED')
    const notReview = await call('POST', `/api/admin/orders/${submitted.order_number}/review`, await admin(), {
      decision: 'approve',
    })
    assert.equal(notReview.status, 409)
    assert.match(notReview.body.message, /ORDER_SUBMITTED/)
    assert.equal(
      (await call('POST', '/api/admin/orders/9999999/review', await admin(), { decision: 'approve' })).status,
      404,
    )
    const approval = await orderIn('PENDING_APPROVAL')
    const n = await auditCount()
    for (const staff of ['staff-customerService', 'staff-marketing', 'staff-finance']) {
      const res = await call(
        'POST',
        `/api/admin/orders/${approval.order_number}/review`,
        await staffToken(ctx().db, staff),
        { decision: 'approve' },
      )
      assert.equal(res.status, 403, staff)
    }
    assert.equal((await row(approval.order_number)).status, 'PENDING_APPROVAL')
    assert.equal(await auditCount(), n)
    // pending approval is approved like the others
    const ok = await call('POST', `/api/admin/orders/${approval.order_number}/review`, await admin(), {
      decision: 'approve',
    })
    assert.equal(ok.status, 200)
    assert.equal(ok.body.data.status, 'SUBMITTED')
  })

  // "hold and release": a held order keeps its status; nothing moves it until it is released
  it('hold: the order keeps its status, the buyer sees "on hold"; no transition while held (409); release restores it', async () => {
    const t = await orderDesk()
    const o = await orderIn('IN_PROGRESS')
    const noReason = await call('POST', `/api/admin/orders/${o.order_number}/hold`, t, {})
    assert.equal(noReason.status, 400)
    const h = await call('POST', `/api/admin/orders/${o.order_number}/hold`, t, { reason: 'Export licence check' })
    assert.equal(h.status, 200, JSON.stringify(h.body))
    assert.equal(h.body.data.status, 'IN_PROGRESS')
    assert.equal(h.body.data.held, true)
    assert.deepEqual(
      { from: h.body.data.hold.from, reason: h.body.data.hold.reason, by: h.body.data.hold.by },
      { from: 'IN_PROGRESS', reason: 'Export licence check', by: 'staff-orderDesk' },
    )
    const held = await row(o.order_number)
    assert.equal(held.status, 'IN_PROGRESS')
    assert.equal(held.held_from, 'IN_PROGRESS')
    // the buyer: the spec's "on hold" (PENDING) in the detail and the list, and told
    assert.equal((await buyerDetail(o.order_number)).body.data.status, 'PENDING')
    const list = await call('GET', '/api/order/list?status=review&limit=50', await tokenFor(ctx(), BUYER))
    assert.equal(list.status, 200, JSON.stringify(list.body))
    assert.ok(
      list.body.data.items.some((x: { orderNumber: string; status: string }) => x.orderNumber === o.order_number),
    )
    await waitForMail(`Order ${o.order_number} is on hold`)
    assert.equal((await events('order.held', 'orderNumber', o.order_number)).length, 1)
    // in the held queue
    const q = await call('GET', '/api/admin/orders?held=true', t)
    assert.ok(q.body.data.items.some((x: { orderNumber: string }) => x.orderNumber === o.order_number))
    // no status change while held: neither the ERP's (a status, a shipment) nor any decision
    const erp = await erpClient(ctx().app, ctx().db, ['erp:orders'])
    const moved = await sendRows(ctx().app, erp.token, 'orders/status', [
      { id: 'held-1', orderNo: o.order_number, status: 'CANCELLED' },
    ])
    const shipped = await sendRows(ctx().app, erp.token, 'shipments', [
      { id: 'held-2', orderNo: o.order_number, carrier: 'Blue Dart', trackingNumber: '12345678901' },
    ])
    for (const a of [moved, shipped]) {
      assert.equal(a.results[0].status, 409, JSON.stringify(a.results[0]))
      assert.match(a.results[0].message ?? '', /on hold/)
    }
    assert.equal((await row(o.order_number)).status, 'IN_PROGRESS')
    assert.equal((await buyerDetail(o.order_number)).body.data.shipments.length, 0)
    const again = await call('POST', `/api/admin/orders/${o.order_number}/hold`, t, { reason: 'twice' })
    assert.equal(again.status, 409)

    const r = await call('POST', `/api/admin/orders/${o.order_number}/release`, t, {})
    assert.equal(r.status, 200, JSON.stringify(r.body))
    assert.equal(r.body.data.held, false)
    const released = await row(o.order_number)
    assert.equal(released.status, 'IN_PROGRESS')
    assert.equal(released.held_from, null)
    assert.equal((await buyerDetail(o.order_number)).body.data.status, 'IN_PROGRESS')
    await waitForMail(`Order ${o.order_number} is no longer on hold`)
    assert.equal((await events('order.released', 'orderNumber', o.order_number)).length, 1)
    assert.deepEqual(
      (await auditOf('order', o.order_number)).map((a) => a.action),
      ['order.hold', 'order.release'],
    )
    assert.equal((await call('POST', `/api/admin/orders/${o.order_number}/release`, t, {})).status, 409)
    // a final order has nothing to hold; customer service may not hold (order.hold)
    const done = await orderIn('COMPLETED', 2)
    assert.equal((await call('POST', `/api/admin/orders/${done.order_number}/hold`, t, { reason: 'x' })).status, 409)
    const n = await auditCount()
    const refused = await call('POST', `/api/admin/orders/${o.order_number}/hold`, await service(), { reason: 'x' })
    assert.equal(refused.status, 403)
    assert.equal((await row(o.order_number)).held_from, null)
    assert.equal(await auditCount(), n)
  })

  // "Cancel and return requests: accept or refuse with a note; ... the order's status follows"
  it('accept a cancel request: request completed, the order CANCELLED (stock back), buyer told; a held order is 409 first', async () => {
    const t = await service()
    const r0 = await call('GET', '/api/admin/order-requests?type=cancel&status=pending', t)
    assert.equal(r0.status, 200)
    const req = r0.body.data.items.find((x: { requestNumber: string }) => x.requestNumber === 'RR-000001')
    assert.ok(req, 'the seeded cancel request is in the queue')
    assert.equal(req.orderStatus, 'SUBMITTED')
    const o = await row(req.orderNumber)
    // held: the order cannot follow, so the request is not decided (409) and nothing changes
    assert.equal(
      (await call('POST', `/api/admin/orders/${req.orderNumber}/hold`, await admin(), { reason: 'Audit' })).status,
      200,
    )
    const n = await auditCount()
    const whileHeld = await call('POST', '/api/admin/order-requests/RR-000001/accept', t, { note: 'OK' })
    assert.equal(whileHeld.status, 409)
    assert.match(whileHeld.body.message, /on hold/)
    assert.equal(await auditCount(), n)
    assert.equal((await call('POST', `/api/admin/orders/${req.orderNumber}/release`, await admin(), {})).status, 200)
    assert.equal((await call('POST', '/api/admin/order-requests/RR-000001/accept', t, {})).status, 400) // a note
    const stock = await stockOf(o.id)
    const a = await call('POST', '/api/admin/order-requests/RR-000001/accept', t, { note: 'Cancelled as you asked' })
    assert.equal(a.status, 200, JSON.stringify(a.body))
    assert.equal(a.body.data.status, 'completed')
    assert.equal(a.body.data.orderStatus, 'CANCELLED')
    assert.equal(a.body.data.decision.by, 'staff:staff-customerService')
    assert.equal(a.body.data.decision.note, 'Cancelled as you asked')
    assert.equal((await row(req.orderNumber)).status, 'CANCELLED')
    const after = await stockOf(o.id)
    for (const [i, l] of stock.entries()) assert.equal(after[i].quantity, l.quantity + l.allocated_qty)
    // the buyer: the request and the order
    const mine = await call('GET', `/api/order/${req.orderNumber}/requests`, await tokenFor(ctx(), BUYER))
    assert.equal(mine.body.data[0].status, 'completed')
    assert.equal((await buyerDetail(req.orderNumber)).body.data.status, 'CANCELLED')
    const [notice] = await notices()
    assert.match(notice.title_en, /cancellation request RR-000001 is accepted/)
    await waitForMail('cancellation request RR-000001 is accepted')
    assert.equal((await events('order_request.decided', 'requestNumber', 'RR-000001'))[0].decision, 'accepted')
    const changed = await events('order.status_changed', 'orderNumber', req.orderNumber)
    assert.deepEqual(
      changed.map((e) => [e.from, e.to, e.requestNumber]),
      [['SUBMITTED', 'CANCELLED', 'RR-000001']],
    )
    assert.deepEqual(
      (await auditOf('order_request', 'RR-000001')).map((x) => x.action),
      ['orderRequest.accept'],
    )
    // decided: 409; unknown: 404; not a request number: 400
    assert.equal((await call('POST', '/api/admin/order-requests/RR-000001/refuse', t, { note: 'x' })).status, 409)
    assert.equal((await call('POST', '/api/admin/order-requests/RR-999999/accept', t, { note: 'x' })).status, 404)
    assert.equal((await call('POST', '/api/admin/order-requests/1/accept', t, { note: 'x' })).status, 400)
  })

  it('a cancel request of an order that has shipped since: accepting is 409 naming both statuses, nothing changes', async () => {
    const shipped = await orderIn('SHIPPED')
    const { request_number } = await ctx()
      .db.insertInto('order_requests')
      .values({
        kind: 'cancel',
        order_id: shipped.id,
        account_id: (
          await ctx()
            .db.selectFrom('orders')
            .select('account_id')
            .where('id', '=', shipped.id)
            .executeTakeFirstOrThrow()
        ).account_id,
        user_id: BUYER_ID,
        category: 'other',
        sub_category: 'other',
        contact_name: 'Priya Sharma',
        phone: '+91-9845012345',
        email: BUYER_MAIL,
        remark: null,
        follow_up_by: new Date(Date.now() + 48 * 3600_000),
      })
      .returning('request_number')
      .executeTakeFirstOrThrow()
    const n = await auditCount()
    const r = await call('POST', `/api/admin/order-requests/${request_number}/accept`, await admin(), { note: 'OK' })
    assert.equal(r.status, 409)
    assert.match(r.body.message, /from SHIPPED to CANCELLED/)
    assert.equal((await row(shipped.order_number)).status, 'SHIPPED')
    assert.equal(await auditCount(), n)
    const pending = await ctx()
      .db.selectFrom('order_requests')
      .select('status')
      .where('request_number', '=', request_number)
      .executeTakeFirstOrThrow()
    assert.equal(pending.status, 'pending')
    // refusing it is possible, with the note told to the buyer
    const refused = await call('POST', `/api/admin/order-requests/${request_number}/refuse`, await admin(), {
      note: 'Already on its way: please ask for a return',
    })
    assert.equal(refused.status, 200)
    assert.equal(refused.body.data.status, 'rejected')
    assert.match((await notices())[0].body_en, /Already on its way/)
  })

  it('returns: refuse with a note (order unchanged); goods received for an accepted return; accept moves a return to in_progress', async () => {
    const t = await admin()
    const refuse = await call('POST', '/api/admin/order-requests/RR-000002/refuse', t, {
      note: 'The logger shows the cold chain was kept',
    })
    assert.equal(refuse.status, 200, JSON.stringify(refuse.body))
    assert.equal(refuse.body.data.status, 'rejected')
    assert.equal(refuse.body.data.orderStatus, 'COMPLETED')
    await waitForMail('return request RR-000002 is declined')
    assert.equal((await events('order_request.decided', 'requestNumber', 'RR-000002'))[0].decision, 'refused')
    // goods of a refused return, of a cancel: 409
    assert.equal((await call('POST', '/api/admin/order-requests/RR-000002/goods-received', t, {})).status, 409)

    const q = await call('GET', '/api/admin/order-requests?type=return&status=in_progress', t)
    const accepted = q.body.data.items.find((x: { requestNumber: string }) => x.requestNumber === 'RR-000003')
    assert.ok(accepted?.decision, 'the seeded accepted return, with its decision')
    const g = await call('POST', '/api/admin/order-requests/RR-000003/goods-received', t, { note: 'Bottle intact' })
    assert.equal(g.status, 200, JSON.stringify(g.body))
    assert.equal(g.body.data.status, 'completed')
    assert.equal(g.body.data.goodsReceived.note, 'Bottle intact')
    assert.equal(g.body.data.orderStatus, 'COMPLETED')
    await waitForMail('Returned goods received (RR-000003)')
    assert.equal((await events('return.goods_received', 'requestNumber', 'RR-000003')).length, 1)
    assert.equal((await call('POST', '/api/admin/order-requests/RR-000003/goods-received', t, {})).status, 409)

    // a new return through the buyer's form... accepted: awaiting the goods (in_progress), order unchanged
    const done = await orderIn('COMPLETED', 2)
    const { request_number } = await ctx()
      .db.insertInto('order_requests')
      .values({
        kind: 'return',
        order_id: done.id,
        account_id: (
          await ctx().db.selectFrom('orders').select('account_id').where('id', '=', done.id).executeTakeFirstOrThrow()
        ).account_id,
        user_id: BUYER_ID,
        category: 'return',
        sub_category: 'damaged',
        contact_name: 'Priya Sharma',
        phone: '+91-9845012345',
        email: BUYER_MAIL,
        remark: null,
        follow_up_by: new Date(Date.now() + 48 * 3600_000),
      })
      .returning('request_number')
      .executeTakeFirstOrThrow()
    const early = await call('POST', `/api/admin/order-requests/${request_number}/goods-received`, t, {})
    assert.equal(early.status, 409)
    const acc = await call('POST', `/api/admin/order-requests/${request_number}/accept`, t, { note: 'Send it back' })
    assert.equal(acc.status, 200)
    assert.equal(acc.body.data.status, 'in_progress')
    assert.equal((await row(done.order_number)).status, 'COMPLETED')
    // finance may not decide requests (orderRequest.decide)
    const n = await auditCount()
    const fin = await call(
      'POST',
      `/api/admin/order-requests/${request_number}/goods-received`,
      await staffToken(ctx().db, 'staff-finance'),
      {},
    )
    assert.equal(fin.status, 403)
    assert.equal(await auditCount(), n)
    assert.equal((await call('GET', '/api/admin/order-requests?type=refund', t)).status, 400)
  })

  it('two staff deciding the same order at once: one wins, the other gets 409', async () => {
    // another account's order pending review (approved.in's was decided above)
    const target = await ctx()
      .db.selectFrom('orders')
      .select(['id', 'order_number'])
      .where('status', '=', 'PENDING_REVIEW')
      .where('user_id', '<>', BUYER_ID)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/orders/${target.order_number}/review`, await admin(), { decision: 'approve' }),
      call('POST', `/api/admin/orders/${target.order_number}/review`, await orderDesk(), {
        decision: 'reject',
        note: 'Duplicate order',
      }),
    ])
    assert.deepEqual([a.status, b.status].sort(), [200, 409])
    assert.equal((await events('order.status_changed', 'orderNumber', target.order_number)).length, 1)
    assert.equal((await auditOf('order', target.order_number)).length, 1)
  })

  // the confirmation link (it replaced the operator endpoint that made one): made by staff with order.hold
  it('a confirmation link: the buyer is told (list + email with the link) and the link opens; a pre-order link lasts 24 hours', async () => {
    const o = await orderIn('PENDING')
    const res = await call('POST', `/api/admin/orders/${o.order_number}/confirmation-link`, await orderDesk(), {
      kind: 'preorder',
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const { token, path, expiresAt } = res.body.data as { token: string; path: string; expiresAt: string }
    assert.equal(path, `/order-confirmation/${token}`)
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000
    assert.ok(hours > 23.9 && hours <= 24, `spec §9 "Pre-order: 24 hours": ${hours}`)
    // the link works without a login: it waits for the buyer's answer, with the order's summary
    const link = await ctx().app.inject({
      method: 'GET',
      url: `/api/order/confirm/${token}`,
      headers: { languagecode: 'en' },
    })
    assert.equal(link.statusCode, 200, link.body)
    assert.equal(link.json().data.state, 'pending')
    assert.equal(link.json().data.kind, 'preorder')
    assert.equal(link.json().data.order.orderNumber, o.order_number)
    // the buyer: a notification that opens the link's page, and an email carrying its address
    const [n] = await notices()
    assert.equal(n.title_en, `Please confirm your pre-order ${o.order_number}`)
    assert.equal(n.link_route, 'orderConfirm')
    const params = typeof n.link_params === 'string' ? JSON.parse(n.link_params) : n.link_params
    assert.deepEqual(params, { token })
    const mail = await waitForMail(`Please confirm your pre-order ${o.order_number}`)
    assert.ok(mail.text.includes(path), mail.text)
    // audited, without the token (the audit log is read by administrators; the link is the buyer's key)
    const [entry] = await auditOf('order', o.order_number)
    assert.equal(entry.action, 'order.confirmationLink')
    assert.equal(entry.staff_id, 'staff-orderDesk')
    assert.ok(!JSON.stringify(entry.after).includes(token))
    // an order link lasts 7 days
    const week = await call('POST', `/api/admin/orders/${o.order_number}/confirmation-link`, await admin(), {
      kind: 'order',
    })
    assert.equal(week.status, 200, JSON.stringify(week.body))
    assert.equal(Math.round((new Date(week.body.data.expiresAt).getTime() - Date.now()) / 3_600_000), 7 * 24)
  })

  it('confirmation link refusals: 403 without order.hold, 404 for an unknown order, 409 for a completed one; nothing made', async () => {
    const links = async () =>
      Number(
        (
          await ctx()
            .db.selectFrom('order_confirmations')
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = [await links(), await auditCount(), (await notices()).length]
    const o = await orderIn('PENDING')
    const refused = await call('POST', `/api/admin/orders/${o.order_number}/confirmation-link`, await service(), {
      kind: 'order',
    })
    assert.equal(refused.status, 403, JSON.stringify(refused.body))
    const unknown = await call('POST', '/api/admin/orders/9999999999/confirmation-link', await orderDesk(), {
      kind: 'order',
    })
    assert.equal(unknown.status, 404, JSON.stringify(unknown.body))
    const done = await orderIn('COMPLETED')
    const final = await call('POST', `/api/admin/orders/${done.order_number}/confirmation-link`, await orderDesk(), {
      kind: 'order',
    })
    assert.equal(final.status, 409, JSON.stringify(final.body))
    const bad = await call('POST', `/api/admin/orders/${o.order_number}/confirmation-link`, await orderDesk(), {
      kind: 'forever',
    })
    assert.equal(bad.status, 400)
    assert.deepEqual([await links(), await auditCount(), (await notices()).length], before)
  })
  // issue 25, the console's Orders screen: "search by order, sales-order or PO number, account, date, status; detail
  // with lines, shipments, invoices, the buyer's request history and the audit trail; export"
  it('order search (order.read): by order, sales-order and PO number, account, days, status; newest first; 403/400', async () => {
    const { db } = ctx()
    const finance = await staffToken(db, 'staff-finance')
    const o = await db
      .selectFrom('orders as o')
      .innerJoin('accounts as a', 'a.id', 'o.account_id')
      .select([
        'o.order_number',
        'o.sales_order_number',
        'o.po_number',
        'o.created_at',
        'o.status',
        'a.account_number',
        'a.name',
        'a.country',
      ])
      .where('o.user_id', '=', BUYER_ID)
      .where('o.po_number', 'is not', null)
      .orderBy('o.id')
      .executeTakeFirstOrThrow()
    const search = (q: string, token = finance) => call('GET', `/api/admin/orders/search?${q}`, token)
    const numbers = (r: { body: { data: { items: { orderNumber: string }[] } } }) =>
      r.body.data.items.map((x) => x.orderNumber)

    const byNo = await search(`orderNumber=${o.order_number}`)
    assert.equal(byNo.status, 200, JSON.stringify(byNo.body))
    assert.deepEqual(numbers(byNo), [o.order_number])
    assert.equal(byNo.body.data.items[0].poNumber, o.po_number)
    assert.equal(byNo.body.data.items[0].account.country, o.country)
    assert.ok(numbers(await search(`salesOrderNumber=${o.sales_order_number}`)).includes(o.order_number))
    // the PO number's beginning, case ignored
    const po = await search(`poNumber=${encodeURIComponent(o.po_number!.slice(0, 6).toLowerCase())}&pageSize=100`)
    assert.ok(numbers(po).includes(o.order_number), JSON.stringify(po.body))
    assert.ok(
      po.body.data.items.every((x: { poNumber: string }) =>
        x.poNumber.toLowerCase().startsWith(o.po_number!.slice(0, 6).toLowerCase()),
      ),
    )
    const byAccount = await search(`account=${encodeURIComponent(o.account_number!)}&status=${o.status}&pageSize=100`)
    assert.ok(numbers(byAccount).includes(o.order_number))
    assert.ok(byAccount.body.data.items.every((x: { status: string }) => x.status === o.status))
    // the day it was placed, in the account's country time: found; the day after: not
    const day = new Date(new Date(o.created_at).getTime() + (o.country === 'in' ? 330 : 480) * 60_000)
      .toISOString()
      .slice(0, 10)
    const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10)
    assert.ok(numbers(await search(`orderNumber=${o.order_number}&from=${day}&to=${day}`)).includes(o.order_number))
    assert.deepEqual(numbers(await search(`orderNumber=${o.order_number}&from=${next}`)), [])
    // newest first, paged
    const all = await search('pageSize=5&page=1')
    assert.equal(all.body.data.items.length, 5)
    const placed = all.body.data.items.map((x: { placedAt: string }) => Date.parse(x.placedAt))
    assert.deepEqual(
      placed,
      [...placed].sort((a: number, b: number) => b - a),
    )
    assert.ok(all.body.data.total >= 12)
    // a LIKE character is taken literally
    assert.deepEqual(numbers(await search('orderNumber=%25')), [])

    assert.equal((await search('status=NOPE')).status, 400)
    assert.equal((await search('from=2026-02-30')).status, 400)
    assert.equal((await search('from=2026-03-02&to=2026-03-01')).status, 400)
    assert.equal((await search('colour=red')).status, 400)
    const marketing = await search('pageSize=5', await staffToken(db, 'staff-marketing'))
    assert.equal(marketing.status, 403)
    assert.equal(marketing.body.code, 'FORBIDDEN')
  })

  it('order detail (order.read): lines, shipments, invoices, requests, history and the audit trail of order and requests', async () => {
    const { db } = ctx()
    const t = await service()
    // a request decided by an earlier test: its audit entry is in its order's trail, with the note
    const entry = await db
      .selectFrom('audit_log as l')
      .innerJoin('order_requests as r', 'r.request_number', 'l.entity_id')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['o.order_number', 'l.entity_id', 'l.action', 'l.staff_id', 'r.decision_note'])
      .where('l.entity', '=', 'order_request')
      .where('l.action', 'in', ['orderRequest.accept', 'orderRequest.refuse'])
      .orderBy('l.id')
      .executeTakeFirstOrThrow()
    const o = { order_number: entry.order_number }
    const d = await call('GET', `/api/admin/orders/${o.order_number}`, t)
    assert.equal(d.status, 200, JSON.stringify(d.body))
    assert.ok(d.body.data.lines.length >= 1)
    assert.ok(Array.isArray(d.body.data.invoices) && Array.isArray(d.body.data.shipments))
    const trail = d.body.data.audit.find((a: { entityId: string }) => a.entityId === entry.entity_id)
    assert.ok(trail, JSON.stringify(d.body.data.audit))
    assert.equal(trail.action, entry.action)
    assert.equal(trail.staffId, entry.staff_id)
    assert.equal(trail.note, entry.decision_note)
    // and a decision on an order itself (an approval of an earlier test)
    const approved = await db
      .selectFrom('audit_log')
      .select(['entity_id'])
      .where('entity', '=', 'order')
      .where('action', '=', 'order.review.approve')
      .executeTakeFirstOrThrow()
    const a = await call('GET', `/api/admin/orders/${approved.entity_id}`, t)
    assert.ok(a.body.data.audit.some((x: { action: string }) => x.action === 'order.review.approve'))
    // an order with an invoice: the ERP's invoices of its sales-order number
    const inv = await db
      .selectFrom('invoices as i')
      .innerJoin('orders as o', 'o.sales_order_number', 'i.sales_order_number')
      .select(['o.order_number', 'i.invoice_number'])
      .executeTakeFirst()
    if (inv) {
      const withInvoice = await call(
        'GET',
        `/api/admin/orders/${inv.order_number}`,
        await staffToken(db, 'staff-finance'),
      )
      assert.equal(withInvoice.status, 200)
      assert.ok(
        withInvoice.body.data.invoices.some((i: { invoiceNumber: string }) => i.invoiceNumber === inv.invoice_number),
      )
    }
    const refused = await call('GET', `/api/admin/orders/${o.order_number}`, await staffToken(db, 'staff-marketing'))
    assert.equal(refused.status, 403)
    // reading is not deciding: customer service may read, not review
    const review = await call('POST', `/api/admin/orders/${o.order_number}/review`, t, {
      decision: 'approve',
    })
    assert.equal(review.status, 403)
  })

  it('order export (order.read): the search as CSV, one row per order, BOM, formula-safe; 400 for a bad day; 403', async () => {
    const { db, app } = ctx()
    const o = await orderIn('COMPLETED')
    const get = async (q: string, staffId: string, lang = 'en') =>
      app.inject({
        method: 'GET',
        url: `/api/admin/orders/export?${q}`,
        headers: { ...auth(await staffToken(db, staffId)), languagecode: lang },
      })
    const res = await get(`orderNumber=${o.order_number}`, 'staff-finance')
    assert.equal(res.statusCode, 200, res.body)
    assert.match(String(res.headers['content-type']), /^text\/csv/)
    assert.match(String(res.headers['content-disposition']), /attachment; filename="orders.csv"/)
    const bytes = res.rawPayload
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n')
    assert.equal(lines.length, 2)
    assert.match(lines[0], /^Order number,Sales order number,Placed,Status/)
    assert.ok(lines[1].startsWith(`${o.order_number},`))
    assert.match(lines[1], /,COMPLETED,/)
    const zh = await get(`orderNumber=${o.order_number}`, 'staff-orderDesk', 'zh')
    assert.match(zh.rawPayload.subarray(3).toString('utf8'), /^订单号,销售订单号/)
    // a PO number that starts like a formula is written with a leading '
    await db
      .updateTable('orders')
      .set({ po_number: '=HYPERLINK("x")' })
      .where('order_number', '=', o.order_number)
      .execute()
    const safe = await get(`orderNumber=${o.order_number}`, 'staff-finance')
    assert.match(safe.rawPayload.toString('utf8'), /"'=HYPERLINK\(""x""\)"/)
    assert.equal((await get('to=2026-13-01', 'staff-finance')).statusCode, 400)
    assert.equal((await get('page=1', 'staff-finance')).statusCode, 400)
    assert.equal((await get('', 'staff-marketing')).statusCode, 403)
  })

  it('a request file downloads for orderRequest.decide (its own request only), 404 for another request, 403 for marketing', async () => {
    const { db, app } = ctx()
    const r = await db
      .selectFrom('order_requests')
      .select('id')
      .where('request_number', '=', 'RR-000002')
      .executeTakeFirstOrThrow()
    const content = Buffer.from('%PDF-1.4\n%staff download\n')
    const { id } = await db
      .insertInto('order_request_files')
      .values({
        request_id: r.id,
        file_name: '退货照片.pdf',
        mime: 'application/pdf',
        size: content.length,
        sha256: 'x',
        content,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const get = async (url: string, staffId: string) =>
      app.inject({ method: 'GET', url, headers: auth(await staffToken(db, staffId)) })
    const listed = await call('GET', '/api/admin/order-requests?type=return&pageSize=100', await service())
    const item = listed.body.data.items.find((x: { requestNumber: string }) => x.requestNumber === 'RR-000002')
    assert.deepEqual(
      item.files.map((f: { fileId: number; fileName: string }) => [f.fileId, f.fileName]),
      [[id, '退货照片.pdf']],
    )
    const res = await get(`/api/admin/order-requests/RR-000002/files/${id}`, 'staff-customerService')
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.headers['content-type'], 'application/pdf')
    assert.match(String(res.headers['content-disposition']), /filename\*=UTF-8''%E9%80%80/)
    assert.deepEqual(res.rawPayload, content)
    assert.equal(
      (await get(`/api/admin/order-requests/RR-000001/files/${id}`, 'staff-customerService')).statusCode,
      404,
    )
    assert.equal((await get(`/api/admin/order-requests/RR-000002/files/abc`, 'staff-customerService')).statusCode, 400)
    assert.equal((await get(`/api/admin/order-requests/RR-000002/files/${id}`, 'staff-marketing')).statusCode, 403)
    assert.equal((await get(`/api/admin/order-requests/RR-000002/files/${id}`, 'staff-finance')).statusCode, 403)
  })
})
