import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { staffToken } from './staff-helpers'
import { auth, describeEachDb, tokenFor, type TestContext } from './helpers'
import { tableChecksums } from './seed-checksum'

/**
 * Issue 24, the account decisions: ship-to, onboarding link-account, supply-centre change. Each test follows a
 * decision through what the buyer then sees (buyer API), the audit entry, the notification and the email, the
 * outbox event, and the refusals. Seeded pending records: server/db/seed/account-records.ts seedPendingDecisions.
 */

const NEW_ADDRESS = {
  isoCountryCode: 'CN',
  nickName: '张江新实验室',
  contactName: '钱伟',
  contactPhone: '13911112222',
  companyOrInstitution: '复旦大学张江校区',
  stateOrProvince: '上海市',
  city: '上海市',
  streetAddress: '浦东新区蔡伦路 826 号',
  zipCode: '201203',
}

describeEachDb('account decisions by staff (issue 24)', (ctx: () => TestContext) => {
  const admin = () => staffToken(ctx().db, 'staff-administrator')
  const call = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
    const res = await ctx().app.inject({
      method,
      url,
      headers: { languagecode: 'en', ...auth(token) },
      ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
    })
    return { status: res.statusCode, body: res.json() }
  }
  const buyer = async (userName: string, url: string, method: 'GET' | 'POST' = 'GET', body?: unknown) =>
    call(method, url, await tokenFor(ctx(), userName), body)
  const events = (type: string) =>
    ctx().db.selectFrom('outbox_events').select(['type', 'payload']).where('type', '=', type).orderBy('seq').execute()
  const lastAudit = () => ctx().db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()
  const auditCount = async () =>
    Number(
      (
        await ctx()
          .db.selectFrom('audit_log')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const notices = (userId: string) =>
    ctx()
      .db.selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute()
  const mails = async (to: string) =>
    ((await ctx().app.mail.standIn())?.messages ?? []).filter((m) => m.to.includes(to))
  const waitForMail = async (to: string, subject: string) => {
    for (let i = 0; i < 50; i++) {
      const found = (await mails(to)).find((m) => m.subject.includes(subject))
      if (found) return found
      await new Promise((r) => setTimeout(r, 20))
    }
    assert.fail(`no mail to ${to} with "${subject}"`)
  }

  // issue 24: "Ship-to: approve (ACTIVE, account number given) ...; orders waiting on that address
  // (PENDING_ADDRESS_VALIDATION, status 270) move on when it is approved." Each notifies the buyer.
  it('ship-to approve: ACTIVE with its number, the waiting order moves to SUBMITTED (30), buyer told, audited, events', async () => {
    const { db } = ctx()
    const token = await admin()
    const queue = await call('GET', '/api/admin/ship-tos', token)
    assert.equal(queue.status, 200)
    const item = queue.body.data.items.find((i: { webReference: string }) => i.webReference === 'WEB-2026-000123')
    assert.ok(item, 'the seeded pending ship-to is queued')
    assert.equal(item.status, 'PENDING')
    assert.equal(item.account.accountNumber, '1000001')
    assert.equal(item.submittedBy.userName, 'approved.cn')
    assert.equal(item.address.companyOrInstitution, '复旦大学苏州研究院')
    assert.equal(item.overdue, Date.parse(item.reviewDueBy) < Date.now())
    assert.ok(Date.parse(item.submittedAt) < Date.parse(item.reviewDueBy))

    // an order of approved.cn waiting on that address (flash buy takes a pending ship-to)
    const u = await db
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('user_name', '=', 'approved.cn')
      .executeTakeFirstOrThrow()
    const order = await db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('user_id', '=', u.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    await db
      .updateTable('orders')
      .set({
        status: 'PENDING_ADDRESS_VALIDATION',
        status_code: 270,
        ship_to_key: 'ST-PENDING-000123',
        ship_to_account_number: null,
      })
      .where('id', '=', order.id)
      .execute()
    assert.deepEqual(
      (await call('GET', '/api/admin/ship-tos', token)).body.data.items.find((i: { id: number }) => i.id === item.id)
        .waitingOrders,
      [order.order_number],
    )

    // bad input, unknown, wrong role: nothing changes
    const before = await tableChecksums(db)
    assert.equal(
      (await call('POST', `/api/admin/ship-tos/${item.id}/approve`, token, { shipToNumber: 'no spaces!' })).status,
      400,
    )
    assert.equal((await call('POST', `/api/admin/ship-tos/${item.id}/approve`, token, { other: 1 })).status, 400)
    assert.equal((await call('POST', '/api/admin/ship-tos/99999/approve', token)).body.code, 'NOT_FOUND')
    const marketing = await call(
      'POST',
      `/api/admin/ship-tos/${item.id}/approve`,
      await staffToken(db, 'staff-marketing'),
    )
    assert.equal(marketing.status, 403)
    // a number another ship-to has: 409
    const taken = await call('POST', `/api/admin/ship-tos/${item.id}/approve`, token, { shipToNumber: '1000002' })
    assert.equal(taken.status, 409)
    assert.deepEqual(await tableChecksums(db), before, 'refusals change nothing')

    const audits = await auditCount()
    const res = await call(
      'POST',
      `/api/admin/ship-tos/${item.id}/approve`,
      await staffToken(db, 'staff-customerService'),
      {
        shipToNumber: '1000009',
      },
    )
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.data.movedOrders, [order.order_number])
    assert.equal(res.body.data.review.status, 'APPROVED')
    assert.equal(res.body.data.review.shipToNumber, '1000009')
    assert.equal(res.body.data.review.decidedBy, 'staff-customerService')
    assert.equal(res.body.data.review.overdue, false)

    // the buyer sees the address ACTIVE with its number, and the order submitted
    const detail = await buyer('approved.cn', '/api/address/detail?addressKey=ST-PENDING-000123')
    assert.equal(detail.body.data.addressStatus, 'ACTIVE')
    assert.equal(detail.body.data.accountNumber, '1000009')
    const o = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow()
    assert.deepEqual([o.status, o.status_code, o.ship_to_account_number], ['SUBMITTED', 30, '1000009'])
    const shown = await buyer('approved.cn', `/api/order/detail/${order.order_number}`)
    assert.equal(shown.status, 200)
    assert.match(JSON.stringify(shown.body.data), /SUBMITTED/)

    // one audit entry; notices and mails; events
    assert.equal(await auditCount(), audits + 1)
    const a = await lastAudit()
    assert.deepEqual(
      [a.action, a.entity, a.entity_id, a.staff_id],
      ['shipTo.approve', 'ship_to_review', String(item.id), 'staff-customerService'],
    )
    const n = await notices(u.id)
    assert.ok(n.some((x) => x.title_en === 'Your new address is approved' && x.body_en.includes('1000009')))
    assert.ok(
      n.some((x) => x.title_en === `Order ${order.order_number} is submitted` && x.link_route === 'orderDetail'),
    )
    await waitForMail('wang.xiaoming@example.edu.cn', '您的新地址已审核通过')
    await waitForMail('wang.xiaoming@example.edu.cn', `订单 ${order.order_number} 已提交`)
    const decidedEvt = (await events('ship_to.decided')).at(-1)!
    assert.equal(decidedEvt.payload.decision, 'APPROVED')
    assert.deepEqual(decidedEvt.payload.movedOrders, [order.order_number])
    const moved = (await events('order.status_changed')).find((e) => e.payload.orderNumber === order.order_number)!
    assert.deepEqual(
      [moved.payload.from, moved.payload.to, moved.payload.statusCode],
      ['PENDING_ADDRESS_VALIDATION', 'SUBMITTED', 30],
    )

    // already decided: 409, nothing changes
    const again = await call('POST', `/api/admin/ship-tos/${item.id}/approve`, token)
    assert.equal(again.status, 409)
    assert.equal(again.body.code, 'CONFLICT')
    assert.equal((await call('POST', `/api/admin/ship-tos/${item.id}/reject`, token, { reason: 'x' })).status, 409)
    assert.equal(await auditCount(), audits + 1)
  })

  // spec §1: a Partially Registered user "is sent to complete an address or link an organisation account"; the
  // address approved, registration is complete, and the cached session sees it at once.
  it("ship-to approve of a lite user's address completes the registration, seen at once by their session", async () => {
    const { db } = ctx()
    const liteToken = await tokenFor(ctx(), 'lite.cn')
    const info = async () => (await call('GET', '/api/users/info', liteToken)).body.data
    assert.equal((await info()).userRoles.registrationStatus, 'Partially Registered')
    const review = await db
      .selectFrom('ship_to_reviews')
      .select('id')
      .where('web_reference', '=', 'WEB-2026-000456')
      .executeTakeFirstOrThrow()
    const res = await call('POST', `/api/admin/ship-tos/${review.id}/approve`, await staffToken(db, 'staff-orderDesk'))
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const number = res.body.data.review.shipToNumber
    assert.match(number, /^11\d{5}$/, 'the next number of ship_to_number_seq')
    const after = await info()
    assert.equal(after.userRoles.registrationStatus, 'Siebel Approved')
    assert.match(JSON.stringify(after.allShipToBillToAddresses), new RegExp(`"accountNumber":"${number}"`))
    const status = (await call('GET', '/api/onboarding/status', liteToken)).body.data
    assert.equal(status.requests.find((r: { kind: string }) => r.kind === 'address').status, 'APPROVED')
    const n = await notices('U-2b8d4e60')
    assert.ok(n.some((x) => x.title_en === 'Your registration is complete'))
    assert.ok(
      (await events('onboarding.decided')).some(
        (e) => e.payload.kind === 'address' && e.payload.decision === 'APPROVED',
      ),
    )
  })

  // issue 24: "... or reject with a reason". The address leaves the buyer's list; waiting orders stay and their
  // buyers are told how to go on (docs/admin-api/account.md).
  it('ship-to reject: removed from the address book, the reason told (notification, email), waiting orders stay', async () => {
    const { db } = ctx()
    const added = await buyer('approved.cn', '/api/address/add', 'POST', NEW_ADDRESS)
    assert.equal(added.status, 200, JSON.stringify(added.body))
    const key = added.body.data.shipTo.addressKey
    const web = added.body.data.shipTo.webReference
    const addedEvt = (await events('ship_to.added')).at(-1)!
    assert.deepEqual([addedEvt.payload.addressKey, addedEvt.payload.webReference], [key, web])
    const review = await db
      .selectFrom('ship_to_reviews')
      .selectAll()
      .where('web_reference', '=', web)
      .executeTakeFirstOrThrow()
    assert.equal(review.status, 'PENDING')
    const u = await db
      .selectFrom('users')
      .select(['id'])
      .where('user_name', '=', 'approved.cn')
      .executeTakeFirstOrThrow()
    const order = await db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('user_id', '=', u.id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await db
      .updateTable('orders')
      .set({ status: 'PENDING_ADDRESS_VALIDATION', status_code: 270, ship_to_key: key })
      .where('id', '=', order.id)
      .execute()

    const token = await admin()
    const blank = await call('POST', `/api/admin/ship-tos/${review.id}/reject`, token, { reason: '   ' })
    assert.equal(blank.status, 400)
    assert.equal((await call('POST', `/api/admin/ship-tos/${review.id}/reject`, token, {})).status, 400)
    const res = await call('POST', `/api/admin/ship-tos/${review.id}/reject`, token, {
      reason: 'The street address does not exist',
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(
      [res.body.data.review.status, res.body.data.review.decisionReason, res.body.data.review.shipToId],
      ['REJECTED', 'The street address does not exist', null],
    )
    assert.equal(res.body.data.review.address.streetAddress, NEW_ADDRESS.streetAddress, 'the address as reviewed')
    assert.equal((await buyer('approved.cn', `/api/address/detail?addressKey=${key}`)).status, 404)
    const o = await db
      .selectFrom('orders')
      .select(['status', 'status_code'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    assert.deepEqual([o.status, o.status_code], ['PENDING_ADDRESS_VALIDATION', 270])
    const n = await notices(u.id)
    assert.ok(
      n.some(
        (x) =>
          x.title_en === 'Your new address was not approved' && x.body_en.includes('The street address does not exist'),
      ),
    )
    assert.ok(n.some((x) => x.title_en.startsWith(`Order ${order.order_number}`) && x.body_en.includes('cancellation')))
    const mail = await waitForMail('wang.xiaoming@example.edu.cn', '您的新地址未通过审核')
    assert.match(mail.text, /The street address does not exist/)
    const evt = (await events('ship_to.decided')).at(-1)!
    assert.deepEqual([evt.payload.decision, evt.payload.reason], ['REJECTED', 'The street address does not exist'])
    assert.deepEqual(evt.payload.waitingOrders, [order.order_number])
    const rejected = await call('GET', '/api/admin/ship-tos?status=REJECTED', token)
    assert.ok(rejected.body.data.items.some((i: { id: number }) => i.id === review.id))
    assert.equal((await call('POST', `/api/admin/ship-tos/${review.id}/approve`, token)).status, 409)
  })

  it('buyer edits emit ship_to.changed in the same transaction', async () => {
    const detail = await buyer('approved.cn', '/api/address/detail?addressKey=ST-1000002-01')
    const d = detail.body.data
    const res = await buyer('approved.cn', '/api/address/update', 'POST', {
      addressKey: 'ST-1000002-01',
      isoCountryCode: 'CN',
      contactName: '陈静',
      contactPhone: '13900139000',
      companyOrInstitution: d.companyOrInstitution,
      stateOrProvince: d.stateOrProvince,
      city: d.city,
      streetAddress: d.streetAddress,
      zipCode: d.zipCode,
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const evt = (await events('ship_to.changed')).at(-1)!
    assert.deepEqual([evt.payload.addressKey, evt.payload.shipToNumber], ['ST-1000002-01', '1000002'])
  })

  // issue 24: "Onboarding link-account: approve (Siebel Approved, linked to the account) or reject."
  it('onboarding link-account approve: linked to the account, Siebel Approved at once; reject with a reason', async () => {
    const { db } = ctx()
    const token = await admin()
    const queue = await call('GET', '/api/admin/onboarding-requests', token)
    assert.equal(queue.status, 200)
    const ob2 = queue.body.data.items.find((i: { requestId: string }) => i.requestId === 'OB-000002')
    assert.deepEqual(
      [ob2.kind, ob2.user.userName, ob2.accountNumber, ob2.matchingAccount.accountNumber],
      ['link-account', 'newlab.cn', '1000001', '1000001'],
    )
    const ob3 = queue.body.data.items.find((i: { requestId: string }) => i.requestId === 'OB-000003')
    assert.equal(ob3.matchingAccount, null, 'no account 3000009')

    const newlab = await tokenFor(ctx(), 'newlab.cn')
    const info = async () => (await call('GET', '/api/users/info', newlab)).body.data
    assert.equal((await info()).userRoles.registrationStatus, 'Partially Registered') // now cached

    const before = await tableChecksums(db)
    assert.equal((await call('POST', '/api/admin/onboarding-requests/OB-999999/approve', token)).status, 404)
    assert.equal((await call('POST', '/api/admin/onboarding-requests/ob-2/approve', token)).status, 400)
    const noAccount = await call('POST', '/api/admin/onboarding-requests/OB-000003/approve', token)
    assert.equal(noAccount.status, 400, 'the number typed names no account')
    assert.equal(
      (await call('POST', '/api/admin/onboarding-requests/OB-000001/approve', token)).status,
      409,
      'an address request is decided with its ship-to',
    )
    assert.equal(
      (await call('POST', '/api/admin/onboarding-requests/OB-000002/approve', await staffToken(db, 'staff-catalogue')))
        .status,
      403,
    )
    assert.deepEqual(await tableChecksums(db), before, 'refusals change nothing')

    const res = await call('POST', '/api/admin/onboarding-requests/OB-000002/approve', token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual([res.body.data.status, res.body.data.linkedAccount.accountNumber], ['APPROVED', '1000001'])
    const after = await info()
    assert.equal(after.userRoles.registrationStatus, 'Siebel Approved')
    assert.equal(after.accountNumber, '1000001')
    const user = await db.selectFrom('users').selectAll().where('user_name', '=', 'newlab.cn').executeTakeFirstOrThrow()
    assert.match(user.siebel_row_id ?? '', /^1-[0-9A-Z]{7}$/)
    assert.ok((await notices(user.id)).some((x) => x.title_en === 'Your registration is complete'))
    await waitForMail('sun.chen@example.edu.cn', '您的注册已完成')
    const evt = (await events('onboarding.decided')).find((e) => e.payload.requestId === 'OB-000002')!
    assert.deepEqual([evt.payload.decision, evt.payload.accountNumber], ['APPROVED', '1000001'])
    assert.equal((await events('account.changed')).at(-1)!.payload.userId, user.id)
    assert.equal((await lastAudit()).action, 'onboarding.approve')
    assert.equal((await call('POST', '/api/admin/onboarding-requests/OB-000002/approve', token)).status, 409)

    // staff may name the account when the typed number is wrong; here they reject instead
    const rej = await call('POST', '/api/admin/onboarding-requests/OB-000003/reject', token, {
      reason: 'No account 3000009 under this company name',
    })
    assert.equal(rej.status, 200, JSON.stringify(rej.body))
    assert.deepEqual(
      [rej.body.data.status, rej.body.data.decisionReason],
      ['REJECTED', 'No account 3000009 under this company name'],
    )
    const trader = await tokenFor(ctx(), 'newtrader.cn')
    const status = (await call('GET', '/api/onboarding/status', trader)).body.data
    assert.deepEqual(
      [status.registrationStatus, status.requests[0].status, status.requests[0].decisionReason],
      ['Partially Registered', 'REJECTED', 'No account 3000009 under this company name'],
    )
    assert.ok(
      (await notices('U-8a1c6f42')).some((x) => x.body_en.includes('No account 3000009 under this company name')),
    )
    // a new request may follow the rejection, and it is announced to the ERP
    const again = await call('POST', '/api/onboarding/link-account', trader, {
      accountNumber: '3000001',
      companyOrInstitution: '上海华生科技有限公司',
      zipCode: '201100',
    })
    assert.equal(again.status, 200, JSON.stringify(again.body))
    assert.equal((await events('onboarding.requested')).at(-1)!.payload.requestId, again.body.data.requestId)
    const approved = await call('POST', `/api/admin/onboarding-requests/${again.body.data.requestId}/approve`, token)
    assert.equal(approved.status, 200)
    assert.equal((await call('GET', '/api/users/info', trader)).body.data.accountNumber, '3000001')
  })

  // issue 24: "Supply-centre change: approve or reject (within the stated 1 business day, shown as overdue after it)."
  it('supply-centre: overdue after review_due_by; approve makes the centre serve the ship-to; reject with a reason', async () => {
    const { db } = ctx()
    const token = await admin()
    await db
      .updateTable('supply_center_requests')
      .set({ review_due_by: new Date(Date.now() - 60_000) })
      .where('request_id', '=', 'SCR-000003')
      .execute()
    await db
      .updateTable('supply_center_requests')
      .set({ review_due_by: new Date(Date.now() + 3_600_000) })
      .where('request_id', '=', 'SCR-000002')
      .execute()
    const queue = (
      await call('GET', '/api/admin/supply-centre-requests?status=PENDING', await staffToken(db, 'staff-orderDesk'))
    ).body.data
    const byId = (id: string) => queue.items.find((i: { requestId: string }) => i.requestId === id)
    assert.equal(byId('SCR-000003').overdue, true)
    assert.equal(byId('SCR-000002').overdue, false)
    assert.equal(queue.items[0].requestId, 'SCR-000003', 'the most overdue first')
    assert.deepEqual([byId('SCR-000002').shipToNum, byId('SCR-000002').currentSupplyCenterId], ['3000001', null])
    assert.equal(
      (await call('GET', '/api/admin/supply-centre-requests', await staffToken(db, 'staff-customerService'))).status,
      403,
    )

    const res = await call('POST', '/api/admin/supply-centre-requests/SCR-000002/approve', token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(
      [res.body.data.status, res.body.data.currentSupplyCenterId, res.body.data.overdue],
      ['APPROVED', 'SC-SH-001', false],
    )
    const centres = await buyer('distributor.cn', '/api/sc/getSupplyCenter?stNumber=3000001')
    assert.deepEqual(centres.body.data, [
      { supplyCenterId: 'SC-SH-001', shipToNum: '3000001', operationStatus: 'Normal' },
    ])
    const mine = await buyer('distributor.cn', '/api/sc/requests')
    assert.equal(mine.body.data.find((r: { requestId: string }) => r.requestId === 'SCR-000002').status, 'APPROVED')
    const dist = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('user_name', '=', 'distributor.cn')
      .executeTakeFirstOrThrow()
    assert.ok((await notices(dist.id)).some((x) => x.title_en === 'Supply-centre request approved'))
    await waitForMail(dist.email, '供应中心申请已通过')
    assert.equal((await events('supply_centre.decided')).at(-1)!.payload.decision, 'APPROVED')
    assert.equal(
      (await call('POST', '/api/admin/supply-centre-requests/SCR-000002/reject', token, { reason: 'x' })).status,
      409,
    )

    const rej = await call('POST', '/api/admin/supply-centre-requests/SCR-000003/reject', token, {
      reason: 'The Bengaluru centre does not serve this campus yet',
    })
    assert.equal(rej.status, 200, JSON.stringify(rej.body))
    assert.deepEqual([rej.body.data.status, rej.body.data.overdue], ['REJECTED', false])
    const indian = await buyer('approved.in', '/api/sc/requests')
    const shownToBuyer = indian.body.data.find((r: { requestId: string }) => r.requestId === 'SCR-000003')
    assert.deepEqual(
      [shownToBuyer.status, shownToBuyer.decisionReason],
      ['REJECTED', 'The Bengaluru centre does not serve this campus yet'],
    )
    const inUser = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('user_name', '=', 'approved.in')
      .executeTakeFirstOrThrow()
    const mail = await waitForMail(inUser.email, 'Supply-centre request not approved')
    assert.match(mail.text, /does not serve this campus yet/)
    assert.equal((await call('POST', '/api/admin/supply-centre-requests/SCR-999999/approve', token)).status, 404)
  })

  it('supply-centre: a buyer change request is announced; two staff approving at once: one wins, the other 409', async () => {
    const { db } = ctx()
    const apply = await buyer('approved.cn', '/api/sc/apply', 'POST', {
      shipToNum: '1000001',
      supplyCenterId: 'SC-BJ-002',
      reason: '实验室搬迁至北京',
      agreeTerms: true,
    })
    assert.equal(apply.status, 200, JSON.stringify(apply.body))
    const id = apply.body.data.requestId
    const evt = (await events('supply_centre.requested')).at(-1)!
    assert.deepEqual(
      [evt.payload.requestId, evt.payload.kind, evt.payload.previousSupplyCenterId],
      [id, 'change', 'SC-SH-001'],
    )
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/supply-centre-requests/${id}/approve`, await admin()),
      call('POST', `/api/admin/supply-centre-requests/${id}/reject`, await staffToken(db, 'staff-orderDesk'), {
        reason: 'no',
      }),
    ])
    assert.deepEqual([a.status, b.status].sort(), [200, 409])
    const audits = await db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute()
    assert.equal(audits.length, 1, 'one decision, one entry')
    const sc = await db
      .selectFrom('supply_centers')
      .select('supply_center_id')
      .where('ship_to_num', '=', '1000001')
      .executeTakeFirstOrThrow()
    assert.equal(sc.supply_center_id, a.status === 200 ? 'SC-BJ-002' : 'SC-SH-001')
    assert.equal(
      Number(
        (
          await sql<{
            n: number
          }>`select count(*)::int as n from supply_center_requests where request_id = ${id} and status = 'PENDING'`.execute(
            db,
          )
        ).rows[0].n,
      ),
      0,
    )
  })

  // issue 25: "Accounts and buyers: account, ship-tos and bill-tos, registration status, points, the account's
  // orders"; "finance reads an account's invoices". Read-only: staff see every account, named by its id.
  it('accounts: search, detail with buyers, ship-tos, bill-tos, points and orders; refused without account.read', async () => {
    const { db } = ctx()
    const token = await staffToken(db, 'staff-orderDesk')
    const all = await call('GET', '/api/admin/accounts?pageSize=100', token)
    assert.equal(all.status, 200, JSON.stringify(all.body))
    const total = await db
      .selectFrom('accounts')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    assert.equal(all.body.data.total, Number(total.n))

    // q: the account number or the name contains it
    const byNumber = await call('GET', '/api/admin/accounts?q=1000001', token)
    assert.deepEqual(
      byNumber.body.data.items.map((a: { accountNumber: string }) => a.accountNumber),
      ['1000001'],
    )
    const acct = byNumber.body.data.items[0]
    const own = await db
      .selectFrom('users')
      .select(['account_id'])
      .where('user_name', '=', 'approved.cn')
      .executeTakeFirstOrThrow()
    assert.equal(acct.id, own.account_id)
    const byName = await call('GET', `/api/admin/accounts?q=${encodeURIComponent(acct.name.slice(0, 2))}`, token)
    assert.ok(byName.body.data.items.some((a: { id: number }) => a.id === acct.id))
    assert.equal((await call('GET', '/api/admin/accounts?q=%25%25nothing%25', token)).body.data.total, 0)
    // country and a buyer's registration status
    const india = await call('GET', '/api/admin/accounts?country=in', token)
    assert.ok(india.body.data.items.length > 0)
    assert.ok(india.body.data.items.every((a: { country: string }) => a.country === 'in'))
    const partial = await call('GET', '/api/admin/accounts?registrationStatus=Partially%20Registered', token)
    const withPartial = await db
      .selectFrom('users')
      .select('account_id')
      .distinct()
      .where('registration_status', '=', 'Partially Registered')
      .execute()
    assert.deepEqual(
      partial.body.data.items.map((a: { id: number }) => a.id).sort(),
      withPartial.map((u) => u.account_id).sort(),
    )
    assert.ok(partial.body.data.items.every((a: { partiallyRegistered: number }) => a.partiallyRegistered > 0))
    // paged on the server
    const page2 = await call('GET', '/api/admin/accounts?pageSize=1&page=2', token)
    assert.deepEqual([page2.body.data.items.length, page2.body.data.page, page2.body.data.pageSize], [1, 2, 1])

    const detail = await call('GET', `/api/admin/accounts/${acct.id}`, token)
    assert.equal(detail.status, 200, JSON.stringify(detail.body))
    const d = detail.body.data
    assert.equal(d.accountNumber, '1000001')
    const buyerRow = d.buyersList.find((b: { userName: string }) => b.userName === 'approved.cn')
    assert.equal(buyerRow.registrationStatus, 'Siebel Approved')
    const uid = (
      await db.selectFrom('users').select('id').where('user_name', '=', 'approved.cn').executeTakeFirstOrThrow()
    ).id
    const ledger = await db
      .selectFrom('points_entries')
      .select((e) => e.fn.coalesce(e.fn.sum<number>('points'), e.lit(0)).as('n'))
      .where('user_id', '=', uid)
      .executeTakeFirstOrThrow()
    assert.equal(buyerRow.points, Number(ledger.n))
    assert.equal(
      d.points,
      d.buyersList.reduce((s: number, b: { points: number }) => s + b.points, 0),
    )
    // each ship-to of the account, with its status as the address book has it
    const shipTos = await db
      .selectFrom('ship_tos')
      .select(['address_key', 'address_status'])
      .where('account_id', '=', acct.id)
      .execute()
    assert.deepEqual(
      d.shipTosList.map((s: { addressKey: string; status: string }) => `${s.addressKey} ${s.status}`).sort(),
      shipTos.map((s) => `${s.address_key} ${s.address_status}`).sort(),
    )
    assert.ok(d.shipTosList.some((s: { status: string; isDefault: boolean }) => s.status === 'ACTIVE' && s.isDefault))
    assert.ok(d.billTos.some((b: { accountNumber: string }) => b.accountNumber === '2000001'))
    assert.deepEqual(
      d.billing.map((b: { billToNumber: string }) => b.billToNumber),
      ['2000001', '2000002', '2000003'],
    )
    const latest = await db
      .selectFrom('orders')
      .select(['order_number'])
      .where('account_id', '=', acct.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    assert.equal(d.recentOrders[0].orderNumber, latest.order_number)
    assert.ok(d.recentOrders.length <= 20)

    // refusals: unknown id, bad id, unknown filter, a role without account.read; a buyer's token
    assert.equal((await call('GET', '/api/admin/accounts/999999', token)).status, 404)
    assert.equal((await call('GET', '/api/admin/accounts/abc', token)).status, 400)
    assert.equal((await call('GET', '/api/admin/accounts?other=1', token)).status, 400)
    assert.equal((await call('GET', '/api/admin/accounts?country=fr', token)).status, 400)
    const marketing = await staffToken(db, 'staff-marketing')
    assert.equal((await call('GET', '/api/admin/accounts', marketing)).status, 403)
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}`, marketing)).status, 403)
    assert.equal((await buyer('approved.cn', `/api/admin/accounts/${acct.id}`)).status, 401)
  })

  it("finance: an account's invoices (invoice.read) and AR statement (ar.read), as the buyer reads them", async () => {
    const { db } = ctx()
    const finance = await staffToken(db, 'staff-finance')
    const acct = (await call('GET', '/api/admin/accounts?q=1000001', finance)).body.data.items[0]

    const inv = await call('GET', `/api/admin/accounts/${acct.id}/invoices?pageSize=10`, finance)
    assert.equal(inv.status, 200, JSON.stringify(inv.body))
    assert.equal(inv.body.data.items.length, 10)
    const seeded = await db
      .selectFrom('invoices')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('bill_to_number', 'in', ['2000001', '2000002', '2000003'])
      .executeTakeFirstOrThrow()
    assert.equal(inv.body.data.total, Number(seeded.n))
    const dates = inv.body.data.items.map((i: { issueDate: string }) => Date.parse(i.issueDate))
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
      'newest first',
    )
    // the same invoice as the buyer's list shows it, with its bill-to
    const mine = await buyer('approved.cn', '/api/invoice/list?billToAccountNumber=2000002&pageSize=1')
    const one = await call('GET', `/api/admin/accounts/${acct.id}/invoices?billTo=2000002&pageSize=1`, finance)
    assert.deepEqual(one.body.data.items[0], { ...mine.body.data.list[0], billToNumber: '2000002' })
    assert.equal(one.body.data.total, mine.body.data.total)
    const overdue = await call('GET', `/api/admin/accounts/${acct.id}/invoices?status=overdue`, finance)
    assert.ok(overdue.body.data.items.every((i: { status: string }) => i.status === 'overdue'))
    // another account's bill-to names nothing here
    assert.equal(
      (await call('GET', `/api/admin/accounts/${acct.id}/invoices?billTo=4000001`, finance)).body.data.total,
      0,
    )

    const ar = await call('GET', `/api/admin/accounts/${acct.id}/ar?billTo=2000002`, finance)
    assert.equal(ar.status, 200, JSON.stringify(ar.body))
    const theirs = await buyer('approved.cn', '/api/ar/statement?billToAccountNumber=2000002')
    assert.deepEqual(ar.body.data, theirs.body.data, "the buyer's statement")
    const first = await call('GET', `/api/admin/accounts/${acct.id}/ar`, finance)
    assert.equal(first.body.data.billTo.accountNumber, '2000001', 'default: the first bill-to')
    const period = ar.body.data.periods.at(-1)
    assert.equal(
      (await call('GET', `/api/admin/accounts/${acct.id}/ar?billTo=2000002&period=${period}`, finance)).body.data
        .period,
      period,
    )

    // refusals
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}/ar?billTo=4000001`, finance)).status, 404)
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}/ar?period=2026-13`, finance)).status, 400)
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}/invoices?status=lost`, finance)).status, 400)
    assert.equal((await call('GET', '/api/admin/accounts/999999/invoices', finance)).status, 404)
    const marketing = await staffToken(db, 'staff-marketing')
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}/invoices`, marketing)).status, 403)
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}/ar`, marketing)).status, 403)
    // customer service reads accounts but not invoices; the order desk reads invoices but not AR
    const service = await staffToken(db, 'staff-customerService')
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}`, service)).status, 200)
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}/invoices`, service)).status, 403)
    const desk = await staffToken(db, 'staff-orderDesk')
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}/invoices`, desk)).status, 200)
    assert.equal((await call('GET', `/api/admin/accounts/${acct.id}/ar`, desk)).status, 403)
  })
})
