import type {
  LinkAccountBody, LoginTicketBody, LoginTokenResult, OnboardingRequest, RegistrationStatus, WechatIdentity,
  WechatMiniProgramLoginBody, WechatTokenBody
} from '../../types'
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

const withQuery = (path: string, q: Record<string, string | undefined>) => {
  const s = Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v as string)}`)
    .join('&')
  return `${apiBase()}${path}${s ? `?${s}` : ''}`
}

/** GET /api/auth/oidc/authorize?mode=login|register&returnTo=/app/path (username login / registration) */
export const oidcAuthorizeUrl = (mode: LoginMode, returnTo?: string) => withQuery('/auth/oidc/authorize', { mode, returnTo })

/** GET /api/auth/wechat/authorize?mode=inapp|qr&returnTo=/app/path (messaging-app browser / desktop QR page) */
export const wechatAuthorizeUrl = (mode: WechatMode, returnTo?: string) => withQuery('/auth/wechat/authorize', { mode, returnTo })

/** POST /api/auth/token {ticket}: the one-time ticket of /login-callback for the app's token. */
const ticketExchange = createFetch<LoginTicketBody, LoginTokenResult>('POST', '/auth/token')
export const exchangeTicket = (ticket: string) => ticketExchange({ ticket })

/**
 * POST /api/wechat/login/miniprogram {code}: Taro.login's code for {openid, jwt}. The server keeps
 * WeChat's session_key; only openid and jwt are read from the answer, whatever else it carries.
 */
const miniProgramLogin = createFetch<WechatMiniProgramLoginBody, WechatIdentity>('POST', '/wechat/login/miniprogram')
export async function wechatMiniProgramLogin(code: string): Promise<WechatIdentity> {
  const data = await miniProgramLogin({ code })
  return { openid: String(data?.openid ?? ''), jwt: String(data?.jwt ?? '') }
}

/** POST /api/wechat/login/token {openid, jwt, duration} → data.token (spec section 7). */
const wechatTokenExchange = createFetch<WechatTokenBody, LoginTokenResult>('POST', '/wechat/login/token')
export const wechatToken = (openid: string, jwt: string, duration = WECHAT_TOKEN_DURATION_S) => wechatTokenExchange({ openid, jwt, duration })

export interface OnboardingStatus { registrationStatus: RegistrationStatus; requests: OnboardingRequest[] }

/** GET /api/onboarding/status */
export const getOnboardingStatus = createFetch<void, OnboardingStatus>('GET', '/onboarding/status')

/** POST /api/onboarding/link-account → the pending request */
export const linkAccount = createFetch<LinkAccountBody, OnboardingRequest>('POST', '/onboarding/link-account')
