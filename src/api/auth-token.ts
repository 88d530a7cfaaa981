import { storage } from '../platform/storage'
import { sessionStore } from '../platform/session-storage'
import { tokenCookie } from '../platform/cookie'
import { decodeToken, isTokenValid } from './jwt'

/** Keys this app keeps in storage (spec section 3 names leadCartId, cart_sp, IS_NEW_CART_ID, storedAddressKey). */
export const KEYS = {
  authToken: 'authToken',
  campaignToken: 'campaignToken',
  userId: 'userId',
  userName: 'userName',
  loginReturnUrl: 'loginReturnUrl',
  storedAddressKey: 'storedAddressKey',
  phoneDictionary: 'phoneDictionary',
} as const

/** Removed when a session ends: "the stored address, phone and login keys are removed" (spec section 4). */
export const SESSION_BOUND_KEYS = [
  KEYS.authToken,
  KEYS.campaignToken,
  KEYS.userId,
  KEYS.userName,
  KEYS.loginReturnUrl,
  KEYS.storedAddressKey,
  KEYS.phoneDictionary,
]

type Listener = () => void
const expiryListeners = new Set<Listener>()
const accountChangeListeners = new Set<Listener>()
/** The session store listens here, so the API layer does not import the store. */
export const onSessionExpired = (fn: Listener) => {
  expiryListeners.add(fn)
  return () => expiryListeners.delete(fn)
}
/** Reported when a request finds the token's account differs from the stored user (the session store toasts and reloads). */
export const onAccountChanged = (fn: Listener) => {
  accountChangeListeners.add(fn)
  return () => accountChangeListeners.delete(fn)
}
export const reportAccountChanged = () => accountChangeListeners.forEach((fn) => fn())

/** Keeps "the token cookie and the stored auth token ... in sync". */
export function saveToken(token: string) {
  const exp = decodeToken(token)?.exp
  if (tokenCookie.get() !== token) tokenCookie.set(token, exp ? exp * 1000 : undefined)
  if (storage.get(KEYS.authToken) !== token) storage.set(KEYS.authToken, token)
}

/** Ends the session's local traces: cookie, session storage, and the session-bound keys. */
export function clearSession() {
  tokenCookie.remove()
  sessionStore.clear()
  for (const k of SESSION_BOUND_KEYS) storage.remove(k)
}

/**
 * The token to send, by the rules of spec section 4 (Session):
 * - the cookie token, else the stored token, if not expired ("validity is decided by its expiry time");
 * - "A stored campaign token is used if the cookie token is expired";
 * - "A token whose expiry is in the past is discarded": everything is cleared and listeners
 *   are told (the session store shows 'Your session is expired. Please login again').
 * A valid token is written back to both cookie and storage.
 */
export function currentToken(nowMs = Date.now()): string | null {
  const candidates = [tokenCookie.get(), storage.get(KEYS.authToken), storage.get(KEYS.campaignToken)]
  const valid = candidates.find((tk) => isTokenValid(tk, nowMs))
  if (valid) {
    saveToken(valid)
    return valid
  }
  if (candidates.some(Boolean)) {
    clearSession()
    expiryListeners.forEach((fn) => fn())
  }
  return null
}

/** "A response carrying a new Authorization header replaces the stored token." */
export function adoptAuthorizationHeader(headers: Record<string, string | undefined> | undefined) {
  if (!headers) return
  const raw = headers.Authorization ?? headers.authorization
  if (!raw) return
  const token = raw.replace(/^Bearer\s+/i, '').trim()
  if (decodeToken(token)) saveToken(token)
}

/** The account a token belongs to, compared with the user id the app last fetched. */
export function accountChanged(token: string): boolean {
  const known = storage.get(KEYS.userId)
  const sub = decodeToken(token)?.sub
  return !!known && !!sub && known !== sub
}
