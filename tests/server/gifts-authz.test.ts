import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { describeEachDb, tokenFor, type TestContext, userRow } from './helpers'

/**
 * Who reaches what in the membership programme (issue 13: "an IDOR matrix for ledgers, redemptions
 * and invitations"; spec §9 "Login is required for ... points, gift redemption, point detail,
 * redemption record and feedback." and "Distributor, agent and special accounts are blocked from the
 * membership centre."). Every call is the token's user's: member A never reads or changes member B's
 * ledger, redemptions or feedback (404 exactly like an unknown number, nothing written); a blocked
 * account gets 403 MEMBERSHIP_BLOCKED on every call, before anything is read or written.
 */

const headers = (token?: string, extra: Record<string, string> = {}) => ({
  countrycode: 'cn',
  languagecode: 'en',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...extra,
})
async function call(c: TestContext, method: 'GET' | 'POST', url: string, token?: string, body?: unknown, key?: string) {
  const res = await c.app.inject({
    method,
    url: `/api${url}`,
    headers: headers(token, key ? { 'idempotency-key': key } : {}),
    payload: body as object | undefined,
  })
  return { status: res.statusCode, text: res.body, body: res.json() }
}
const counts = async (c: TestContext) => {
  const n = async (t: 'points_entries' | 'gift_redemptions' | 'gift_redemption_feedback') =>
    Number(
      (
        await c.db
          .selectFrom(t)
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return {
    entries: await n('points_entries'),
    redemptions: await n('gift_redemptions'),
    feedback: await n('gift_redemption_feedback'),
  }
}

describeEachDb(
  "membership points and gifts: one member never reaches another's; blocked accounts reach nothing",
  (ctx) => {
    /** what A redeems (and B then sends with A's Idempotency-Key) */
    const aRedemption = {
      giftId: 'GF-CN-005',
      quantity: 1,
      addressKey: 'ST-1000001-01',
      contact: { name: 'Wang', phone: '13800138000' },
    }

    it("A's redemption, its record, detail and feedback are invisible and untouchable to B (404 like an unknown number)", async () => {
      const a = await tokenFor(ctx(), 'approved.cn')
      const b = await tokenFor(ctx(), 'approved.in')
      const r = await call(ctx(), 'POST', '/membership/gifts/redeem', a, aRedemption, 'authz-key-a-0001')
      assert.equal(r.status, 200, r.text)
      const num = r.body.data.redemption.redemptionNumber
      const fa = await call(ctx(), 'POST', '/membership/redemption-feedback', a, {
        category: 'other',
        type: 'enquiry',
        number: num,
        description: 'A asks',
      })
      assert.equal(fa.status, 200)
      await call(ctx(), 'GET', '/membership/points', b) // B's own orders credited first: B's writes, not the ones under test
      const before = await counts(ctx())

      const theirs = await call(ctx(), 'GET', `/membership/redemptions/${num}`, b)
      const unknown = await call(ctx(), 'GET', '/membership/redemptions/RD-999998', b)
      assert.equal(theirs.status, 404)
      assert.deepEqual(theirs.body, unknown.body)
      const fb = await call(ctx(), 'POST', '/membership/redemption-feedback', b, {
        category: 'other',
        type: 'complaint',
        number: num,
        description: 'B meddles',
      })
      assert.deepEqual([fb.status, fb.body.reason], [404, 'REDEMPTION_NOT_FOUND'])
      // B's lists hold nothing of A's
      const bl = await call(ctx(), 'GET', '/membership/redemptions', b)
      assert.ok(!bl.text.includes(num))
      const bf = await call(ctx(), 'GET', '/membership/redemption-feedback', b)
      assert.ok(!bf.text.includes(num) && !bf.text.includes('A asks'))
      const be = await call(ctx(), 'GET', '/membership/points/entries?pageSize=50', b)
      assert.ok(!be.text.includes(num), "B's ledger has no entry of A's redemption")
      const bu = await userRow(ctx(), 'approved.in')
      const bSum = Number(
        (
          await ctx()
            .db.selectFrom('points_entries')
            .select(sql<string>`coalesce(sum(points),0)`.as('n'))
            .where('user_id', '=', bu.id)
            .executeTakeFirstOrThrow()
        ).n,
      )
      assert.equal(
        (await call(ctx(), 'GET', '/membership/points', b)).body.data.balance,
        bSum,
        "B's balance is B's entries",
      )
      // B cannot spend from A's points nor ship to A's address: the address is the token's account's
      const ship = await call(
        ctx(),
        'POST',
        '/membership/gifts/redeem',
        b,
        {
          giftId: 'GF-IN-004',
          quantity: 1,
          addressKey: 'ST-1000001-01',
          contact: { name: 'Priya', phone: '9876543210' },
        },
        'authz-key-b-0001',
      )
      assert.deepEqual([ship.status, ship.body.reason], [404, 'ADDRESS_NOT_FOUND'])
      // the same Idempotency-Key in B's hands is B's own key: it does not replay A's redemption
      const sameKey = await call(ctx(), 'POST', '/membership/gifts/redeem', b, aRedemption, 'authz-key-a-0001')
      assert.notEqual(sameKey.status, 200)
      assert.ok(!sameKey.text.includes(num))
      assert.deepEqual(await counts(ctx()), before, "nothing written by B's attempts")
    })

    it('distributor.cn gets 403 MEMBERSHIP_BLOCKED on every call, nothing written; anonymous gets 401', async () => {
      const d = await tokenFor(ctx(), 'distributor.cn')
      const before = await counts(ctx())
      const calls: ['GET' | 'POST', string, unknown?][] = [
        ['GET', '/membership/points'],
        ['GET', '/membership/points/entries'],
        ['GET', '/membership/gifts'],
        ['GET', '/membership/gifts/GF-CN-001'],
        [
          'POST',
          '/membership/gifts/redeem',
          {
            giftId: 'GF-CN-001',
            quantity: 1,
            addressKey: 'ST-3000001-01',
            contact: { name: 'Zhou', phone: '13900139000' },
          },
        ],
        ['GET', '/membership/redemptions'],
        ['GET', '/membership/redemptions/RD-000001'],
        ['GET', '/membership/redemption-feedback'],
        [
          'POST',
          '/membership/redemption-feedback',
          { category: 'other', type: 'enquiry', number: 'RD-000001', description: 'x' },
        ],
      ]
      for (const [m, url, body] of calls) {
        const r = await call(ctx(), m, url, d, body, 'blocked-key-0001')
        assert.deepEqual([r.status, r.body.reason], [403, 'MEMBERSHIP_BLOCKED'], `${m} ${url}`)
        const anon = await call(ctx(), m, url, undefined, body, 'anon-key-00001')
        assert.equal(anon.status, 401, `${m} ${url} anonymous`)
      }
      assert.deepEqual(await counts(ctx()), before)
      const du = await userRow(ctx(), 'distributor.cn')
      const e = await ctx().db.selectFrom('points_entries').select('id').where('user_id', '=', du.id).execute()
      assert.equal(e.length, 0, 'a blocked account earns no points either')
    })

    it("a member's token is no staff token: shipping their redemption or resolving their feedback is 401, nothing changed", async () => {
      const a = await tokenFor(ctx(), 'approved.cn')
      const state = async () => ({
        redemption: await ctx()
          .db.selectFrom('gift_redemptions')
          .select(['status', 'carrier', 'tracking_number'])
          .where('redemption_number', '=', 'RD-000001')
          .executeTakeFirstOrThrow(),
        feedback: await ctx()
          .db.selectFrom('gift_redemption_feedback')
          .select(['status', 'result'])
          .where('id', '=', 1 as never)
          .executeTakeFirstOrThrow(),
      })
      const before = await state()
      const ship = await call(ctx(), 'POST', '/admin/redemptions/RD-000001/ship', a, {
        carrier: 'SF Express',
        trackingNumber: 'SF1234567890',
      })
      assert.equal(ship.status, 401, ship.text)
      const resolve = await call(ctx(), 'POST', '/admin/redemption-feedback/1/resolve', a, { note: 'Done' })
      assert.equal(resolve.status, 401, resolve.text)
      assert.deepEqual(await state(), before)
    })
  },
)
