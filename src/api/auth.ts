import type { AccountEndpoints, AuthEndpoints, WechatIdentity } from '../../types'
import type { QueryOf } from '../../types/endpoint'
import { apiBase, createFetch } from './client'

/**
 * The login and onboarding endpoints (protocol in types/auth.ts). The only way the app calls them.
 * The two "authorize" addresses are not API calls: the browser is sent there (a full-page redirect)
 * and the server carries it on to the identity provider or WeChat.
 */

export type LoginMode = 'login' | 'register'
export type WechatMode = 'inapp' | 'qr'

/** Spec section 4: a messaging-app token lasts 7 days (the contract's maximum duration). */
export const WECHAT_TOKEN_DURATION_S = 7 * 24 * 3600

/** The address of a redirect endpoint of the table with its query: the browser is sent there, it is not fetched. */
const redirectUrl = <E extends AuthEndpoints['oidcAuthorize' | 'wechatAuthorize']>(path: E['path'], q: QueryOf<E>) => {
  const s = Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
  return `${apiBase()}${path}${s ? `?${s}` : ''}`
}

/** GET /api/auth/oidc/authorize?mode=login|register&returnTo=/app/path (username login / registration) */
export const oidcAuthorizeUrl = (mode: LoginMode, returnTo?: string) =>
  redirectUrl<AuthEndpoints['oidcAuthorize']>('/auth/oidc/authorize', { mode, returnTo })

/** GET /api/auth/wechat/authorize?mode=inapp|qr&returnTo=/app/path (messaging-app browser / desktop QR page) */
export const wechatAuthorizeUrl = (mode: WechatMode, returnTo?: string) =>
  redirectUrl<AuthEndpoints['wechatAuthorize']>('/auth/wechat/authorize', { mode, returnTo })

/** POST /api/auth/token {ticket}: the one-time ticket of /login-callback for the app's token. */
const ticketExchange = createFetch<AuthEndpoints['token']>('POST', '/auth/token')
export const exchangeTicket = (ticket: string) => ticketExchange({ ticket })

/**
 * POST /api/wechat/login/miniprogram {code}: Taro.login's code for {openid, jwt}. The server keeps
 * WeChat's session_key; only openid and jwt are read from the answer, whatever else it carries.
 */
const miniProgramLogin = createFetch<AuthEndpoints['wechatMiniProgramLogin']>('POST', '/wechat/login/miniprogram')
export async function wechatMiniProgramLogin(code: string): Promise<WechatIdentity> {
  const data = await miniProgramLogin({ code })
  return { openid: String(data?.openid ?? ''), jwt: String(data?.jwt ?? '') }
}

/** POST /api/wechat/login/token {openid, jwt, duration} → data.token (spec section 7). */
const wechatTokenExchange = createFetch<AuthEndpoints['wechatToken']>('POST', '/wechat/login/token')
export const wechatToken = (openid: string, jwt: string, duration = WECHAT_TOKEN_DURATION_S) =>
  wechatTokenExchange({ openid, jwt, duration })

/** GET /api/onboarding/status */
export const getOnboardingStatus = createFetch<AccountEndpoints['onboardingStatus']>('GET', '/onboarding/status')

/** POST /api/onboarding/link-account → the pending request */
export const linkAccount = createFetch<AccountEndpoints['linkAccount']>('POST', '/onboarding/link-account')
