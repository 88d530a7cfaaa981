import { SignJWT, jwtVerify, errors } from 'jose'
import { createHmac } from 'node:crypto'

/**
 * Staff tokens (issue 24): HS256 with a key derived from the JWT secret for this purpose only, so a buyer's access
 * token (server/domains/auth/tokens.ts) never passes as a staff token and a staff token never passes as a buyer's.
 * Claims: sub = staff id, ver = the staff user's ver when signed (a role change bumps it and ends older tokens),
 * aud 'lab-store-admin', typ 'staff'; one hour.
 */
export const STAFF_TOKEN_TTL_SECONDS = 3600
export const STAFF_AUDIENCE = 'lab-store-admin'
const STAFF_TYP = 'staff'

const staffKey = (secret: string) => new Uint8Array(createHmac('sha256', secret).update('staff-access-jwt').digest())

export interface StaffTokenClaims {
  staffId: string
  ver: number
}

export async function signStaffToken(
  secret: string,
  claims: StaffTokenClaims,
  ttlSeconds = STAFF_TOKEN_TTL_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ ver: claims.ver, typ: STAFF_TYP })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.staffId)
    .setAudience(STAFF_AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ttlSeconds)
    .sign(staffKey(secret))
}

export type StaffVerifyResult = { ok: true; claims: StaffTokenClaims } | { ok: false; reason: 'expired' | 'invalid' }

export async function verifyStaffToken(secret: string, token: string): Promise<StaffVerifyResult> {
  try {
    const { payload } = await jwtVerify(token, staffKey(secret), { algorithms: ['HS256'], audience: STAFF_AUDIENCE })
    if (
      payload.typ !== STAFF_TYP ||
      typeof payload.sub !== 'string' ||
      typeof payload.exp !== 'number' ||
      !Number.isInteger(payload.ver)
    ) {
      return { ok: false, reason: 'invalid' }
    }
    return { ok: true, claims: { staffId: payload.sub, ver: payload.ver as number } }
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    return { ok: false, reason: 'invalid' }
  }
}
