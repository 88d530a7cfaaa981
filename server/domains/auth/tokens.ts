import { SignJWT, jwtVerify, errors } from 'jose'
import { createHmac } from 'node:crypto'

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
  { ok: true; claims: AccessTokenClaims; exp: number } | { ok: false; reason: 'expired' | 'invalid' }

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

// ---------------------------------------------------------------- WeChat login proof

/** Lifetime of the server's signature over a WeChat openid (POST /api/wechat/login/token must follow within it). */
export const WECHAT_JWT_TTL_SECONDS = 300
const WECHAT_PURPOSE = 'wechat-login'
/** A key of its own (derived from the secret): a WeChat proof is never an access token and vice versa. */
const wechatKey = (secret: string) => new Uint8Array(createHmac('sha256', secret).update('wechat-login-jwt').digest())

/** HS256 over {openid, purpose: 'wechat-login'}, valid 5 minutes. */
export async function signWechatJwt(
  secret: string,
  openid: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ openid, purpose: WECHAT_PURPOSE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + WECHAT_JWT_TTL_SECONDS)
    .sign(wechatKey(secret))
}

/** Checks signature, purpose, expiry and that it was issued for this openid. */
export async function verifyWechatJwt(
  secret: string,
  jwt: string,
  openid: string,
): Promise<{ ok: true } | { ok: false; reason: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(jwt, wechatKey(secret), { algorithms: ['HS256'] })
    if (payload.purpose !== WECHAT_PURPOSE || typeof payload.openid !== 'string' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' }
    }
    if (payload.openid !== openid) return { ok: false, reason: 'invalid' }
    return { ok: true }
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    return { ok: false, reason: 'invalid' }
  }
}
