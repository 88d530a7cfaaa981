import crypto from 'node:crypto'

/**
 * Login configuration (issue 4). Everything is optional: by default the server embeds its own OpenID
 * provider at {publicUrl}/oidc and, outside production, a WeChat stand-in at {publicUrl}/__wechat.
 */
export interface AuthOptions {
  /** The server's own origin as browsers reach it (PUBLIC_URL), e.g. http://127.0.0.1:3000 */
  publicUrl?: string
  /** Origin of the app for the /login-callback and /wechat-login redirects (APP_URL); default: same origin as the API */
  appUrl?: string
  /** An external OpenID issuer (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET); unset → the embedded one */
  oidc?: { issuer: string; clientId: string; clientSecret: string }
  wechat?: {
    /** api.weixin.qq.com interface (WECHAT_API_BASE); unset → the local stand-in outside production */
    apiBase?: string
    /** open.weixin.qq.com browser pages (WECHAT_OPEN_BASE); default: apiBase when it is the stand-in */
    openBase?: string
    /** official-account / website app (WECHAT_APPID, WECHAT_SECRET): in-app and QR OAuth */
    web?: { appId: string; secret: string }
    /** mini-program app (WECHAT_MINI_APPID, WECHAT_MINI_SECRET; default: the web app's) */
    mini?: { appId: string; secret: string }
  }
  rateLimits?: Partial<RateLimits>
  /** lifetime in seconds of the access tokens a username login issues (ACCESS_TOKEN_TTL; default 7200, 10..604800) */
  accessTokenTtl?: number
  /** true never mounts the WeChat stand-in (also implied by NODE_ENV=production) */
  production?: boolean
}

export interface RateLimits {
  windowMs: number
  /** password POSTs at the sign-in form, per IP + username */
  passwordPerIpUser: number
  /** password POSTs at the sign-in form, per username from any IP */
  passwordPerUser: number
  /** POST /api/auth/token, /api/wechat/login/*, GET /api/auth/{oidc,wechat}/authorize, per IP */
  apiPerIp: number
}

export const DEFAULT_RATE_LIMITS: RateLimits = { windowMs: 60_000, passwordPerIpUser: 10, passwordPerUser: 30, apiPerIp: 30 }

/** Default ids of the stand-in's two WeChat apps (the stand-in accepts exactly these). */
export const STANDIN_APPS = {
  web: { appId: 'wx-standin-web', secret: 'standin-web-secret' },
  mini: { appId: 'wx-standin-mini', secret: 'standin-mini-secret' },
}
export const STANDIN_PREFIX = '/__wechat'

export interface ResolvedAuthConfig {
  publicUrl: string
  appUrl: string
  jwtSecret: string
  oidc: { issuer: string; clientId: string; clientSecret: string; embedded: boolean; redirectUri: string }
  wechat: {
    apiBase: string
    openBase: string
    web: { appId: string; secret: string }
    mini: { appId: string; secret: string }
    /** the stand-in is mounted in this server at /__wechat */
    standIn: boolean
    redirectUri: string
  }
  rateLimits: RateLimits
  accessTokenTtl: number
}

export const DEFAULT_ACCESS_TOKEN_TTL = 7200

const trimSlash = (s: string) => s.replace(/\/+$/, '')
const derive = (secret: string, label: string) => crypto.createHmac('sha256', secret).update(label).digest('base64url')

/** Client id of our own server at the embedded provider; its secret is derived from the JWT secret. */
export const EMBEDDED_CLIENT_ID = 'storefront-server'

export function resolveAuthConfig(opts: AuthOptions, jwtSecret: string, env: NodeJS.ProcessEnv = process.env): ResolvedAuthConfig {
  const publicUrl = trimSlash(opts.publicUrl ?? 'http://127.0.0.1:3000')
  const production = opts.production === true || env.NODE_ENV === 'production'
  const external = opts.oidc?.issuer ? opts.oidc : null
  const standIn = !opts.wechat?.apiBase && !production
  const apiBase = trimSlash(opts.wechat?.apiBase ?? (standIn ? publicUrl + STANDIN_PREFIX : 'https://api.weixin.qq.com'))
  const openBase = trimSlash(opts.wechat?.openBase ?? (standIn ? apiBase : 'https://open.weixin.qq.com'))
  const web = opts.wechat?.web ?? (standIn ? STANDIN_APPS.web : { appId: '', secret: '' })
  const mini = opts.wechat?.mini ?? (opts.wechat?.web ? opts.wechat.web : standIn ? STANDIN_APPS.mini : web)
  return {
    publicUrl,
    appUrl: trimSlash(opts.appUrl ?? ''),
    jwtSecret,
    oidc: {
      issuer: external ? trimSlash(external.issuer) : `${publicUrl}/oidc`,
      clientId: external ? external.clientId : EMBEDDED_CLIENT_ID,
      clientSecret: external ? external.clientSecret : derive(jwtSecret, 'embedded-oidc-client-secret'),
      embedded: !external,
      redirectUri: `${publicUrl}/api/auth/oidc/callback`,
    },
    wechat: { apiBase, openBase, web, mini, standIn, redirectUri: `${publicUrl}/api/auth/wechat/callback` },
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits },
    accessTokenTtl: Math.min(604800, Math.max(10, Math.floor(opts.accessTokenTtl ?? DEFAULT_ACCESS_TOKEN_TTL))),
  }
}

/** Cookie-signing keys of the embedded provider, derived from the JWT secret (stable across restarts). */
export const providerCookieKeys = (jwtSecret: string) => [derive(jwtSecret, 'oidc-provider-cookies')]

/** Reads the login settings from the environment (server/index.ts). */
export function authOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthOptions {
  const port = env.PORT ?? '3000'
  const opts: AuthOptions = { publicUrl: env.PUBLIC_URL || `http://127.0.0.1:${port}` }
  if (env.APP_URL) opts.appUrl = env.APP_URL
  if (env.OIDC_ISSUER) {
    if (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET')
    opts.oidc = { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
  }
  const wechat: NonNullable<AuthOptions['wechat']> = {}
  if (env.WECHAT_API_BASE) wechat.apiBase = env.WECHAT_API_BASE
  if (env.WECHAT_OPEN_BASE) wechat.openBase = env.WECHAT_OPEN_BASE
  if (env.WECHAT_APPID) wechat.web = { appId: env.WECHAT_APPID, secret: env.WECHAT_SECRET ?? '' }
  if (env.WECHAT_MINI_APPID) wechat.mini = { appId: env.WECHAT_MINI_APPID, secret: env.WECHAT_MINI_SECRET ?? '' }
  opts.wechat = wechat
  if (env.ACCESS_TOKEN_TTL) {
    const ttl = Number(env.ACCESS_TOKEN_TTL)
    if (!Number.isFinite(ttl) || ttl < 10) throw new Error('ACCESS_TOKEN_TTL must be a number of seconds >= 10')
    opts.accessTokenTtl = ttl
  }
  if (env.NODE_ENV === 'production') opts.production = true
  return opts
}
