import crypto from 'node:crypto'
import type { Config } from '../../config'

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
  /** staff sign-in (issue 24): a client of its own at the issuer, and a second factor kept by this server */
  staff?: StaffAuthOptions
}

export interface StaffAuthOptions {
  /** An external issuer for staff (STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID, STAFF_OIDC_CLIENT_SECRET); unset → the embedded one */
  oidc?: { issuer: string; clientId: string; clientSecret: string }
  /** Where the staff console takes the sign-in back (STAFF_CONSOLE_URL): {consoleUrl}/signin-callback?ticket=…; default {appUrl}/admin */
  consoleUrl?: string
  /** Key material of the TOTP secrets' encryption at rest (STAFF_TOTP_KEY); default: derived from the JWT secret */
  totpKey?: string
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

export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowMs: 60_000,
  passwordPerIpUser: 10,
  passwordPerUser: 30,
  apiPerIp: 30,
}

/** Default ids of the stand-in's two WeChat apps (the stand-in accepts exactly these). */
export const STANDIN_APPS = {
  web: { appId: 'wx-standin-web', secret: 'standin-web-secret' },
  mini: { appId: 'wx-standin-mini', secret: 'standin-mini-secret' },
}
export const STANDIN_PREFIX = '/__wechat'

export interface OidcClientConfig {
  issuer: string
  clientId: string
  clientSecret: string
  embedded: boolean
  redirectUri: string
}

export interface ResolvedAuthConfig {
  publicUrl: string
  appUrl: string
  jwtSecret: string
  /** the embedded provider's issuer, {publicUrl}/oidc (mounted when the buyers' or the staff's client is embedded) */
  embeddedIssuer: string
  oidc: OidcClientConfig
  staff: {
    oidc: OidcClientConfig
    consoleUrl: string
    totpKey: string
    /** NODE_ENV=production: the seeded staff's DEV password is refused */
    production: boolean
  }
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
/** Client id of the staff sign-in at the embedded provider (accounts: staff_users); its secret is derived too. */
export const STAFF_CLIENT_ID = 'staff-console'

export function resolveAuthConfig(
  opts: AuthOptions,
  jwtSecret: string,
  config: Pick<Config, 'NODE_ENV'>,
): ResolvedAuthConfig {
  const publicUrl = trimSlash(opts.publicUrl ?? 'http://127.0.0.1:3000')
  const production = opts.production === true || config.NODE_ENV === 'production'
  const external = opts.oidc?.issuer ? opts.oidc : null
  const standIn = !opts.wechat?.apiBase && !production
  const apiBase = trimSlash(
    opts.wechat?.apiBase ?? (standIn ? publicUrl + STANDIN_PREFIX : 'https://api.weixin.qq.com'),
  )
  const openBase = trimSlash(opts.wechat?.openBase ?? (standIn ? apiBase : 'https://open.weixin.qq.com'))
  const web = opts.wechat?.web ?? (standIn ? STANDIN_APPS.web : { appId: '', secret: '' })
  const mini = opts.wechat?.mini ?? (opts.wechat?.web ? opts.wechat.web : standIn ? STANDIN_APPS.mini : web)
  const appUrl = trimSlash(opts.appUrl ?? '')
  const staffExternal = opts.staff?.oidc?.issuer ? opts.staff.oidc : null
  return {
    publicUrl,
    appUrl,
    jwtSecret,
    embeddedIssuer: `${publicUrl}/oidc`,
    staff: {
      oidc: {
        issuer: staffExternal ? trimSlash(staffExternal.issuer) : `${publicUrl}/oidc`,
        clientId: staffExternal ? staffExternal.clientId : STAFF_CLIENT_ID,
        clientSecret: staffExternal ? staffExternal.clientSecret : derive(jwtSecret, 'embedded-staff-client-secret'),
        embedded: !staffExternal,
        redirectUri: `${publicUrl}/api/staff-auth/callback`,
      },
      consoleUrl: trimSlash(opts.staff?.consoleUrl ?? `${appUrl}/admin`),
      totpKey: opts.staff?.totpKey || derive(jwtSecret, 'staff-totp-key'),
      production,
    },
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

/** The login settings of the configuration (server/index.ts; server/config.ts checks their types). */
export function authOptionsFromEnv(config: Config): AuthOptions {
  const opts: AuthOptions = { publicUrl: config.PUBLIC_URL || `http://127.0.0.1:${config.PORT}` }
  if (config.APP_URL) opts.appUrl = config.APP_URL
  if (config.OIDC_ISSUER) {
    if (!config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET)
      throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET')
    opts.oidc = { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET }
  }
  const wechat: NonNullable<AuthOptions['wechat']> = {}
  if (config.WECHAT_API_BASE) wechat.apiBase = config.WECHAT_API_BASE
  if (config.WECHAT_OPEN_BASE) wechat.openBase = config.WECHAT_OPEN_BASE
  if (config.WECHAT_APPID) wechat.web = { appId: config.WECHAT_APPID, secret: config.WECHAT_SECRET ?? '' }
  if (config.WECHAT_MINI_APPID)
    wechat.mini = { appId: config.WECHAT_MINI_APPID, secret: config.WECHAT_MINI_SECRET ?? '' }
  opts.wechat = wechat
  opts.staff = staffAuthOptionsFromEnv(config)
  opts.accessTokenTtl = config.ACCESS_TOKEN_TTL
  if (config.NODE_ENV === 'production') opts.production = true
  return opts
}

/** The staff sign-in settings of the configuration (STAFF_OIDC_*, STAFF_CONSOLE_URL, STAFF_TOTP_KEY). */
function staffAuthOptionsFromEnv(config: Config): StaffAuthOptions {
  const staff: StaffAuthOptions = {}
  if (config.STAFF_OIDC_ISSUER) {
    if (!config.STAFF_OIDC_CLIENT_ID || !config.STAFF_OIDC_CLIENT_SECRET)
      throw new Error('STAFF_OIDC_ISSUER needs STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET')
    staff.oidc = {
      issuer: config.STAFF_OIDC_ISSUER,
      clientId: config.STAFF_OIDC_CLIENT_ID,
      clientSecret: config.STAFF_OIDC_CLIENT_SECRET,
    }
  }
  if (config.STAFF_CONSOLE_URL) staff.consoleUrl = config.STAFF_CONSOLE_URL
  if (config.STAFF_TOTP_KEY) staff.totpKey = config.STAFF_TOTP_KEY
  return staff
}
