/**
 * H5: the server draws the first screen of Home and of a product page into index.html
 * (server/first-screen.ts), as an inert picture over the app (#first-screen: aria-hidden, no links,
 * pointer-events none), while the app draws itself unseen beneath. The app hands over here:
 *  - `firstScreenReady()`: the page has drawn its own first screen (Home: its banners and learning
 *    centre; product page: the product); the picture goes, two frames later so the app's frame is
 *    painted first. The app's elements sit exactly under the picture's, so nothing moves.
 *  - a page that never says so (an error) still loses the picture: at the user's first tap or key
 *    (which reaches the app beneath and may open another page), on going back, and at the latest
 *    FIRST_SCREEN_MAX_MS after start.
 *  - `rememberLocaleForFirstScreen`: the language and country the app uses, in a cookie, so the next
 *    first screen is drawn in them (the server cannot read the app's storage).
 */
import { FIRST_SCREEN_ID, LOCALE_COOKIE } from '../../types/platform/first-screen'

const FIRST_SCREEN_MAX_MS = 8000

function remove() {
  document.getElementById(FIRST_SCREEN_ID)?.remove()
}

export function firstScreenReady(): void {
  if (!document.getElementById(FIRST_SCREEN_ID)) return
  requestAnimationFrame(() => requestAnimationFrame(remove))
}

export function rememberLocaleForFirstScreen(language: string, country: string): void {
  const value = `${language}-${country}`
  if (document.cookie.split(';').some((c) => c.trim() === `${LOCALE_COOKIE}=${value}`)) return
  document.cookie = `${LOCALE_COOKIE}=${value}; path=/; max-age=31536000; SameSite=Lax`
}

if (document.getElementById(FIRST_SCREEN_ID)) {
  setTimeout(remove, FIRST_SCREEN_MAX_MS)
  // the user acts before the page is ready (the app shows at once, as it is), or goes back
  for (const type of ['pointerdown', 'keydown', 'popstate'] as const)
    window.addEventListener(type, remove, { once: true, capture: true })
}
