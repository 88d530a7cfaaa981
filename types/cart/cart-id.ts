/**
 * Anonymous cart id (spec section 9: "Anonymous cart id: built from a timestamp to milliseconds"),
 * plus 128 random bits so that no visitor can guess another's cart. The server mints it
 * (server/domains/cart) and the app keeps it. Spec section 3: "Locally stored keys include
 * leadCartId, cart_sp, IS_NEW_CART_ID"; section 4, Cart query: "If the user is logged in, an
 * unmerged anonymous cart exists and merge has not been called: merge first, then query."
 */
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function base64url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2
    for (let j = 0; j < chars; j++) out += B64URL[(n >> (18 - 6 * j)) & 63]
  }
  return out
}

export function formatAnonymousCartId(ms: number, random: Uint8Array): string {
  if (random.length < 16) throw new Error('an anonymous cart id needs at least 16 random bytes')
  return `${String(Math.trunc(ms)).padStart(13, '0')}-${base64url(random)}`
}

export const ANONYMOUS_CART_ID_PATTERN = /^[0-9]{13}-[A-Za-z0-9_-]{22,50}$/

export const isAnonymousCartId = (s: unknown): s is string =>
  typeof s === 'string' && s.length <= 64 && ANONYMOUS_CART_ID_PATTERN.test(s)

export function anonymousCartIdTime(id: string): number | null {
  return isAnonymousCartId(id) ? Number(id.slice(0, 13)) : null
}

export const CART_STORAGE_KEYS = { gcId: 'gcId', isNewCartId: 'IS_NEW_CART_ID', cartSp: 'cart_sp' } as const
export const LEAD_CART_STORAGE_KEY = 'leadCartId'

export function shouldMergeBeforeQuery(s: {
  loggedIn: boolean
  isNewCartId: boolean
  gcId: string | null
  mergeCalled: boolean
}): boolean {
  return s.loggedIn && s.isNewCartId && !!s.gcId && !s.mergeCalled
}
