/**
 * The token cookie. A mini-program has no cookies: this neutral default holds nothing, so the
 * stored token alone carries the session there. The H5 build uses cookie.h5.ts.
 */
export const tokenCookie = {
  get: (): string | null => null,
  set: (_token: string, _expiresAtMs?: number) => {
    /* no cookies in a mini-program */
  },
  remove: () => {
    /* no cookies in a mini-program */
  },
}
