import Taro from '@tarojs/taro'
import { loginFlowsFor, type LoginFlow } from '../rules/user-agent'
import type { LoginMode } from '../api/auth'

/**
 * The login adapter (neutral default = the mini-program). H5 uses login.h5.ts. Both export the
 * same functions; the login store (src/store/login.ts) drives them.
 */

export interface StartLoginOptions {
  /** login or register (username flow only) */
  mode?: LoginMode
  /** the app path to come back to */
  returnTo?: string
}

/** What starting a flow gave: the browser left for the provider, or a WeChat code to exchange. */
export type LoginStart = { kind: 'redirected'; url: string } | { kind: 'code'; code: string }

/** The mini-program logs in with WeChat's code only. */
export const loginFlows = (): LoginFlow[] => loginFlowsFor('weapp', '')

/** Mini-program: Taro.login() → a one-time code (WeChat's session_key stays with our server). */
export async function startLogin(flow: LoginFlow, _opts: StartLoginOptions = {}): Promise<LoginStart> {
  if (flow !== 'wechat-miniprogram') throw new Error(`login flow ${flow} is not offered in the mini-program`)
  const res = await Taro.login()
  if (!res?.code) throw new Error('Taro.login gave no code')
  return { kind: 'code', code: res.code }
}
