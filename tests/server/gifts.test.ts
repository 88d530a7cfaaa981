import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { earnPoints, spendPoints } from '../../server/domains/membership/ledger'
import { ORDER_CREDIT_STATUSES, orderPoints } from '../../types/membership/points'
import { describeEachDb, tokenFor, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { erpClient, sendRows } from './erp-helpers'

/**
 * Points and gifts on the server (docs/membership.md): orders earn
 * points once, a cancelled order's points are taken back, points expire FIFO; the gift centre's
 * exchange statuses; redemption with its spec §8 refusals ("Redeem: gift missing, off sale, out of
 * stock, over limit, below minimum, insufficient points, black-listed user"), its Idempotency-Key,
 * the redemption record, and feedback, which staff resolve (issue 24).
 */

const EN = { countrycode: 'cn', languagecode: 'en' }

type Res = { status: number; body: any }
async function call(
  c: TestContext,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; key?: string; lang?: 'en' | 'zh' } = {},
): Promise<Res> {
  const res = await c.app.inject({
    method,
    url: `/api${url}`,
    payload: opts.body as object | undefined,
    headers: {
      ...EN,
      languagecode: opts.lang ?? 'en',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
    },
  })
  return { status: res.statusCode, body: res.json() }
}

const userId = (db: Kysely<DB>, userName: string) =>
  db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow()
    .then((u) => u.id)
/** the user's points entries of one kind (earned, spent, expired, reversed) */
const entriesOfKind = (db: Kysely<DB>, uid: string, kind: DB['points_entries']['kind']) =>
  db.selectFrom('points_entries').selectAll().where('user_id', '=', uid).where('kind', '=', kind).execute()
const ledgerSum = async (db: Kysely<DB>, uid: string) =>
  Number(
    (
      await db
        .selectFrom('points_entries')
        .select(sql<string>`coalesce(sum(points),0)`.as('n'))
        .where('user_id', '=', uid)
        .executeTakeFirstOrThrow()
    ).n,
  )
const entryCount = async (db: Kysely<DB>, uid: string) =>
  Number(
    (
      await db
        .selectFrom('points_entries')
        .select(sql<string>`count(*)`.as('n'))
        .where('user_id', '=', uid)
        .executeTakeFirstOrThrow()
    ).n,
  )
const stockOf = async (db: Kysely<DB>, id: string) =>
  (await db.selectFrom('gifts').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock
const redemptionCount = async (db: Kysely<DB>) =>
  Number(
    (
      await db
        .selectFrom('gift_redemptions')
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

const redeemBody = (giftId: string, quantity = 1, extra: Record<string, unknown> = {}) => ({
  giftId,
  quantity,
  addressKey: 'ST-1000001-01',
  contact: { name: '王小明', phone: '13800138000' },
  ...extra,
})

describeEachDb('membership points: orders earn, cancellations reverse, lots expire FIFO', (ctx) => {
  it('"Orders earn points by a rule stated in README": every shipped, waiting-for-delivery or completed order once, 1 point per full CNY 1,000 before tax', async () => {
    const db = ctx().db
    const uid = await userId(db, 'approved.cn')
    const orders = await db
      .selectFrom('orders')
      .select(['order_number', 'currency', 'total_amount'])
      .where('user_id', '=', uid)
      .where('status', 'in', [...ORDER_CREDIT_STATUSES])
      .execute()
    const expected = orders.reduce((s, o) => s + orderPoints(o.currency, Number(o.total_amount)), 0)
    assert.ok(expected > 1000, `approved.cn earns a useful balance (${expected})`)
    const t = await tokenFor(ctx(), 'approved.cn')
    const first = await call(ctx(), 'GET', '/membership/points', { token: t })
    assert.equal(first.status, 200)
    assert.equal(first.body.data.balance, expected)
    assert.equal(await ledgerSum(db, uid), expected, 'the balance is the sum of the entries')
    const n = await entryCount(db, uid)
    assert.equal(
      n,
      orders.filter((o) => orderPoints(o.currency, Number(o.total_amount)) > 0).length,
      'one entry per earning order',
    )
    // idempotent: a second read credits nothing
    assert.equal((await call(ctx(), 'GET', '/membership/points', { token: t })).body.data.balance, expected)
    assert.equal(await entryCount(db, uid), n)
    // every earned lot expires at the end of the calendar year after the order's
    const lot = await db
      .selectFrom('points_entries as e')
      .innerJoin('orders as o', 'o.order_number', 'e.source_ref')
      .select(['e.expires_at', 'o.created_at'])
      .where('e.user_id', '=', uid)
      .limit(1)
      .executeTakeFirstOrThrow()
    assert.equal(
      new Date(lot.expires_at!).toISOString(),
      `${new Date(lot.created_at).getUTCFullYear() + 2}-01-01T00:00:00.000Z`,
    )
  })

  it("an order is credited as it ships (the ERP's shipment; no read needed); a distributor's shipped order earns nothing", async () => {
    const db = ctx().db
    const erp = await erpClient(ctx().app, db, ['erp:orders'])
    for (const [userName, earns] of [
      ['approved.cn', true],
      ['distributor.cn', false],
    ] as const) {
      const uid = await userId(db, userName)
      const o = await db
        .selectFrom('orders')
        .select(['order_number', 'currency', 'total_amount'])
        .where('user_id', '=', uid)
        .where('status', '=', 'IN_PROGRESS')
        .where('total_amount', '>=', 100_000)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
      if (!o) {
        assert.ok(!earns, 'the seed has an order in progress for approved.cn')
        continue
      }
      const r = await sendRows(ctx().app, erp.token, 'shipments', [
        {
          id: `ship-${o.order_number}`,
          orderNo: o.order_number,
          carrier: 'SF Express',
          trackingNumber: 'SF1000000001',
        },
      ])
      const row = r.results[0]
      assert.deepEqual([row.status, (row.result as { status: string }).status], [200, 'SHIPPED'], JSON.stringify(row))
      const e = await db
        .selectFrom('points_entries')
        .select(['points', 'kind'])
        .where('user_id', '=', uid)
        .where('source', '=', 'order')
        .where('source_ref', '=', o.order_number)
        .execute()
      assert.deepEqual(
        e.map((x) => [x.kind, x.points]),
        earns ? [['earned', orderPoints(o.currency, Number(o.total_amount))]] : [],
        userName,
      )
    }
  })

  it('a credited order that is cancelled later loses its points: one reversed entry, once', async () => {
    const db = ctx().db
    const uid = await userId(db, 'approved.in')
    const t = await tokenFor(ctx(), 'approved.in')
    const before = (await call(ctx(), 'GET', '/membership/points', { token: t })).body.data.balance
    const e = await db
      .selectFrom('points_entries')
      .select(['id', 'points', 'source_ref'])
      .where('user_id', '=', uid)
      .where('kind', '=', 'earned')
      .orderBy('points', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    await db.updateTable('orders').set({ status: 'CANCELLED' }).where('order_number', '=', e.source_ref!).execute()
    const after = (await call(ctx(), 'GET', '/membership/points', { token: t })).body.data.balance
    assert.equal(after, before - e.points)
    await call(ctx(), 'GET', '/membership/points', { token: t })
    const rev = await db.selectFrom('points_entries').selectAll().where('reverses_id', '=', e.id).execute()
    assert.equal(rev.length, 1)
    assert.deepEqual(
      [rev[0].kind, rev[0].points, rev[0].source, rev[0].source_ref],
      ['reversed', -e.points, 'order', e.source_ref],
    )
    const page = await call(ctx(), 'GET', '/membership/points/entries?pageSize=50', { token: t })
    assert.ok(
      page.body.data.items.some(
        (i: any) => i.kind === 'reversed' && i.sourceRef === e.source_ref && i.points === -e.points,
      ),
    )
  })

  it('expiry is FIFO and idempotent: what is spent comes from the oldest lot; the unused rest of an expired lot becomes one expired entry', async () => {
    const db = ctx().db
    const uid = await userId(db, 'lite.cn')
    await db.transaction().execute(async (trx) => {
      await earnPoints(trx, uid, 100, {
        source: 'adjustment',
        sourceRef: 'test-lot-2019',
        expiresAt: new Date('2021-01-01T00:00:00Z'),
      })
      await earnPoints(trx, uid, 50, {
        source: 'adjustment',
        sourceRef: 'test-lot-2030',
        expiresAt: new Date('2032-01-01T00:00:00Z'),
      })
      await earnPoints(trx, uid, 7, { source: 'adjustment', sourceRef: 'test-lot-forever' })
      assert.equal((await spendPoints(trx, uid, 30, { source: 'adjustment', sourceRef: 'test-spend' })).ok, true)
    })
    const t = await tokenFor(ctx(), 'lite.cn')
    const r = await call(ctx(), 'GET', '/membership/points', { token: t })
    // 30 spent came out of the 2019 lot; its other 70 expired; 50 expire at the start of 2032; 7 never
    assert.deepEqual(r.body.data, { balance: 57, expiring: { points: 50, expiresAt: '2032-01-01T00:00:00.000Z' } })
    const expired = await entriesOfKind(db, uid, 'expired')
    assert.deepEqual(
      expired.map((x) => [x.points, x.source]),
      [[-70, 'expiry']],
    )
    await call(ctx(), 'GET', '/membership/points', { token: t })
    assert.equal((await entriesOfKind(db, uid, 'expired')).length, 1, 'nothing more expires')
    const list = await call(ctx(), 'GET', '/membership/points/entries?page=1&pageSize=2', { token: t })
    assert.equal(list.body.data.total, 5)
    assert.equal(list.body.data.items.length, 2)
    assert.equal(list.body.data.items[0].kind, 'expired', 'newest first')
    const p3 = await call(ctx(), 'GET', '/membership/points/entries?page=3&pageSize=2', { token: t })
    assert.equal(p3.body.data.items.length, 1)
  })
})

describeEachDb('gift centre: statuses, redemption and its refusals, record, feedback', (ctx) => {
  it("lists the country's gifts on sale with each exchange status for the member (normal, out of stock, insufficient points, draw-only)", async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const r = await call(ctx(), 'GET', '/membership/gifts', { token: t })
    assert.equal(r.status, 200)
    const { balance, gifts } = r.body.data
    assert.ok(balance > 26000 && balance < 120000, `balance ${balance}`)
    const by = new Map<string, any>(gifts.map((g: any) => [g.id, g]))
    assert.ok(gifts.length >= 20)
    assert.ok(
      gifts.every((g: any) => g.id.startsWith('GF-CN-')),
      'cn gifts only',
    )
    assert.equal(by.has('GF-CN-021'), false, 'off sale: not listed')
    assert.equal(by.get('GF-CN-007').exchangeStatus, 'out_of_stock')
    assert.equal(by.get('GF-CN-019').exchangeStatus, 'draw_only')
    assert.equal(by.get('GF-CN-016').exchangeStatus, 'insufficient_points')
    assert.equal(by.get('GF-CN-001').exchangeStatus, 'normal')
    assert.equal(by.get('GF-CN-004').minQty, 2)
    assert.equal(by.get('GF-CN-001').name, 'Branded lab coat (cotton, size M–XL)')
    const zh = await call(ctx(), 'GET', '/membership/gifts/GF-CN-001', { token: t, lang: 'zh' })
    assert.equal(zh.body.data.name, '品牌实验服（纯棉，M–XL）')
    assert.equal(
      (await call(ctx(), 'GET', '/membership/gifts/GF-IN-001', { token: t })).body.reason,
      'GIFT_NOT_FOUND',
      "another country's gift",
    )
  })

  it('redeems in one transaction: stock, points, redemption, line; the same key and body replays; another body is 409', async () => {
    const db = ctx().db
    const uid = await userId(db, 'approved.cn')
    const t = await tokenFor(ctx(), 'approved.cn')
    const balance = (await call(ctx(), 'GET', '/membership/points', { token: t })).body.data.balance
    const stock = await stockOf(db, 'GF-CN-001')
    const body = redeemBody('GF-CN-001', 1, { remark: 'size L' })
    const r = await call(ctx(), 'POST', '/membership/gifts/redeem', { token: t, key: 'redeem-key-0001', body })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    const d = r.body.data
    assert.match(d.redemption.redemptionNumber, /^RD-\d{6}$/)
    assert.equal(d.redemption.status, 'submitted')
    assert.equal(d.redemption.points, 4800)
    assert.equal(d.balance, balance - 4800)
    assert.equal(d.redemption.shipTo.addressKey, 'ST-1000001-01')
    assert.deepEqual(d.redemption.contact, { name: '王小明', phone: '13800138000' })
    assert.equal(await stockOf(db, 'GF-CN-001'), stock - 1)
    assert.equal(await ledgerSum(db, uid), balance - 4800)
    const spent = await entriesOfKind(db, uid, 'spent')
    assert.deepEqual(
      spent.map((e) => [e.points, e.source, e.source_ref]),
      [[-4800, 'redemption', d.redemption.redemptionNumber]],
    )
    const n = await redemptionCount(db)
    // a retry after a lost answer: the same answer, nothing written twice
    const again = await call(ctx(), 'POST', '/membership/gifts/redeem', { token: t, key: 'redeem-key-0001', body })
    assert.deepEqual(again, r)
    assert.equal(await redemptionCount(db), n)
    assert.equal(await stockOf(db, 'GF-CN-001'), stock - 1)
    const other = await call(ctx(), 'POST', '/membership/gifts/redeem', {
      token: t,
      key: 'redeem-key-0001',
      body: redeemBody('GF-CN-001', 2),
    })
    assert.deepEqual([other.status, other.body.reason], [409, 'IDEMPOTENCY_KEY_REUSED'])
    const none = await call(ctx(), 'POST', '/membership/gifts/redeem', { token: t, body })
    assert.deepEqual([none.status, none.body.reason], [400, 'IDEMPOTENCY_KEY_INVALID'])
    // the record and the detail
    const list = await call(ctx(), 'GET', '/membership/redemptions', { token: t })
    assert.equal(list.body.data.items[0].redemptionNumber, d.redemption.redemptionNumber)
    assert.equal(list.body.data.items[0].giftName, 'Branded lab coat (cotton, size M–XL)')
    const detail = await call(ctx(), 'GET', `/membership/redemptions/${d.redemption.redemptionNumber}`, { token: t })
    assert.equal(detail.status, 200)
    assert.equal(detail.body.data.remark, 'size L')
    assert.deepEqual(detail.body.data.lines, d.redemption.lines)
  })

  it('refuses each §8 case with its own reason and localized message, and writes nothing', async () => {
    const db = ctx().db
    const uid = await userId(db, 'approved.cn')
    const t = await tokenFor(ctx(), 'approved.cn')
    await call(ctx(), 'GET', '/membership/points', { token: t })
    const entries = await entryCount(db, uid)
    const n = await redemptionCount(db)
    let k = 0
    const tryRedeem = (body: object, lang: 'en' | 'zh' = 'en') =>
      call(ctx(), 'POST', '/membership/gifts/redeem', { token: t, key: `refusal-key-${++k}-xx`, body, lang })
    const cases: [object, number, string, RegExp][] = [
      [redeemBody('GF-CN-999'), 404, 'GIFT_NOT_FOUND', /Gift missing/],
      [redeemBody('GF-CN-021'), 409, 'GIFT_OFF_SALE', /Off sale/],
      [redeemBody('GF-CN-019'), 409, 'GIFT_DRAW_ONLY', /lucky draw/],
      [redeemBody('GF-CN-004', 1), 409, 'GIFT_BELOW_MINIMUM', /Below minimum: exchange at least 2/],
      [redeemBody('GF-CN-007'), 409, 'GIFT_OUT_OF_STOCK', /Out of stock/],
      [redeemBody('GF-CN-016'), 409, 'POINTS_INSUFFICIENT', /Insufficient points: this needs 120000 points/],
      [
        redeemBody('GF-CN-001', 1, { addressKey: 'ST-3000001-01' }),
        404,
        'ADDRESS_NOT_FOUND',
        /Shipping address not found/,
      ],
      [redeemBody('GF-CN-001', 1, { addressKey: 'ST-PENDING-000123' }), 409, 'ADDRESS_UNDER_REVIEW', /under review/],
      [redeemBody('GF-CN-001', 1, { contact: { name: 'Wang', phone: 'call me' } }), 400, 'CONTACT_INVALID', /contact/],
    ]
    for (const [body, status, reason, text] of cases) {
      const r = await tryRedeem(body)
      assert.deepEqual([r.status, r.body.reason], [status, reason], JSON.stringify(body))
      assert.match(r.body.message, text)
    }
    assert.equal((await tryRedeem(redeemBody('GF-CN-007'), 'zh')).body.message, '库存不足：该礼品已兑完')
    // over limit: GF-CN-002 allows 1 a month
    const first = await tryRedeem(redeemBody('GF-CN-002'))
    assert.equal(first.status, 200, JSON.stringify(first.body))
    const over = await tryRedeem(redeemBody('GF-CN-002'))
    assert.deepEqual([over.status, over.body.reason], [409, 'GIFT_OVER_LIMIT'])
    assert.match(over.body.message, /Over limit: at most 1 of this gift per month \(1 exchanged this month\)/)
    const gift = await call(ctx(), 'GET', '/membership/gifts/GF-CN-002', { token: t })
    assert.deepEqual([gift.body.data.exchangeStatus, gift.body.data.redeemedThisPeriod], ['exceeds_limit', 1])
    assert.equal(await redemptionCount(db), n + 1, 'only the accepted redemption was written')
    assert.equal(await entryCount(db, uid), entries + 1)
    // black-listed user
    const dist = await call(ctx(), 'POST', '/membership/gifts/redeem', {
      token: await tokenFor(ctx(), 'distributor.cn'),
      key: 'refusal-key-blocked',
      body: redeemBody('GF-CN-001'),
    })
    assert.deepEqual([dist.status, dist.body.reason], [403, 'MEMBERSHIP_BLOCKED'])
    // bad input: a clear 400
    for (const bad of [
      redeemBody('GF-CN-001', 0),
      redeemBody('GF-CN-001', 1, { extra: 1 }),
      { giftId: 'GF-CN-001' },
      redeemBody('gf cn 1'),
    ]) {
      assert.equal((await tryRedeem(bad)).status, 400, JSON.stringify(bad))
    }
  })

  it("feedback about one's redemption: pending, then completed with the result staff give", async () => {
    const t = await tokenFor(ctx(), 'approved.cn')
    const rd = (await call(ctx(), 'GET', '/membership/redemptions', { token: t })).body.data.items[0].redemptionNumber
    const f = await call(ctx(), 'POST', '/membership/redemption-feedback', {
      token: t,
      body: { category: 'logistics', type: 'enquiry', number: rd, description: 'When will it ship?' },
    })
    assert.equal(f.status, 200, JSON.stringify(f.body))
    assert.deepEqual([f.body.data.status, f.body.data.number, f.body.data.result], ['pending', rd, null])
    const missing = await call(ctx(), 'POST', '/membership/redemption-feedback', {
      token: t,
      body: { category: 'logistics', type: 'enquiry', number: 'RD-999999', description: 'x' },
    })
    assert.deepEqual([missing.status, missing.body.reason], [404, 'REDEMPTION_NOT_FOUND'])
    assert.equal(
      (
        await call(ctx(), 'POST', '/membership/redemption-feedback', {
          token: t,
          body: { category: 'nope', type: 'enquiry', number: rd, description: 'x' },
        })
      ).status,
      400,
    )
    const id = f.body.data.id
    const resolve = (token: string) =>
      ctx().app.inject({
        method: 'POST',
        url: `/api/admin/redemption-feedback/${id}/resolve`,
        headers: { ...EN, authorization: `Bearer ${token}` },
        payload: { note: 'Shipped today by SF Express' },
      })
    assert.equal((await resolve(t)).statusCode, 401, "a member's token is no staff token")
    const staff = await staffToken(ctx().db, 'staff-customerService')
    assert.equal((await resolve(staff)).statusCode, 200)
    assert.equal((await resolve(staff)).statusCode, 409, 'completed is final')
    const list = await call(ctx(), 'GET', '/membership/redemption-feedback', { token: t })
    assert.deepEqual([list.body.data[0].status, list.body.data[0].result], ['completed', 'Shipped today by SF Express'])
  })
})
