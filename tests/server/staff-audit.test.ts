import { it } from 'node:test'
import assert from 'node:assert/strict'
import type { RouteOptions } from 'fastify'
import { sql } from 'kysely'
import { staffToken } from './staff-helpers'
import { catalogSamples } from './staff-samples/catalog'
import { orderSamples } from './staff-samples/order'
import { STAFF_SAMPLES } from './staff-samples'
import { auth, describeEachDb, type TestContext } from './helpers'
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'

/**
 * Issue 24: "An append-only audit log ... never editable through the API. A test shows every staff write leaves
 * exactly one entry." Every staff write route (a POST under /api/admin) is called here; a new one without a sample
 * fails the test.
 */
interface AuditedWrite {
  url: string
  body: unknown
  entity: string
  /** the record's id (a pattern when the call makes a new one) */
  entityId: string | RegExp
  action: string
  /** makes the record the call changes, when the seed has none */
  prepare?: (db: Kysely<DB>) => Promise<void>
}
const WRITES: Record<string, AuditedWrite> = {
  'POST /api/admin/staff/:id/roles': {
    url: '/api/admin/staff/staff-orderDesk/roles',
    body: { roles: ['finance', 'orderDesk'] },
    entity: 'staff_user',
    entityId: 'staff-orderDesk',
    action: 'staff.setRoles',
  },
  // account decisions (issue 24): the records of tests/server/staff-samples/account.ts
  'POST /api/admin/ship-tos/:id/approve': {
    url: '/api/admin/ship-tos/1/approve',
    body: {},
    entity: 'ship_to_review',
    entityId: '1',
    action: 'shipTo.approve',
  },
  'POST /api/admin/ship-tos/:id/reject': {
    url: '/api/admin/ship-tos/2/reject',
    body: { reason: 'The address could not be verified' },
    entity: 'ship_to_review',
    entityId: '2',
    action: 'shipTo.reject',
  },
  'POST /api/admin/onboarding-requests/:id/approve': {
    url: '/api/admin/onboarding-requests/OB-000002/approve',
    body: {},
    entity: 'onboarding_request',
    entityId: 'OB-000002',
    action: 'onboarding.approve',
  },
  'POST /api/admin/onboarding-requests/:id/reject': {
    url: '/api/admin/onboarding-requests/OB-000003/reject',
    body: { reason: 'No account 3000009 under this company name' },
    entity: 'onboarding_request',
    entityId: 'OB-000003',
    action: 'onboarding.reject',
  },
  'POST /api/admin/supply-centre-requests/:id/approve': {
    url: '/api/admin/supply-centre-requests/SCR-000002/approve',
    body: {},
    entity: 'supply_center_request',
    entityId: 'SCR-000002',
    action: 'supplyCentre.approve',
  },
  'POST /api/admin/supply-centre-requests/:id/reject': {
    url: '/api/admin/supply-centre-requests/SCR-000003/reject',
    body: { reason: 'The Bengaluru centre does not serve this campus yet' },
    entity: 'supply_center_request',
    entityId: 'SCR-000003',
    action: 'supplyCentre.reject',
  },
  // order decisions (issue 24): the records of tests/server/staff-samples/order.ts (the hold comes before the release)
  ...Object.fromEntries(
    (
      [
        ['POST /api/admin/orders/:orderNo/review', 'order', '3200239', 'order.review.approve'],
        ['POST /api/admin/orders/:orderNo/hold', 'order', '3200241', 'order.hold'],
        ['POST /api/admin/orders/:orderNo/release', 'order', '3200241', 'order.release'],
        ['POST /api/admin/orders/:orderNo/confirmation-link', 'order', '3200247', 'order.confirmationLink'],
        ['POST /api/admin/order-requests/:id/accept', 'order_request', 'RR-000001', 'orderRequest.accept'],
        ['POST /api/admin/order-requests/:id/refuse', 'order_request', 'RR-000002', 'orderRequest.refuse'],
        ['POST /api/admin/order-requests/:id/goods-received', 'order_request', 'RR-000003', 'return.goodsReceived'],
      ] as const
    ).map(([id, entity, entityId, action]) => [
      id,
      { url: orderSamples[id].url, body: orderSamples[id].body, entity, entityId, action },
    ]),
  ),
  // catalogue (issue 24, catalogue import): the samples of tests/server/staff-samples/catalog.ts
  // decisions and content of the other domains (issue 24): their role-matrix samples (tests/server/staff-samples/),
  // each with its prepare when it has one,
  // in the order the app registers them; a created record's id is a pattern
  ...Object.fromEntries(
    (
      [
        ['POST /api/admin/promotions', 'promotion', /^PR-[A-Z0-9]+$/, 'promotion.create'],
        ['PUT /api/admin/promotions/:id', 'promotion', 'PR1002', 'promotion.change'],
        ['POST /api/admin/promotions/:id/end', 'promotion', 'PR1003', 'promotion.end'],
        ['POST /api/admin/articles', 'article', /^\d+$/, 'article.create'],
        ['PUT /api/admin/articles/:id', 'article', '2', 'article.change'],
        ['POST /api/admin/articles/:id/end', 'article', '3', 'article.end'],
        ['POST /api/admin/banners', 'banner', /^SC-BANNER-[A-Z0-9]+$/, 'banner.create'],
        ['PUT /api/admin/banners/:id', 'banner', 'SC-BANNER-INDUSTRY', 'banner.change'],
        ['POST /api/admin/banners/:id/end', 'banner', 'SC-BANNER-BRANDS', 'banner.end'],
        ['POST /api/admin/coupons', 'coupon', 'T-STAFF20', 'coupon.create'],
        ['PUT /api/admin/coupons/:code', 'coupon', 'R-REAGENT8', 'coupon.change'],
        ['POST /api/admin/coupons/:code/end', 'coupon', 'M-PLASTIC5', 'coupon.end'],
        ['POST /api/admin/enquiries/:requestId/replies', 'service_request', 'RQ-D00004', 'enquiry.reply'],
        ['POST /api/admin/enquiries/:requestId/status', 'service_request', 'RQ-D00004', 'enquiry.approved'],
        ['POST /api/admin/leads/:requestId/quote', 'service_request', 'RQ-D00001', 'lead.quote'],
        ['POST /api/admin/flash-sales', 'flash_sale', /^FB-(CN|IN)-[A-Z0-9]+$/, 'flashSale.create'],
        ['PUT /api/admin/flash-sales/:id', 'flash_sale', 'FB-CN-002', 'flashSale.change'],
        ['POST /api/admin/flash-sales/:id/end', 'flash_sale', 'FB-CN-003', 'flashSale.end'],
        ['POST /api/admin/redemptions/:number/ship', 'gift_redemption', 'RD-000001', 'redemption.ship'],
        ['POST /api/admin/redemptions/:number/cancel', 'gift_redemption', 'RD-900001', 'redemption.cancel'],
        ['POST /api/admin/redemption-feedback/:id/resolve', 'redemption_feedback', '1', 'feedback.resolve'],
        ['POST /api/admin/gifts', 'gift', /^GF-(CN|IN)-[A-Z0-9]+$/, 'gift.create'],
        ['PUT /api/admin/gifts/:id', 'gift', 'GF-CN-002', 'gift.change'],
        ['POST /api/admin/gifts/:id/end', 'gift', 'GF-IN-012', 'gift.end'],
        ['POST /api/admin/draws', 'draw_activity', /^LD-(CN|IN)-[A-Z0-9]+$/, 'draw.create'],
        ['PUT /api/admin/draws/:id', 'draw_activity', 'LD-CN-SOON', 'draw.change'],
        ['POST /api/admin/draws/:id/end', 'draw_activity', 'LD-IN-SOON', 'draw.end'],
        ['POST /api/admin/points/adjust', 'member_points', 'U-7f3a9c21', 'points.adjust'],
        ['POST /api/admin/webhooks/deliveries/:id/replay', 'webhook_delivery', '1', 'webhook.replay'],
      ] as [string, string, string | RegExp, string][]
    ).map(([id, entity, entityId, action]) => [
      id,
      {
        url: STAFF_SAMPLES[id].url,
        body: STAFF_SAMPLES[id].body ?? {},
        entity,
        entityId,
        action,
        prepare: STAFF_SAMPLES[id].prepare,
      },
    ]),
  ),
  // the ERP's integration clients (server/domains/staff/integration-clients.ts): a new client has no "before"
  'POST /api/admin/integration-clients': {
    url: '/api/admin/integration-clients',
    body: { name: 'Audited ERP', scopes: ['erp:orders', 'erp:invoices'] },
    entity: 'integration_client',
    entityId: /^erp-[0-9a-f]{16}$/,
    action: 'integration.create',
  },
  'POST /api/admin/integration-clients/:clientId/revoke': {
    url: '/api/admin/integration-clients/erp-audit-demo/revoke',
    body: {},
    entity: 'integration_client',
    entityId: 'erp-audit-demo',
    action: 'integration.revoke',
    prepare: async (db) => {
      await db
        .insertInto('integration_clients')
        .values({
          client_id: 'erp-audit-demo',
          name: 'Audit ERP',
          scopes: 'erp:orders',
          created_by: 'staff-administrator',
        })
        .execute()
    },
  },
  'POST /api/admin/catalogue/imports': {
    url: '/api/admin/catalogue/imports',
    body: catalogSamples['POST /api/admin/catalogue/imports'].body,
    entity: 'catalogue_import',
    entityId: '1',
    action: 'catalogue.import',
  },
  'POST /api/admin/catalogue/documents': {
    url: '/api/admin/catalogue/documents',
    body: catalogSamples['POST /api/admin/catalogue/documents'].body,
    entity: 'product_document',
    entityId: '53-3302-81/coa/en/LOT-2307-7256',
    action: 'catalogue.uploadDocument',
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
        await w.prepare?.(db)
        const n = await count()
        const res = await app.inject({
          method: id.split(' ')[0] as 'POST' | 'PUT' | 'DELETE',
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
        if (typeof w.entityId === 'string') assert.equal(e.entity_id, w.entityId)
        else assert.match(e.entity_id ?? '', w.entityId)
        assert.equal(e.ip, '127.0.0.1')
        assert.equal(e.user_agent, 'audit-test')
        assert.ok(e.request_id)
        // a created record has no "before", a removed one no "after"; a change has both
        assert.ok(e.before !== null || e.after !== null)
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
