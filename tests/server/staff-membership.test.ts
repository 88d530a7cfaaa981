import { it } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { describeEachDb, auth, tokenFor, okData, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { tableChecksums } from './seed-checksum'
import { Paged } from '../../types/common'
import {
  AdminDrawSchema,
  AdminFeedbackSchema,
  AdminGiftSchema,
  AdminRedemptionSchema,
  PointsAdjustedSchema,
} from '../../types/membership/staff-endpoints'
import { drawBody, giftBody } from './staff-samples/membership'

/**
 * Issue 24, the membership decisions and content (docs/admin-api/membership.md), on PGlite and PostgreSQL:
 * "Gift redemptions and prize orders: ship with carrier and tracking number; redemption feedback resolved.",
 * "gifts and draws ...: create, schedule, change, end, with the same validation the storefront relies on" and
 * "Points: manual adjustment with a reason, through the points ledger." Each decision that concerns a buyer
 * "notifies the buyer: notification list, and email through MAIL_URL"; every staff write leaves one audit entry.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }
const ZH = { countrycode: 'cn', languagecode: 'cn' }
const APPROVED_CN = 'U-7f3a9c21'
const DAY = 86_400_000

type Method = 'GET' | 'POST' | 'PUT'
const staffCall = async (ctx: TestContext, staffId: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: auth(await staffToken(ctx.db, staffId), { languagecode: 'en' }),
    payload: payload ?? (method === 'GET' ? undefined : {}),
  })
const admin = (ctx: TestContext, method: Method, url: string, payload?: object) =>
  staffCall(ctx, 'staff-administrator', method, url, payload)
const buyerCall = async (
  ctx: TestContext,
  userName: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { payload?: object; headers?: Record<string, string> } = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: auth(await tokenFor(ctx, userName), { ...(opts.headers ?? EN) }),
    payload: opts.payload ?? (method === 'POST' ? {} : undefined),
  })

const auditOf = (ctx: TestContext, entityId: string) =>
  ctx.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id').execute()
const eventsOf = async (ctx: TestContext, type: string, key: string, value: unknown) =>
  (await ctx.db.selectFrom('outbox_events').selectAll().where('type', '=', type).execute()).filter(
    (e) => (e.payload as Record<string, unknown>)[key] === value,
  )
const mailTo = async (ctx: TestContext, userId: string, subjectPart: string) => {
  const { email } = await ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()
  const box = await ctx.app.mail.standIn()
  return (box?.messages ?? []).filter((m) => m.to.includes(email) && m.subject.includes(subjectPart))
}
const notificationsOf = async (ctx: TestContext, userName: string) =>
  (await buyerCall(ctx, userName, 'GET', '/notification/list?page=1&pageSize=50')).json().data.list as {
    title: string
    body: string
  }[]
/** the tables a refused or failed decision must leave as they were */
const snapshot = (ctx: TestContext) => tableChecksums(ctx.db)

describeEachDb('staff: membership decisions and content (issue 24)', (ctx) => {
  it('"Gift redemptions ...: ship with carrier and tracking number": the queue, the shipment, what the buyer sees, the notice, the event; refusals', async () => {
    const c = ctx()
    const queue = okData<any>(
      await admin(c, 'GET', '/redemptions?status=toShip&kind=gift'),
      Paged(AdminRedemptionSchema),
    )
    const rd = queue.items.find((r: any) => r.number === 'RD-000001')
    assert.ok(rd, 'the seeded redemption waits to ship')
    assert.equal(rd.member.userId, APPROVED_CN)
    assert.equal(rd.address.addressKey, 'ST-1000001-01')
    assert.deepEqual(rd.items, [{ name: 'Branded lab coat (cotton, size M–XL)', quantity: 1 }])

    // refusals first: nothing changes
    const before = await snapshot(c)
    const bad = [
      [{ carrier: 'Acme Parcel', trackingNumber: 'SF1234567890' }, 400],
      [{ carrier: 'SF Express', trackingNumber: 'x' }, 400],
      [{ carrier: 'SF Express', trackingNumber: 'SF 12345 67890' }, 400],
      [{ carrier: 'SF Express', trackingNumber: 'SF1234567890', extra: 1 }, 400],
    ] as const
    for (const [body, status] of bad)
      assert.equal(
        (await admin(c, 'POST', '/redemptions/RD-000001/ship', body)).statusCode,
        status,
        JSON.stringify(body),
      )
    assert.equal(
      (await admin(c, 'POST', '/redemptions/RD-999999/ship', { carrier: 'EMS', trackingNumber: 'EE123456789CN' }))
        .statusCode,
      404,
    )
    const marketing = await staffCall(c, 'staff-marketing', 'POST', '/redemptions/RD-000001/ship', {
      carrier: 'SF Express',
      trackingNumber: 'SF1234567890',
    })
    assert.equal(marketing.statusCode, 403)
    assert.deepEqual(await snapshot(c), before, 'refused calls changed nothing')

    const shipped = okData<any>(
      await staffCall(c, 'staff-customerService', 'POST', '/redemptions/RD-000001/ship', {
        carrier: 'SF Express',
        trackingNumber: 'SF1234567890',
      }),
      AdminRedemptionSchema,
    )
    assert.equal(shipped.status, 'shipped')
    assert.deepEqual(
      [shipped.shipment.carrier, shipped.shipment.trackingNumber, shipped.shipment.shippedBy],
      ['顺丰速运', 'SF1234567890', 'staff-customerService'],
    )
    // the buyer's redemption record: shipped, with the carrier in their language and the tracking number
    const en = (await buyerCall(c, 'approved.cn', 'GET', '/membership/redemptions/RD-000001')).json().data
    assert.equal(en.status, 'shipped')
    assert.deepEqual([en.shipment.carrier, en.shipment.trackingNumber], ['SF Express', 'SF1234567890'])
    const zh = (await buyerCall(c, 'approved.cn', 'GET', '/membership/redemptions/RD-000001', { headers: ZH })).json()
      .data
    assert.equal(zh.shipment.carrier, '顺丰速运')
    // already shipped: 409, nothing more written
    const again = await admin(c, 'POST', '/redemptions/RD-000001/ship', {
      carrier: 'EMS',
      trackingNumber: 'EE123456789CN',
    })
    assert.equal(again.statusCode, 409)
    // one audit entry, the notice, the email, the event
    const audit = await auditOf(c, 'RD-000001')
    assert.equal(audit.length, 1)
    assert.deepEqual(
      [audit[0].action, audit[0].permission, audit[0].staff_id],
      ['redemption.ship', 'redemption.ship', 'staff-customerService'],
    )
    const notes = await notificationsOf(c, 'approved.cn')
    assert.ok(notes.some((n) => n.title === 'Gift redemption RD-000001 has shipped' && n.body.includes('SF1234567890')))
    assert.equal((await mailTo(c, APPROVED_CN, 'RD-000001')).length, 1)
    const events = await eventsOf(c, 'redemption.shipped', 'number', 'RD-000001')
    assert.equal(events.length, 1)
    assert.deepEqual((events[0].payload as any).trackingNumber, 'SF1234567890')
  })

  it('"... and prize orders": shipped from the gift bag\'s own numbers; one still waiting for its address cannot ship (409)', async () => {
    const c = ctx()
    const queue = okData<any>(
      await admin(c, 'GET', '/redemptions?status=toShip&kind=prize'),
      Paged(AdminRedemptionSchema),
    )
    assert.ok(queue.items.some((r: any) => r.number === 'LD000000001' && r.address?.addressKey === 'ST-1000001-01'))
    // a prize order without its address yet ('created')
    const seeded = await c.db
      .selectFrom('prize_orders')
      .selectAll()
      .where('order_number', '=', 'LD000000001')
      .executeTakeFirstOrThrow()
    const record = await c.db
      .insertInto('draw_records')
      .values({
        activity_id: 'LD-CN-OVER',
        user_id: APPROVED_CN,
        prize_id: seeded.prize_id,
        period_key: 'test',
        points_spent: 10,
        idempotency_key: `test-${crypto.randomUUID()}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const waiting = `LD${String(record.id).padStart(9, '0')}`
    await c.db
      .insertInto('prize_orders')
      .values({
        order_number: waiting,
        user_id: APPROVED_CN,
        draw_id: record.id,
        prize_id: seeded.prize_id,
        status: 'created',
        address_due_at: new Date(Date.now() + 10 * DAY),
      })
      .execute()
    const early = await admin(c, 'POST', `/redemptions/${waiting}/ship`, {
      carrier: 'JD Logistics',
      trackingNumber: 'JD0012345678',
    })
    assert.equal(early.statusCode, 409)
    assert.match(early.json().message, /address/)

    const shipped = okData<any>(
      await admin(c, 'POST', '/redemptions/LD000000001/ship', {
        carrier: 'JD Logistics',
        trackingNumber: 'JD0012345678',
      }),
      AdminRedemptionSchema,
    )
    assert.deepEqual([shipped.kind, shipped.status, shipped.shipment.carrier], ['prize', 'shipped', '京东物流'])
    const bag = (await buyerCall(c, 'approved.cn', 'GET', '/membership/giftbag')).json().data
    const order = bag.items.find((o: any) => o.orderNumber === 'LD000000001')
    assert.equal(order.status, 'shipped')
    assert.deepEqual([order.shipment.carrier, order.shipment.trackingNumber], ['JD Logistics', 'JD0012345678'])
    assert.equal(
      (await admin(c, 'POST', '/redemptions/LD000000001/ship', { carrier: 'EMS', trackingNumber: 'EE123456789CN' }))
        .statusCode,
      409,
    )
    assert.equal((await auditOf(c, 'LD000000001')).length, 1)
    assert.ok((await notificationsOf(c, 'approved.cn')).some((n) => n.title === 'Prize order LD000000001 has shipped'))
    assert.equal((await mailTo(c, APPROVED_CN, 'LD000000001')).length, 1)
    assert.equal((await eventsOf(c, 'redemption.shipped', 'number', 'LD000000001')).length, 1)
  })

  it('"redemption feedback resolved": the buyer reads the resolution; resolving again is 409, an unknown one 404, a blank note 400', async () => {
    const c = ctx()
    const open = okData<any>(await admin(c, 'GET', '/redemption-feedback?status=open'), Paged(AdminFeedbackSchema))
    const f = open.items.find((x: any) => x.number === 'RD-000001')
    assert.ok(f, 'the seeded feedback is open')
    assert.equal(f.status, 'pending')
    assert.equal((await admin(c, 'POST', `/redemption-feedback/${f.id}/resolve`, { note: '   ' })).statusCode, 400)
    assert.equal((await admin(c, 'POST', `/redemption-feedback/${f.id}/resolve`, { note: 'a\u0007b' })).statusCode, 400)
    assert.equal((await admin(c, 'POST', '/redemption-feedback/999999/resolve', { note: 'x' })).statusCode, 404)
    assert.equal(
      (await staffCall(c, 'staff-finance', 'POST', `/redemption-feedback/${f.id}/resolve`, { note: 'x' })).statusCode,
      403,
    )

    const done = okData<any>(
      await admin(c, 'POST', `/redemption-feedback/${f.id}/resolve`, { note: 'Shipped by SF Express, SF1234567890' }),
      AdminFeedbackSchema,
    )
    assert.deepEqual(
      [done.status, done.result, done.resolvedBy],
      ['completed', 'Shipped by SF Express, SF1234567890', 'staff-administrator'],
    )
    const mine = (await buyerCall(c, 'approved.cn', 'GET', '/membership/redemption-feedback')).json().data
    const seen = mine.find((x: any) => x.id === f.id)
    assert.deepEqual([seen.status, seen.result], ['completed', 'Shipped by SF Express, SF1234567890'])
    assert.equal((await admin(c, 'POST', `/redemption-feedback/${f.id}/resolve`, { note: 'again' })).statusCode, 409)
    assert.equal((await auditOf(c, f.id)).filter((a) => a.entity === 'redemption_feedback').length, 1)
    assert.ok(
      (await notificationsOf(c, 'approved.cn')).some((n) => n.title === 'Your feedback on RD-000001 was resolved'),
    )
    assert.equal((await mailTo(c, APPROVED_CN, 'RD-000001')).filter((m) => /feedback|反馈/.test(m.subject)).length, 1)
    const closed = okData<any>(await admin(c, 'GET', '/redemption-feedback?status=open'), Paged(AdminFeedbackSchema))
    assert.ok(!closed.items.some((x: any) => x.id === f.id))
  })

  it('gifts "create, schedule, change, end, with the same validation the storefront relies on"', async () => {
    const c = ctx()
    const before = await snapshot(c)
    const refused: [string, object][] = [
      ['points 0', { points: 0 }],
      ['negative stock', { stock: -1 }],
      ['no Chinese name', { nameZh: '' }],
      ['blank English name', { nameEn: '   ' }],
      ['script image', { image: 'javascript:alert(1)' }],
      ['http image', { image: 'http://example.com/x.jpg' }],
      ['a tracker on another host', { image: 'https://cdn.example.com/rack.jpg' }],
      ['markup in a name', { nameEn: '<img src=x onerror=alert(1)>' }],
      ['protocol-relative image', { image: '//evil.example/x.jpg' }],
      ['climbing path', { image: '/media/../secret' }],
      ['limit below minimum', { minQty: 3, limitQty: 2 }],
      ['start after end', { startAt: '2030-02-01T00:00:00Z', endAt: '2030-01-01T00:00:00Z' }],
      ['unknown field', { colour: 'red' }],
    ]
    for (const [what, over] of refused) {
      const r = await admin(c, 'POST', '/gifts', { country: 'cn', ...giftBody, ...over })
      assert.equal(r.statusCode, 400, `${what}: ${r.body}`)
    }
    assert.equal(
      (await staffCall(c, 'staff-customerService', 'POST', '/gifts', { country: 'cn', ...giftBody })).statusCode,
      403,
    )
    assert.deepEqual(await snapshot(c), before, 'refused calls changed nothing')

    // a live gift: the member sees it and may redeem it
    const live = okData<any>(
      await staffCall(c, 'staff-marketing', 'POST', '/gifts', {
        country: 'cn',
        ...giftBody,
      }),
      AdminGiftSchema,
    )
    assert.match(live.id, /^GF-CN-[0-9A-F]{6}$/)
    assert.equal(live.state, 'live')
    const listed = async () =>
      (await buyerCall(c, 'approved.cn', 'GET', '/membership/gifts'))
        .json()
        .data.gifts.map((g: any) => g.id) as string[]
    assert.ok((await listed()).includes(live.id))
    assert.equal((await auditOf(c, live.id)).length, 1)

    // scheduled for later: not listed, not redeemable
    const later = okData<any>(
      await admin(c, 'POST', '/gifts', {
        country: 'cn',
        ...giftBody,
        startAt: new Date(Date.now() + 5 * DAY).toISOString(),
        endAt: new Date(Date.now() + 30 * DAY).toISOString(),
      }),
      AdminGiftSchema,
    )
    assert.equal(later.state, 'scheduled')
    assert.ok(!(await listed()).includes(later.id))
    assert.equal((await buyerCall(c, 'approved.cn', 'GET', `/membership/gifts/${later.id}`)).statusCode, 404)

    // a change the member sees: points and stock
    const changed = okData<any>(
      await admin(c, 'PUT', `/gifts/${live.id}`, { ...giftBody, points: 700, stock: 3 }),
      AdminGiftSchema,
    )
    assert.deepEqual([changed.points, changed.stock], [700, 3])
    const seen = (await buyerCall(c, 'approved.cn', 'GET', `/membership/gifts/${live.id}`)).json().data
    assert.deepEqual([seen.points, seen.stock], [700, 3])
    assert.equal(
      (await admin(c, 'PUT', `/gifts/${live.id}`, { ...giftBody, image: 'data:image/png;base64,AAAA' })).statusCode,
      400,
    )
    assert.equal((await admin(c, 'PUT', '/gifts/GF-CN-NOPE', giftBody)).statusCode, 404)

    // ended: gone from the storefront, refused as off sale; final for staff
    const ended = okData<any>(await admin(c, 'POST', `/gifts/${live.id}/end`), AdminGiftSchema)
    assert.equal(ended.state, 'ended')
    assert.ok(!(await listed()).includes(live.id))
    const redeem = await buyerCall(c, 'approved.cn', 'POST', '/membership/gifts/redeem', {
      headers: { ...EN, 'idempotency-key': `k-${crypto.randomUUID()}` },
      payload: {
        giftId: live.id,
        quantity: 1,
        addressKey: 'ST-1000001-01',
        contact: { name: 'Wang', phone: '13800138000' },
      },
    })
    assert.equal(redeem.statusCode, 409, redeem.body)
    assert.equal(redeem.json().reason, 'GIFT_OFF_SALE')
    assert.equal((await admin(c, 'POST', `/gifts/${live.id}/end`)).statusCode, 409)
    assert.equal((await admin(c, 'PUT', `/gifts/${live.id}`, giftBody)).statusCode, 409)
    assert.deepEqual(
      (await auditOf(c, live.id)).map((a) => a.action),
      ['gift.create', 'gift.change', 'gift.end'],
    )
    const page = okData<any>(await admin(c, 'GET', '/gifts?country=cn&state=ended'), Paged(AdminGiftSchema))
    assert.ok(page.items.some((g: any) => g.id === live.id))
  })

  it('draws: prizes and odds checked as the draw relies on them; a change never breaks draws made; ending stops drawing', async () => {
    const c = ctx()
    const bad: [string, object][] = [
      ['no real prize', { prizes: [drawBody.prizes[0], { ...drawBody.prizes[0], nameEn: 'Again', nameZh: '再来' }] }],
      ['points prize without points', { prizes: [drawBody.prizes[0], { ...drawBody.prizes[1], points: null }] }],
      ['physical prize with points', { prizes: [drawBody.prizes[0], { ...drawBody.prizes[2], points: 5 }] }],
      ['limited thanks slot', { prizes: [{ ...drawBody.prizes[0], stock: 5 }, drawBody.prizes[2]] }],
      ['zero weight', { prizes: [drawBody.prizes[0], { ...drawBody.prizes[2], weight: 0 }] }],
      ['one prize', { prizes: [drawBody.prizes[2]] }],
      ['markup in a prize name', { prizes: [drawBody.prizes[0], { ...drawBody.prizes[2], nameEn: '<b>x</b>' }] }],
      ['window backwards', { startAt: '2030-04-01T00:00:00Z', endAt: '2030-03-01T00:00:00Z' }],
    ]
    for (const [what, over] of bad) {
      const r = await admin(c, 'POST', '/draws', { country: 'cn', ...drawBody, ...over })
      assert.equal(r.statusCode, 400, `${what}: ${r.body}`)
    }
    // a running draw the member can play
    const running = okData<any>(
      await admin(c, 'POST', '/draws', {
        country: 'cn',
        ...drawBody,
        startAt: new Date(Date.now() - DAY).toISOString(),
        endAt: new Date(Date.now() + 10 * DAY).toISOString(),
      }),
      AdminDrawSchema,
    )
    assert.equal(running.state, 'running')
    assert.deepEqual(
      running.prizes.map((p: any) => [p.slot, p.kind, p.weight]),
      [
        [0, 'none', 50],
        [1, 'points', 30],
        [2, 'physical', 5],
      ],
    )
    const list = (await buyerCall(c, 'approved.cn', 'GET', '/membership/draws')).json().data
    assert.ok(list.activities.some((a: any) => a.id === running.id))
    const drew = await buyerCall(c, 'approved.cn', 'POST', `/membership/draws/${running.id}/draw`, {
      headers: { ...EN, 'idempotency-key': `k-${crypto.randomUUID()}` },
    })
    assert.equal(drew.statusCode, 200, drew.body)
    const wonId = drew.json().data.prize.id as number
    const now = okData<any>(await admin(c, 'GET', '/draws?country=cn&pageSize=100'), Paged(AdminDrawSchema)).items.find(
      (d: any) => d.id === running.id,
    )
    assert.equal(now.draws, 1)
    const asInput = (p: any) => ({
      id: p.id,
      kind: p.kind,
      nameEn: p.nameEn,
      nameZh: p.nameZh,
      points: p.points,
      weight: p.weight,
      stock: p.stock,
    })
    const keep = now.prizes.map(asInput)
    const body = { ...drawBody, startAt: running.startAt, endAt: running.endAt }
    // removing the won prize, or changing its kind or points, or the period: 409, nothing changed
    const before = await snapshot(c)
    const won = keep.find((p: any) => p.id === wonId)
    const others = keep.filter((p: any) => p.id !== wonId)
    const breaking: [string, object][] = [
      [
        'won prize removed',
        { prizes: [...others, { kind: 'physical', nameEn: 'Mug', nameZh: '杯子', points: null, weight: 1, stock: 1 }] },
      ],
      [
        'won prize kind',
        {
          prizes: [
            ...others,
            {
              ...won,
              kind: won.kind === 'physical' ? 'points' : 'physical',
              points: won.kind === 'physical' ? 7 : null,
            },
          ],
        },
      ],
      ['period', { period: 'week', prizes: keep }],
      ['a prize of another draw', { prizes: [...keep, { ...keep[2], id: 1 }] }],
    ]
    for (const [what, over] of breaking) {
      const r = await admin(c, 'PUT', `/draws/${running.id}`, { ...body, ...over })
      assert.equal(r.statusCode, 409, `${what}: ${r.body}`)
      assert.equal(r.json().reason, 'DRAW_CHANGE_REFUSED', what)
    }
    assert.deepEqual(await snapshot(c), before, 'refused changes changed nothing')
    // odds and stock may change, prizes may be added and reordered
    const changed = okData<any>(
      await admin(c, 'PUT', `/draws/${running.id}`, {
        ...body,
        prizes: [
          { ...keep[2], weight: 9, stock: 20 },
          keep[0],
          keep[1],
          { kind: 'physical', nameEn: 'Tube rack', nameZh: '试管架', points: null, weight: 4, stock: 8 },
        ],
      }),
      AdminDrawSchema,
    )
    assert.deepEqual(
      changed.prizes.map((p: any) => [p.slot, p.id ?? null, p.weight]),
      [
        [0, keep[2].id, 9],
        [1, keep[0].id, 50],
        [2, keep[1].id, 30],
        [3, changed.prizes[3].id, 4],
      ],
    )
    assert.equal(changed.prizes.find((p: any) => p.id === wonId).won, 1, 'the draw made still names its prize')
    // ended: the member is refused, and staff cannot end or change it again
    const ended = okData<any>(
      await staffCall(c, 'staff-marketing', 'POST', `/draws/${running.id}/end`),
      AdminDrawSchema,
    )
    assert.equal(ended.state, 'over')
    const late = await buyerCall(c, 'approved.cn', 'POST', `/membership/draws/${running.id}/draw`, {
      headers: { ...EN, 'idempotency-key': `k-${crypto.randomUUID()}` },
    })
    assert.equal(late.json().reason, 'DRAW_NOT_IN_TIME')
    assert.equal((await admin(c, 'POST', `/draws/${running.id}/end`)).statusCode, 409)
    assert.equal((await admin(c, 'PUT', `/draws/${running.id}`, body)).statusCode, 409)
    assert.equal((await admin(c, 'POST', '/draws/LD-CN-NOPE/end')).statusCode, 404)
    assert.equal((await staffCall(c, 'staff-orderDesk', 'POST', `/draws/${running.id}/end`)).statusCode, 403)
    assert.deepEqual(
      (await auditOf(c, running.id)).map((a) => a.action),
      ['draw.create', 'draw.change', 'draw.end'],
    )
    // a draw that has not started yet, ended: it never runs
    const soon = okData<any>(await admin(c, 'POST', '/draws/LD-CN-SOON/end'), AdminDrawSchema)
    assert.equal(soon.state, 'over')
    assert.ok(new Date(soon.startAt) < new Date(soon.endAt))
  })

  it('"Points: manual adjustment with a reason, through the points ledger": the member sees the line and its reason; never below zero', async () => {
    const c = ctx()
    const token = await tokenFor(c, 'approved.cn')
    const balance = async () =>
      (await c.app.inject({ method: 'GET', url: '/api/membership/points', headers: auth(token, EN) })).json().data
        .balance as number
    const start = await balance()
    const up = okData<any>(
      await staffCall(c, 'staff-customerService', 'POST', '/points/adjust', {
        userId: APPROVED_CN,
        delta: 25,
        reason: 'Goodwill for a late delivery',
      }),
      PointsAdjustedSchema,
    )
    assert.deepEqual([up.delta, up.balance], [25, start + 25])
    assert.equal(await balance(), start + 25)
    const entries = (
      await c.app.inject({ method: 'GET', url: '/api/membership/points/entries?pageSize=5', headers: auth(token, EN) })
    ).json().data.items
    assert.deepEqual(
      [entries[0].kind, entries[0].points, entries[0].source, entries[0].note],
      ['earned', 25, 'adjustment', 'Goodwill for a late delivery'],
    )
    // refusals: nothing changes
    const before = await snapshot(c)
    const over = await admin(c, 'POST', '/points/adjust', {
      userId: APPROVED_CN,
      delta: -(start + 26),
      reason: 'Too much',
    })
    assert.equal(over.statusCode, 409, over.body)
    assert.equal(over.json().reason, 'POINTS_INSUFFICIENT')
    assert.equal(
      (await admin(c, 'POST', '/points/adjust', { userId: APPROVED_CN, delta: 0, reason: 'x' })).statusCode,
      400,
    )
    assert.equal(
      (await admin(c, 'POST', '/points/adjust', { userId: APPROVED_CN, delta: 1.5, reason: 'x' })).statusCode,
      400,
    )
    assert.equal(
      (await admin(c, 'POST', '/points/adjust', { userId: APPROVED_CN, delta: 5, reason: ' ' })).statusCode,
      400,
    )
    assert.equal(
      (await admin(c, 'POST', '/points/adjust', { userId: 'U-nobody', delta: 5, reason: 'x' })).statusCode,
      404,
    )
    const distributor = await c.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'distributor.cn')
      .executeTakeFirstOrThrow()
    assert.equal(
      (await admin(c, 'POST', '/points/adjust', { userId: distributor.id, delta: 5, reason: 'x' })).statusCode,
      409,
    )
    assert.equal(
      (await staffCall(c, 'staff-marketing', 'POST', '/points/adjust', { userId: APPROVED_CN, delta: 5, reason: 'x' }))
        .statusCode,
      403,
    )
    assert.deepEqual(await snapshot(c), before, 'refused adjustments changed nothing')
    // taking all that is left is allowed: exactly zero
    const down = okData<any>(
      await admin(c, 'POST', '/points/adjust', {
        userId: APPROVED_CN,
        delta: -(start + 25),
        reason: 'Points granted by mistake',
      }),
      PointsAdjustedSchema,
    )
    assert.equal(down.balance, 0)
    assert.equal(await balance(), 0)
    const audit = (await auditOf(c, APPROVED_CN)).filter((a) => a.action === 'points.adjust')
    assert.equal(audit.length, 2)
    assert.ok((await notificationsOf(c, 'approved.cn')).some((n) => n.title === 'Points adjusted: +25'))
    assert.equal((await mailTo(c, APPROVED_CN, '+25')).length, 1)
    const events = await eventsOf(c, 'points.adjusted', 'userId', APPROVED_CN)
    assert.deepEqual(events.map((e) => (e.payload as any).delta).sort(), [-(start + 25), 25].sort())
  })

  it('two staff deciding at once: "the second gets 409" (shipping the same redemption, taking the same points twice)', async () => {
    const c = ctx()
    // a fresh redemption of the cheapest gift approved.cn may redeem (the points for it added first)
    const gifts = (await buyerCall(c, 'approved.cn', 'GET', '/membership/gifts')).json().data.gifts as any[]
    const gift = gifts
      .filter((g) => ['normal', 'insufficient_points'].includes(g.exchangeStatus))
      .sort((a, b) => a.points - b.points)[0]
    assert.ok(gift, 'approved.cn can redeem a gift')
    await staffCall(c, 'staff-administrator', 'POST', '/points/adjust', {
      userId: APPROVED_CN,
      delta: gift.points * gift.minQty,
      reason: 'For the test redemption',
    })
    const made = await buyerCall(c, 'approved.cn', 'POST', '/membership/gifts/redeem', {
      headers: { ...EN, 'idempotency-key': `k-${crypto.randomUUID()}` },
      payload: {
        giftId: gift.id,
        quantity: gift.minQty,
        addressKey: 'ST-1000001-01',
        contact: { name: 'Wang', phone: '13800138000' },
      },
    })
    assert.equal(made.statusCode, 200, made.body)
    const number = made.json().data.redemption.redemptionNumber as string
    const ship = (staffId: string, trackingNumber: string) =>
      staffCall(c, staffId, 'POST', `/redemptions/${number}/ship`, { carrier: 'EMS', trackingNumber })
    const both = await Promise.all([
      ship('staff-administrator', 'EE000000001CN'),
      ship('staff-customerService', 'EE000000002CN'),
    ])
    assert.deepEqual(both.map((r) => r.statusCode).sort(), [200, 409])
    const row = await c.db
      .selectFrom('gift_redemptions')
      .select(['status', 'tracking_number'])
      .where('redemption_number', '=', number)
      .executeTakeFirstOrThrow()
    const winner = both.find((r) => r.statusCode === 200)!.json().data
    assert.deepEqual([row.status, row.tracking_number], ['shipped', winner.shipment.trackingNumber])
    assert.equal((await auditOf(c, number)).length, 1, 'one decision, one audit entry')
    assert.equal((await eventsOf(c, 'redemption.shipped', 'number', number)).length, 1)

    // the whole balance taken twice at once: one succeeds, the other finds nothing left (409); never below zero
    const token = await tokenFor(c, 'approved.cn')
    const balance = async () =>
      (await c.app.inject({ method: 'GET', url: '/api/membership/points', headers: auth(token, EN) })).json().data
        .balance as number
    await staffCall(c, 'staff-administrator', 'POST', '/points/adjust', {
      userId: APPROVED_CN,
      delta: 100,
      reason: 'Top up',
    })
    const all = await balance()
    assert.ok(all >= 100)
    const take = () =>
      staffCall(c, 'staff-customerService', 'POST', '/points/adjust', {
        userId: APPROVED_CN,
        delta: -all,
        reason: 'Twice',
      })
    const taken = await Promise.all([take(), take()])
    assert.deepEqual(taken.map((r) => r.statusCode).sort(), [200, 409])
    assert.equal(await balance(), 0)
  })

  it('customer service cancels a gift redemption with a reason: points and stock back, the buyer told, one audit entry, one event; shipped is 409', async () => {
    const c = ctx()
    const balance = async () =>
      (await buyerCall(c, 'approved.cn', 'GET', '/membership/points')).json().data.balance as number
    const stockOf = async (giftId: string) =>
      (await c.db.selectFrom('gifts').select('stock').where('id', '=', giftId).executeTakeFirstOrThrow()).stock
    const gifts = (await buyerCall(c, 'approved.cn', 'GET', '/membership/gifts')).json().data.gifts as any[]
    const gift = gifts
      .filter(
        (g) =>
          ['normal', 'insufficient_points'].includes(g.exchangeStatus) &&
          g.stock >= 2 * g.minQty &&
          (g.limitQty === null || g.redeemedThisPeriod + 2 * g.minQty <= g.limitQty),
      )
      .sort((a, b) => a.points - b.points)[0]
    assert.ok(gift, 'approved.cn can redeem a gift twice')
    const cost = gift.points * gift.minQty
    await admin(c, 'POST', '/points/adjust', { userId: APPROVED_CN, delta: 2 * cost, reason: 'For two redemptions' })
    const redeem = async () => {
      const res = await buyerCall(c, 'approved.cn', 'POST', '/membership/gifts/redeem', {
        headers: { ...EN, 'idempotency-key': `k-${crypto.randomUUID()}` },
        payload: {
          giftId: gift.id,
          quantity: gift.minQty,
          addressKey: 'ST-1000001-01',
          contact: { name: 'Wang', phone: '13800138000' },
        },
      })
      assert.equal(res.statusCode, 200, res.body)
      return res.json().data.redemption.redemptionNumber as string
    }
    const toShip = await redeem()
    const number = await redeem()
    assert.equal(
      (await admin(c, 'POST', `/redemptions/${toShip}/ship`, { carrier: 'EMS', trackingNumber: 'EE123456789CN' }))
        .statusCode,
      200,
    )
    const pointsBefore = await balance()
    const stockBefore = await stockOf(gift.id)
    const redeemedBefore = (await buyerCall(c, 'approved.cn', 'GET', '/membership/gifts'))
      .json()
      .data.gifts.find((g: any) => g.id === gift.id).redeemedThisPeriod as number

    // refusals first: nothing changes, no audit entry
    const before = await snapshot(c)
    const cancel = (n: string, payload: object, staffId = 'staff-customerService') =>
      staffCall(c, staffId, 'POST', `/redemptions/${n}/cancel`, payload)
    const shipped = await cancel(toShip, { reason: 'Asked by the member' })
    assert.equal(shipped.statusCode, 409, 'a shipped redemption cannot be cancelled')
    assert.equal(shipped.json().reason, 'REDEMPTION_STATUS')
    assert.match(shipped.json().message, /shipped/)
    assert.equal((await cancel(number, {})).statusCode, 400, 'the reason is required')
    assert.equal((await cancel(number, { reason: '   ' })).statusCode, 400, 'a blank reason')
    assert.equal((await cancel(number, { reason: 'x'.repeat(501) })).statusCode, 400, 'over 500 characters')
    assert.equal((await cancel('LD000000001', { reason: 'x' })).statusCode, 400, 'a prize order is not cancelled here')
    assert.equal((await cancel('RD-999999', { reason: 'x' })).statusCode, 404)
    assert.equal((await cancel(number, { reason: 'x' }, 'staff-marketing')).statusCode, 403)
    assert.deepEqual(await snapshot(c), before, 'refused cancellations changed nothing')
    assert.equal((await auditOf(c, toShip)).filter((a) => a.action === 'redemption.cancel').length, 0)

    const done = okData<any>(
      await cancel(number, { reason: '  The member asked to cancel by phone  ' }),
      AdminRedemptionSchema,
    )
    assert.deepEqual([done.number, done.status], [number, 'cancelled'])
    // "cancelled and expired return the points and the stock" (types/membership/gifts.ts REDEMPTION_MOVES)
    assert.equal(await balance(), pointsBefore + cost)
    assert.equal(await stockOf(gift.id), stockBefore + gift.minQty)
    // "cancelled and expired redemptions do not count" towards the gift's monthly limit
    const redeemedAfter = (await buyerCall(c, 'approved.cn', 'GET', '/membership/gifts'))
      .json()
      .data.gifts.find((g: any) => g.id === gift.id).redeemedThisPeriod as number
    assert.equal(redeemedAfter, redeemedBefore - gift.minQty)
    // what the buyer sees: the status in their list, the notice with the reason and the points
    const list = (await buyerCall(c, 'approved.cn', 'GET', '/membership/redemptions?page=1&pageSize=50')).json().data
    assert.equal(list.items.find((r: any) => r.redemptionNumber === number).status, 'cancelled')
    const note = (await notificationsOf(c, 'approved.cn')).find(
      (n) => n.title === `Gift redemption ${number} was cancelled`,
    )
    assert.ok(note, 'the buyer is notified')
    assert.ok(note.body.includes('The member asked to cancel by phone') && note.body.includes(`${cost} points`))
    // the email, in the buyer's language (approved.cn reads Chinese)
    const mails = await mailTo(c, APPROVED_CN, number)
    assert.deepEqual(
      mails.map((m) => m.subject),
      [`礼品兑换 ${number} 已取消`],
    )
    // one audit entry, one event
    const audit = await auditOf(c, number)
    assert.equal(audit.length, 1)
    assert.deepEqual(
      [audit[0].action, audit[0].permission, audit[0].staff_id],
      ['redemption.cancel', 'redemption.ship', 'staff-customerService'],
    )
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
    assert.deepEqual(parse(audit[0].before), { status: 'submitted' })
    assert.deepEqual(parse(audit[0].after), {
      status: 'cancelled',
      reason: 'The member asked to cancel by phone',
      pointsReturned: cost,
    })
    const events = await eventsOf(c, 'redemption.cancelled', 'number', number)
    assert.equal(events.length, 1)
    assert.deepEqual(
      [(events[0].payload as any).userId, (events[0].payload as any).pointsReturned, (events[0].payload as any).lines],
      [APPROVED_CN, cost, [{ giftId: gift.id, quantity: gift.minQty }]],
    )

    // cancelled is final: again is 409 naming it, and the points come back once only
    const again = await cancel(number, { reason: 'Twice' })
    assert.equal(again.statusCode, 409)
    assert.match(again.json().message, /cancelled/)
    assert.equal(await balance(), pointsBefore + cost)
    assert.equal((await auditOf(c, number)).length, 1)
  })
})
