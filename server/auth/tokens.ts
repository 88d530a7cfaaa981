import { SignJWT, jwtVerify, errors } from 'jose'

export interface AccessTokenClaims {
  userId: string
  userName: string
}

const key = (secret: string) => new TextEncoder().encode(secret)

/** HS256 JWT: sub = userId, name = userName, exp = now + ttl. */
export async function signAccessToken(
  secret: string,
  claims: AccessTokenClaims,
  ttlSeconds = 7200,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ name: claims.userName })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ttlSeconds)
    .sign(key(secret))
}

export type VerifyResult =
  | { ok: true; claims: AccessTokenClaims; exp: number }
  | { ok: false; reason: 'expired' | 'invalid' }

export async function verifyAccessToken(secret: string, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] })
    if (typeof payload.sub !== 'string' || typeof payload.name !== 'string' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' }
    }
    return { ok: true, claims: { userId: payload.sub, userName: payload.name }, exp: payload.exp }
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    return { ok: false, reason: 'invalid' }
  }
}
