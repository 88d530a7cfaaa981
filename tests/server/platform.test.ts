import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import type { DbHandle } from '../../server/db'
import { sql } from 'kysely'
import { Value } from 'typebox/value'
import { ErrorEnvelopeSchema, SuccessEnvelope, SysConfigSchema, HealthSchema } from '../../types'
import { describeEachDb, PGLITE_HALF_ONLY, newPgliteDb, TEST_JWT_SECRET, assertErrorAnswer } from './helpers'
import { redactUrl } from '../../server/lib/safe-url'

const CFG = '/api/sys/dict/config?dictionaryParentType=GLOBAL_SYS_INIT_CONFIG'

describeEachDb(
  'platform: envelope, config flags, errors',
  (ctx) => {
    it('GET /api/health reports the database kind', async () => {
      const res = await ctx().app.inject('/api/health')
      assert.equal(res.statusCode, 200)
      const body = res.json()
      assert.ok(Value.Check(SuccessEnvelope(HealthSchema), body))
      assert.equal(body.data.db, ctx().kind)
    })

    it('spec §6 "country-specific feature flags come from a server configuration": cn has order tax on, sign-in popup on', async () => {
      const res = await ctx().app.inject(`${CFG}&countryCode=cn`)
      assert.equal(res.statusCode, 200)
      const body = res.json()
      assert.ok(Value.Check(SuccessEnvelope(SysConfigSchema), body), JSON.stringify(body))
      assert.deepEqual([body.success, body.code, body.message], [true, '200', 'ok'])
      assert.equal(body.data.ENABLE_ORDER_TAX.dictValue, '1')
      assert.equal(body.data.ENABLE_SIGN_IN_POPUP.dictValue, '1')
    })

    it('India: ENABLE_ORDER_TAX is 0, ENABLE_SIGN_IN_POPUP is 1', async () => {
      const body = (await ctx().app.inject(`${CFG}&countryCode=in`)).json()
      assert.equal(body.data.ENABLE_ORDER_TAX.dictValue, '0')
      assert.equal(body.data.ENABLE_SIGN_IN_POPUP.dictValue, '1')
    })

    it('countryCode defaults from the countrycode header (default region cn)', async () => {
      const a = (await ctx().app.inject({ url: CFG, headers: { countrycode: 'in' } })).json()
      assert.equal(a.data.ENABLE_ORDER_TAX.dictValue, '0')
      const b = (await ctx().app.inject(CFG)).json()
      assert.equal(b.data.ENABLE_ORDER_TAX.dictValue, '1')
    })

    it('unknown dictionaryParentType → 400 VALIDATION_ERROR naming the field', async () => {
      const res = await ctx().app.inject('/api/sys/dict/config?countryCode=cn&dictionaryParentType=OTHER')
      assert.equal(res.statusCode, 400)
      const body = res.json()
      assert.ok(Value.Check(ErrorEnvelopeSchema, body))
      assert.equal(body.code, 'VALIDATION_ERROR')
      assert.match(body.message, /querystring\/dictionaryParentType/)
    })

    it('unknown countryCode and missing dictionaryParentType → 400', async () => {
      const a = await ctx().app.inject(`${CFG}&countryCode=us`)
      assert.equal(a.statusCode, 400)
      assert.match(a.json().message, /querystring\/countryCode/)
      const b = await ctx().app.inject('/api/sys/dict/config?countryCode=cn')
      assert.equal(b.statusCode, 400)
      assert.match(b.json().message, /dictionaryParentType/)
    })

    it('spec §7 headers: unknown countrycode / languagecode values → 400; languagecode zh is accepted', async () => {
      const a = await ctx().app.inject({ url: CFG, headers: { countrycode: 'us' } })
      assert.equal(a.statusCode, 400)
      assert.equal(a.json().code, 'VALIDATION_ERROR')
      assert.match(a.json().message, /headers\/countrycode/)
      const b = await ctx().app.inject({ url: CFG, headers: { languagecode: 'fr' } })
      assert.equal(b.statusCode, 400)
      assert.match(b.json().message, /headers\/languagecode/)
      const c = await ctx().app.inject({ url: CFG, headers: { languagecode: 'zh', source: 'weapp' } })
      assert.equal(c.statusCode, 200)
    })

    it('unknown /api route → 404 NOT_FOUND envelope', async () => {
      const res = await ctx().app.inject('/api/no/such/route')
      assert.equal(res.statusCode, 404)
      const body = res.json()
      assert.ok(Value.Check(ErrorEnvelopeSchema, body))
      assert.deepEqual([body.success, body.code, body.statusCode], [false, 'NOT_FOUND', 404])
    })

    it('a forced 500 returns INTERNAL_ERROR without stack or SQL', async () => {
      const res = await ctx().app.inject('/api/__test/boom')
      assertErrorAnswer(res, 500, 'INTERNAL_ERROR', 'Internal server error')
      assert.doesNotMatch(res.body, /no_such_table|select|stack|at /i)
    })

    it('body larger than 256 KB → 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/users/errorTracking',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ error: 'x', response: 'y'.repeat(300 * 1024) }),
      })
      assert.equal(res.statusCode, 413)
      assert.equal(res.json().code, 'PAYLOAD_TOO_LARGE')
      assert.equal(res.json().statusCode, 413)
    })

    it('malformed JSON body → 400 envelope', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/users/errorTracking',
        headers: { 'content-type': 'application/json' },
        payload: '{"error": ',
      })
      assert.equal(res.statusCode, 400)
      assert.equal(res.json().success, false)
    })
  },
  (app, db) => {
    app.get('/api/__test/boom', async () => {
      await sql`select * from no_such_table_for_test`.execute(db)
      return 'unreachable'
    })
  },
)

describe('static H5 app + SPA fallback (STATIC_DIR)', { skip: PGLITE_HALF_ONLY }, () => {
  let dir: string
  let handle: DbHandle
  let app: FastifyInstance
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>H5</title>')
    fs.mkdirSync(path.join(dir, 'js'))
    fs.writeFileSync(path.join(dir, 'js', 'app.js'), 'console.log(1)')
    // a content-hashed chunk with the .br/.gz that scripts/precompress.mjs writes at build time
    const chunk = 'export const x = "' + 'lab'.repeat(2000) + '"\n'
    fs.writeFileSync(path.join(dir, 'js', 'app.0123abcd.js'), chunk)
    fs.writeFileSync(path.join(dir, 'js', 'app.0123abcd.js.gz'), zlib.gzipSync(chunk))
    fs.writeFileSync(path.join(dir, 'js', 'app.0123abcd.js.br'), zlib.brotliCompressSync(chunk))
    handle = await newPgliteDb()
    app = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET, staticDir: dir })
    await app.ready()
  })
  after(async () => {
    await app?.close()
    await handle?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('serves files and index.html at /', async () => {
    assert.equal((await app.inject('/js/app.js')).body, 'console.log(1)')
    const root = await app.inject({ url: '/', headers: { accept: 'text/html' } })
    assert.match(root.body, /<title>H5<\/title>/)
  })
  it('browser-history routes (/home, /product-details/x/y) fall back to index.html', async () => {
    for (const url of ['/home', '/product-details/Anti-CD3/MA1-10175', '/my-account/ShipToInfo']) {
      const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } })
      assert.equal(res.statusCode, 200, url)
      assert.match(res.body, /<title>H5<\/title>/)
    }
  })
  it('/api routes never fall back; missing assets without text/html get 404', async () => {
    const api = await app.inject({ url: '/api/nope', headers: { accept: 'text/html' } })
    assert.equal(api.statusCode, 404)
    assert.equal(api.json().code, 'NOT_FOUND')
    assert.equal((await app.inject({ url: '/js/missing.js', headers: { accept: '*/*' } })).statusCode, 404)
    assert.equal((await app.inject('/api/health')).json().success, true)
  })
  it('spec §3 product images: every seeded image path answers with a picture at -150.jpg and -650.jpg', async () => {
    const list = (await app.inject('/api/product/list?pageSize=50')).json().data.items as {
      image: string | null
      catalogNumber: string
    }[]
    const withImage = list.filter((p) => p.image)
    assert.ok(
      withImage.length > 0 && withImage.length < list.length,
      'some products have images, some fall back to the placeholder',
    )
    for (const p of withImage.slice(0, 5)) {
      assert.equal(p.image, `/media/products/${p.catalogNumber}`)
      for (const size of [150, 650]) {
        const res: { statusCode: number; headers: Record<string, unknown>; body: string } = await app.inject(
          `${p.image}-${size}.jpg`,
        )
        assert.equal(res.statusCode, 200)
        assert.match(String(res.headers['content-type']), /^image\/svg\+xml/)
        assert.match(res.body, new RegExp(`width="${size}"`))
        assert.ok(res.body.includes(p.catalogNumber))
      }
    }
    const placeholder = await app.inject('/media/placeholder.svg')
    assert.equal(placeholder.statusCode, 200)
    assert.match(String(placeholder.headers['content-type']), /^image\/svg\+xml/)
  })
  it('sends phones the build-time compressed chunk, cached for good; index.html is revalidated', async () => {
    const br = await app.inject({ url: '/js/app.0123abcd.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    assert.equal(br.statusCode, 200)
    assert.equal(br.headers['content-encoding'], 'br')
    assert.match(String(br.headers['content-type']), /javascript/)
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(
      zlib.brotliDecompressSync(br.rawPayload).toString(),
      fs.readFileSync(path.join(dir, 'js', 'app.0123abcd.js'), 'utf8'),
    )
    const gz = await app.inject({ url: '/js/app.0123abcd.js', headers: { 'accept-encoding': 'gzip' } })
    assert.equal(gz.headers['content-encoding'], 'gzip')
    const plain = await app.inject({ url: '/js/app.0123abcd.js' })
    assert.equal(plain.headers['content-encoding'], undefined)
    const index = await app.inject({ url: '/home', headers: { accept: 'text/html' } })
    assert.notEqual(index.headers['cache-control'], 'public, max-age=31536000, immutable')
  })
  it('image names are checked: no other sizes, no markup injection, no path tricks', async () => {
    for (const url of [
      '/media/products/MA1-10175-300.jpg',
      '/media/products/%3Cscript%3E-150.jpg',
      '/media/products/..%2F..%2Fetc%2Fpasswd-150.jpg',
    ]) {
      assert.equal((await app.inject(url)).statusCode, 404, url)
    }
  })
})

it('log lines never carry the one-time secrets of the login redirects (ticket, jwt, code, state)', () => {
  assert.equal(
    redactUrl('/login-callback?ticket=abc123&returnTo=%2Fmore'),
    '/login-callback?ticket=[redacted]&returnTo=%2Fmore',
  )
  assert.equal(redactUrl('/wechat-login?openid=o1&jwt=a.b.c'), '/wechat-login?openid=o1&jwt=[redacted]')
  assert.equal(
    redactUrl('/api/auth/oidc/callback?code=X&state=Y'),
    '/api/auth/oidc/callback?code=[redacted]&state=[redacted]',
  )
  assert.equal(redactUrl('/api/product/list?page=1'), '/api/product/list?page=1')
  assert.equal(redactUrl('/home'), '/home')
})
