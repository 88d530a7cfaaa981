/**
 * Anonymous cart id. Section 9: "Anonymous cart id: built from a timestamp to milliseconds" — plus at
 * least 128 random bits, so that nobody can guess another visitor's cart from the time alone.
 * Section 3: "Locally stored keys include leadCartId, cart_sp, IS_NEW_CART_ID".
 * Section 4, "Cart query": "If the user is logged in, an unmerged anonymous cart exists and merge has
 * not been called: merge first, then query. If the merge fails, the cart is marked unmerged again."
 *
 * Pure and dependency-free (no Buffer, no crypto): it runs on the server, in browsers and in WeChat
 * mini-programs. The caller supplies the random bytes (crypto.randomBytes / getRandomValues).
 */

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** RFC 4648 section 5 base64url, without padding. */
function base64url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const left = bytes.length - i
    const n = (bytes[i] << 16) | ((left > 1 ? bytes[i + 1] : 0) << 8) | (left > 2 ? bytes[i + 2] : 0)
    out += B64URL[(n >> 18) & 63] + B64URL[(n >> 12) & 63]
    if (left > 1) out += B64URL[(n >> 6) & 63]
    if (left > 2) out += B64URL[n & 63]
  }
  return out
}

export const ANONYMOUS_CART_ID_MIN_RANDOM_BYTES = 16
/** 13 + 1 + ceil(37 * 4 / 3) = 64 characters, the longest id the pattern accepts. */
export const ANONYMOUS_CART_ID_MAX_RANDOM_BYTES = 37
const TIME_DIGITS = 13

/**
 * `${ms}-${base64url(random)}`, ms written with 13 digits (zero-padded; Date.now() has 13 digits until
 * the year 2286). Throws when ms is not an integer in 0..9999999999999 or random has fewer than 16 or
 * more than 37 bytes (the id would not match ANONYMOUS_CART_ID_PATTERN).
 */
export function formatAnonymousCartId(ms: number, random: Uint8Array): string {
  if (!Number.isSafeInteger(ms) || ms < 0 || ms >= 10 ** TIME_DIGITS) throw new RangeError('anonymous cart id: the time must be an integer count of milliseconds with at most 13 digits')
  if (!(random instanceof Uint8Array) || random.length < ANONYMOUS_CART_ID_MIN_RANDOM_BYTES) throw new RangeError('anonymous cart id: at least 16 random bytes are needed')
  if (random.length > ANONYMOUS_CART_ID_MAX_RANDOM_BYTES) throw new RangeError('anonymous cart id: at most 37 random bytes fit in 64 characters')
  return `${String(ms).padStart(TIME_DIGITS, '0')}-${base64url(random)}`
}

/** 13-digit milliseconds, '-', 22 to 50 base64url characters (at most 64 in all). */
export const ANONYMOUS_CART_ID_PATTERN = /^[0-9]{13}-[A-Za-z0-9_-]{22,50}$/

export function isAnonymousCartId(s: unknown): s is string {
  return typeof s === 'string' && s.length <= 64 && ANONYMOUS_CART_ID_PATTERN.test(s)
}

/** The creation time (ms) written in an anonymous cart id, or null when the id is not one. */
export function anonymousCartIdTime(id: string): number | null {
  return isAnonymousCartId(id) ? Number(id.slice(0, TIME_DIGITS)) : null
}

/** Section 3's locally stored cart keys (plus gcId, the anonymous cart id itself). */
export const CART_STORAGE_KEYS = { gcId: 'gcId', isNewCartId: 'IS_NEW_CART_ID', cartSp: 'cart_sp' } as const
export const LEAD_CART_STORAGE_KEY = 'leadCartId'

/**
 * "If the user is logged in, an unmerged anonymous cart exists and merge has not been called: merge
 *  first, then query." An unmerged anonymous cart exists when IS_NEW_CART_ID is set and a gcId is
 * stored. (On a failed merge the caller sets IS_NEW_CART_ID again: "the cart is marked unmerged again".)
 */
export function shouldMergeBeforeQuery(s: { loggedIn: boolean; isNewCartId: boolean; gcId: string | null; mergeCalled: boolean }): boolean {
  return s.loggedIn && s.isNewCartId && typeof s.gcId === 'string' && s.gcId.trim() !== '' && !s.mergeCalled
}
