import type { ResolvedAuthConfig } from './config'

/**
 * The one adapter to WeChat's servers (base URLs WECHAT_API_BASE / WECHAT_OPEN_BASE; the local
 * stand-in in development and tests). session_key is returned to the caller only, never logged.
 */
export class WechatError extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message)
  }
}

interface WechatErrorBody {
  errcode?: number
  errmsg?: string
}
const TIMEOUT_MS = 8000

export function createWechatClient(cfg: ResolvedAuthConfig['wechat']) {
  async function get<T>(path: string, params: Record<string, string>): Promise<T & WechatErrorBody> {
    const u = new URL(cfg.apiBase + path)
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v)
    let res: Response
    try {
      res = await fetch(u, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch {
      throw new WechatError(`WeChat could not be reached (${path})`, true)
    }
    if (!res.ok) throw new WechatError(`WeChat answered HTTP ${res.status} (${path})`, true)
    const body = (await res.json().catch(() => ({ errcode: -1, errmsg: 'not json' }))) as T & WechatErrorBody
    if (body.errcode)
      throw new WechatError(`WeChat refused: ${body.errcode} ${String(body.errmsg ?? '').slice(0, 100)}`)
    return body
  }

  return {
    /** Mini-program: Taro.login's code → openid + session_key. */
    async code2session(jsCode: string): Promise<{ openid: string; sessionKey: string; unionid?: string }> {
      const b = await get<{ openid?: string; session_key?: string; unionid?: string }>('/sns/jscode2session', {
        appid: cfg.mini.appId,
        secret: cfg.mini.secret,
        js_code: jsCode,
        grant_type: 'authorization_code',
      })
      if (!b.openid || !b.session_key) throw new WechatError('WeChat answered without openid')
      return { openid: b.openid, sessionKey: b.session_key, unionid: b.unionid }
    },

    /** Web OAuth (in-app or QR): the code from the redirect → openid. */
    async oauthAccessToken(code: string): Promise<{ openid: string }> {
      const b = await get<{ openid?: string; access_token?: string }>('/sns/oauth2/access_token', {
        appid: cfg.web.appId,
        secret: cfg.web.secret,
        code,
        grant_type: 'authorization_code',
      })
      if (!b.openid) throw new WechatError('WeChat answered without openid')
      return { openid: b.openid }
    },

    /** The browser page: in-app OAuth (connect/oauth2/authorize) or desktop QR (connect/qrconnect). */
    authorizeUrl(mode: 'inapp' | 'qr', state: string): string {
      const inapp = mode === 'inapp'
      const u = new URL(cfg.openBase + (inapp ? '/connect/oauth2/authorize' : '/connect/qrconnect'))
      u.searchParams.set('appid', cfg.web.appId)
      u.searchParams.set('redirect_uri', cfg.redirectUri)
      u.searchParams.set('response_type', 'code')
      u.searchParams.set('scope', inapp ? 'snsapi_userinfo' : 'snsapi_login')
      u.searchParams.set('state', state)
      return `${u.href}#wechat_redirect`
    },
  }
}
export type WechatClient = ReturnType<typeof createWechatClient>
