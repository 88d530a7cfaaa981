import crypto from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STANDIN_WECHAT_USERS, standinUser } from './users'

/**
 * A local stand-in for WeChat's HTTP interface (development and tests only: never in production).
 *   api.weixin.qq.com:  GET /sns/jscode2session, GET /sns/oauth2/access_token
 *   open.weixin.qq.com: GET /connect/oauth2/authorize (in-app: Allow / Deny per stand-in user)
 *                       GET /connect/qrconnect (desktop QR: "confirm on phone (stand-in)" per user)
 * Mini-program codes: jscode2session accepts `standin:<openid>` for any stand-in user (what the app's
 * tests stub Taro.login with); real WeChat codes are single-use, these are not.
 * Web OAuth codes are minted by the two pages: one-time, 5 minutes, bound to the appid and redirect_uri
 * they were issued for. Answers follow WeChat's shape: 200 with {errcode, errmsg} on failure.
 */
export interface StandinOptions {
  apps: { appId: string; secret: string }[]
  codeTtlMs?: number
}

interface IssuedCode {
  openid: string
  appId: string
  redirectUri: string
  scope: string
  expiresAt: number
  used: boolean
}

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`)
const one = (v: unknown) => (typeof v === 'string' ? v : '')
const err = (errcode: number, errmsg: string) => ({ errcode, errmsg })

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
}
const STYLE = `body{margin:0;font:16px/1.5 -apple-system,"PingFang SC",sans-serif;background:#ededed;color:#111}
main{max-width:420px;margin:0 auto;padding:20px 16px}.banner{background:#fffbe6;border:1px solid #ffe58f;padding:8px 12px;border-radius:6px;font-size:13px}
ul{list-style:none;padding:0}li{background:#fff;border-radius:8px;padding:12px;margin:10px 0;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
li span{flex:1 1 100%}button{padding:10px 16px;font-size:16px;border:0;border-radius:6px}.allow{background:#07c160;color:#fff}.deny{background:#f2f2f2;color:#333}
.qr{display:block;margin:12px auto;width:200px;height:200px;background:#fff;padding:8px}form{display:inline}`

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>
<p class="banner">WeChat stand-in (local development) · 微信登录模拟服务（本地开发）</p>${body}</main></body></html>`
}

/** A QR-looking block drawn from the state (finder squares in three corners), as inline SVG. */
function qrSvg(seed: string) {
  const n = 21
  const bits = crypto.createHash('sha512').update(seed).digest()
  const cells: string[] = []
  const finder = (x: number, y: number) => x < 7 && y < 7
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const fx = finder(x, y)
        ? [x, y]
        : finder(n - 1 - x, y)
          ? [n - 1 - x, y]
          : finder(x, n - 1 - y)
            ? [x, n - 1 - y]
            : null
      let on: boolean
      if (fx) {
        const [a, b] = fx
        on = a === 0 || a === 6 || b === 0 || b === 6 || (a >= 2 && a <= 4 && b >= 2 && b <= 4)
      } else {
        const i = y * n + x
        on = ((bits[i % bits.length] >> (i % 8)) & 1) === 1
      }
      if (on) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`)
    }
  }
  return `<svg class="qr" viewBox="0 0 ${n} ${n}" role="img" aria-label="QR code (stand-in)" xmlns="http://www.w3.org/2000/svg">${cells.join('')}</svg>`
}

export async function wechatStandin(app: FastifyInstance, opts: StandinOptions) {
  const ttl = opts.codeTtlMs ?? 5 * 60_000
  const codes = new Map<string, IssuedCode>()
  const appOf = (id: string) => opts.apps.find((a) => a.appId === id && a.appId !== '')
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  function checkApp(q: Record<string, unknown>) {
    if (one(q.grant_type) !== 'authorization_code') return err(40002, 'invalid grant_type')
    const a = appOf(one(q.appid))
    if (!a) return err(40013, 'invalid appid')
    if (
      !crypto.timingSafeEqual(
        Buffer.from(crypto.createHash('sha256').update(one(q.secret)).digest()),
        Buffer.from(crypto.createHash('sha256').update(a.secret).digest()),
      )
    ) {
      return err(40125, 'invalid appsecret')
    }
    return null
  }

  app.get('/sns/jscode2session', async (req) => {
    const q = req.query as Record<string, unknown>
    const bad = checkApp(q)
    if (bad) return bad
    const m = /^standin:(.+)$/.exec(one(q.js_code))
    const user = m ? standinUser(m[1]) : undefined
    if (!user) return err(40029, 'invalid code')
    return { openid: user.openid, session_key: crypto.randomBytes(16).toString('base64'), unionid: user.unionid }
  })

  app.get('/sns/oauth2/access_token', async (req) => {
    const q = req.query as Record<string, unknown>
    const bad = checkApp(q)
    if (bad) return bad
    const c = codes.get(one(q.code))
    if (!c || c.expiresAt < Date.now() || c.appId !== one(q.appid)) return err(40029, 'invalid code')
    if (c.used) return err(40163, 'code been used')
    c.used = true
    const user = standinUser(c.openid)!
    return {
      access_token: crypto.randomBytes(24).toString('base64url'),
      expires_in: 7200,
      refresh_token: crypto.randomBytes(24).toString('base64url'),
      openid: user.openid,
      scope: c.scope,
      unionid: user.unionid,
    }
  })

  /** The authorize request as WeChat would check it; null when fine. */
  function checkAuthorize(q: Record<string, unknown>, scopes: string[]): string | null {
    if (!appOf(one(q.appid))) return 'invalid appid (40013)'
    if (one(q.response_type) !== 'code') return 'invalid response_type'
    if (!scopes.includes(one(q.scope))) return 'invalid scope (10005)'
    try {
      const u = new URL(one(q.redirect_uri))
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'invalid redirect_uri (10003)'
    } catch {
      return 'invalid redirect_uri (10003)'
    }
    return null
  }

  const hidden = (q: Record<string, unknown>) =>
    ['appid', 'redirect_uri', 'scope', 'state']
      .map((k) => `<input type="hidden" name="${k}" value="${esc(one(q[k]))}">`)
      .join('')

  const badPage = (reply: FastifyReply, why: string) =>
    reply
      .status(400)
      .headers(HEADERS)
      .send(page('Error', `<h1>参数错误 · Bad request</h1><p>${esc(why)}</p>`))

  app.get('/connect/oauth2/authorize', async (req, reply) => {
    const q = req.query as Record<string, unknown>
    const why = checkAuthorize(q, ['snsapi_userinfo', 'snsapi_base'])
    if (why) return badPage(reply, why)
    const items = STANDIN_WECHAT_USERS.map(
      (u) => `<li><span>${esc(u.nickname)}</span>
<form method="post" action="authorize/decide">${hidden(q)}<input type="hidden" name="openid" value="${esc(u.openid)}"><input type="hidden" name="decision" value="allow"><button class="allow" type="submit">Allow · 允许</button></form>
<form method="post" action="authorize/decide">${hidden(q)}<input type="hidden" name="openid" value="${esc(u.openid)}"><input type="hidden" name="decision" value="deny"><button class="deny" type="submit">Deny · 拒绝</button></form></li>`,
    )
    return reply
      .headers(HEADERS)
      .send(
        page(
          '微信授权',
          `<h1>网页授权 · Authorize</h1><p>The shop asks for your WeChat profile. Choose a stand-in user:</p><ul>${items.join('')}</ul>`,
        ),
      )
  })

  app.get('/connect/qrconnect', async (req, reply) => {
    const q = req.query as Record<string, unknown>
    const why = checkAuthorize(q, ['snsapi_login'])
    if (why) return badPage(reply, why)
    const items = STANDIN_WECHAT_USERS.map(
      (u) => `<li><span>${esc(u.nickname)}</span>
<form method="post" action="qrconnect/confirm">${hidden(q)}<input type="hidden" name="openid" value="${esc(u.openid)}"><input type="hidden" name="decision" value="allow"><button class="allow" type="submit">confirm on phone (stand-in) · 手机上确认</button></form></li>`,
    )
    return reply
      .headers(HEADERS)
      .send(
        page(
          '微信扫码登录',
          `<h1>微信扫码登录 · Scan to log in</h1>${qrSvg(one(q.state) + one(q.appid))}<p>Scan with WeChat — here, press the button of the stand-in user whose phone confirms:</p><ul>${items.join('')}</ul>`,
        ),
      )
  })

  const decide = (scopes: string[]) => async (req: FastifyRequest, reply: FastifyReply) => {
    const b = (req.body ?? {}) as Record<string, unknown>
    const why = checkAuthorize({ ...b, response_type: 'code' }, scopes)
    if (why) return badPage(reply, why)
    const target = new URL(one(b.redirect_uri))
    const user = standinUser(one(b.openid))
    if (one(b.decision) === 'allow' && user) {
      const code = crypto.randomBytes(16).toString('hex')
      for (const [k, c] of codes) if (c.expiresAt < Date.now()) codes.delete(k)
      codes.set(code, {
        openid: user.openid,
        appId: one(b.appid),
        redirectUri: target.href,
        scope: one(b.scope),
        expiresAt: Date.now() + ttl,
        used: false,
      })
      target.searchParams.set('code', code)
    }
    // denied: WeChat returns to the redirect_uri without a code
    target.searchParams.set('state', one(b.state))
    return reply.redirect(target.href, 302)
  }
  app.post('/connect/oauth2/authorize/decide', decide(['snsapi_userinfo', 'snsapi_base']))
  app.post('/connect/qrconnect/confirm', decide(['snsapi_login']))
}
