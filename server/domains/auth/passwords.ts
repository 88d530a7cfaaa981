import crypto from 'node:crypto'

/**
 * Password hashing for the embedded OpenID provider: scrypt (node:crypto), stored as
 * 'scrypt$N$r$p$<salt base64url>$<hash base64url>', compared in constant time.
 */
const N = 16384
const R = 8
const P = 1
const KEYLEN = 32

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 200

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFKC'), salt, keylen, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** `salt` is for deterministic seeds only; normal callers get 16 random bytes. */
export async function hashPassword(password: string, salt: Buffer = crypto.randomBytes(16)): Promise<string> {
  const hash = await scrypt(password, salt, N, R, P, KEYLEN)
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, r, p] = parts.slice(1, 4).map(Number)
  const salt = Buffer.from(parts[4], 'base64url')
  const expected = Buffer.from(parts[5], 'base64url')
  if (!n || !r || !p || expected.length === 0) return false
  const actual = await scrypt(password, salt, n, r, p, expected.length)
  return crypto.timingSafeEqual(actual, expected)
}

/** A hash to compare against when the user does not exist, so both cases take the same time. */
let dummy: Promise<string> | null = null
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(12).toString('base64url'))
  return dummy
}
