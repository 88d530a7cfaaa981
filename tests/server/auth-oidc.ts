import { it } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { auth, TEST_JWT_SECRET } from './helpers'
import { Browser, formActions, withRateLimitedApp, type LoginEnv } from './auth-helpers'
import { DEMO_PASSWORD } from '../../server/db/seed/auth'
import { EMBEDDED_CLIENT_ID } from '../../server/domains/auth/config'
import { signAccessToken } from '../../server/domains/auth/tokens'
import type { Updateable } from 'kysely'
import type { DB } from '../../server/db/schema'

const sha = (s: string) => crypto.createHash('sha256').update(s).digest('base64url')

/** login through the embedded OpenID provider (issue 4: authorization code + PKCE): run by auth-login.test.ts on each database. */
export function oidcTests(kind: string, env: () => LoginEnv) {
  /** authorize → sign-in page; returns the browser and the page. */
  async function openSignIn(query = 'returnTo=/my-account/ShipToInfo', headers: Record<string, string> = {}) {
    const b = new Browser(env().srv.origin, headers)
    const page = await b.follow(`/api/auth/oidc/authorize?${query}`)
    assert.equal(page.res.status, 200, page.text.slice(0, 300))
    return { b, page }
  }

  /** Posts the sign-in form and follows the redirects up to the provider's redirect to our callback. */
  async function submitLogin(b: Browser, page: { text: string; url: URL }, username: string, password: string) {
    const [login] = formActions(page.text, page.url)
    return b.follow(login.href, { form: { username, password } }, [
      '/login-callback',
      '/wechat-login',
      '/api/auth/oidc/callback',
    ])
  }

  /**
   * Signs `username` in up to the provider's redirect to our callback, changes what the server stored for that
   * login (`stored`: the tampering under test) and follows the redirect; the callback's answer.
   */
  async function callbackAfterTampering(username: string, stored: Updateable<DB['auth_login_states']>) {
    const { b, page } = await openSignIn()
    const r = await submitLogin(b, page, username, DEMO_PASSWORD)
    const state = r.appRoute!.searchParams.get('state')!
    await env().handle.db.updateTable('auth_login_states').set(stored).where('state_hash', '=', sha(state)).execute()
    return b.request(r.appRoute!.href)
  }

  async function redeem(ticket: string) {
    return env().srv.app.inject({ method: 'POST', url: '/api/auth/token', payload: { ticket } })
  }

  it('issue 4: "the redirect carries response_type=code, scope \'openid profile email username\' and a redirect_uri", with state and S256 PKCE', async () => {
    const b = new Browser(env().srv.origin)
    const r = await b.request('/api/auth/oidc/authorize?returnTo=/home')
    assert.equal(r.res.status, 302)
    const to = r.location!
    assert.equal(to.origin + to.pathname, `${env().srv.origin}/oidc/auth`)
    assert.equal(to.searchParams.get('response_type'), 'code')
    assert.equal(to.searchParams.get('scope'), 'openid profile email username')
    assert.equal(to.searchParams.get('redirect_uri'), `${env().srv.origin}/api/auth/oidc/callback`)
    assert.equal(to.searchParams.get('client_id'), EMBEDDED_CLIENT_ID)
    assert.equal(to.searchParams.get('code_challenge_method'), 'S256')
    assert.match(to.searchParams.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/)
    const state = to.searchParams.get('state')!
    // the state and its verifier are kept server-side only; the verifier matches the challenge
    const row = await env()
      .handle.db.selectFrom('auth_login_states')
      .selectAll()
      .where('state_hash', '=', sha(state))
      .executeTakeFirstOrThrow()
    assert.equal(sha(row.code_verifier!), to.searchParams.get('code_challenge'))
    assert.equal(row.return_to, '/home')
  })

  it('full flow: sign-in form → consent (auto) → callback → one-time ticket → our token → GET /api/users/info as that user', async () => {
    const { b, page } = await openSignIn('returnTo=/my-account/ShipToInfo&lang=en')
    assert.match(page.res.headers.get('content-type') ?? '', /text\/html/)
    assert.match(page.text, /<html lang="en"/)
    assert.match(page.text, /<label for="f-username">Username<\/label>/)
    assert.match(page.text, /<label for="f-password">Password<\/label>/)
    const done = await b.follow(formActions(page.text, page.url)[0].href, {
      form: { username: 'approved.cn', password: DEMO_PASSWORD },
    })
    assert.equal(
      done.appRoute?.pathname,
      '/login-callback',
      `ended at ${done.url} ${done.res.status} ${done.text.slice(0, 200)}`,
    )
    const ticket = done.appRoute!.searchParams.get('ticket')!
    assert.match(ticket, /^[A-Za-z0-9_-]{43}$/)
    assert.equal(done.appRoute!.searchParams.get('token'), null, 'the access token never travels in a URL')

    const res = await redeem(ticket)
    assert.equal(res.statusCode, 200, res.body)
    const data = res.json().data
    assert.equal(data.expiresIn, 7200)
    assert.equal(data.returnTo, '/my-account/ShipToInfo')
    assert.equal(data.registered, undefined)
    const info = await env().srv.app.inject({ url: '/api/users/info', headers: auth(data.token) })
    assert.equal(info.statusCode, 200)
    assert.equal(info.json().data.userProfile.userName, 'approved.cn')

    // "single use": the same ticket again is refused
    const again = await redeem(ticket)
    assert.equal(again.statusCode, 401)
    assert.equal(again.json().code, 'TOKEN_INVALID')
  })

  it('sign-in page speaks Chinese for ui_locales zh (lang=zh) and by default', async () => {
    const { page } = await openSignIn('lang=zh')
    assert.match(page.text, /<html lang="zh-CN"/)
    assert.match(page.text, />用户名</)
    assert.match(page.text, />密码</)
    const { page: def } = await openSignIn('', { 'accept-language': 'zh-CN,zh;q=0.9' })
    assert.match(def.text, />登录</)
  })

  it('wrong password: the form shows "Wrong username or password." again, keeps the username, escapes it, and no ticket is issued', async () => {
    const { b, page } = await openSignIn('lang=en')
    const before = await env()
      .handle.db.selectFrom('auth_tickets')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    const r = await submitLogin(b, page, 'approved.cn', 'not-the-password')
    assert.equal(r.res.status, 401)
    assert.match(r.text, /Wrong username or password\./)
    assert.match(r.text, /value="approved.cn"/)
    assert.equal(r.appRoute, null)
    const xss = await submitLogin(b, page, '<script>alert(1)</script>', 'x')
    assert.ok(!xss.text.includes('<script>alert'), 'typed values are HTML-escaped')
    assert.match(xss.text, /&#60;script&#62;/)
    const after = await env()
      .handle.db.selectFrom('auth_tickets')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    assert.equal(Number(after.n), Number(before.n))
  })

  it('a cross-site post without the interaction cookie finds no sign-in (CSRF): no login happens', async () => {
    const { page } = await openSignIn('lang=en')
    const stranger = new Browser(env().srv.origin) // no cookies
    const r = await stranger.request(formActions(page.text, page.url)[0].href, {
      form: { username: 'approved.cn', password: DEMO_PASSWORD, lang: 'en' },
    })
    assert.equal(r.res.status, 400)
    assert.match(r.text, /expired or was already used/)
    assert.equal(r.location, null)
  })

  it('the OIDC flow checks state: a reused state and an unknown state are refused (/login-callback?error=state)', async () => {
    const { b, page } = await openSignIn()
    const r = await submitLogin(b, page, 'lite.cn', DEMO_PASSWORD)
    const cb = r.appRoute!
    assert.equal(cb.pathname, '/api/auth/oidc/callback')
    const first = await b.request(cb.href)
    assert.equal(new URL(first.location!).pathname, '/login-callback')
    assert.ok(first.location!.searchParams.get('ticket'))
    const reused = await b.request(cb.href)
    assert.equal(reused.location!.pathname, '/login-callback')
    assert.equal(reused.location!.searchParams.get('error'), 'state')
    assert.equal(reused.location!.searchParams.get('ticket'), null)
    const unknown = await b.request(`/api/auth/oidc/callback?code=abc&state=${'x'.repeat(43)}`)
    assert.equal(unknown.location!.searchParams.get('error'), 'state')
    const none = await b.request('/api/auth/oidc/callback?code=abc')
    assert.equal(none.location!.searchParams.get('error'), 'state')
  })

  it('an expired state is refused', async () => {
    const cb = await callbackAfterTampering('lite.cn', { expires_at: new Date(Date.now() - 1000) })
    assert.equal(cb.location!.searchParams.get('error'), 'state')
  })

  it('PKCE: a code whose code_verifier does not match is refused (tampered stored verifier → error=exchange, no ticket)', async () => {
    const cb = await callbackAfterTampering('approved.cn', {
      code_verifier: crypto.randomBytes(32).toString('base64url'),
    })
    assert.equal(cb.location!.pathname, '/login-callback')
    assert.equal(cb.location!.searchParams.get('error'), 'exchange')
    assert.equal(cb.location!.searchParams.get('ticket'), null)
  })

  it('the callback checks the issuer (RFC 9207 iss parameter): a wrong or missing iss is refused (error=exchange, no ticket)', async () => {
    const tickets = async () =>
      Number(
        (
          await env()
            .handle.db.selectFrom('auth_tickets')
            .select((e) => e.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await tickets()
    for (const iss of ['http://evil.example/oidc', null]) {
      const { b, page } = await openSignIn()
      const r = await submitLogin(b, page, 'approved.cn', DEMO_PASSWORD)
      const cb = new URL(r.appRoute!.href)
      assert.equal(cb.searchParams.get('iss'), `${env().srv.origin}/oidc`, 'the embedded provider names itself')
      if (iss) cb.searchParams.set('iss', iss)
      else cb.searchParams.delete('iss')
      const res = await b.request(cb.href)
      assert.equal(res.location!.pathname, '/login-callback')
      assert.equal(res.location!.searchParams.get('error'), 'exchange', `iss=${iss}`)
      assert.equal(res.location!.searchParams.get('ticket'), null)
    }
    assert.equal(await tickets(), before)
  })

  it('the id_token nonce must be the one sent: a tampered stored nonce is refused (error=exchange)', async () => {
    const cb = await callbackAfterTampering('approved.cn', { nonce: crypto.randomBytes(32).toString('base64url') })
    assert.equal(cb.location!.searchParams.get('error'), 'exchange')
    assert.equal(cb.location!.searchParams.get('ticket'), null)
  })

  it('an error response of the issuer: access_denied → error=access_denied, any other error → error=exchange', async () => {
    for (const [error, expected] of [
      ['access_denied', 'access_denied'],
      ['server_error', 'exchange'],
      ['login_required', 'exchange'],
    ]) {
      const b = new Browser(env().srv.origin)
      const state = (await b.request('/api/auth/oidc/authorize')).location!.searchParams.get('state')!
      const q = new URLSearchParams({ error, error_description: 'x', state, iss: `${env().srv.origin}/oidc` })
      const res = await b.request(`/api/auth/oidc/callback?${q}`)
      assert.equal(res.location!.pathname, '/login-callback')
      assert.equal(res.location!.searchParams.get('error'), expected, error)
    }
  })

  it('PKCE is required by the provider: an authorization request without code_challenge is refused', async () => {
    const b = new Browser(env().srv.origin)
    const q = new URLSearchParams({
      client_id: EMBEDDED_CLIENT_ID,
      response_type: 'code',
      scope: 'openid',
      state: 's'.repeat(20),
      redirect_uri: `${env().srv.origin}/api/auth/oidc/callback`,
    })
    const r = await b.request(`/oidc/auth?${q}`)
    assert.equal(r.res.status, 303)
    assert.equal(r.location!.pathname, '/api/auth/oidc/callback')
    assert.equal(r.location!.searchParams.get('error'), 'invalid_request')
    assert.match(r.location!.searchParams.get('error_description') ?? '', /requires PKCE/)
  })

  it('ticket expiry: a ticket older than its 60 s is refused', async () => {
    const { b, page } = await openSignIn()
    const r = await b.follow(formActions(page.text, page.url)[0].href, {
      form: { username: 'approved.in', password: DEMO_PASSWORD },
    })
    const ticket = r.appRoute!.searchParams.get('ticket')!
    await env()
      .handle.db.updateTable('auth_tickets')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('ticket_hash', '=', sha(ticket))
      .execute()
    const res = await redeem(ticket)
    assert.equal(res.statusCode, 401)
    assert.equal(res.json().code, 'TOKEN_INVALID')
  })

  it('returnTo must be a same-site path: //evil, absolute URLs and backslashes are refused (no open redirect)', async () => {
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await env().srv.app.inject(`/api/auth/oidc/authorize?returnTo=${encodeURIComponent(bad)}`)
      assert.equal(res.statusCode, 400, bad)
      assert.equal(res.json().code, 'VALIDATION_ERROR')
      const w = await env().srv.app.inject(`/api/auth/wechat/authorize?mode=qr&returnTo=${encodeURIComponent(bad)}`)
      assert.equal(w.statusCode, 400, bad)
    }
  })

  it('cancel at the sign-in page → /login-callback?error=access_denied', async () => {
    const { b, page } = await openSignIn()
    const abort = page.text.match(/href="([^"]+\/abort)"/)![1]
    const r = await b.follow(new URL(abort, page.url).href)
    assert.equal(r.appRoute?.pathname, '/login-callback')
    assert.equal(r.appRoute!.searchParams.get('error'), 'access_denied')
  })

  it('registration (prompt=create): inline errors in the page language keep typed values; success creates a Partially Registered user, registered=true, return to /onboarding', async () => {
    const b = new Browser(env().srv.origin)
    const first = await b.request('/api/auth/oidc/authorize?mode=register&returnTo=/onboarding&lang=en')
    assert.equal(first.location!.searchParams.get('prompt'), 'create')
    const page = await b.follow(first.location!.href)
    assert.match(page.text, /<h1>Create account<\/h1>/)
    const action = formActions(page.text, page.url)[0]
    assert.match(action.pathname, /\/register$/)
    /** Ada Li's registration in English as `username`, with a password long enough unless given another */
    const form = (username: string, password = 'long-enough-1') => ({
      username,
      email: 'new.user@example.edu.cn',
      firstName: 'Ada',
      lastName: 'Li',
      password,
      language: 'en',
      lang: 'en',
    })

    const bad = await b.request(action.href, { form: form('approved.cn', 'short') })
    assert.equal(bad.res.status, 400)
    assert.match(bad.text, /This username is already taken|Password must be at least 8 characters\./)
    const bad2 = await b.request(action.href, { form: form('approved.cn') })
    assert.match(bad2.text, /This username is already taken/)
    assert.match(bad2.text, /value="new.user@example.edu.cn"/, 'typed values are kept')
    assert.match(bad2.text, /value="Ada"/)
    const weak = await b.request(action.href, {
      form: {
        username: 'new.user',
        email: 'not-an-email',
        firstName: 'Ada',
        lastName: 'Li',
        password: 'short',
        lang: 'zh',
      },
    })
    assert.match(weak.text, /密码至少需要 8 个字符。/)
    assert.match(weak.text, /请输入有效的邮箱地址。/)

    const userName = `new.user.${kind}`
    const ok = await b.follow(action.href, { form: form(userName) })
    assert.equal(ok.appRoute?.pathname, '/login-callback', ok.text.slice(0, 300))
    const res = await redeem(ok.appRoute!.searchParams.get('ticket')!)
    const data = res.json().data
    assert.equal(data.registered, true)
    assert.equal(data.returnTo, '/onboarding')
    const info = (await env().srv.app.inject({ url: '/api/users/info', headers: auth(data.token) })).json().data
    assert.equal(info.userProfile.userName, userName)
    assert.equal(info.userRoles.registrationStatus, 'Partially Registered')
    assert.equal(info.accountNumber, null)
    assert.equal(info.language, 'en')
    const row = await env()
      .handle.db.selectFrom('users as u')
      .innerJoin('accounts as a', 'a.id', 'u.account_id')
      .select(['a.account_number', 'a.country', 'u.country'])
      .where('u.user_name', '=', userName)
      .executeTakeFirstOrThrow()
    assert.deepEqual(row, { account_number: null, country: 'cn' })

    // a later plain login of that user is not a registration
    const again = await openSignIn('returnTo=/home')
    const r2 = await again.b.follow(formActions(again.page.text, again.page.url)[0].href, {
      form: { username: userName, password: 'long-enough-1' },
    })
    const d2 = (await redeem(r2.appRoute!.searchParams.get('ticket')!)).json().data
    assert.equal(d2.registered, undefined)

    // the user lookup is cached (30 s); a deleted user is refused once the cache entry goes (TTL or invalidateUser)
    await env().handle.db.deleteFrom('users').where('user_name', '=', userName).execute()
    env().srv.app.invalidateUser(info.userProfile.userId)
    const gone = await env().srv.app.inject({ url: '/api/users/info', headers: auth(data.token) })
    assert.equal(gone.statusCode, 401)
    assert.equal(gone.json().code, 'TOKEN_INVALID')
  })

  it('tokens are signed and expire: a tampered or expired token from the login is refused (401 TOKEN_INVALID / TOKEN_EXPIRED)', async () => {
    const { b, page } = await openSignIn()
    const r = await b.follow(formActions(page.text, page.url)[0].href, {
      form: { username: 'approved.cn', password: DEMO_PASSWORD },
    })
    const { token } = (await redeem(r.appRoute!.searchParams.get('ticket')!)).json().data
    const [h, p, s] = token.split('.')
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString())
    const tampered = [h, Buffer.from(JSON.stringify({ ...claims, sub: 'U-9a1b2c3d' })).toString('base64url'), s].join(
      '.',
    )
    const t1 = await env().srv.app.inject({ url: '/api/users/info', headers: auth(tampered) })
    assert.equal(t1.statusCode, 401)
    assert.equal(t1.json().code, 'TOKEN_INVALID')
    const now = Math.floor(Date.now() / 1000)
    const expired = await signAccessToken(
      TEST_JWT_SECRET,
      { userId: claims.sub, userName: claims.name },
      7200,
      now - 7201,
    )
    const t2 = await env().srv.app.inject({ url: '/api/users/info', headers: auth(expired) })
    assert.equal(t2.statusCode, 401)
    assert.equal(t2.json().code, 'TOKEN_EXPIRED')
    assert.equal(claims.exp - claims.iat, 7200)
  })

  it('rate limit: the sign-in form answers 429 with a readable page after 10 password posts a minute for one IP + username', async () => {
    const { b, page } = await openSignIn('lang=en')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await submitLogin(b, page, 'rate.limited', 'wrong-password')).res.status)
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401))
    const last = await submitLogin(b, page, 'rate.limited', 'wrong-password')
    assert.equal(last.res.status, 429)
    assert.match(last.text, /Too many sign-in attempts\. Please wait \d+ seconds and try again\./)
    assert.ok(Number(last.res.headers.get('retry-after')) > 0)
  })

  it('GET /api/auth/providers names the embedded issuer', async () => {
    const res = await env().srv.app.inject('/api/auth/providers')
    assert.deepEqual(res.json().data, {
      oidc: { issuer: `${env().srv.origin}/oidc`, embedded: true },
      wechat: { standIn: true },
    })
  })

  it('rate limit: POST /api/auth/token and the authorize redirect over the per-IP limit → 429 TOO_MANY_REQUESTS / error=rate_limited', async () => {
    const redeemUnknown = { method: 'POST', url: '/api/auth/token', payload: { ticket: 'x'.repeat(43) } } as const
    await withRateLimitedApp(env(), 2, async (app, statusCodes) => {
      assert.deepEqual(await statusCodes(3, redeemUnknown), [401, 401, 429])
      const res = await app.inject({ ...redeemUnknown, headers: { languagecode: 'en' } })
      const body = res.json() as { success: boolean; code: string; statusCode: number; message: string }
      assert.deepEqual([body.success, body.code, body.statusCode], [false, 'TOO_MANY_REQUESTS', 429])
      assert.match(body.message, /Too many login attempts\. Please wait \d+ seconds and try again\./)
      assert.ok(Number(res.headers['retry-after']) > 0)
      // the message in the request's language (Chinese by default)
      const zh = (await app.inject(redeemUnknown)).json() as { message: string }
      assert.match(zh.message, /登录尝试过于频繁，请 \d+ 秒后再试/)
      for (let i = 0; i < 2; i++) assert.equal((await app.inject('/api/auth/oidc/authorize')).statusCode, 302)
      const oidcLimited = await app.inject('/api/auth/oidc/authorize')
      assert.equal(oidcLimited.headers.location, '/login-callback?error=rate_limited')
      for (let i = 0; i < 2; i++) await app.inject('/api/auth/wechat/authorize?mode=qr')
      const limited = await app.inject('/api/auth/wechat/authorize?mode=qr')
      assert.equal(limited.statusCode, 302)
      assert.equal(limited.headers.location, '/wechat-login?error=rate_limited')
    })
  })
}
