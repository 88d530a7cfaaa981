import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { buildApp } from '../../server/app'
import { createPostgresDb, migrateToLatest, type DbHandle } from '../../server/db'
import { seedDatabase } from '../../server/db/seed'
import { signAccessToken } from '../../server/domains/auth/tokens'
import { earnPoints, pointsBalance } from '../../server/domains/membership/ledger'
import { POSTGRES_URL, TEST_JWT_SECRET, createTempPostgresDb, dropTempPostgresDb, withDatabase } from './helpers'
import { addBuyer, seededUser } from '../support/buyer-account'

/**
 * Issue 13: "a concurrency test on PostgreSQL: concurrent redemptions and draws never overspend
 * points, never exceed prize stock or gift stock, and never break the period limits". The play half:
 * draws (one member many at once, many members at once, on two server instances on one database) and
 * one invitation code entered by many new users at once (its use limit holds).
 */

interface Member {
  id: string
  token: string
}

describe('membership play under concurrency (PostgreSQL)', { skip: !POSTGRES_URL && 'DATABASE_URL not set' }, () => {
  let dbName: string
  let handle: DbHandle
  let apps: FastifyInstance[] = []

  before(async () => {
    dbName = await createTempPostgresDb('sf_mpconc')
    handle = createPostgresDb(withDatabase(POSTGRES_URL!, dbName), { max: 12 })
    await migrateToLatest(handle.db)
    await seedDatabase(handle.db, { productCount: 200 })
    apps = [
      buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET }),
      buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET }),
    ]
    for (const a of apps) await a.ready()
  })
  after(async () => {
    for (const a of apps) await a.close()
    await handle?.close()
    if (dbName) await dropTempPostgresDb(dbName)
  })

  async function members(n: number, points: number): Promise<Member[]> {
    const base = await seededUser(handle.db, 'approved.cn')
    const out: Member[] = []
    for (let i = 0; i < n; i++) {
      const tag = crypto.randomBytes(4).toString('hex')
      const id = `U-mpc-${tag}`
      await addBuyer(handle.db, {
        base,
        accountNumber: `MC${tag}`,
        accountName: `Crowd ${tag}`,
        user: { id, user_name: `mpc.${tag}`, cdc_uid: `mpc-${tag}`, email: `mpc${tag}@lab.example` },
        shipTo: false,
      })
      if (points)
        await handle.db
          .transaction()
          .execute((trx) => earnPoints(trx, id, points, { source: 'adjustment', sourceRef: `seed:${tag}` }))
      out.push({ id, token: await signAccessToken(TEST_JWT_SECRET, { userId: id, userName: `mpc.${tag}` }) })
    }
    return out
  }

  async function activity(o: { points: number; periodLimit: number; totalLimit: number; stock: number }) {
    const id = `C-${crypto.randomBytes(5).toString('hex')}`
    await handle.db
      .insertInto('draw_activities')
      .values({
        id,
        country: 'cn',
        kind: 'wheel',
        name_en: id,
        name_zh: id,
        rules_en: 'r',
        rules_zh: 'r',
        start_at: new Date(Date.now() - 60_000),
        end_at: new Date(Date.now() + 3_600_000),
        points_per_draw: o.points,
        period: 'day',
        period_limit: o.periodLimit,
        total_limit: o.totalLimit,
      })
      .execute()
    // a limited physical prize that is picked far more often than the unlimited thanks slot
    await handle.db
      .insertInto('draw_prizes')
      .values([
        {
          activity_id: id,
          slot: 0,
          kind: 'none',
          name_en: 'thanks',
          name_zh: 'thanks',
          weight: 1,
          stock: null,
          points: null,
        },
        {
          activity_id: id,
          slot: 1,
          kind: 'physical',
          name_en: 'mug',
          name_zh: 'mug',
          weight: 1000,
          stock: o.stock,
          points: null,
        },
      ])
      .execute()
    return id
  }

  const draw = async (app: FastifyInstance, m: Member, activityId: string, key: string) => {
    for (let attempt = 0; ; attempt++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/membership/draws/${activityId}/draw`,
        headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': key, countrycode: 'cn', languagecode: 'en' },
        payload: {},
      })
      if (res.statusCode < 500 || attempt >= 3) return { status: res.statusCode, body: res.json() }
    }
  }

  it('one member drawing 12 at once (each request sent twice with its key, to both instances): never over the period limit, never below zero points, each key charged once', async () => {
    const [m] = await members(1, 45) // enough for 4 draws of 10, not 5
    const act = await activity({ points: 10, periodLimit: 3, totalLimit: 10, stock: 100 })
    const keys = Array.from({ length: 12 }, () => `c-${crypto.randomBytes(8).toString('hex')}`)
    const answers = await Promise.all(
      keys.flatMap((k, i) => [draw(apps[i % 2], m, act, k), draw(apps[(i + 1) % 2], m, act, k)]),
    )
    const won = answers.filter((a) => a.status === 200)
    const drawIds = new Set(won.map((a) => a.body.data.drawId))
    assert.equal(drawIds.size, 3, 'exactly the period limit of draws')
    for (const a of answers.filter((x) => x.status !== 200)) assert.equal(a.body.reason, 'DRAW_PERIOD_LIMIT_EXCEEDED')
    const records = await handle.db
      .selectFrom('draw_records')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow()
    assert.equal(records.n, 3)
    assert.equal(await pointsBalance(handle.db, m.id), 45 - 30)
    const spent = await handle.db
      .selectFrom('points_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', m.id)
      .where('kind', '=', 'spent')
      .executeTakeFirstOrThrow()
    assert.equal(spent.n, 3, 'one spend per draw, none for the replays')
  })

  it('a member with points for 2 draws sending 6 at once never goes below zero', async () => {
    const [m] = await members(1, 25)
    const act = await activity({ points: 10, periodLimit: 10, totalLimit: 10, stock: 100 })
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => draw(apps[i % 2], m, act, `p-${crypto.randomBytes(8).toString('hex')}`)),
    )
    assert.equal(answers.filter((a) => a.status === 200).length, 2)
    for (const a of answers.filter((x) => x.status !== 200)) assert.equal(a.body.reason, 'DRAW_NOT_ENOUGH_POINTS')
    assert.equal(await pointsBalance(handle.db, m.id), 5)
  })

  it('40 members drawing at once against a stock of 15: the stock is never exceeded and never below zero; every order matches a draw; nobody passes the period limit', async () => {
    const crowd = await members(40, 100)
    const act = await activity({ points: 10, periodLimit: 2, totalLimit: 5, stock: 15 })
    const answers = await Promise.all(
      crowd.flatMap((m, i) =>
        [0, 1, 2].map((j) => draw(apps[(i + j) % 2], m, act, `s-${i}-${j}-${crypto.randomBytes(4).toString('hex')}`)),
      ),
    )
    const ok = answers.filter((a) => a.status === 200)
    // once the mugs are gone only the thanks slot is left: "no prizes left" (nobody pays for a draw that cannot win)
    const odd = answers.filter(
      (a) => a.status !== 200 && !['DRAW_PERIOD_LIMIT_EXCEEDED', 'DRAW_NO_PRIZES_LEFT'].includes(a.body.reason),
    )
    assert.deepEqual(odd, [])
    assert.ok(answers.some((a) => a.body.reason === 'DRAW_NO_PRIZES_LEFT'))
    const mugs = ok.filter((a) => a.body.data.prize.kind === 'physical').length
    const prize = await handle.db
      .selectFrom('draw_prizes')
      .select('stock')
      .where('activity_id', '=', act)
      .where('kind', '=', 'physical')
      .executeTakeFirstOrThrow()
    assert.equal(prize.stock, 0)
    assert.equal(mugs, 15, 'exactly the stock was won')
    const orders = await handle.db
      .selectFrom('prize_orders as o')
      .innerJoin('draw_records as r', 'r.id', 'o.draw_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('r.activity_id', '=', act)
      .executeTakeFirstOrThrow()
    assert.equal(orders.n, 15)
    assert.equal(
      ok.length,
      Number(
        (
          await handle.db
            .selectFrom('draw_records')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('activity_id', '=', act)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    )
    for (const m of crowd) {
      const { n } = await handle.db
        .selectFrom('draw_records')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('activity_id', '=', act)
        .where('user_id', '=', m.id)
        .executeTakeFirstOrThrow()
      assert.ok(n <= 2, 'never over the period limit')
      assert.equal(await pointsBalance(handle.db, m.id), 100 - 10 * n, 'charged for each draw, once')
    }
  })

  it('one invitation code entered by 12 new users at once: exactly its use limit (5) succeed, the others get INVITE_USE_LIMIT_EXCEEDED; the inviter is credited 5 times', async () => {
    const [inviter] = await members(1, 0)
    const codeRes = await apps[0].inject({
      method: 'GET',
      url: '/api/membership/invitations',
      headers: { authorization: `Bearer ${inviter.token}`, countrycode: 'cn', languagecode: 'en' },
    })
    const { code, inviterPoints } = codeRes.json().data.activities.find((a: any) => a.id === 'INV-CN-01')
    const newcomers = await members(12, 0)
    const answers = await Promise.all(
      newcomers.map((m, i) =>
        apps[i % 2]
          .inject({
            method: 'POST',
            url: '/api/membership/invitations/redeem',
            headers: { authorization: `Bearer ${m.token}`, countrycode: 'cn', languagecode: 'en' },
            payload: { activityId: 'INV-CN-01', code },
          })
          .then((r) => ({ status: r.statusCode, body: r.json() })),
      ),
    )
    assert.equal(answers.filter((a) => a.status === 200).length, 5)
    assert.ok(answers.filter((a) => a.status !== 200).every((a) => a.body.reason === 'INVITE_USE_LIMIT_EXCEEDED'))
    const row = await handle.db
      .selectFrom('invitation_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
    assert.equal(row.uses, 5)
    assert.equal(await pointsBalance(handle.db, inviter.id), 5 * inviterPoints)
  })
})
