import crypto from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

/**
 * The staff's second factor (issue 24): RFC 6238 TOTP (SHA1, 6 digits, 30 s: what every authenticator app reads)
 * on `otpauth`. A code is accepted one step either side of now (clock drift), and only for a time step later than
 * the last one accepted for that member (staff_users.totp_last_step), so a code seen once is never accepted again.
 *
 * The secret is stored sealed (AES-256-GCM, a random 12-byte IV, the staff id as associated data so a sealed
 * secret copied onto another member does not open) with a key derived by HKDF from STAFF_TOTP_KEY, else from the
 * server's JWT secret (auth config: cfg.staff.totpKey). Format: 'v1.<iv>.<ciphertext>.<tag>' (base64url).
 */
export const TOTP_ISSUER = 'Lab Store staff'
const PERIOD = 30
const DIGITS = 6
const ALGORITHM = 'SHA1'
/** steps accepted either side of now */
const WINDOW = 1

const keys = new Map<string, Buffer>()
function keyOf(material: string): Buffer {
  let k = keys.get(material)
  if (!k) {
    k = Buffer.from(crypto.hkdfSync('sha256', material, 'staff-totp', 'aes-256-gcm secret seal', 32))
    keys.set(material, k)
  }
  return k
}

export function sealSecret(keyMaterial: string, staffId: string, base32: string): string {
  const iv = crypto.randomBytes(12)
  const c = crypto.createCipheriv('aes-256-gcm', keyOf(keyMaterial), iv)
  c.setAAD(Buffer.from(staffId))
  const enc = Buffer.concat([c.update(base32, 'utf8'), c.final()])
  return ['v1', iv, enc, c.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
}

/** The secret in base32, or null when it does not open (another key, another member, tampered). */
export function openSecret(keyMaterial: string, staffId: string, sealed: string): string | null {
  const parts = sealed.split('.')
  if (parts.length !== 4 || parts[0] !== 'v1') return null
  try {
    const [iv, enc, tag] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'))
    const d = crypto.createDecipheriv('aes-256-gcm', keyOf(keyMaterial), iv)
    d.setAAD(Buffer.from(staffId))
    d.setAuthTag(tag)
    return Buffer.concat([d.update(enc), d.final()]).toString('utf8')
  } catch {
    return null
  }
}

const totpOf = (base32: string, label = 'staff') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  })

/** A new random secret (160 bits, as RFC 4226 recommends) and its otpauth:// URI labelled with the user name. */
export function newTotpSecret(userName: string): { base32: string; otpauthUri: string } {
  const secret = new Secret({ size: 20 })
  const totp = new TOTP({
    issuer: TOTP_ISSUER,
    label: userName,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    secret,
  })
  return { base32: secret.base32, otpauthUri: totp.toString() }
}

export const timeStep = (nowMs: number) => Math.floor(nowMs / 1000 / PERIOD)

/**
 * The time step `code` belongs to when it is valid now (±1 step) and later than `lastStep`; null otherwise
 * (wrong, too old, or already used: a replay).
 */
export function acceptTotp(base32: string, code: string, lastStep: number, nowMs = Date.now()): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: nowMs, window: WINDOW })
  if (delta === null) return null
  const step = timeStep(nowMs) + delta
  return step > lastStep ? step : null
}

/** The code of a secret at a time (tests and the CLI's check). */
export const totpCode = (base32: string, nowMs = Date.now()) => totpOf(base32).generate({ timestamp: nowMs })
