import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { createPgliteDb, type DbHandle } from '../../server/db'
import * as contract from '../../types'
import type { Endpoint } from '../../types/endpoint'
import { DOMAINS, type Domain } from '../../types/domains'
import { appWithRoutes } from './helpers'
import { adminEndpoints } from '../../types/staff/admin-endpoints'
import { staffSigninEndpoints } from '../../types/staff/signin-endpoints'
import { erpEndpoints } from '../../types/platform/erp'

/**
 * One table of endpoints per domain (types/endpoint.ts): every /api route the server registers is an entry of its
 * domain's table, every entry is registered, and each route validates and documents the schemas of its entry (the
 * very objects, so the route cannot take its schemas from anywhere else).
 */
const exported: Record<string, unknown> = contract
/**
 * The staff routes of every domain are under the staff heading, in one table (types/staff/admin-endpoints.ts), with
 * staff sign-in (types/staff/signin-endpoints.ts); the
 * inbound ERP routes are under platform (types/platform/erp.ts).
 */
const tableOf = (domain: Domain) =>
  (domain === 'staff'
    ? { ...adminEndpoints, ...staffSigninEndpoints }
    : domain === 'platform'
      ? { ...(exported.platformEndpoints as object), ...erpEndpoints }
      : exported[`${domain}Endpoints`]) as Record<string, Endpoint> | undefined

interface Registered {
  id: string
  domain: string | undefined
  route: RouteOptions
}

/** 'POST /cart/coupon/remove' (the path without /api, as the tables write it) */
const idOf = (method: string, path: string) => `${method} ${path}`

/** What is registered and not in a table, what is in a table and not registered, and what is under another domain. */
function compare(registered: Registered[], tables: Partial<Record<Domain, Record<string, Endpoint>>>) {
  const entries = new Map<string, Domain>()
  for (const [domain, table] of Object.entries(tables) as [Domain, Record<string, Endpoint>][]) {
    for (const e of Object.values(table)) entries.set(idOf(e.method, e.path), domain)
  }
  const ids = new Set(registered.map((r) => r.id))
  return {
    notInTable: registered.filter((r) => !entries.has(r.id)).map((r) => r.id),
    notRegistered: [...entries.keys()].filter((id) => !ids.has(id)),
    otherDomain: registered
      .filter((r) => entries.has(r.id) && entries.get(r.id) !== r.domain)
      .map((r) => `${r.id}: ${r.domain} route, ${entries.get(r.id)} table`),
  }
}

describe('the endpoint tables and the routes the server registers', () => {
  let h: DbHandle
  let app: FastifyInstance
  let registered: Registered[] = []

  before(async () => {
    // registration needs no data: an empty database
    h = await createPgliteDb()
    let routes: RouteOptions[]
    ;({ app, routes } = await appWithRoutes(h.db))
    registered = routes
      .filter((r) => r.url.startsWith('/api/') && !(r.schema as { hide?: boolean } | undefined)?.hide)
      .flatMap((route) =>
        [route.method]
          .flat()
          .filter((m) => m !== 'HEAD')
          .map((m) => ({
            id: idOf(m, route.url.slice('/api'.length)),
            domain: (route.schema as { tags?: string[] } | undefined)?.tags?.[0],
            route,
          })),
      )
  })
  after(async () => {
    await app?.close()
    await h?.close()
  })

  it('every domain of types/domains.ts has its table, exported by types/', () => {
    assert.deepEqual(
      DOMAINS.filter((d) => !tableOf(d)),
      [],
    )
  })

  it("every /api route is an entry of its domain's table, and every entry is a route", () => {
    const tables = Object.fromEntries(DOMAINS.map((d) => [d, tableOf(d)!]))
    assert.ok(registered.length >= 120, `${registered.length} /api routes registered`)
    assert.deepEqual(compare(registered, tables), { notInTable: [], notRegistered: [], otherDomain: [] })
    console.log(
      `${registered.length} routes, ${DOMAINS.reduce((n, d) => n + Object.keys(tableOf(d)!).length, 0)} table entries`,
    )
  })

  it("each route validates and documents its entry's own schemas (params, query, body, answer)", () => {
    const byId = new Map(registered.map((r) => [r.id, r.route]))
    const wrong: string[] = []
    for (const d of DOMAINS) {
      for (const [key, e] of Object.entries(tableOf(d)!)) {
        const s = byId.get(idOf(e.method, e.path))?.schema as Record<string, unknown> & {
          response?: Record<string, { properties?: { data?: unknown } }>
        }
        if (!s) continue // reported by the test above
        if (s.params !== e.params) wrong.push(`${d}.${key}: params`)
        if (s.querystring !== e.query) wrong.push(`${d}.${key}: query`)
        if (s.body !== e.body) wrong.push(`${d}.${key}: body`)
        if ('answer' in e && s.response?.[200]?.properties?.data !== e.answer) wrong.push(`${d}.${key}: answer`)
        if ('redirect' in e && !s.response?.[302]) wrong.push(`${d}.${key}: redirect`)
        if ('file' in e && !s.response?.[200]) wrong.push(`${d}.${key}: file`)
      }
    }
    assert.deepEqual(wrong, [])
  })

  it('the comparison is not blind: a route outside the tables, an entry without a route and a route under another domain are named', () => {
    const cart = contract.cartEndpoints
    const planted: Registered[] = [
      { id: 'GET /cart/query', domain: 'cart', route: {} as RouteOptions },
      { id: 'POST /cart/unlisted', domain: 'cart', route: {} as RouteOptions },
      { id: 'GET /cart/coupon/list', domain: 'order', route: {} as RouteOptions },
    ]
    const tables = {
      cart: { queryCart: cart.queryCart, listCoupons: cart.listCoupons, removeCoupon: cart.removeCoupon },
    }
    assert.deepEqual(compare(planted, tables), {
      notInTable: ['POST /cart/unlisted'],
      notRegistered: ['POST /cart/coupon/remove'],
      otherDomain: ['GET /cart/coupon/list: order route, cart table'],
    })
  })
})
