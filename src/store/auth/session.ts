import { create } from 'zustand'
import type { SupplyCenter, UserInfo } from '../../../types'
import { getUserInfo, postErrorTracking } from '../../api/account'
import { ApiError } from '../../api/client'
import { KEYS, clearSession, currentToken, onAccountChanged, onSessionExpired, saveToken } from '../../api/auth-token'
import { decodeToken } from '../../api/jwt'
import { storage } from '../../platform/storage'
import { tokenCookie } from '../../platform/cookie'
import { navigation } from '../../platform/navigation'
import { showToast } from '../toast'
import { t, useLocale } from '../locale'

/** Spec section 3/4: "Session status: FETCHING_USER_NO, FETCHING_USER, USER_FETCHED". */
export type SessionStatus = 'FETCHING_USER_NO' | 'FETCHING_USER' | 'USER_FETCHED'
/** "Supply centre lookup runs FETCHING_SP_CENTER, then SP_CENTER_FETCHED." */
export type SpCenterStatus = 'FETCHING_SP_CENTER' | 'SP_CENTER_FETCHED' | null

interface SessionState {
  status: SessionStatus
  userInfo: UserInfo | null
  spCenterStatus: SpCenterStatus
  defaultSC: SupplyCenter | null
  /** GET /users/info; on failure report it, then log out with 'Session Expired, please login again.' */
  fetchUser: () => Promise<UserInfo | null>
  /** Starts a session with a token the server issued (login flows call this). */
  signIn: (token: string) => Promise<UserInfo | null>
  logout: (opts?: { toast?: boolean }) => void
}

const anonymous = { userInfo: null, defaultSC: null, spCenterStatus: null } as const

export const useSession = create<SessionState>()((set, get) => ({
  status: 'FETCHING_USER_NO',
  ...anonymous,

  fetchUser: async () => {
    const token = currentToken()
    if (!token) {
      useLocale.getState().adoptAccountCountry(null) // a visitor has no account country
      set({ status: 'USER_FETCHED', ...anonymous })
      return null
    }
    set({ status: 'FETCHING_USER', spCenterStatus: 'FETCHING_SP_CENTER' })
    try {
      const info = await getUserInfo()
      storage.set(KEYS.userId, info.userProfile.userId)
      storage.set(KEYS.userName, info.userProfile.userName)
      // spec section 1: a logged-in user has a country (the pick on My still overrides it)
      useLocale.getState().adoptAccountCountry(info.country)
      set({
        status: 'USER_FETCHED',
        userInfo: info,
        defaultSC: info.spCenter.defaultSC,
        spCenterStatus: 'SP_CENTER_FETCHED',
      })
      return info
    } catch (e) {
      if (e instanceof ApiError && e.code === 'ACCOUNT_CHANGED') return null // the page reloads
      const claims = decodeToken(token)
      await postErrorTracking({
        response: e instanceof ApiError ? e.body : undefined,
        error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
        tokens: {
          hasCookieToken: !!tokenCookie.get(),
          hasStoredToken: !!storage.get(KEYS.authToken),
          expiresAt: claims?.exp,
        },
      }).catch(() => undefined)
      get().logout({ toast: true })
      return null
    }
  },

  signIn: async (token) => {
    storage.remove(KEYS.userId)
    storage.remove(KEYS.userName)
    saveToken(token)
    return get().fetchUser()
  },

  logout: (opts) => {
    clearSession()
    useLocale.getState().adoptAccountCountry(null)
    set({ status: 'USER_FETCHED', ...anonymous })
    if (opts?.toast) showToast(t('session.expiredInfo'), 'session')
  },
}))

// "A token whose expiry is in the past is discarded ... The toast 'Your session is expired.
// Please login again' is shown." The API layer has already cleared storage and cookie.
onSessionExpired(() => {
  useLocale.getState().adoptAccountCountry(null)
  useSession.setState({ status: 'USER_FETCHED', ...anonymous })
  showToast(t('session.expired'), 'session')
})

// "A request whose user id header differs from the token's account id triggers the toast
// 'Your account is changed, Will refresh the page' and a page reload." (reported by the API layer)
onAccountChanged(() => {
  showToast(t('session.accountChanged'), 'session')
  setTimeout(() => navigation.reload(), 1000)
})

export const isLoggedIn = (s: Pick<SessionState, 'userInfo'>) => s.userInfo !== null
