import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { FastifyInstance, RouteOptions } from 'fastify'
import type { DbHandle } from '../../server/db'
import { Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core'
import { oas } from '@stoplight/spectral-rulesets'
import { appWithRoutes, newPgliteDb } from './helpers'
import { DOMAINS } from '../../types/domains'
import { PERMISSIONS } from '../../types/staff/permissions'

/**
 * Issue 8, section 3: the API is described by the schemas that validate it. /api/openapi.json is generated
 * from the route schemas (types/), is a valid OpenAPI document, and lists every /api route the server
 * registers, each with its request and response schemas; /api/docs renders it without inline script.
 */
interface Op {
  operationId?: string
  summary?: string
  description?: string
  parameters?: { in: string; name: string; required?: boolean; schema?: { pattern?: string } }[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
  security?: unknown[]
  tags?: string[]
  'x-permission'?: string
}
type Doc = {
  openapi: string
  paths: Record<string, Record<string, Op>>
  tags?: { name: string; description?: string }[]
}

describe('OpenAPI document and reference page', () => {
  let h: DbHandle
  let app: FastifyInstance
  let registered: RouteOptions[] = []
  let doc: Doc

  before(async () => {
    h = await newPgliteDb()
    ;({ app, routes: registered } = await appWithRoutes(h.db))
    const res = await app.inject('/api/openapi.json')
    assert.equal(res.statusCode, 200)
    doc = res.json()
  })
  after(async () => {
    await app?.close()
    await h?.close()
  })

  /** 'GET /api/mkt/content/details/{id}' for every registered /api route (HEAD twins of GETs aside) */
  const apiRoutes = () => {
    const out = new Set<string>()
    for (const r of registered) {
      if (!r.url.startsWith('/api/') || (r.schema as { hide?: boolean } | undefined)?.hide) continue
      for (const m of [r.method].flat()) if (m !== 'HEAD') out.add(`${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
    }
    return out
  }
  const documented = () =>
    new Set(Object.entries(doc.paths).flatMap(([p, ms]) => Object.keys(ms).map((m) => `${m.toUpperCase()} ${p}`)))

  it('is a valid OpenAPI 3.1 document (standard validator)', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator')
    const v = new Validator()
    const res = await v.validate(structuredClone(doc) as unknown as Parameters<typeof v.validate>[0])
    assert.equal(doc.openapi, '3.1.0')
    assert.ok(res.valid, JSON.stringify(res.errors, null, 1)?.slice(0, 2000))
  })

  it('lists every registered /api route, and nothing that is not one', () => {
    const routes = apiRoutes()
    const docs = documented()
    assert.ok(routes.size >= 60, `${routes.size} /api routes registered`)
    assert.deepEqual(
      [...routes].filter((r) => !docs.has(r)),
      [],
      'registered but not documented',
    )
    assert.deepEqual(
      [...docs].filter((d) => !routes.has(d)),
      [],
      'documented but not registered',
    )
    // only the API itself: not /oidc, /__wechat, /__chat, /media, the site, nor the document's own pages
    assert.deepEqual(
      [...docs].filter((d) => !/^[A-Z]+ \/api\//.test(d) || /^GET \/api\/(docs|openapi\.json)/.test(d)),
      [],
    )
    console.log(`${docs.size} operations on ${Object.keys(doc.paths).length} paths in /api/openapi.json`)
  })

  it('every operation has its request schema (path, query, body as used) and a response schema for success and errors', () => {
    const missing: string[] = []
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const id = `${method.toUpperCase()} ${path}`
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
          if (!op.parameters?.some((p) => p.in === 'path' && p.name === name))
            missing.push(`${id}: path parameter ${name}`)
        }
        // a POST takes a body or a query, or acts on the resource its path names (POST /api/admin/flash-sales/{id}/end)
        if (method === 'post' && !op.requestBody && !op.parameters?.some((p) => p.in === 'query' || p.in === 'path'))
          missing.push(`${id}: request body, query or path`)
        const ok = op.responses['200'] ?? op.responses['302']
        if (!ok) missing.push(`${id}: 200/302 response`)
        else if (op.responses['200'] && !Object.values(op.responses['200'].content ?? {})[0]?.schema)
          missing.push(`${id}: 200 schema`)
        if (!op.responses['4XX']?.content?.['application/json']?.schema) missing.push(`${id}: 4XX error envelope`)
        if (!op.tags?.length) missing.push(`${id}: a domain tag`)
      }
    }
    assert.deepEqual(missing, [])
  })

  it('routes that need a token say so (bearer security); public ones do not', () => {
    assert.deepEqual(doc.paths['/api/users/info'].get.security, [{ bearer: [] }])
    assert.deepEqual(doc.paths['/api/product/list'].get.security, [{ bearer: [] }, {}])
    assert.equal(doc.paths['/api/health'].get.security, undefined)
  })

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ms]) =>
      Object.entries(ms).map(([method, op]) => ({ path, method, op, id: `${method.toUpperCase()} ${path}` })),
    )

  // Issue 22, item 20: "Lint it with Spectral's oas ruleset in npm test: 0 errors, and every operation with an
  // operationId, a summary and a tag (today 377 warnings)."
  it("passes Spectral's oas ruleset with no error and no warning", async () => {
    const spectral = new Spectral()
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] })
    const results: ISpectralDiagnostic[] = await spectral.run(JSON.stringify(doc))
    const line = (r: ISpectralDiagnostic) =>
      `${['error', 'warn', 'info', 'hint'][r.severity]} ${r.code} ${r.path.join('.')}: ${r.message}`
    const bySeverity = [0, 1, 2, 3].map((sev) => results.filter((r) => r.severity === sev).length)
    console.log(
      `Spectral oas: ${bySeverity[0]} errors, ${bySeverity[1]} warnings, ${bySeverity[2]} infos, ${bySeverity[3]} hints`,
    )
    assert.deepEqual(
      results
        .filter((r) => r.severity <= 1)
        .map(line)
        .slice(0, 40),
      [],
    )
  })

  it('every operation has a unique operationId, a summary, a description and a tag the document defines', () => {
    const tags = new Set((doc.tags ?? []).map((t) => t.name))
    assert.deepEqual([...tags].sort(), [...DOMAINS].sort(), 'one tag per domain of the spec')
    const ids = new Map<string, string>()
    const missing: string[] = []
    for (const { id, op } of operations()) {
      if (!op.operationId) missing.push(`${id}: operationId`)
      else if (ids.has(op.operationId))
        missing.push(`${id}: operationId ${op.operationId} also names ${ids.get(op.operationId)}`)
      else ids.set(op.operationId, id)
      if (!op.summary?.trim()) missing.push(`${id}: summary`)
      if (!op.description?.trim()) missing.push(`${id}: description`)
      if (!op.tags?.length || !op.tags.every((t) => tags.has(t))) missing.push(`${id}: a defined tag (${op.tags})`)
    }
    assert.deepEqual(missing, [])
    assert.equal(doc.paths['/api/order/detail/{orderNumber}'].get.operationId, 'getOrderDetailByOrderNumber')
  })

  it('every operation that answers 401 without a token declares that security; the membership centre and the operator routes among them', async () => {
    const wrong: string[] = []
    let refused = 0
    for (const { path, method, op, id } of operations()) {
      const url = path.replace(/\{\w+\}/g, 'x1')
      const res = await app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: { languagecode: 'en' },
        ...(method === 'get' ? {} : { payload: {} }),
      })
      const required = !!op.security?.length && !op.security.some((s) => Object.keys(s as object).length === 0)
      if (res.statusCode === 401) {
        refused++
        if (!required)
          wrong.push(`${id}: answers 401 without a token but declares ${JSON.stringify(op.security ?? 'no security')}`)
      } else if (required && res.statusCode !== 400) {
        // a required token: 401, unless the request was refused first for its shape (validation runs before the guard)
        wrong.push(`${id}: declares a required token but answered ${res.statusCode} without one`)
      }
    }
    assert.deepEqual(wrong, [])
    assert.ok(refused >= 30, `${refused} operations answer 401 without a token`)
    const membership = operations().filter((o) => o.path.startsWith('/api/membership/'))
    assert.ok(membership.length >= 18)
    for (const { id, op } of membership) assert.deepEqual(op.security, [{ bearer: [] }], id)
    // issue 24 removed the operator endpoints and their key: buyers, staff and the ERP are the only callers
    assert.deepEqual(
      Object.keys(
        (doc as unknown as { components: { securitySchemes: Record<string, unknown> } }).components.securitySchemes,
      ).sort(),
      ['bearer', 'erpClient', 'staffBearer'],
    )
  })

  it('the staff routes (/api/admin, issue 24) declare the staff security scheme and their permission', () => {
    const admin = operations().filter((o) => o.path.startsWith('/api/admin/'))
    assert.ok(admin.length >= 4, 'the staff routes are documented')
    for (const { id, op } of admin) {
      assert.deepEqual(op.security, [{ staffBearer: [] }], id)
      const permission = op['x-permission']
      assert.ok(permission && permission in PERMISSIONS, `${id}: x-permission ${permission}`)
      assert.deepEqual(op.tags, ['staff'], id)
    }
    const schemes = (
      doc as unknown as { components: { securitySchemes: Record<string, { type: string; scheme?: string }> } }
    ).components.securitySchemes
    assert.equal(schemes.staffBearer.type, 'http')
    assert.equal(schemes.staffBearer.scheme, 'bearer')
  })

  it('the operations that require the Idempotency-Key header declare it, required, with its pattern', () => {
    const needing = [
      'POST /api/order/placeOrder',
      'POST /api/flashbuy/place/order',
      'POST /api/membership/gifts/redeem',
      'POST /api/membership/draws/{id}/draw',
    ]
    const declaring = operations()
      .filter(({ op }) => op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'))
      .map((o) => o.id)
    assert.deepEqual(declaring.sort(), needing.sort())
    for (const { op, id } of operations().filter((o) => needing.includes(o.id))) {
      const p = op.parameters!.find((x) => x.in === 'header' && x.name.toLowerCase() === 'idempotency-key')!
      assert.equal(p.required, true, id)
      assert.equal(p.schema?.pattern, '^[A-Za-z0-9_:.-]{8,128}$', id)
      // the locale headers stay documented beside it
      assert.ok(
        op.parameters!.some((x) => x.in === 'header' && x.name === 'languagecode'),
        id,
      )
    }
  })

  it('the answer a route gives matches what the document says of it', async () => {
    const res = await app.inject('/api/health')
    const schema = doc.paths['/api/health'].get.responses['200'].content!['application/json'].schema as {
      properties: { data: unknown }
    }
    assert.deepEqual(schema.properties.data, {
      type: 'object',
      required: ['db'],
      properties: {
        db: {
          anyOf: [
            { type: 'string', enum: ['pglite'] },
            { type: 'string', enum: ['postgres'] },
          ],
        },
      },
    })
    assert.deepEqual(res.json().data, { db: 'pglite' })
  })

  it('/api/docs is a reference page that runs no inline script, under a strict Content-Security-Policy', async () => {
    const page = await app.inject('/api/docs')
    assert.equal(page.statusCode, 200)
    assert.match(String(page.headers['content-type']), /text\/html/)
    // its policy (server/security-headers.ts): scripts of this origin only, nothing from elsewhere
    const policy = String(page.headers['content-security-policy'])
    assert.match(policy, /script-src 'self'(;|$)/)
    assert.doesNotMatch(policy, /unsafe-eval|script-src[^;]*unsafe-inline|https?:/)
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    assert.ok(scripts.length >= 3)
    for (const [, attrs, body] of scripts) {
      assert.match(attrs, /src="/, 'every script is a file')
      assert.equal(body.trim(), '', 'no inline script')
    }
    assert.doesNotMatch(page.body, /\son\w+=/i, 'no inline event handlers')
    // its own assets, no network
    for (const src of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])) {
      assert.ok(src.startsWith('/api/docs/'), src)
      assert.equal((await app.inject(src)).statusCode, 200, src)
    }
    const init = await app.inject('/api/docs/static/swagger-initializer.js')
    assert.match(init.body, /resolveUrl\('\.\/json'\)/)
    assert.deepEqual((await app.inject('/api/docs/json')).json(), doc)
  })
})
