import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { buildApp } from '../../server/app'
import type { DbHandle } from '../../server/db'
import { newPgliteDb, TEST_JWT_SECRET } from './helpers'

/**
 * Issue 8, section 3: the API is described by the schemas that validate it. /api/openapi.json is generated
 * from the route schemas (types/), is a valid OpenAPI document, and lists every /api route the server
 * registers, each with its request and response schemas; /api/docs renders it without inline script.
 */
interface Op {
  parameters?: { in: string; name: string; required?: boolean }[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
  security?: unknown[]
  tags?: string[]
}
type Doc = { openapi: string; paths: Record<string, Record<string, Op>> }

describe('OpenAPI document and reference page', () => {
  let h: DbHandle
  let app: FastifyInstance
  const registered: RouteOptions[] = []
  let doc: Doc

  before(async () => {
    h = await newPgliteDb()
    app = buildApp({ db: h.db, jwtSecret: TEST_JWT_SECRET })
    app.addHook('onRoute', (r) => { registered.push(r) })
    await app.ready()
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
  const documented = () => new Set(Object.entries(doc.paths).flatMap(([p, ms]) => Object.keys(ms).map((m) => `${m.toUpperCase()} ${p}`)))

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
    assert.deepEqual([...routes].filter((r) => !docs.has(r)), [], 'registered but not documented')
    assert.deepEqual([...docs].filter((d) => !routes.has(d)), [], 'documented but not registered')
    // only the API itself: not /oidc, /__wechat, /__chat, /media, the site, nor the document's own pages
    assert.deepEqual([...docs].filter((d) => !/^[A-Z]+ \/api\//.test(d) || /^GET \/api\/(docs|openapi\.json)/.test(d)), [])
    console.log(`${docs.size} operations on ${Object.keys(doc.paths).length} paths in /api/openapi.json`)
  })

  it('every operation has its request schema (path, query, body as used) and a response schema for success and errors', () => {
    const missing: string[] = []
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const id = `${method.toUpperCase()} ${path}`
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
          if (!op.parameters?.some((p) => p.in === 'path' && p.name === name)) missing.push(`${id}: path parameter ${name}`)
        }
        if (method === 'post' && !op.requestBody && !op.parameters?.some((p) => p.in === 'query')) missing.push(`${id}: request body or query`)
        const ok = op.responses['200'] ?? op.responses['302']
        if (!ok) missing.push(`${id}: 200/302 response`)
        else if (op.responses['200'] && !Object.values(op.responses['200'].content ?? {})[0]?.schema) missing.push(`${id}: 200 schema`)
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

  it('the answer a route gives matches what the document says of it', async () => {
    const res = await app.inject('/api/health')
    const schema = doc.paths['/api/health'].get.responses['200'].content!['application/json'].schema as { properties: { data: unknown } }
    assert.deepEqual(schema.properties.data, { type: 'object', required: ['db'], properties: { db: { anyOf: [{ type: 'string', enum: ['pglite'] }, { type: 'string', enum: ['postgres'] }] } } })
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
