import { loginFlowsFor, type LoginFlow } from '../rules/user-agent'
import { oidcAuthorizeUrl, wechatAuthorizeUrl } from '../api/auth'
import type { LoginStart, StartLoginOptions } from './login'

/** The browser's address bar (one object, so tests can watch where the app sends the browser). */
export const browser = {
  assign(url: string) { window.location.assign(url) },
  userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent)
}

/** H5 picks the flows by user agent: messaging-app browser, mobile browser or desktop browser. */
export const loginFlows = (): LoginFlow[] => loginFlowsFor('h5', browser.userAgent())

/**
 * H5: every flow is a full-page redirect through our server (types/auth.ts): username login or
 * registration to the identity provider, in-app OAuth inside the messaging-app browser, the QR page
 * on a desktop browser. The browser comes back to /login-callback or /wechat-login.
 */
export async function startLogin(flow: LoginFlow, { mode = 'login', returnTo }: StartLoginOptions = {}): Promise<LoginStart> {
  let url: string
  if (flow === 'username-oidc') url = oidcAuthorizeUrl(mode, returnTo)
  else if (flow === 'wechat-inapp-oauth') url = wechatAuthorizeUrl('inapp', returnTo)
  else if (flow === 'wechat-qr') url = wechatAuthorizeUrl('qr', returnTo)
  else throw new Error(`login flow ${flow} is not offered in a browser`)
  browser.assign(url)
  return { kind: 'redirected', url }
}
