/**
 * Reads (does not verify) the claims of the app's access token: the server verifies signatures;
 * the app only needs the expiry and the account it belongs to. Base64url is decoded by hand
 * because a mini-program has no atob.
 */
export interface TokenClaims { sub: string; name?: string; exp: number }

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function base64UrlDecode(input: string): string {
  const clean = input.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  const bytes: number[] = []
  let buffer = 0
  let bits = 0
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch)
    if (v < 0) throw new Error('bad base64')
    buffer = (buffer << 6) | v
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((buffer >> bits) & 0xff)
    }
  }
  // UTF-8 decode
  let out = ''
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (b < 0x80) out += String.fromCharCode(b)
    else if (b < 0xe0) out += String.fromCharCode(((b & 0x1f) << 6) | (bytes[++i] & 0x3f))
    else if (b < 0xf0) out += String.fromCharCode(((b & 0x0f) << 12) | ((bytes[++i] & 0x3f) << 6) | (bytes[++i] & 0x3f))
    else {
      const cp = ((b & 0x07) << 18) | ((bytes[++i] & 0x3f) << 12) | ((bytes[++i] & 0x3f) << 6) | (bytes[++i] & 0x3f)
      out += String.fromCodePoint(cp)
    }
  }
  return out
}

export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1]))
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
