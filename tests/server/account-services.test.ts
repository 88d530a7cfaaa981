import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Value } from 'typebox/value'
import {
  NotificationListResultSchema,
  OnboardingRequestSchema,
  PersonaOptionsSchema,
  SuccessEnvelope,
  SupplyCenterRequestSchema,
  SUPPLY_CENTER_REASON_MAX,
} from '../../types'
import { DEMO_USERS } from '../../server/db/seed'
import { addBusinessDays } from '../../server/domains/account/business-days'
import { describeEachDb, tokenFor, auth, userRow } from './helpers'

const EN = { languagecode: 'en' }
/** weekday of an instant in China time (0 = Sunday) */
const cnWeekday = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).getUTCDay()

describe('business days (spec: "review up to 1 business day", "Approvals: up to 3 business days")', () => {
  it('1 business day after a Friday is the Monday; after a Saturday or Sunday, the Monday too', () => {
    // 2026-11-20 is a Friday; 10:00 China time = 02:00Z
    assert.equal(addBusinessDays(new Date('2026-11-20T02:00:00Z'), 1, 'cn').toISOString(), '2026-11-23T02:00:00.000Z')
    assert.equal(addBusinessDays(new Date('2026-11-21T02:00:00Z'), 1, 'cn').toISOString(), '2026-11-23T02:00:00.000Z')
    assert.equal(addBusinessDays(new Date('2026-11-22T02:00:00Z'), 1, 'cn').toISOString(), '2026-11-23T02:00:00.000Z')
    assert.equal(addBusinessDays(new Date('2026-11-18T02:00:00Z'), 1, 'cn').toISOString(), '2026-11-19T02:00:00.000Z')
  })
  it('3 business days from a Thursday end on the Tuesday; the weekend is the local one (Friday 23:00 China time is still Friday)', () => {
    assert.equal(addBusinessDays(new Date('2026-11-19T02:00:00Z'), 3, 'cn').toISOString(), '2026-11-24T02:00:00.000Z')
    // 2026-11-20T15:00Z is Friday 23:00 in China → Monday 23:00
    assert.equal(addBusinessDays(new Date('2026-11-20T15:00:00Z'), 1, 'cn').toISOString(), '2026-11-23T15:00:00.000Z')
    // 2026-11-20T17:00Z is Saturday 01:00 in China → Monday 01:00 China
    assert.equal(addBusinessDays(new Date('2026-11-20T17:00:00Z'), 1, 'cn').toISOString(), '2026-11-22T17:00:00.000Z')
  })
})

describeEachDb('account: supply centre, notifications, persona, onboarding', (ctx) => {
  /** POST /onboarding/link-account, in English */
  const linkAccount = (token: string, payload: Record<string, unknown>) =>
    ctx().app.inject({ method: 'POST', url: '/api/onboarding/link-account', headers: auth(token, EN), payload })
  const apply = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = EN) =>
    ctx().app.inject({ method: 'POST', url: '/api/sc/apply', headers: auth(token, headers), payload })
  const pendingRequests = () =>
    ctx().db.selectFrom('supply_center_requests').selectAll().where('status', '=', 'PENDING').execute()

  it("GET /sc/getSupplyCenter gives the caller's centres (spCenter.defaultSC source); GET /sc/options lists centres in the request language", async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const res = (
      await ctx().app.inject({
        url: '/api/sc/getSupplyCenter?stNumber=1000001&loginName=approved.cn',
        headers: auth(token),
      })
    ).json()
    assert.deepEqual(res.data, [{ supplyCenterId: 'SC-SH-001', shipToNum: '1000001', operationStatus: 'Normal' }])
    const none = (
      await ctx().app.inject({ url: '/api/sc/getSupplyCenter?stNumber=1000002', headers: auth(token) })
    ).json()
    assert.deepEqual(none.data, [])
    const en = (await ctx().app.inject({ url: '/api/sc/options', headers: auth(token, EN) })).json().data
    const zh = (await ctx().app.inject({ url: '/api/sc/options', headers: auth(token, { languagecode: 'cn' }) })).json()
      .data
    assert.equal(
      en.find((o: { supplyCenterId: string }) => o.supplyCenterId === 'SC-SH-001').name,
      'Shanghai Supply Centre',
    )
    assert.equal(zh.find((o: { supplyCenterId: string }) => o.supplyCenterId === 'SC-SH-001').name, '上海供应中心')
    assert.equal(
      en.find((o: { supplyCenterId: string }) => o.supplyCenterId === 'SC-GZ-003').operationStatus,
      'Suspended',
    )
  })

  it(`POST /sc/apply: reason required and at most ${SUPPLY_CENTER_REASON_MAX} characters, terms literally true, suspended centre refused`, async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const before = await pendingRequests()
    const base = { shipToNum: '1000002', supplyCenterId: 'SC-BJ-002', reason: '就近配送', agreeTerms: true }
    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      ['201-character reason', { ...base, reason: '理'.repeat(SUPPLY_CENTER_REASON_MAX + 1) }, 400, /reason/],
      ['blank reason', { ...base, reason: '   ' }, 400, /Reason is a required field/],
      ['missing reason', { ...base, reason: undefined }, 400, /reason/],
      ['terms not agreed', { ...base, agreeTerms: false }, 400, /agreeTerms/],
      ['terms as a string', { ...base, agreeTerms: 'true' }, 400, /agreeTerms/],
      ['suspended centre', { ...base, supplyCenterId: 'SC-GZ-003' }, 409, /not accepting/],
      ['unknown centre', { ...base, supplyCenterId: 'SC-XX-999' }, 404, /No such supply centre/],
      ['already its centre', { ...base, shipToNum: '1000001', supplyCenterId: 'SC-SH-001' }, 409, /already served/],
    ]
    for (const [name, payload, status, message] of cases) {
      const res = await apply(token, payload)
      assert.equal(res.statusCode, status, `${name}: ${res.body}`)
      assert.match(res.json().message, message, name)
    }
    assert.deepEqual(await pendingRequests(), before, 'nothing recorded')
  })

  it('POST /sc/apply: exactly 200 characters is accepted; one PENDING request per ship-to; kind apply/change; reviewDueBy = next business day', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const reason = '理'.repeat(SUPPLY_CENTER_REASON_MAX)
    const first = await apply(token, { shipToNum: '1000002', supplyCenterId: 'SC-BJ-002', reason, agreeTerms: true })
    assert.equal(first.statusCode, 200, first.body)
    assert.ok(Value.Check(SuccessEnvelope(SupplyCenterRequestSchema), first.json()))
    const r1 = first.json().data
    assert.equal(r1.kind, 'apply', 'ship-to 1000002 has no centre yet')
    assert.equal(r1.status, 'PENDING')
    assert.equal(r1.reason, reason)
    assert.equal(r1.reviewDueBy, addBusinessDays(new Date(r1.submittedAt), 1, 'cn').toISOString())
    assert.ok(![0, 6].includes(cnWeekday(r1.reviewDueBy)), 'never due on a weekend')
    const again = await apply(token, {
      shipToNum: '1000002',
      supplyCenterId: 'SC-CD-004',
      reason: '改为成都',
      agreeTerms: true,
    })
    assert.equal(again.statusCode, 409)
    assert.match(again.json().message, /already pending review/)
    const change = await apply(token, {
      shipToNum: '1000001',
      supplyCenterId: 'SC-BJ-002',
      reason: '  实验室搬迁至北京  ',
      agreeTerms: true,
    })
    assert.equal(change.statusCode, 200, change.body)
    assert.equal(change.json().data.reason, '实验室搬迁至北京', 'trimmed')
    assert.equal(change.json().data.kind, 'change', 'ship-to 1000001 already has SC-SH-001')
    const list = (await ctx().app.inject({ url: '/api/sc/requests', headers: auth(token) })).json().data
    assert.deepEqual(
      list.slice(0, 2).map((r: { requestId: string }) => r.requestId),
      [change.json().data.requestId, r1.requestId],
      'newest first',
    )
    assert.ok(
      list.some((r: { status: string }) => r.status === 'APPROVED'),
      'the seeded earlier application',
    )
    await ctx()
      .db.deleteFrom('supply_center_requests')
      .where('request_id', 'in', [r1.requestId, change.json().data.requestId])
      .execute()
  })

  it('GET /notification/list: newest first, paged, in the request language; lite.cn has none (empty state)', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const u = await userRow(ctx(), DEMO_USERS.approvedCn)
    const rows = await ctx()
      .db.selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', u.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    assert.ok(rows.length >= 10)
    const p1 = (await ctx().app.inject({ url: '/api/notification/list?pageSize=5', headers: auth(token, EN) })).json()
    assert.ok(Value.Check(SuccessEnvelope(NotificationListResultSchema), p1), JSON.stringify(p1).slice(0, 300))
    assert.equal(p1.data.total, rows.length)
    assert.deepEqual(
      p1.data.list.map((n: { id: string }) => n.id),
      rows.slice(0, 5).map((r) => r.id),
    )
    assert.deepEqual(
      p1.data.list.map((n: { title: string }) => n.title),
      rows.slice(0, 5).map((r) => r.title_en),
    )
    const p2 = (
      await ctx().app.inject({
        url: '/api/notification/list?page=2&pageSize=5',
        headers: auth(token, { languagecode: 'cn' }),
      })
    ).json()
    assert.deepEqual(
      p2.data.list.map((n: { title: string }) => n.title),
      rows.slice(5, 10).map((r) => r.title_zh),
    )
    for (const n of [...p1.data.list, ...p2.data.list])
      if (n.link) assert.ok(!/^https?:|\/\//.test(n.link.route), 'a route name, never a URL')
    const liteToken = await tokenFor(ctx(), DEMO_USERS.liteCn)
    const lite = (await ctx().app.inject({ url: '/api/notification/list', headers: auth(liteToken) })).json()
    assert.deepEqual([lite.data.total, lite.data.list], [0, []])
  })

  it('POST /notification/unread: "presence of data drives the bell dot" — data while something is unread, null once all are read', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const u = await userRow(ctx(), DEMO_USERS.approvedCn)
    const rows = await ctx()
      .db.selectFrom('notifications')
      .select('id')
      .where('user_id', '=', u.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    const call = (readNotification: string[], t = token) =>
      ctx()
        .app.inject({
          method: 'POST',
          url: '/api/notification/unread',
          headers: auth(t),
          payload: { readNotification },
        })
        .then((r) => r.json())
    assert.deepEqual((await call([])).data, { unreadCount: rows.length, latestId: rows[0].id })
    assert.deepEqual((await call([rows[0].id, 'N-999999'])).data, {
      unreadCount: rows.length - 1,
      latestId: rows[1].id,
    })
    const all = await call(rows.map((r) => r.id))
    assert.equal(all.success, true)
    assert.equal(all.data, null)
    const liteToken = await tokenFor(ctx(), DEMO_USERS.liteCn)
    assert.equal((await call([], liteToken)).data, null)
  })

  it('persona: GET /persona/options labelled per language; POST /persona round trip; unknown code refused and nothing changed', async () => {
    const token = await tokenFor(ctx(), DEMO_USERS.approvedIn)
    const u = await userRow(ctx(), DEMO_USERS.approvedIn)
    const opts = (await ctx().app.inject({ url: '/api/persona/options', headers: auth(token, EN) })).json()
    assert.ok(Value.Check(SuccessEnvelope(PersonaOptionsSchema), opts))
    assert.equal(opts.data.roles.find((o: { code: string }) => o.code === 'student')!.label, 'Student')
    const zh = (
      await ctx().app.inject({ url: '/api/persona/options', headers: auth(token, { languagecode: 'cn' }) })
    ).json()
    assert.equal(zh.data.roles.find((o: { code: string }) => o.code === 'student').label, '学生')

    const original = await ctx()
      .db.selectFrom('user_personas')
      .selectAll()
      .where('user_id', '=', u.id)
      .orderBy('kind')
      .orderBy('code')
      .execute()
    const saved = await ctx().app.inject({
      method: 'POST',
      url: '/api/persona',
      headers: auth(token, EN),
      payload: {
        roles: ['lab-manager'],
        industries: ['clinical', 'clinical'],
        interestAreas: ['neuroscience', 'genomics'],
      },
    })
    assert.equal(saved.statusCode, 200, saved.body)
    assert.deepEqual(saved.json().data, {
      roles: ['Lab Manager'],
      industries: ['Clinical & Diagnostics'],
      interestAreas: ['Neuroscience', 'Genomics & PCR'],
    })
    const read = (await ctx().app.inject({ url: '/api/persona', headers: auth(token, EN) })).json().data
    assert.deepEqual(read, saved.json().data, 'GET /persona shows what was saved')

    const before = await ctx()
      .db.selectFrom('user_personas')
      .selectAll()
      .orderBy('user_id')
      .orderBy('kind')
      .orderBy('code')
      .execute()
    const bad = await ctx().app.inject({
      method: 'POST',
      url: '/api/persona',
      headers: auth(token, EN),
      payload: { roles: ['astronaut'], industries: ['neuroscience'], interestAreas: [] },
    })
    assert.equal(bad.statusCode, 400)
    assert.match(bad.json().message, /body\/roles: unknown role code "astronaut"/)
    assert.match(
      bad.json().message,
      /body\/industries: unknown industry code "neuroscience"/,
      'a code of another kind is unknown here',
    )
    assert.deepEqual(
      await ctx()
        .db.selectFrom('user_personas')
        .selectAll()
        .orderBy('user_id')
        .orderBy('kind')
        .orderBy('code')
        .execute(),
      before,
    )
    await ctx().db.deleteFrom('user_personas').where('user_id', '=', u.id).execute()
    await ctx().db.insertInto('user_personas').values(original).execute()
  })

  it('onboarding: only a Partially Registered user may ask to link an organisation account; one pending at a time; reviewDueBy +3 business days', async () => {
    const liteToken = await tokenFor(ctx(), DEMO_USERS.liteCn)
    const payload = { accountNumber: '1000001', companyOrInstitution: '复旦大学生命科学学院', zipCode: '201203' }
    const res = await linkAccount(liteToken, payload)
    assert.equal(res.statusCode, 200, res.body)
    assert.ok(Value.Check(SuccessEnvelope(OnboardingRequestSchema), res.json()))
    const r = res.json().data
    assert.deepEqual([r.kind, r.status], ['link-account', 'PENDING'])
    assert.equal(r.reviewDueBy, addBusinessDays(new Date(r.submittedAt), 3, 'cn').toISOString())
    // nothing is linked immediately
    const info = (await ctx().app.inject({ url: '/api/users/info', headers: auth(liteToken) })).json().data
    assert.equal(info.userRoles.registrationStatus, 'Partially Registered')
    assert.equal(info.accountNumber, null)
    const again = await linkAccount(liteToken, { ...payload, accountNumber: '99999999' })
    assert.equal(again.statusCode, 409)
    assert.match(again.json().message, /already under review/)
    const status = (await ctx().app.inject({ url: '/api/onboarding/status', headers: auth(liteToken) })).json().data
    assert.equal(status.registrationStatus, 'Partially Registered')
    assert.equal(status.requests[0].requestId, r.requestId)
    assert.ok(
      status.requests.some((x: { kind: string }) => x.kind === 'address'),
      'the seeded address review',
    )
    await ctx().db.deleteFrom('onboarding_requests').where('request_id', '=', r.requestId).execute()

    // an unknown account number is accepted for review all the same: the answer never confirms whether an account exists
    const unknown = await linkAccount(liteToken, { ...payload, accountNumber: '99999999' })
    assert.equal(unknown.statusCode, 200)
    assert.deepEqual(Object.keys(unknown.json().data).sort(), Object.keys(r).sort())
    await ctx().db.deleteFrom('onboarding_requests').where('request_id', '=', unknown.json().data.requestId).execute()

    const approved = await tokenFor(ctx(), DEMO_USERS.approvedCn)
    const before = await ctx().db.selectFrom('onboarding_requests').selectAll().execute()
    const refused = await linkAccount(approved, payload)
    assert.equal(refused.statusCode, 409)
    assert.deepEqual(await ctx().db.selectFrom('onboarding_requests').selectAll().execute(), before)
  })
})
