import { it } from 'node:test'
import assert from 'node:assert/strict'
import Fastify, { type RouteOptions } from 'fastify'
import { Type } from 'typebox'
import { ok } from '../../server/errors'
import { serveEndpoint } from '../../server/lib/endpoint-route'
import { get, type Method } from '../../types/endpoint'
import { signStaffToken, verifyStaffToken } from '../../server/domains/staff/tokens'
import { verifyAccessToken } from '../../server/domains/auth/tokens'
import { DEMO_STAFF } from '../../server/db/seed'
import { adminEndpoints } from '../../types/staff/admin-endpoints'
import { STAFF_SAMPLES } from './staff-samples'
import { roleMay, STAFF_ROLES, type Permission, type StaffRole } from '../../types/staff/permissions'
import { auth, describeEachDb, tokenFor, TEST_JWT_SECRET, type TestContext } from './helpers'
import { tableChecksums } from './seed-checksum'
import { staffToken } from './staff-helpers'

/**
 * Issue 24: "every staff route declares the permission it needs; a test walks the whole matrix (each role against
 * each route: allowed or 403, and nothing changed when refused)". The routes are those the app registers under
 * /api/admin, not a list of this file: a new staff route without a sample request (tests/server/staff-samples/)
 * fails the test.
 */
const SAMPLES = STAFF_SAMPLES

const staffIdOf = (role: StaffRole) => DEMO_STAFF.find((s) => s.role === role)!.id

const routes: RouteOptions[] = []
describeEachDb(
  'staff roles and permissions (issue 24)',
  (ctx: () => TestContext) => {
    const adminRoutes = () =>
      routes
        .filter((r) => r.url.startsWith('/api/admin/'))
        .flatMap((r) =>
          [r.method]
            .flat()
            .filter((m) => m !== 'HEAD')
            .map((m) => ({ id: `${m} ${r.url}`, method: m as Method, permission: r.config?.permission })),
        )
    const call = (method: Method, id: string, token?: string) => {
      const sample = SAMPLES[id]
      return ctx().app.inject({
        method,
        url: sample.url,
        headers: { languagecode: 'en', ...(token ? auth(token) : {}) },
        ...(method !== 'GET' && method !== 'DELETE' ? { payload: (sample.body ?? {}) as object } : {}),
      })
    }

    it('every /api/admin route is a staff-table entry with a permission, and has a sample request here', () => {
      const found = adminRoutes()
      assert.ok(found.length >= 4, `${found.length} admin routes`)
      for (const r of found) {
        assert.ok(r.permission, `${r.id} has a permission`)
        assert.ok(SAMPLES[r.id], `${r.id}: add a sample request to SAMPLES`)
      }
      const table = Object.values(adminEndpoints).map((e) => `${e.method} /api${e.path}`)
      assert.deepEqual(found.map((r) => r.id).sort(), table.sort())
    })

    it('each role against each route: 403 exactly when roleMay says no, and nothing changed when refused', async () => {
      const { db } = ctx()
      const tokens = new Map<StaffRole, string>()
      const tokenOf = async (role: StaffRole) => {
        if (!tokens.has(role)) tokens.set(role, await staffToken(db, staffIdOf(role)))
        return tokens.get(role)!
      }
      const baseline = await tableChecksums(db)
      const allowed: { id: string; method: Method; role: StaffRole }[] = []
      const refusedCalls: { id: string; method: Method; role: StaffRole }[] = []
      for (const r of adminRoutes()) {
        for (const role of STAFF_ROLES) {
          if (roleMay([role], r.permission as Permission)) {
            allowed.push({ id: r.id, method: r.method, role })
            continue
          }
          const res = await call(r.method, r.id, await tokenOf(role))
          assert.equal(res.statusCode, 403, `${role} ${r.id}: ${res.body}`)
          assert.equal(res.json().code, 'FORBIDDEN')
          refusedCalls.push({ id: r.id, method: r.method, role })
        }
      }
      // one look at every table after all the refusals (a checksum of the whole seeded store per call was most of
      // this test's time); when something did change, each refusal is made again with a look after it, to name it
      if (JSON.stringify(await tableChecksums(db)) !== JSON.stringify(baseline)) {
        const changedBy: string[] = []
        for (const c of refusedCalls) {
          const before = await tableChecksums(db)
          await call(c.method, c.id, await tokenOf(c.role))
          if (JSON.stringify(await tableChecksums(db)) !== JSON.stringify(before)) changedBy.push(`${c.role} ${c.id}`)
        }
        assert.fail(`refused calls changed the store: ${changedBy.join(', ') || 'not repeatable'}`)
      }
      const refused = refusedCalls.length
      assert.ok(refused >= 10, `${refused} refused calls`)
      // the first allowed call of a route succeeds; a later one may find the decision taken (409) or the record
      // gone (404), never a refusal of the role
      const called = new Set<string>()
      for (const a of allowed) {
        if (!called.has(a.id)) await SAMPLES[a.id].prepare?.(db)
        const res = await call(a.method, a.id, await tokenOf(a.role))
        assert.ok(![401, 403].includes(res.statusCode), `${a.role} ${a.id}: ${res.statusCode} ${res.body}`)
        if (called.has(a.id)) assert.ok([200, 404, 409].includes(res.statusCode), `${a.role} ${a.id}: ${res.body}`)
        else assert.equal(res.statusCode, 200, `${a.role} ${a.id}: ${res.body}`)
        called.add(a.id)
      }
    })

    it('no token, a buyer token, a tampered or expired staff token: 401; a staff token on a buyer route: 401', async () => {
      const { db, app } = ctx()
      const buyer = await tokenFor(ctx(), 'approved.cn')
      const admin = await staffToken(db, staffIdOf('administrator'))
      for (const r of adminRoutes()) {
        assert.equal((await call(r.method, r.id)).statusCode, 401, `${r.id} without a token`)
        const asBuyer = await call(r.method, r.id, buyer)
        assert.equal(asBuyer.statusCode, 401, `${r.id} with a buyer token`)
        assert.equal(asBuyer.json().code, 'TOKEN_INVALID')
        assert.equal((await call(r.method, r.id, admin.slice(0, -2) + 'xx')).statusCode, 401, `${r.id} tampered`)
      }
      const expired = await signStaffToken(
        TEST_JWT_SECRET,
        { staffId: staffIdOf('administrator'), ver: 1 },
        60,
        Math.floor(Date.now() / 1000) - 3600,
      )
      const res = await app.inject({ method: 'GET', url: '/api/admin/me', headers: auth(expired) })
      assert.equal(res.statusCode, 401)
      assert.equal(res.json().code, 'TOKEN_EXPIRED')
      const onBuyerRoute = await app.inject({ method: 'GET', url: '/api/users/info', headers: auth(admin) })
      assert.equal(onBuyerRoute.statusCode, 401)
      // the keys differ: neither token verifies as the other
      assert.equal((await verifyAccessToken(TEST_JWT_SECRET, admin)).ok, false)
      assert.equal((await verifyStaffToken(TEST_JWT_SECRET, buyer)).ok, false)
    })

    it('an inactive staff member is refused (401) at once', async () => {
      const { db, app } = ctx()
      const id = staffIdOf('marketing')
      const token = await staffToken(db, id)
      assert.equal((await app.inject({ method: 'GET', url: '/api/admin/me', headers: auth(token) })).statusCode, 200)
      await db.updateTable('staff_users').set({ active: false }).where('id', '=', id).execute()
      try {
        assert.equal((await app.inject({ method: 'GET', url: '/api/admin/me', headers: auth(token) })).statusCode, 401)
      } finally {
        await db.updateTable('staff_users').set({ active: true }).where('id', '=', id).execute()
      }
    })

    it('GET /admin/me names the roles and their permissions', async () => {
      const { db, app } = ctx()
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: auth(await staffToken(db, staffIdOf('finance'))),
      })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json().data, {
        id: 'staff-finance',
        userName: 'finance.staff',
        displayName: 'Fred Finance',
        roles: ['finance'],
        permissions: ['staff.read', 'account.read', 'order.read', 'invoice.read', 'ar.read'],
      })
    })

    it('a role change bumps ver: the older token gets 401; the last administrator cannot lose the role (409)', async () => {
      const { db, app } = ctx()
      const admin = await staffToken(db, staffIdOf('administrator'))
      const catalogueId = staffIdOf('catalogue')
      const old = await staffToken(db, catalogueId)
      const before = await db
        .selectFrom('staff_users')
        .select('ver')
        .where('id', '=', catalogueId)
        .executeTakeFirstOrThrow()
      const set = await app.inject({
        method: 'POST',
        url: `/api/admin/staff/${catalogueId}/roles`,
        headers: auth(admin),
        payload: { roles: ['catalogue', 'marketing'] },
      })
      assert.equal(set.statusCode, 200, set.body)
      assert.deepEqual(set.json().data.roles, ['catalogue', 'marketing'])
      const after = await db
        .selectFrom('staff_users')
        .select('ver')
        .where('id', '=', catalogueId)
        .executeTakeFirstOrThrow()
      assert.equal(after.ver, before.ver + 1)
      assert.equal((await app.inject({ method: 'GET', url: '/api/admin/me', headers: auth(old) })).statusCode, 401)
      const fresh = await staffToken(db, catalogueId)
      const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: auth(fresh) })
      assert.ok(me.json().data.permissions.includes('flashSale.manage'))

      // the only administrator tries to drop the role: 409, nothing written (no ver bump, no audit entry)
      const adminId = staffIdOf('administrator')
      const n = async () =>
        (
          await db
            .selectFrom('audit_log')
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n
      const entries = Number(await n())
      const refused = await app.inject({
        method: 'POST',
        url: `/api/admin/staff/${adminId}/roles`,
        headers: auth(admin),
        payload: { roles: ['finance'] },
      })
      assert.equal(refused.statusCode, 409, refused.body)
      assert.equal(refused.json().code, 'CONFLICT')
      assert.equal(Number(await n()), entries)
      assert.equal((await app.inject({ method: 'GET', url: '/api/admin/me', headers: auth(admin) })).statusCode, 200)
      // with a second administrator, the first may step down
      const second = await app.inject({
        method: 'POST',
        url: `/api/admin/staff/${catalogueId}/roles`,
        headers: auth(admin),
        payload: { roles: ['administrator'] },
      })
      assert.equal(second.statusCode, 200, second.body)
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/admin/staff/staff-nobody/roles',
        headers: auth(admin),
        payload: { roles: [] },
      })
      assert.equal(unknown.statusCode, 404)
    })
  },
  (app) => {
    routes.length = 0
    app.addHook('onRoute', (r) => {
      routes.push(r)
    })
  },
)

it('a route under /admin/ without a permission is refused at registration', () => {
  const app = Fastify()
  assert.throws(
    () => serveEndpoint(app, get('/admin/unguarded', Type.Null()), null, async () => ok(null)),
    /needs a permission/,
  )
})
