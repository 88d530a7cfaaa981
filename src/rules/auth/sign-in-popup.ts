import type { RouteName } from '../../../types/routes'

/**
 * Spec section 2, sign-in popup: "It appears 5 seconds after a page load for a visitor with no
 * token who is not on the root page, at most once or twice, and only when the feature flag
 * ENABLE_SIGN_IN_POPUP is on. It has Login and Register buttons."
 * The delay is SIGN_IN_POPUP_DELAY_MS in rules/constants.ts ("Sign-in popup delay 5 seconds").
 */

/** "at most once or twice": twice per browser session, counted in session storage. */
export const SIGN_IN_POPUP_MAX_SHOWS = 2
export const SIGN_IN_POPUP_COUNT_KEY = 'signInPopupShown'

/** "not on the root page": the root address / opens home. */
export const ROOT_ROUTE: RouteName = 'home'
/** The login returns themselves: a popup there would interrupt the login it offers. */
const LOGIN_ROUTES: RouteName[] = ['loginCallback', 'wechatLogin', 'nonLogged', 'onboarding']

export interface SignInPopupInput {
  /** ENABLE_SIGN_IN_POPUP is on */
  flagOn: boolean
  /** the visitor holds a valid token */
  hasToken: boolean
  /** the page on screen; null when unknown */
  route: RouteName | null
  /** how often it has shown in this browser session */
  shownCount: number
}

export function shouldShowSignInPopup({ flagOn, hasToken, route, shownCount }: SignInPopupInput): boolean {
  if (!flagOn || hasToken) return false
  if (!route || route === ROOT_ROUTE || LOGIN_ROUTES.includes(route)) return false
  return shownCount < SIGN_IN_POPUP_MAX_SHOWS
}

/** The count as kept in session storage (a missing or broken value counts as 0). */
export const parseShownCount = (raw: string | null): number => {
  const n = Number.parseInt(raw ?? '', 10)
  return Number.isFinite(n) && n > 0 ? n : 0
}
