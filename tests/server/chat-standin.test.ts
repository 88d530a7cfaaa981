import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import Fastify, { type FastifyInstance } from 'fastify'
import { describeEachDb, tokenFor, auth, TEST_JWT_SECRET, type TestContext } from './helpers'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { DEMO_USERS } from '../../server/db/seed'
import { chatStandInRoutes } from '../../server/domains/service/routes'
import { STAND_IN_PATH } from '../../server/domains/service'
import { escapeHtml, safeUrl } from '../../server/domains/service/stand-in'
import { APPROVED_CN_CHAT_PAYLOAD } from '../support/chat-payload'

/**
 * Customer-service chat, server side (spec section 7: "Chat support is opened with a payload of
 * employee id, email, name, analytics id, location, country, phone and company"). The vendor widget
 * cannot be reached from here: GET /api/chat/config names the widget (CHAT_WIDGET_URL, else the
 * local stand-in page /__chat outside production), and the stand-in shows what it received, escaped.
 */
/** an app with its own configuration: the server reads CHAT_WIDGET_URL and NODE_ENV once, at start (server/config.ts) */
async function withApp(
  ctx: () => TestContext,
  env: Record<string, string>,
  fn: (app: FastifyInstance) => Promise<void>,
) {
  const app = buildApp({ db: ctx().db, jwtSecret: TEST_JWT_SECRET, config: loadConfig(env) })
  try {
    await fn(app)
  } finally {
    await app.close()
  }
}

describeEachDb('GET /api/chat/config', (ctx) => {
  it('without CHAT_WIDGET_URL outside production: the local stand-in on this host, for visitors and users alike', async () => {
    await withApp(ctx, { NODE_ENV: 'test' }, async (app) => {
      const anon = await app.inject({ method: 'GET', url: '/api/chat/config', headers: { host: 'shop.test:3000' } })
      assert.equal(anon.statusCode, 200)
      assert.deepEqual(anon.json(), {
        success: true,
        code: '200',
        message: 'ok',
        data: { widgetUrl: 'http://shop.test:3000/__chat' },
      })
      const token = await tokenFor(ctx(), DEMO_USERS.approvedCn)
      const user = await app.inject({
        method: 'GET',
        url: '/api/chat/config',
        headers: auth(token, { host: 'shop.test:3000' }),
      })
      assert.equal(user.json().data.widgetUrl, 'http://shop.test:3000/__chat')
    })
  })

  it('CHAT_WIDGET_URL wins; an address that is not http(s) is not handed out', async () => {
    await withApp(
      ctx,
      { CHAT_WIDGET_URL: 'https://chat.vendor.example/chat/h5/v2/index.html?sysnum=abc' },
      async (app) => {
        const res = await app.inject({ method: 'GET', url: '/api/chat/config' })
        assert.equal(res.json().data.widgetUrl, 'https://chat.vendor.example/chat/h5/v2/index.html?sysnum=abc')
      },
    )
    await withApp(ctx, { CHAT_WIDGET_URL: 'javascript:alert(1)' }, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/chat/config' })
      assert.equal(res.json().data.widgetUrl, null)
    })
  })

  it('in production without CHAT_WIDGET_URL: no widget (null), never the stand-in', async () => {
    await withApp(ctx, { NODE_ENV: 'production' }, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/chat/config' })
      assert.equal(res.statusCode, 200)
      assert.equal(res.json().data.widgetUrl, null)
    })
  })
})

describe('the /__chat stand-in page', () => {
  async function standIn(config: { NODE_ENV: string }) {
    const app = Fastify()
    await app.register(chatStandInRoutes, { config })
    await app.ready()
    return app
  }

  it('shows "Customer service (local stand-in)", every payload field and the product card', async () => {
    const app = await standIn({ NODE_ENV: 'test' })
    const payload = { ...APPROVED_CN_CHAT_PAYLOAD, phone: '+86 138 0000 0000' }
    const q = new URLSearchParams({
      ...payload,
      productCatalogNumber: 'MA1-10175',
      productTitle: 'Anti-CD3 Antibody',
      productDescription: 'A mouse monoclonal...',
      productImage: 'http://api.test/media/products/MA1-10175-150.jpg',
    })
    const res = await app.inject({ method: 'GET', url: `${STAND_IN_PATH}?${q}` })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^text\/html/)
    const html = res.body
    assert.ok(html.includes('Customer service (local stand-in)'))
    // every field but the country
    const { country: _country, ...shown } = payload
    for (const v of Object.values(shown)) {
      assert.ok(html.includes(v), `shows ${v}`)
    }
    assert.ok(html.includes('<strong data-card-title>Anti-CD3 Antibody</strong>'))
    assert.ok(html.includes('src="http://api.test/media/products/MA1-10175-150.jpg"'))
    // a message box that echoes, run by the one script the page's CSP allows
    assert.ok(html.includes('id="m"') && html.includes("'Echo: '+t"))
    const csp = String(res.headers['content-security-policy'])
    const nonce = /nonce-([^']+)/.exec(csp)![1]
    assert.ok(html.includes(`<script nonce="${nonce}">`))
    assert.equal((html.match(/<script/g) ?? []).length, 1)
    await app.close()
  })

  it('hostile payload values are HTML-escaped and a javascript: image is dropped', async () => {
    const app = await standIn({ NODE_ENV: 'development' })
    const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>'
    const q = new URLSearchParams({
      name: evil,
      company: "</td></tr></table><iframe src='//evil'>",
      location: 'javascript:alert(3)',
      productTitle: evil,
      productCatalogNumber: 'X-1',
      productImage: 'javascript:alert(4)',
      productDescription: '<b>bold</b>',
    })
    const res = await app.inject({ method: 'GET', url: `${STAND_IN_PATH}?${q}` })
    const html = res.body
    assert.equal((html.match(/<script/g) ?? []).length, 1, "only the page's own script")
    assert.ok(!html.includes('<img src=x'))
    assert.ok(!html.includes('<iframe'))
    assert.ok(!html.includes('<b>bold</b>'))
    assert.ok(html.includes('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;'))
    assert.ok(!/src="javascript:/i.test(html))
    assert.ok(html.includes('javascript:alert(3)'), 'shown as text in the table')
    await app.close()
  })

  it('is not mounted when NODE_ENV=production (404)', async () => {
    const app = await standIn({ NODE_ENV: 'production' })
    const res = await app.inject({ method: 'GET', url: STAND_IN_PATH })
    assert.equal(res.statusCode, 404)
    await app.close()
  })

  it('escapeHtml and safeUrl', () => {
    assert.equal(
      escapeHtml(`<a href="x" onclick='y'>&\``),
      '&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#96;',
    )
    assert.equal(safeUrl('/media/a-150.jpg'), '/media/a-150.jpg')
    assert.equal(safeUrl('https://cdn.example/a-150.jpg'), 'https://cdn.example/a-150.jpg')
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/a.jpg', 'vbscript:x'])
      assert.equal(safeUrl(bad), null, bad)
  })
})
