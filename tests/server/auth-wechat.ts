import { it } from 'node:test'
import assert from 'node:assert/strict'
import { auth, TEST_JWT_SECRET, tokenFor } from './helpers'
import { Browser, formContaining, withRateLimitedApp, type LoginEnv } from './auth-helpers'
import { signWechatJwt } from '../../server/domains/auth/tokens'
import { STANDIN_APPS } from '../../server/domains/auth/config'

/** WeChat login through the local stand-in (issue 4): run by auth-login.test.ts on each database. */
export function wechatTests(_kind: string, env: () => LoginEnv) {
  const post = (url: string, payload: object) => env().srv.app.inject({ method: 'POST', url, payload })
  const exchange = (body: object) => post('/api/wechat/login/token', body)

  it('mini-program: Taro.login code → {openid, jwt}; the server keeps session_key, which never reaches the client; then {openid, jwt, duration} → token', async () => {
    const res = await post('/api/wechat/login/miniprogram', { code: 'standin:oStandin-approved-cn' })
    assert.equal(res.statusCode, 200, res.body)
    const data = res.json().data
    assert.deepEqual(Object.keys(data).sort(), ['jwt', 'openid'])
    assert.equal(data.openid, 'oStandin-approved-cn')
    const row = await env()
      .handle.db.selectFrom('wechat_sessions')
      .selectAll()
      .where('openid', '=', 'oStandin-approved-cn')
      .executeTakeFirstOrThrow()
    assert.ok(row.session_key.length >= 16)
    assert.ok(!res.body.includes(row.session_key), 'session_key is not in the response')
    assert.ok(!res.body.includes('session_key'))
    const jwtClaims = JSON.parse(Buffer.from(data.jwt.split('.')[1], 'base64url').toString())
    assert.equal(jwtClaims.purpose, 'wechat-login')
    assert.equal(jwtClaims.exp - jwtClaims.iat, 300, 'valid 5 minutes')
    assert.ok(!data.jwt.includes(row.session_key))

    const t = await exchange({ openid: data.openid, jwt: data.jwt, duration: 600 })
    assert.equal(t.statusCode, 200, t.body)
    assert.equal(t.json().data.expiresIn, 600)
    const token = t.json().data.token
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
    assert.equal(claims.exp - claims.iat, 600)
    const info = await env().srv.app.inject({ url: '/api/users/info', headers: auth(token) })
    assert.equal(info.json().data.userProfile.userName, 'approved.cn')
    // duration absent → 7200
    const t2 = await exchange({ openid: data.openid, jwt: data.jwt })
    assert.equal(t2.json().data.expiresIn, 7200)
  })

  it("mini-program: a code the WeChat stand-in refuses → 401 (the app shows 'wechat login failure'), nothing stored", async () => {
    const res = await post('/api/wechat/login/miniprogram', { code: 'not-a-real-code' })
    assert.equal(res.statusCode, 401)
    assert.equal(res.json().code, 'TOKEN_INVALID')
    assert.match(res.json().message, /WeChat login failed/)
  })

  it('bad jwt, a jwt for another openid, an expired jwt and an access token used as jwt are all refused (401)', async () => {
    const good = (await post('/api/wechat/login/miniprogram', { code: 'standin:oStandin-lite-cn' })).json().data
    const [h, p, s] = good.jwt.split('.')
    const forged = [
      h,
      Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), openid: 'oStandin-approved-cn' }),
      ).toString('base64url'),
      s,
    ].join('.')
    const expired = await signWechatJwt(TEST_JWT_SECRET, good.openid, Math.floor(Date.now() / 1000) - 301)
    const accessToken = await tokenFor(env().handle.db, 'lite.cn')
    const cases = [
      { openid: good.openid, jwt: good.jwt.slice(0, -4) + 'AAAA' },
      { openid: 'oStandin-approved-cn', jwt: good.jwt },
      { openid: 'oStandin-approved-cn', jwt: forged },
      { openid: good.openid, jwt: expired },
      { openid: good.openid, jwt: accessToken },
      { openid: good.openid, jwt: await signWechatJwt('another-secret-another-secret-another', good.openid) },
    ]
    for (const c of cases) {
      const res = await exchange(c)
      assert.equal(res.statusCode, 401, JSON.stringify(c))
      assert.equal(res.json().success, false)
      assert.equal(res.json().data, undefined)
    }
    assert.match((await exchange(cases[3])).json().message, /expired/)
  })

  it('an openid bound to no user is refused with a clear message', async () => {
    const d = (await post('/api/wechat/login/miniprogram', { code: 'standin:oStandin-unbound' })).json().data
    const res = await exchange(d)
    assert.equal(res.statusCode, 401)
    assert.match(res.json().message, /not linked to a user/)
  })

  it('in-app OAuth (messaging-app browser): authorize → stand-in page (Allow) → callback → /wechat-login?openid&jwt&returnTo → token', async () => {
    const b = new Browser(env().srv.origin)
    const start = await b.request('/api/auth/wechat/authorize?mode=inapp&returnTo=/my-cart')
    assert.equal(start.res.status, 302)
    const to = start.location!
    assert.equal(to.pathname, '/__wechat/connect/oauth2/authorize')
    assert.equal(to.searchParams.get('appid'), STANDIN_APPS.web.appId)
    assert.equal(to.searchParams.get('scope'), 'snsapi_userinfo')
    assert.equal(to.searchParams.get('response_type'), 'code')
    assert.equal(to.searchParams.get('redirect_uri'), `${env().srv.origin}/api/auth/wechat/callback`)
    assert.equal(to.hash, '#wechat_redirect')
    const page = await b.request(to.href)
    assert.equal(page.res.status, 200)
    assert.match(page.text, /Allow/)
    assert.match(page.text, /Deny/)
    const allow = formContaining(
      page.text,
      'value="oStandin-approved-in"><input type="hidden" name="decision" value="allow"',
      page.url,
    )
    const back = await b.request(allow.action.href, { form: allow.fields })
    assert.equal(back.location!.pathname, '/api/auth/wechat/callback')
    const code = back.location!.searchParams.get('code')!
    const done = await b.request(back.location!.href)
    const app = done.location!
    assert.equal(app.pathname, '/wechat-login')
    assert.equal(app.searchParams.get('openid'), 'oStandin-approved-in')
    assert.equal(app.searchParams.get('returnTo'), '/my-cart')
    const t = await exchange({
      openid: app.searchParams.get('openid')!,
      jwt: app.searchParams.get('jwt')!,
      duration: 3600,
    })
    assert.equal(t.statusCode, 200)
    const info = await env().srv.app.inject({ url: '/api/users/info', headers: auth(t.json().data.token) })
    assert.equal(info.json().data.userProfile.userName, 'approved.in')

    // the state is single use, and so is the stand-in's code
    const replay = await b.request(back.location!.href)
    assert.equal(replay.location!.pathname, '/wechat-login')
    assert.equal(replay.location!.searchParams.get('error'), 'wechat')
    const reuse = await fetch(
      `${env().srv.origin}/__wechat/sns/oauth2/access_token?appid=${STANDIN_APPS.web.appId}&secret=${STANDIN_APPS.web.secret}&code=${code}&grant_type=authorization_code`,
    )
    assert.equal((await reuse.json()).errcode, 40163)
  })

  it('in-app OAuth: Deny → /wechat-login?error=wechat', async () => {
    const b = new Browser(env().srv.origin)
    const start = await b.request('/api/auth/wechat/authorize?mode=inapp')
    const page = await b.request(start.location!.href)
    const deny = formContaining(
      page.text,
      'value="oStandin-approved-cn"><input type="hidden" name="decision" value="deny"',
      page.url,
    )
    const r = await b.follow(deny.action.href, { form: deny.fields })
    assert.equal(r.appRoute?.pathname, '/wechat-login')
    assert.equal(r.appRoute!.searchParams.get('error'), 'wechat')
    assert.equal(r.appRoute!.searchParams.get('jwt'), null)
  })

  it('desktop QR OAuth: qrconnect page draws a QR block; "confirm on phone (stand-in)" → token for that user', async () => {
    const b = new Browser(env().srv.origin)
    const start = await b.request('/api/auth/wechat/authorize?mode=qr&returnTo=/home')
    assert.equal(start.location!.pathname, '/__wechat/connect/qrconnect')
    assert.equal(start.location!.searchParams.get('scope'), 'snsapi_login')
    const page = await b.request(start.location!.href)
    assert.match(page.text, /<svg class="qr"/)
    assert.match(page.text, /confirm on phone \(stand-in\)/)
    const confirm = formContaining(page.text, 'value="oStandin-distributor-cn"', page.url)
    const r = await b.follow(confirm.action.href, { form: confirm.fields })
    assert.equal(r.appRoute?.pathname, '/wechat-login')
    assert.equal(r.appRoute!.searchParams.get('returnTo'), '/home')
    const t = await exchange({
      openid: r.appRoute!.searchParams.get('openid')!,
      jwt: r.appRoute!.searchParams.get('jwt')!,
    })
    const info = await env().srv.app.inject({ url: '/api/users/info', headers: auth(t.json().data.token) })
    assert.equal(info.json().data.userProfile.userName, 'distributor.cn')
  })

  it('the stand-in checks the app: a wrong appid or secret is refused WeChat-style', async () => {
    const bad = await fetch(
      `${env().srv.origin}/__wechat/sns/jscode2session?appid=${STANDIN_APPS.mini.appId}&secret=wrong&js_code=standin:oStandin-lite-cn&grant_type=authorization_code`,
    )
    assert.equal((await bad.json()).errcode, 40125)
    const page = await fetch(
      `${env().srv.origin}/__wechat/connect/qrconnect?appid=wx-unknown&redirect_uri=${encodeURIComponent(env().srv.origin)}&response_type=code&scope=snsapi_login&state=x`,
    )
    assert.equal(page.status, 400)
  })

  it('rate limit: /api/wechat/login/* over the per-IP limit → 429 TOO_MANY_REQUESTS', async () => {
    await withRateLimitedApp(env(), 2, async (app, statusCodes) => {
      assert.deepEqual(
        await statusCodes(3, { method: 'POST', url: '/api/wechat/login/token', payload: { openid: 'o', jwt: 'x' } }),
        [401, 401, 429],
      )
      const res = await app.inject({
        method: 'POST',
        url: '/api/wechat/login/miniprogram',
        payload: { code: 'standin:oStandin-lite-cn' },
      })
      assert.notEqual(res.statusCode, 429, 'each route has its own count')
    })
  })
}
