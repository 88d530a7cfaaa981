/**
 * Reads (does not verify) the claims of the app's access token: the server verifies signatures;
 * the app only needs the expiry and the account it belongs to. Base64url is decoded by hand
 * (./bytes) because a mini-program has no atob.
 */
import { fromBase64, utf8Decode } from './bytes'

export interface TokenClaims {
  sub: string
  name?: string
  exp: number
}

export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const claims = JSON.parse(utf8Decode(fromBase64(parts[1])))
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null
    return claims as TokenClaims
  } catch {
    return null
  }
}

/** Spec section 4: "Token validity is decided by its expiry time." */
export function isTokenValid(token: string | null | undefined, nowMs: number): boolean {
  const c = decodeToken(token)
  return !!c && c.exp * 1000 > nowMs
}
