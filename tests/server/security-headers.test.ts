import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { openTestDb, closeTestDb, TEST_JWT_SECRET } from './helpers'
import { startLoginServer, Browser, type LoginServer } from './auth-helpers'
import { buildApp } from '../../server/app'
import { trustProxyOption } from '../../server/lib/trust-proxy'
import type { DbHandle } from '../../server/db'

/** Security headers (issue 8): CSP, nosniff, Referrer-Policy, framing, on the H5 site, the API and the sign-in pages. */

const INLINE = '!function(){document.documentElement.style.fontSize="20px"}()'
const INDEX = `<!doctype html><html><head><title>Lab Store</title><script>${INLINE}</script><script defer src="/js/app.js"></script></head><body><div id="app"></div></body></html>`

/** CSP header → { directive: sources } */
function csp(header: string | string[] | undefined | null): Record<string, string[]> {
  assert.ok(header, 'a Content-Security-Policy header')
  const out: Record<string, string[]> = {}
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) out[name.toLowerCase()] = values
  }
  return out
}

const headersOf = (h: Headers) => {
  const o: Record<string, string> = {}
  h.forEach((v, k) => (o[k] = v))
  return o
}

const scriptSources = (p: Record<string, string[]>) => p['script-src'] ?? p['default-src']

describe('security headers', () => {
  let handle: DbHandle
  let app: FastifyInstance
  let staticDir: string

  before(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sec-h5-'))
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX)
    handle = await openTestDb('pglite')
    app = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET, staticDir })
    // buildApp mounts the API reference page (swagger-ui at /api/docs, its assets at /api/docs/static)
    await app.ready()
  })
  after(async () => {
    await app?.close()
    if (handle) await closeTestDb(handle)
    fs.rmSync(staticDir, { recursive: true, force: true })
  })

  const assertBaseline = (h: Record<string, unknown>, where: string) => {
    assert.equal(h['x-content-type-options'], 'nosniff', where)
    assert.equal(h['x-powered-by'], undefined, where)
    assert.equal(h['strict-transport-security'], undefined, `${where}: no HSTS over plain http`)
  }

  it("GET /home (the H5 site): a CSP that allows this origin's scripts and the inline sizing script by its hash only; no framing; nosniff; strict-origin-when-cross-origin", async () => {
    const res = await app.inject({ url: '/home', headers: { accept: 'text/html' } })
    assert.equal(res.statusCode, 200)
    assert.match(res.body, /<div id="app">/)
    assertBaseline(res.headers, '/home')
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin')
    assert.equal(res.headers['x-frame-options'], 'DENY')
    const p = csp(res.headers['content-security-policy'])
    const hash = `'sha256-${crypto.createHash('sha256').update(INLINE).digest('base64')}'`
    assert.deepEqual(scriptSources(p), ["'self'", hash])
    assert.deepEqual(p['default-src'], ["'self'"])
    assert.deepEqual(p['object-src'], ["'none'"])
    assert.deepEqual(p['frame-ancestors'], ["'none'"])
    assert.deepEqual(p['base-uri'], ["'self'"])
    assert.deepEqual(p['connect-src'], ["'self'"])
    assert.ok(p['frame-src'].includes("'self'"), 'the chat page frames the stand-in at /__chat')
    assert.equal(p['upgrade-insecure-requests'], undefined, 'a plain-http local site keeps loading its own assets')
    // the same policy on the site's files
    const root = await app.inject({ url: '/', headers: { accept: 'text/html' } })
    assert.deepEqual(csp(root.headers['content-security-policy']), p)
  })

  it('the API: the same headers on a JSON answer and on an API 404', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await app.inject(url)
      assertBaseline(res.headers, url)
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin')
      assert.deepEqual(csp(res.headers['content-security-policy'])['frame-ancestors'], ["'none'"], url)
      assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin', url)
    }
  })

  it("product pictures (/media) may be loaded from another origin (the mini-program's web views)", async () => {
    const res = await app.inject('/media/products/A1234-150.jpg')
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin')
    assertBaseline(res.headers, '/media')
  })

  it("the chat stand-in (/__chat) may be framed by the app's own chat page, by no other site", async () => {
    const res = await app.inject('/__chat?x=1')
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN')
    const p = csp(res.headers['content-security-policy'])
    assert.ok(!p['frame-ancestors'] || p['frame-ancestors'].join(' ') === "'self'", String(p['frame-ancestors']))
    assert.ok(!(p['script-src'] ?? []).includes("'unsafe-inline'"))
    assertBaseline(res.headers, '/__chat')
  })

  it('/api/docs (swagger-ui): scripts from this origin only (its page has no inline script), styles may be inline, never framed', async () => {
    const page = await app.inject('/api/docs/')
    assert.equal(page.statusCode, 200)
    assert.doesNotMatch(page.body, /<script(?![^>]*\ssrc=)[^>]*>\s*\S/, 'no inline script in the docs page')
    const p = csp(page.headers['content-security-policy'])
    assert.deepEqual(p['script-src'], ["'self'"])
    assert.deepEqual(p['frame-ancestors'], ["'none'"])
    assert.ok(p['style-src'].includes("'unsafe-inline'"))
    const asset = await app.inject('/api/docs/static/swagger-ui-bundle.js')
    assert.equal(asset.statusCode, 200)
    assert.deepEqual(csp(asset.headers['content-security-policy'])['script-src'], ["'self'"])
    assertBaseline(asset.headers, '/api/docs/static')
  })

  it('the client address behind a load balancer: TRUST_PROXY names the balancer, whose appended entry is believed, never an address the client wrote itself', async () => {
    const saved = process.env.TRUST_PROXY
    const ipUnder = async (setting: string | undefined, xff: string) => {
      if (setting === undefined) delete process.env.TRUST_PROXY
      else process.env.TRUST_PROXY = setting
      const app = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET })
      app.get('/__ip', async (req) => ({ ip: req.ip }))
      try {
        return (
          await app.inject({ url: '/__ip', headers: { 'x-forwarded-for': xff }, remoteAddress: '10.0.0.5' })
        ).json().ip as string
      } finally {
        await app.close()
      }
    }
    try {
      // "203.0.113.66" is what a client wrote; "198.51.100.7" is what the balancer (10.0.0.5) saw and appended
      assert.equal(await ipUnder(undefined, '203.0.113.66, 198.51.100.7'), '10.0.0.5', 'no proxy declared: the socket')
      assert.equal(await ipUnder('10.0.0.0/8', '203.0.113.66, 198.51.100.7'), '198.51.100.7', 'the balancer by address')
      assert.equal(
        await ipUnder('10.0.0.5, 198.51.100.7', '203.0.113.66, 198.51.100.7'),
        '203.0.113.66',
        'two proxies named: the entry before them',
      )
      assert.equal(
        await ipUnder('loopback', '203.0.113.66'),
        '10.0.0.5',
        'a peer that is not a named proxy: the socket',
      )
      assert.throws(
        () => trustProxyOption('1'),
        /not a number/,
        'a hop count (or the old "believe everything") is refused',
      )
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY
      else process.env.TRUST_PROXY = saved
    }
  })

  it('HSTS only on https requests (behind a TLS proxy named by TRUST_PROXY, and X-Forwarded-Proto)', async () => {
    const saved = process.env.TRUST_PROXY
    process.env.TRUST_PROXY = 'loopback'
    const proxied = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET })
    try {
      const https = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })
      assert.match(String(https.headers['strict-transport-security']), /^max-age=\d{7,}; includeSubDomains$/)
      const http = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } })
      assert.equal(http.headers['strict-transport-security'], undefined)
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY
      else process.env.TRUST_PROXY = saved
      await proxied.close()
    }
  })

  describe('the embedded OpenID provider (/oidc)', () => {
    let srv: LoginServer
    before(async () => {
      srv = await startLoginServer(handle.db)
    })
    after(async () => srv?.close())

    it('its sign-in page keeps its own stricter policy (no script at all, never framed, no referrer); its JSON answers get nosniff', async () => {
      const b = new Browser(srv.origin)
      const page = await b.follow('/api/auth/oidc/authorize?lang=en')
      assert.equal(page.res.status, 200)
      assert.match(page.url.pathname, /^\/oidc\/interaction\//)
      const h = headersOf(page.res.headers)
      assertBaseline(h, 'sign-in page')
      assert.equal(h['referrer-policy'], 'no-referrer')
      assert.equal(h['x-frame-options'], 'DENY')
      const p = csp(h['content-security-policy'])
      assert.deepEqual(p['default-src'], ["'none'"])
      assert.equal(p['script-src'], undefined, 'no script may run on the password page')
      assert.deepEqual(p['frame-ancestors'], ["'none'"])

      const discovery = await fetch(`${srv.origin}/oidc/.well-known/openid-configuration`)
      assert.equal(discovery.status, 200)
      assertBaseline(headersOf(discovery.headers), 'discovery')
      assert.deepEqual(csp(discovery.headers.get('content-security-policy'))['frame-ancestors'], ["'none'"])
    })
  })
})
