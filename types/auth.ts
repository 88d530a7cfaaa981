import { Type, type Static } from 'typebox'
import { Closed, Literals } from './common'
import { endpoint, get, post } from './endpoint'

/**
 * Login contract (spec sections 1, 4 and 7; issue 4).
 *
 * Username login (H5): the app sends the browser to
 *   GET /api/auth/oidc/authorize?mode=login|register&returnTo=/app/path
 * The server is the OIDC client (confidential, with PKCE S256 and a one-time state kept server-side):
 * it redirects to the issuer's authorization endpoint with response_type=code,
 * scope 'openid profile email username', redirect_uri = {PUBLIC_URL}/api/auth/oidc/callback, state,
 * code_challenge and code_challenge_method=S256 (mode=register adds prompt=create).
 * The issuer is the embedded provider at {PUBLIC_URL}/oidc unless OIDC_ISSUER / OIDC_CLIENT_ID /
 * OIDC_CLIENT_SECRET name an external one.
 *   GET /api/auth/oidc/callback?code&state  → checks state (known, unused, unexpired), exchanges the
 *   code with the code_verifier, maps the identity to a local user (creating a Partially Registered
 *   user for a new registration) and redirects (302) to the app route
 *     /login-callback?ticket={one-time ticket}    or   /login-callback?error={LoginErrorCode}
 * The app then posts the ticket:  POST /api/auth/token {ticket} → LoginTokenResult.
 * The access token never travels in a URL.
 *
 * WeChat login:
 *  - mini-program: Taro.login() code → POST /api/wechat/login/miniprogram {code} → {openid, jwt}
 *    (the server calls code2session and keeps session_key; it never leaves the server);
 *  - messaging-app browser / desktop browser:
 *    GET /api/auth/wechat/authorize?mode=inapp|qr&returnTo=/app/path → 302 to WeChat's in-app OAuth
 *    page (connect/oauth2/authorize) or QR page (connect/qrconnect); WeChat returns to
 *    GET /api/auth/wechat/callback?code&state → the server exchanges the code (sns/oauth2/access_token)
 *    and redirects to the app route /wechat-login?openid={openid}&jwt={signed}&returnTo=...
 *    or /wechat-login?error=wechat
 *  - then, in every case: POST /api/wechat/login/token {openid, jwt, duration} → {token, expiresIn}.
 *    The jwt is the server's own short-lived signature over the openid (purpose 'wechat-login').
 * WeChat's servers are reached through one adapter whose base URLs are WECHAT_API_BASE and
 * WECHAT_OPEN_BASE; in development and tests a local stand-in serves the same HTTP interface.
 */

/** The app path to come back to after login: a same-site path, never a URL with a host. */
export const ReturnToSchema = Type.String({ maxLength: 500, pattern: '^/(?!/)[^\\s\\\\]*$' })

export const OidcAuthorizeQuerySchema = Closed({
  mode: Type.Optional(Literals(['login', 'register'])),
  returnTo: Type.Optional(ReturnToSchema),
  /** the app's language: the sign-in page follows it (sent as ui_locales); absent → the browser's */
  lang: Type.Optional(Literals(['zh', 'en'])),
})
export type OidcAuthorizeQuery = Static<typeof OidcAuthorizeQuerySchema>

export const LoginTicketBodySchema = Closed({ ticket: Type.String({ minLength: 16, maxLength: 200 }) })
export type LoginTicketBody = Static<typeof LoginTicketBodySchema>

/** POST /api/auth/token and POST /api/wechat/login/token → data */
export const LoginTokenResultSchema = Type.Object({
  token: Type.String(),
  /** seconds */
  expiresIn: Type.Integer(),
  /** where the login started (the saved screen); absent → /home */
  returnTo: Type.Optional(ReturnToSchema),
  /** true for a brand-new registration: the app goes to /onboarding */
  registered: Type.Optional(Type.Boolean()),
})
export type LoginTokenResult = Static<typeof LoginTokenResultSchema>

export const WechatAuthorizeQuerySchema = Closed({
  mode: Literals(['inapp', 'qr']),
  returnTo: Type.Optional(ReturnToSchema),
})
export type WechatAuthorizeQuery = Static<typeof WechatAuthorizeQuerySchema>

export const WechatMiniProgramLoginBodySchema = Closed({ code: Type.String({ minLength: 1, maxLength: 200 }) })
export type WechatMiniProgramLoginBody = Static<typeof WechatMiniProgramLoginBodySchema>

export const WechatIdentitySchema = Type.Object({ openid: Type.String(), jwt: Type.String() })
export type WechatIdentity = Static<typeof WechatIdentitySchema>

/** POST /api/wechat/login/token (spec section 7: body openid, jwt, duration). duration in seconds. */
export const WechatTokenBodySchema = Closed({
  openid: Type.String({ minLength: 1, maxLength: 128 }),
  jwt: Type.String({ minLength: 1, maxLength: 4096 }),
  duration: Type.Optional(Type.Integer({ minimum: 300, maximum: 604800 })),
})
export type WechatTokenBody = Static<typeof WechatTokenBodySchema>

/** Error codes the login redirects carry to the app (?error=...). */
export type LoginErrorCode = 'access_denied' | 'state' | 'exchange' | 'rate_limited' | 'wechat'

/** GET /api/auth/providers → data: which login flows this server offers. */
export const AuthProvidersSchema = Type.Object({
  oidc: Type.Object({ issuer: Type.String(), embedded: Type.Boolean() }),
  wechat: Type.Object({ standIn: Type.Boolean() }),
})
export type AuthProviders = Static<typeof AuthProvidersSchema>

/** GET /api/auth/oidc/callback: what the issuer sends back (RFC 6749 section 4.1.2, RFC 9207 iss) */
export const OidcCallbackQuerySchema = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2048 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 2048 })),
  error_uri: Type.Optional(Type.String({ maxLength: 2048 })),
  /** the issuer's identifier (RFC 9207): checked by the relying party against the discovered issuer */
  iss: Type.Optional(Type.String({ maxLength: 2048 })),
})

/** GET /api/auth/wechat/callback: what WeChat sends back */
export const WechatCallbackQuerySchema = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
})

/** The login endpoints (types/endpoint.ts). The authorize and callback addresses are browser redirects, not fetched. */
export const authEndpoints = {
  oidcAuthorize: endpoint('GET', '/auth/oidc/authorize', {
    query: OidcAuthorizeQuerySchema,
    redirect: 'the issuer sign-in page, or /login-callback?error=',
  }),
  oidcCallback: endpoint('GET', '/auth/oidc/callback', {
    query: OidcCallbackQuerySchema,
    redirect: '/login-callback?ticket= or ?error=',
  }),
  token: post('/auth/token', LoginTokenResultSchema, { body: LoginTicketBodySchema }),
  wechatAuthorize: endpoint('GET', '/auth/wechat/authorize', {
    query: WechatAuthorizeQuerySchema,
    redirect: "WeChat's in-app or QR page, or /wechat-login?error=",
  }),
  wechatCallback: endpoint('GET', '/auth/wechat/callback', {
    query: WechatCallbackQuerySchema,
    redirect: '/wechat-login?openid=&jwt= or ?error=wechat',
  }),
  wechatMiniProgramLogin: post('/wechat/login/miniprogram', WechatIdentitySchema, {
    body: WechatMiniProgramLoginBodySchema,
  }),
  wechatToken: post('/wechat/login/token', LoginTokenResultSchema, { body: WechatTokenBodySchema }),
  providers: get('/auth/providers', AuthProvidersSchema),
}
export type AuthEndpoints = typeof authEndpoints
