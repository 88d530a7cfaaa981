import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { buildApp } from '../../server/app'
import type { DbHandle } from '../../server/db'
import { earnPoints } from '../../server/domains/membership/ledger'
import { signAccessToken } from '../../server/domains/auth/tokens'
import { POSTGRES_URL, TEST_JWT_SECRET, closeTestDb, openTestDb } from './helpers'
import { seededUser } from '../support/buyer-account'

/**
 * Issue 13: "a concurrency test on PostgreSQL: concurrent redemptions ... never overspend points,
 * never exceed ... gift stock, and never break the period limits".
 *
 * 12 members of one account (each granted 1,000 points), two server instances on two connection
 * pools of one database, all requests at once: each member asks 6 times for gift X (100 points, stock
 * 30, limit 4 a month) and 4 times for gift Y (300 points, no limit), and sends every third request a
 * second time with the same Idempotency-Key (a client retry racing the first). Afterwards: every
 * member's balance is >= 0 and equals 1,000 − what their redemptions cost; nobody has more than 4 of
 * X; X's stock is 30 − what was redeemed and never below zero; every retry got the first answer; the
 * only refusals are out of stock, over limit and insufficient points; no 5xx.
 */

const MEMBERS = 12
const GRANT = 1000

describe('gift redemption under a crowd (PostgreSQL)', { skip: !POSTGRES_URL && 'DATABASE_URL not set' }, () => {
  let h1: DbHandle
  let h2: DbHandle
  let apps: FastifyInstance[] = []
  const users: { id: string; token: string }[] = []

  before(async () => {
    h1 = await openTestDb('postgres')
    h2 = await openTestDb('postgres')
    const db = h1.db
    await db
      .insertInto('gifts')
      .values([
        {
          id: 'GF-CN-900',
          country: 'cn',
          name_en: 'Race gift X',
          name_zh: '并发礼品 X',
          description_en: 'x',
          description_zh: 'x',
          category: 'lab',
          points: 100,
          stock: 30,
          limit_qty: 4,
        },
        {
          id: 'GF-CN-901',
          country: 'cn',
          name_en: 'Race gift Y',
          name_zh: '并发礼品 Y',
          description_en: 'y',
          description_zh: 'y',
          category: 'lab',
          points: 300,
          stock: 10_000,
          limit_qty: null,
        },
      ])
      .execute()
    const base = await seededUser(db, 'approved.cn')
    for (let i = 0; i < MEMBERS; i++) {
      const id = `U-race-${i}-${crypto.randomBytes(3).toString('hex')}`
      await db
        .insertInto('users')
        .values({
          ...base,
          id,
          user_name: `race${i}.cn`,
          cdc_uid: `race-${id}`,
          email: `race${i}@example.cn`,
          analytics_client_id: `race-${id}`,
        })
        .execute()
      await db
        .transaction()
        .execute((trx) => earnPoints(trx, id, GRANT, { source: 'adjustment', sourceRef: 'race-grant' }))
      users.push({ id, token: await signAccessToken(TEST_JWT_SECRET, { userId: id, userName: `race${i}.cn` }) })
    }
    apps = [buildApp({ db: h1.db, jwtSecret: TEST_JWT_SECRET }), buildApp({ db: h2.db, jwtSecret: TEST_JWT_SECRET })]
    await Promise.all(apps.map((a) => a.ready()))
  })
  after(async () => {
    await Promise.all(apps.map((a) => a.close()))
    if (h1) await closeTestDb(h1)
    if (h2) await closeTestDb(h2)
  })

  it('never overspends points, never oversells stock, never breaks the monthly limit; retries replay', async () => {
    const send = (i: number, u: { token: string }, giftId: string, key: string) =>
      apps[i % 2]
        .inject({
          method: 'POST',
          url: '/api/membership/gifts/redeem',
          headers: {
            authorization: `Bearer ${u.token}`,
            'idempotency-key': key,
            countrycode: 'cn',
            languagecode: 'en',
          },
          payload: {
            giftId,
            quantity: 1,
            addressKey: 'ST-1000001-01',
            contact: { name: 'Race', phone: '13800138000' },
          },
        })
        .then((r) => ({ key, status: r.statusCode, body: r.json() }))
    const jobs: Promise<{ key: string; status: number; body: any }>[] = []
    let n = 0
    for (const [m, u] of users.entries()) {
      for (let j = 0; j < 10; j++) {
        const gift = j < 6 ? 'GF-CN-900' : 'GF-CN-901'
        const key = `race-${m}-${j}-${crypto.randomBytes(4).toString('hex')}`
        jobs.push(send(n++, u, gift, key))
        if (j % 3 === 0) jobs.push(send(n++, u, gift, key)) // the retry, racing the first
      }
    }
    const res = await Promise.all(jobs)
    assert.equal(
      res.filter((r) => r.status >= 500).length,
      0,
      JSON.stringify(res.filter((r) => r.status >= 500).slice(0, 2)),
    )
    const reasons = new Set(res.filter((r) => r.status !== 200).map((r) => r.body.reason))
    for (const reason of reasons)
      assert.ok(['GIFT_OUT_OF_STOCK', 'GIFT_OVER_LIMIT', 'POINTS_INSUFFICIENT'].includes(reason), reason)
    // a key's two answers agree (both the same redemption, or both refused)
    const byKey = new Map<string, typeof res>()
    for (const r of res) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r])
    for (const [key, rs] of byKey) {
      if (rs.length < 2) continue
      const ok = rs.filter((r) => r.status === 200)
      if (ok.length === 2)
        assert.equal(ok[0].body.data.redemption.redemptionNumber, ok[1].body.data.redemption.redemptionNumber, key)
      else assert.ok(ok.length === 0 || rs.some((r) => r.status === 200), key)
    }
    const db = h1.db
    const placed = res.filter((r) => r.status === 200).map((r) => r.body.data.redemption.redemptionNumber)
    assert.equal(
      new Set(placed).size,
      Number(
        (
          await db
            .selectFrom('gift_redemptions')
            .select(sql<string>`count(*)`.as('n'))
            .where('user_id', 'like', 'U-race-%')
            .executeTakeFirstOrThrow()
        ).n,
      ),
      'every redemption answered, none lost, none doubled',
    )
    let soldX = 0
    for (const u of users) {
      const lines = await db
        .selectFrom('gift_redemption_lines as l')
        .innerJoin('gift_redemptions as r', 'r.id', 'l.redemption_id')
        .select(['l.gift_id', 'l.quantity', 'l.line_points'])
        .where('r.user_id', '=', u.id)
        .execute()
      const x = lines.filter((l) => l.gift_id === 'GF-CN-900').reduce((s, l) => s + l.quantity, 0)
      const cost = lines.reduce((s, l) => s + l.line_points, 0)
      soldX += x
      assert.ok(x <= 4, `limit: ${x}`)
      const sum = Number(
        (
          await db
            .selectFrom('points_entries')
            .select(sql<string>`sum(points)`.as('n'))
            .where('user_id', '=', u.id)
            .executeTakeFirstOrThrow()
        ).n,
      )
      assert.equal(sum, GRANT - cost, 'the ledger is the grant less what was redeemed')
      assert.ok(sum >= 0, `balance ${sum}`)
    }
    const stock = (await db.selectFrom('gifts').select('stock').where('id', '=', 'GF-CN-900').executeTakeFirstOrThrow())
      .stock
    assert.ok(stock >= 0)
    assert.equal(stock, 30 - soldX, 'stock = 30 − sold')
    assert.equal(soldX, 30, '12 members × up to 4 want 48 > 30: the stock sells out exactly')
  })
})
