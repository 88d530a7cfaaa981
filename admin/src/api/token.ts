/**
 * The staff token of this browser tab (POST /api/staff-auth/token: one hour). Kept in sessionStorage, so it ends
 * with the tab and is never shared with the storefront (a different key, and the storefront never reads it).
 */
const KEY = 'lab-admin.staff-token'

interface Stored {
  token: string
  /** ms since the epoch */
  expiresAt: number
}

export function saveToken(token: string, expiresInSeconds: number): void {
  const stored: Stored = { token, expiresAt: Date.now() + expiresInSeconds * 1000 }
  sessionStorage.setItem(KEY, JSON.stringify(stored))
}

/** the token while it is still valid, else null (an expired one is forgotten) */
export function currentToken(): string | null {
  const raw = sessionStorage.getItem(KEY)
  if (!raw) return null
  try {
    const s = JSON.parse(raw) as Stored
    if (typeof s.token === 'string' && s.expiresAt > Date.now()) return s.token
  } catch {
    // a damaged entry is treated as none
  }
  sessionStorage.removeItem(KEY)
  return null
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY)
}
