import Taro from '@tarojs/taro'
import { create } from 'zustand'
import type { LoginErrorCode, LoginTokenResult } from '../../../types'
import {
  exchangeTicket,
  oidcAuthorizeUrl,
  wechatAuthorizeUrl,
  wechatMiniProgramLogin,
  wechatToken,
  type LoginMode,
} from '../../api/auth'
import { ApiError } from '../../api/client'
import { KEYS } from '../../api/auth-token'
import { loginPlatform } from '../../platform/login'
import { navigation } from '../../platform/navigation'
import { storage } from '../../platform/storage'
import { resolveSpecPath, routeOfRouterPath, specUrl, type RouteName } from '../../../types/routes'
import { loginFlowsFor, type LoginFlow } from '../../rules/auth/user-agent'
import { pageParam } from '../../rules/page-params'
import { showToast } from '../toast'
import { useSession } from './session'
import { t } from '../locale'

/**
 * The login flow's state transitions (spec sections 1, 4 and 7; protocol in types/auth.ts):
 * start a flow (save the screen to come back to, hand over to the platform adapter), finish it
 * (ticket or WeChat identity → the app's token → session), then "the user returns to the saved
 * screen or /home" — a brand-new registration goes to /onboarding.
 */

/** What went wrong: the server's redirect error codes, plus what the app itself can meet. */
export type LoginError = LoginErrorCode | 'ticket' | 'network' | 'session' | 'missing'
export type LoginPhase = 'idle' | 'working' | 'failed'

const REDIRECT_ERRORS: LoginErrorCode[] = ['access_denied', 'state', 'exchange', 'rate_limited', 'wechat']
/** A ?error= value from the server's redirect; anything unknown counts as a failed exchange. */
export const redirectError = (code: string): LoginErrorCode =>
  (REDIRECT_ERRORS as string[]).includes(code) ? (code as LoginErrorCode) : 'exchange'

// ---------------------------------------------------------------- return paths

/** "Registration is a redirect to the provider, with the return to /onboarding." */
export const ONBOARDING_PATH = '/onboarding'
export const HOME_PATH = '/home'
/** Screens a login never returns to (the login returns themselves). */
const NO_RETURN: RouteName[] = ['loginCallback', 'wechatLogin', 'nonLogged']

/** types/auth.ts ReturnToSchema: a same-site app path, never a URL with a host, at most 500 characters. */
const RETURN_TO = /^\/(?!\/)[^\s\\]*$/
export const safeReturnPath = (p: unknown): string | undefined =>
  typeof p === 'string' && p.length <= 500 && RETURN_TO.test(p) ? p : undefined

/** The screen on display as a spec address (e.g. /product-details/Anti-CD3/MA1-1?x=1), to come back to. */
export function currentScreenPath(): string | undefined {
  const router = Taro.getCurrentInstance().router
  if (!router?.path) return undefined
  // the mini-program reports the Taro page path; the H5 router reports the address (custom route, e.g. /more)
  const route = routeOfRouterPath(router.path)
  if (!route || NO_RETURN.includes(route.name)) return undefined
  const params: Record<string, string> = {}
  for (const key of Object.keys(router.params ?? {})) {
    if (key.startsWith('$') || key === 'stamp') continue
    const v = pageParam(router.params as Record<string, string>, key)
    if (v) params[key] = v
  }
  return safeReturnPath(specUrl(route.name, params))
}

function parseQuery(qs: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of qs.split('&')) {
    if (!part) continue
    const [k, v = ''] = part.split('=')
    try {
      out[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '))
    } catch {
      /* skip a broken pair */
    }
  }
  return out
}

/** Opens an app path in place of the current screen (Back does not return to a login page). */
export function openAppPath(path: string | undefined) {
  const safe = safeReturnPath(path) ?? HOME_PATH
  const i = safe.indexOf('?')
  const hit = resolveSpecPath(i < 0 ? safe : safe.slice(0, i))
  if (!hit || NO_RETURN.includes(hit.route.name)) return navigation.go('home')
  const params = { ...(i < 0 ? {} : parseQuery(safe.slice(i + 1))), ...hit.params }
  if (hit.route.tab) return navigation.go(hit.route.name, params) // tab pages relaunch the stack
  return navigation.replace(hit.route.name, params)
}

/** The app path a login started from, kept while the browser is away. */
export const savedReturnPath = () => safeReturnPath(storage.get(KEYS.loginReturnUrl))

// ---------------------------------------------------------------- the store

interface LoginState {
  phase: LoginPhase
  error: LoginError | null
  /** Starts a flow from a button: username login/registration, or WeChat (by platform). */
  start: (flow: LoginFlow, opts?: { mode?: LoginMode; returnTo?: string }) => Promise<void>
  /** /login-callback?ticket=…: POST /auth/token, sign in, go on. */
  completeTicket: (ticket: string) => Promise<boolean>
  /** /wechat-login?openid&jwt or the mini-program: POST /wechat/login/token, sign in, go on. */
  completeWechat: (openid: string, jwt: string, returnTo?: string) => Promise<boolean>
  /** A failure reported by the server's redirect (?error=…) or a return page opened without its data. */
  fail: (error: LoginError) => void
  reset: () => void
}

const isWechat = (flow: LoginFlow) => flow !== 'username-oidc'
const errorOf = (e: unknown): LoginError => {
  if (e instanceof ApiError) {
    if (e.status === 429 || e.code === 'RATE_LIMITED') return 'rate_limited'
    if (e.code === 'NETWORK' || e.code === 'TIMEOUT') return 'network'
    if (e.status >= 500) return 'exchange'
    return 'ticket'
  }
  return 'exchange'
}

/** Tickets and WeChat identities are single-use: a page shown twice must not post them twice. */
const used = new Set<string>()

export const useLogin = create<LoginState>()((set, get) => {
  /** token → session → the saved screen, /onboarding after a registration, or /home */
  async function finish(res: LoginTokenResult, returnTo?: string): Promise<LoginError | null> {
    const user = await useSession.getState().signIn(res.token)
    if (!user) return 'session'
    const saved = savedReturnPath()
    storage.remove(KEYS.loginReturnUrl)
    set({ phase: 'idle', error: null })
    openAppPath(
      res.registered
        ? ONBOARDING_PATH
        : (safeReturnPath(res.returnTo) ?? safeReturnPath(returnTo) ?? saved ?? HOME_PATH),
    )
    return null
  }

  function wechatFailed() {
    // spec section 4: "On failure the message 'wechat login failure' is shown."
    showToast(t('auth.error.wechat'))
    set({ phase: 'failed', error: 'wechat' })
    return false
  }

  /** openid + the server's signature → the app's token (POST /wechat/login/token) → session */
  async function exchangeWechat(openid: string, jwt: string, returnTo?: string): Promise<boolean> {
    set({ phase: 'working', error: null })
    try {
      if (await finish(await wechatToken(openid, jwt), returnTo)) return wechatFailed()
      return true
    } catch {
      return wechatFailed()
    }
  }

  return {
    phase: 'idle',
    error: null,

    start: async (flow, { mode = 'login', returnTo } = {}) => {
      if (get().phase === 'working') return
      const target = mode === 'register' ? ONBOARDING_PATH : safeReturnPath(returnTo)
      if (target) storage.set(KEYS.loginReturnUrl, target)
      else storage.remove(KEYS.loginReturnUrl)
      const before = get().phase
      set({ phase: 'working' })
      try {
        const address = browserLoginAddress(flow, mode, target)
        if (address) {
          loginPlatform.assign(address)
          // the browser is leaving; Back from the provider finds the screen as it was
          set({ phase: before === 'failed' ? 'failed' : 'idle' })
          return
        }
        if (flow !== 'wechat-miniprogram') throw new Error(`login flow ${flow} is not offered here`)
        const id = await wechatMiniProgramLogin(await loginPlatform.miniProgramCode())
        if (!id.openid || !id.jwt) {
          wechatFailed()
          return
        }
        await exchangeWechat(id.openid, id.jwt, target)
      } catch (e) {
        if (isWechat(flow)) wechatFailed()
        else set({ phase: 'failed', error: errorOf(e) })
      }
    },

    completeTicket: async (ticket) => {
      if (used.has(ticket)) return false
      used.add(ticket)
      set({ phase: 'working', error: null })
      try {
        const failed = await finish(await exchangeTicket(ticket))
        if (failed) set({ phase: 'failed', error: failed })
        return !failed
      } catch (e) {
        set({ phase: 'failed', error: errorOf(e) })
        return false
      }
    },

    completeWechat: async (openid, jwt, returnTo) => {
      const key = `${openid}\n${jwt}`
      if (used.has(key)) return false
      used.add(key)
      return exchangeWechat(openid, jwt, returnTo)
    },

    fail: (error) => {
      if (error === 'wechat') wechatFailed()
      else set({ phase: 'failed', error })
    },

    reset: () => set({ phase: 'idle', error: null }),
  }
})

/** The login flows this platform offers: by platform and, in a browser, by user agent (src/rules/auth/user-agent.ts). */
export const loginFlows = (): LoginFlow[] => loginFlowsFor(loginPlatform.kind, loginPlatform.userAgent())

/**
 * In a browser every flow is a full-page redirect through our server (types/auth.ts): username
 * login or registration to the identity provider, in-app OAuth inside the messaging-app browser,
 * the QR page on a desktop browser; the browser comes back to /login-callback or /wechat-login.
 * The mini-program's flow has no address (it exchanges a Taro.login code).
 */
function browserLoginAddress(flow: LoginFlow, mode: LoginMode, returnTo: string | undefined): string | null {
  if (flow === 'username-oidc') return oidcAuthorizeUrl(mode, returnTo)
  if (flow === 'wechat-inapp-oauth') return wechatAuthorizeUrl('inapp', returnTo)
  if (flow === 'wechat-qr') return wechatAuthorizeUrl('qr', returnTo)
  return null
}

/** The WeChat flow this platform offers, if any (mini-program code, in-app OAuth or QR page). */
export const wechatFlow = (): LoginFlow | undefined => loginFlows().find(isWechat)
