import { it } from 'node:test'
import assert from 'node:assert/strict'
import type { RouteOptions } from 'fastify'
import { sql } from 'kysely'
import { staffToken } from './staff-helpers'
import { auth, describeEachDb, type TestContext } from './helpers'

/**
 * Issue 24: "An append-only audit log ... never editable through the API. A test shows every staff write leaves
 * exactly one entry." Every staff write route (a POST under /api/admin) is called here; a new one without a sample
 * fails the test.
 */
const WRITES: Record<string, { url: string; body: unknown; entity: string; entityId: string; action: string }> = {
  'POST /api/admin/staff/:id/roles': {
    url: '/api/admin/staff/staff-orderDesk/roles',
    body: { roles: ['finance', 'orderDesk'] },
    entity: 'staff_user',
    entityId: 'staff-orderDesk',
    action: 'staff.setRoles',
  },
}

const routes: RouteOptions[] = []
describeEachDb(
  'the staff audit log (issue 24)',
  (ctx: () => TestContext) => {
    const writeRoutes = () =>
      routes
        .filter((r) => r.url.startsWith('/api/admin/'))
        .flatMap((r) => [r.method].flat().filter((m) => !['GET', 'HEAD'].includes(m))).length
    const count = async () =>
      Number(
        (
          await ctx()
            .db.selectFrom('audit_log')
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )

    it('every staff write route leaves exactly one entry: actor, roles, action, before, after, ip', async () => {
      const { app, db } = ctx()
      const ids = routes
        .filter((r) => r.url.startsWith('/api/admin/'))
        .flatMap((r) =>
          [r.method]
            .flat()
            .filter((m) => !['GET', 'HEAD'].includes(m))
            .map((m) => `${m} ${r.url}`),
        )
      assert.ok(ids.length >= 1)
      const token = await staffToken(db, 'staff-administrator')
      for (const id of ids) {
        const w = WRITES[id]
        assert.ok(w, `${id}: add it to WRITES`)
        const n = await count()
        const res = await app.inject({
          method: 'POST',
          url: w.url,
          headers: { ...auth(token), 'user-agent': 'audit-test' },
          payload: w.body as object,
        })
        assert.equal(res.statusCode, 200, res.body)
        assert.equal(await count(), n + 1, `${id}: one entry`)
        const e = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()
        assert.equal(e.staff_id, 'staff-administrator')
        assert.equal(e.role, 'administrator')
        assert.equal(e.action, w.action)
        assert.equal(e.entity, w.entity)
        assert.equal(e.entity_id, w.entityId)
        assert.equal(e.ip, '127.0.0.1')
        assert.equal(e.user_agent, 'audit-test')
        assert.ok(e.request_id)
        assert.ok(e.before !== null && e.after !== null)
        assert.notDeepEqual(e.before, e.after)
      }
    })

    it('UPDATE and DELETE of audit_log fail at the database', async () => {
      const { db } = ctx()
      assert.ok((await count()) >= 1)
      await assert.rejects(sql`UPDATE audit_log SET action = 'edited'`.execute(db), /append-only/)
      await assert.rejects(sql`DELETE FROM audit_log`.execute(db), /append-only/)
      assert.ok((await count()) >= 1)
    })

    it('GET /admin/audit lists entries newest first, filtered; no route writes the audit log', async () => {
      const { app, db } = ctx()
      const token = await staffToken(db, 'staff-administrator')
      // a second entry, on another record
      const w = await app.inject({
        method: 'POST',
        url: '/api/admin/staff/staff-finance/roles',
        headers: auth(token),
        payload: { roles: ['finance'] },
      })
      assert.equal(w.statusCode, 200, w.body)
      const res = await app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=100', headers: auth(token) })
      assert.equal(res.statusCode, 200, res.body)
      const { items, total } = res.json().data
      assert.equal(total, await count())
      assert.equal(items[0].entityId, 'staff-finance')
      for (let i = 1; i < items.length; i++) assert.ok(items[i - 1].at >= items[i].at && items[i - 1].id > items[i].id)
      assert.deepEqual(items[0].after, { roles: ['finance'], ver: items[0].before.ver + 1 })
      const filtered = await app.inject({
        method: 'GET',
        url: '/api/admin/audit?entity=staff_user&entityId=staff-orderDesk',
        headers: auth(token),
      })
      assert.ok(filtered.json().data.items.every((e: { entityId: string }) => e.entityId === 'staff-orderDesk'))
      assert.ok(filtered.json().data.items.length >= 1)
      const future = await app.inject({ method: 'GET', url: '/api/admin/audit?from=2999-01-01', headers: auth(token) })
      assert.equal(future.json().data.total, 0)
      assert.equal(
        (await app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=101', headers: auth(token) })).statusCode,
        400,
      )
      // the audit log is read only through the API
      const auditWrites = routes.filter(
        (r) => r.url.startsWith('/api/admin/audit') && [r.method].flat().some((m) => !['GET', 'HEAD'].includes(m)),
      )
      assert.deepEqual(auditWrites, [])
      assert.ok(writeRoutes() >= 1)
    })
  },
  (app) => {
    routes.length = 0
    app.addHook('onRoute', (r) => {
      routes.push(r)
    })
  },
)
