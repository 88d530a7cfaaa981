/**
 * H5 login primitives (see login.ts): the browser's user agent and address bar. One object, so tests
 * can watch where the app sends the browser.
 */
export const loginPlatform = {
  kind: 'h5' as 'weapp' | 'h5',
  userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
  async miniProgramCode(): Promise<string> {
    throw new Error('a browser has no mini-program login code')
  },
  assign(url: string) {
    window.location.assign(url)
  },
}
