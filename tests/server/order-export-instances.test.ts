import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { DbHandle } from '../../server/db'
import { DB_KINDS, openTestDb, closeTestDb, tokenFor, auth, TEST_JWT_SECRET, userRow } from './helpers'
import { addMonths, todayIn } from '../../types/order/export-rules'

/**
 * Issue 14: "With DATABASE_URL …, every piece of shared state lives in PostgreSQL or Redis: … one-time
 * login states and tickets, rate-limit windows". The order export's download tickets and its per-user
 * email limit (server/domains/order/export.ts, "at most 20 an hour") are database rows now: two API
 * instances (two buildApp) over one database, on PGlite and PostgreSQL.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }

for (const kind of DB_KINDS) {
  describe(`[${kind}] order export on two instances over one database`, () => {
    let handle: DbHandle
    let a: FastifyInstance, b: FastifyInstance
    before(async () => {
      handle = await openTestDb(kind)
      a = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET })
      b = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET })
      await Promise.all([a.ready(), b.ready()])
    })
    after(async () => {
      await a?.close()
      await b?.close()
      if (handle) await closeTestDb(handle)
    })
    const userId = async (name: string) => (await userRow(handle.db, name)).id
    /** one month ending today in China's time, as CSV: a small file */
    const week = () => {
      const to = todayIn('cn')
      return { from: addMonths(to, -1), to, format: 'csv' }
    }
    const mint = async (app: FastifyInstance, token: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/order/export/ticket',
        headers: auth(token, EN),
        payload: week(),
      })
      assert.equal(res.statusCode, 200, res.body)
      return res.json().data.url as string
    }
    const download = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: EN })
    const email = (app: FastifyInstance, token: string) =>
      app.inject({ method: 'POST', url: '/api/order/export/email', headers: auth(token, EN), payload: week() })

    it('"a download ticket is one-time": issued through one instance, it is redeemed through the other, once', async () => {
      const t = await tokenFor(handle.db, 'approved.cn')
      const url = await mint(a, t)
      const first = await download(b, url)
      assert.equal(first.statusCode, 200, first.body)
      assert.match(String(first.headers['content-disposition']), /^attachment; filename="orders-.*\.csv"$/)
      for (const app of [a, b]) {
        const again = await download(app, url)
        assert.equal(again.statusCode, 404)
        assert.equal(again.json().reason, 'EXPORT_TICKET_INVALID')
      }
    })

    it('the same ticket presented to both instances at once: exactly one gets the file', async () => {
      const t = await tokenFor(handle.db, 'approved.cn')
      for (let i = 0; i < 3; i++) {
        const url = await mint(i % 2 ? b : a, t)
        const answers = await Promise.all([download(a, url), download(b, url)])
        assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 404], `round ${i}`)
      }
    })

    it('"at most 20 an hour" counts the emails sent through both instances', async () => {
      const t = await tokenFor(handle.db, 'distributor.cn')
      for (let i = 0; i < 20; i++) {
        const res = await email(i % 2 ? b : a, t)
        assert.equal(res.statusCode, 200, `email ${i + 1}: ${res.body}`)
      }
      for (const app of [a, b]) {
        const res = await email(app, t)
        assert.equal(res.statusCode, 429)
        assert.match(res.json().message, /At most 20 export emails an hour/)
      }
      // another user has their own 20
      assert.equal((await email(b, await tokenFor(handle.db, 'approved.cn'))).statusCode, 200)
    })

    it('the last email of the hour, asked for through both instances at once, goes once; emails older than an hour do not count', async () => {
      const name = 'approved.in'
      const id = await userId(name)
      const t = await tokenFor(handle.db, name)
      await handle.db.deleteFrom('order_export_emails').where('user_id', '=', id).execute()
      const now = Date.now()
      await handle.db
        .insertInto('order_export_emails')
        .values(Array.from({ length: 19 }, (_, i) => ({ user_id: id, sent_at: new Date(now - i * 60_000) })))
        .execute()
      const answers = await Promise.all([email(a, t), email(b, t)])
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 429])

      // an hour later the old ones do not count (and are cleared as the user sends again)
      await handle.db
        .updateTable('order_export_emails')
        .set({ sent_at: new Date(now - 3_700_000) })
        .where('user_id', '=', id)
        .execute()
      assert.equal((await email(b, t)).statusCode, 200)
      const left = await handle.db
        .selectFrom('order_export_emails')
        .select('sent_at')
        .where('user_id', '=', id)
        .execute()
      assert.equal(left.length, 1)
      assert.ok(left[0].sent_at.getTime() > now - 60_000)
    })
  })
}
