import Taro from '@tarojs/taro'

/**
 * The login adapter's platform primitives (neutral default = the mini-program; H5: login.h5.ts).
 * Which flow to offer and how to start it is decided by the login store (src/store/auth/login.ts) from
 * these facts; this file knows only what the platform can do.
 */
export const loginPlatform = {
  kind: 'weapp' as 'weapp' | 'h5',
  /** the user agent, for choosing flows (the mini-program has none to read) */
  userAgent: () => '',
  /** Mini-program: Taro.login() → a one-time code (WeChat's session_key stays with our server). */
  async miniProgramCode(): Promise<string> {
    const res = await Taro.login()
    if (!res?.code) throw new Error('Taro.login gave no code')
    return res.code
  },
  /** Sends the whole app to another address (browser redirects); the mini-program cannot. */
  assign(_url: string): void {
    throw new Error('the mini-program cannot leave for a web address')
  },
}
