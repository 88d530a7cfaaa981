import { describe, it, after } from 'node:test'
import assert from 'node:assert/strict'
import Fastify from 'fastify'
import { createLoginLimiters } from '../../server/domains/auth/rate-limit'
import { registerRedis } from '../../server/lib/redis'
import { createTtlCache } from '../../server/domains/auth/user-cache'
import { hashPassword, verifyPassword } from '../../server/domains/auth/passwords'
import {
  resolveAuthConfig,
  authOptionsFromEnv,
  DEFAULT_RATE_LIMITS,
  type RateLimits,
} from '../../server/domains/auth/config'
import { signWechatJwt, verifyWechatJwt, signAccessToken, verifyAccessToken } from '../../server/domains/auth/tokens'
import { validateRegistration } from '../../server/domains/auth/provider/accounts'
import { escapeHtml, loginPage } from '../../server/domains/auth/provider/pages'
import { pickLang } from '../../server/domains/auth/provider/messages'
import { createPostgresDb, type DbHandle } from '../../server/db'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'

const SECRET = 'unit-secret-0123456789-abcdefghijklmnopqrstuvwxyz'

describe('login rate limiter (issue 4: "Login has rate limits"; @fastify/rate-limit, in process without Redis)', () => {
  async function limitersApp(limits: Partial<RateLimits>) {
    const app = Fastify()
    registerRedis(app, null)
    const l = createLoginLimiters(app, { ...DEFAULT_RATE_LIMITS, ...limits })
    app.post<{ Params: { name: 'passwordIpUser' | 'passwordUser' | 'api'; key: string } }>(
      '/hit/:name/:key',
      async (req) => l[req.params.name].hit(req, req.params.key),
    )
    await app.ready()
    const hit = async (name: string, key: string) =>
      (await app.inject({ method: 'POST', url: `/hit/${name}/${key}` })).json() as {
        allowed: boolean
        retryAfter?: number
      }
    return { app, hit }
  }

  it('allows max hits per key per window, then refuses with the seconds left in the window; keys and limiters count apart', async () => {
    const { app, hit } = await limitersApp({ passwordPerIpUser: 3, passwordPerUser: 5, windowMs: 60_000 })
    try {
      const allowed: boolean[] = []
      for (let i = 0; i < 4; i++) allowed.push((await hit('passwordIpUser', 'ip|user')).allowed)
      assert.deepEqual(allowed, [true, true, true, false])
      const r = await hit('passwordIpUser', 'ip|user')
      assert.equal(r.allowed, false)
      assert.ok(r.retryAfter! > 0 && r.retryAfter! <= 60, `retryAfter ${r.retryAfter}`)
      assert.equal((await hit('passwordIpUser', 'other')).allowed, true, 'keys are counted separately')
      assert.equal((await hit('passwordUser', 'ip|user')).allowed, true, 'each limiter has its own windows and limit')
    } finally {
      await app.close()
    }
  })

  it('a new window starts after windowMs', async () => {
    const { app, hit } = await limitersApp({ apiPerIp: 1, windowMs: 50 })
    try {
      assert.equal((await hit('api', 'k')).allowed, true)
      assert.equal((await hit('api', 'k')).allowed, false)
      await new Promise((r) => setTimeout(r, 80))
      assert.equal((await hit('api', 'k')).allowed, true)
    } finally {
      await app.close()
    }
  })
})

describe('user lookup cache (server/domains/auth/plugin.ts)', () => {
  it('serves an entry for at most ttlMs, then forgets it (a deleted user is not served beyond the TTL)', () => {
    const t0 = 1_000_000
    let t = t0
    const c = createTtlCache<string>({ ttlMs: 30_000, maxEntries: 10, now: () => t })
    c.set('U-1', 'alice')
    t = t0 + 30_000
    assert.equal(c.get('U-1'), 'alice')
    t = t0 + 30_001
    assert.equal(c.get('U-1'), undefined)
  })
  it('is bounded and can be invalidated', () => {
    const c = createTtlCache<number>({ ttlMs: 30_000, maxEntries: 3 })
    for (let i = 0; i < 10; i++) c.set(`U-${i}`, i)
    assert.equal(c.size, 3)
    assert.equal(c.get('U-9'), 9)
    c.invalidate('U-9')
    assert.equal(c.get('U-9'), undefined)
    c.invalidate()
    assert.equal(c.size, 0)
  })
})

describe('passwords (scrypt, constant-time compare)', () => {
  it('verifies the right password only; every hash has its own salt', async () => {
    const h = await hashPassword('Lab-Demo-2026!')
    assert.match(h, /^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/)
    assert.equal(await verifyPassword('Lab-Demo-2026!', h), true)
    assert.equal(await verifyPassword('lab-demo-2026!', h), false)
    assert.equal(await verifyPassword('', h), false)
    assert.notEqual(await hashPassword('Lab-Demo-2026!'), h)
    assert.equal(await verifyPassword('x', 'garbage'), false)
  })
})

describe('tokens', () => {
  it('a WeChat proof is valid 5 minutes, for its openid only, and is never an access token (separate key)', async () => {
    const now = Math.floor(Date.now() / 1000)
    const jwt = await signWechatJwt(SECRET, 'o-1', now)
    assert.deepEqual(await verifyWechatJwt(SECRET, jwt, 'o-1'), { ok: true })
    assert.deepEqual(await verifyWechatJwt(SECRET, jwt, 'o-2'), { ok: false, reason: 'invalid' })
    assert.deepEqual(await verifyWechatJwt(SECRET, await signWechatJwt(SECRET, 'o-1', now - 301), 'o-1'), {
      ok: false,
      reason: 'expired',
    })
    assert.equal((await verifyAccessToken(SECRET, jwt)).ok, false)
    const access = await signAccessToken(SECRET, { userId: 'U-1', userName: 'a' })
    assert.equal((await verifyWechatJwt(SECRET, access, 'o-1')).ok, false)
  })
})

describe('registration form rules (embedded provider)', () => {
  it('username 3–40 of [a-z0-9._-], valid email, names required, password at least 8 — messages in the page language', () => {
    const en = validateRegistration(
      { username: 'ab', email: 'x@', firstName: '', lastName: 'Li', password: 'short' },
      'en',
    )
    assert.deepEqual(en.errors, {
      username: 'Username must be 3–40 characters of lowercase letters, digits, dot, dash or underscore.',
      email: 'Enter a valid email address.',
      firstName: 'First name is a required field',
      password: 'Password must be at least 8 characters.',
    })
    const zh = validateRegistration(
      { username: 'Good.Name', email: 'a@b.cn', firstName: '伟', lastName: '李', password: '12345678' },
      'zh',
    )
    assert.deepEqual(zh.errors, {})
    assert.equal(zh.values.username, 'good.name')
    assert.equal(zh.values.language, 'zh', 'Chinese unless chosen')
    assert.equal(
      validateRegistration({ username: 'bad name!' }, 'zh').errors.username,
      '用户名须为 3–40 个小写字母、数字、点、短横线或下划线。',
    )
  })

  it('pages escape every value; language from ui_locales / Accept-Language', () => {
    assert.equal(escapeHtml(`<a href="x">'&`), '&#60;a href=&#34;x&#34;&#62;&#39;&#38;')
    const html = loginPage({
      lang: 'en',
      uid: 'u"><script>',
      username: '"><img src=x onerror=alert(1)>',
      base: '/oidc',
    })
    assert.ok(!html.includes('<img src=x'))
    assert.ok(!html.includes('"><script>'))
    assert.equal(pickLang('en-US,en;q=0.9'), 'en')
    assert.equal(pickLang(undefined, 'zh-TW'), 'zh')
    assert.equal(pickLang('fr'), 'zh')
  })
})

describe('login configuration', () => {
  let h: DbHandle | undefined
  after(async () => h?.close())

  it('embedded issuer at {PUBLIC_URL}/oidc by default; an external issuer from OIDC_* env', () => {
    const d = resolveAuthConfig(authOptionsFromEnv(loadConfig({ PORT: '4000' })), SECRET, {})
    assert.equal(d.oidc.issuer, 'http://127.0.0.1:4000/oidc')
    assert.equal(d.oidc.embedded, true)
    assert.equal(d.oidc.redirectUri, 'http://127.0.0.1:4000/api/auth/oidc/callback')
    const x = resolveAuthConfig(
      authOptionsFromEnv(
        loadConfig({
          PUBLIC_URL: 'https://shop.example',
          OIDC_ISSUER: 'https://idp.example/',
          OIDC_CLIENT_ID: 'c',
          OIDC_CLIENT_SECRET: 's',
        }),
      ),
      SECRET,
      {},
    )
    assert.deepEqual(
      { issuer: x.oidc.issuer, embedded: x.oidc.embedded, clientId: x.oidc.clientId, redirectUri: x.oidc.redirectUri },
      {
        issuer: 'https://idp.example',
        embedded: false,
        clientId: 'c',
        redirectUri: 'https://shop.example/api/auth/oidc/callback',
      },
    )
    assert.throws(() => authOptionsFromEnv(loadConfig({ OIDC_ISSUER: 'https://idp.example' })), /OIDC_CLIENT_ID/)
  })

  it('the WeChat stand-in is used without WECHAT_API_BASE outside production, and never in production', async () => {
    assert.equal(resolveAuthConfig({}, SECRET, {}).wechat.standIn, true)
    assert.equal(resolveAuthConfig({}, SECRET, { NODE_ENV: 'production' }).wechat.standIn, false)
    assert.equal(resolveAuthConfig({ wechat: { apiBase: 'http://127.0.0.1:3900' } }, SECRET, {}).wechat.standIn, false)
    const prod = resolveAuthConfig({ production: true }, SECRET, {})
    assert.equal(prod.wechat.apiBase, 'https://api.weixin.qq.com')
    h = createPostgresDb('postgres://nobody@127.0.0.1:9/none', { max: 1 }) // never queried: the stand-in routes touch no database
    const dev = buildApp({ db: h.db, jwtSecret: SECRET })
    const live = buildApp({ db: h.db, jwtSecret: SECRET, auth: { production: true } })
    try {
      const q =
        '/__wechat/sns/jscode2session?appid=wx-standin-mini&secret=standin-mini-secret&js_code=standin:oStandin-lite-cn&grant_type=authorization_code'
      assert.equal((await dev.inject(q)).json().openid, 'oStandin-lite-cn')
      assert.equal((await live.inject(q)).statusCode, 404)
    } finally {
      await dev.close()
      await live.close()
    }
  })
})
