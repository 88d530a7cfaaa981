/** H5: the token lives in a first-party cookie as well as in storage; the two are kept in sync. */
export const TOKEN_COOKIE = 'token'

export const tokenCookie = {
  get(): string | null {
    const hit = document.cookie
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${TOKEN_COOKIE}=`))
    if (!hit) return null
    const v = decodeURIComponent(hit.slice(TOKEN_COOKIE.length + 1))
    return v || null
  },
  set(token: string, expiresAtMs?: number) {
    const expires = expiresAtMs ? `; expires=${new Date(expiresAtMs).toUTCString()}` : ''
    document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax${expires}`
  },
  remove() {
    document.cookie = `${TOKEN_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`
  },
}
