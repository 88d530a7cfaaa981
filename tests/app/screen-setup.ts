/**
 * The start the app-screen tests share: a clean browser and app state before each test, a login as the
 * app keeps it, the answers a signed-in screen asks for first, toasts answered without being shown, and typing.
 * Taro.request itself is stubbed by product-api-stub's stubApi.
 */
import Taro from '@tarojs/taro'
import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { fakeToken, inSeconds } from '../support/tokens'
import { APPROVED_CN, approvedCn } from './account-fixtures'
import { waitFor, type openPage } from './product-api-stub'

/** empty local and session storage, no token cookie, English in China, no session fetched yet */
export function resetApp() {
  localStorage.clear()
  sessionStorage.clear()
  document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  useLocale.setState({ language: 'en', country: 'cn' })
  useSession.setState({ status: 'FETCHING_USER_NO', userInfo: null, spCenterStatus: null, defaultSC: null })
}

/** what a login leaves in storage: a token valid for an hour, the user's id and name (approved.cn unless named) */
export function logIn(userId = APPROVED_CN.userId, userName = APPROVED_CN.userName) {
  storage.set(KEYS.authToken, fakeToken({ sub: userId, exp: inSeconds(3600) }))
  storage.set(KEYS.userId, userId)
  storage.set(KEYS.userName, userName)
}

/**
 * For a describe block of screen tests: before each test a clean app (resetApp), then `setup` (the stores the
 * screens keep state in, a login, spies), toasts muted (muteToasts); after each, every mock restored.
 */
export function screenTests(setup: () => void = () => {}) {
  beforeEach(() => {
    resetApp()
    setup()
    muteToasts()
  })
  afterEach(() => jest.restoreAllMocks())
}

/** Taro.showToast answers at once and shows nothing; toastTitles() reads what was asked */
export const muteToasts = () => jest.spyOn(Taro, 'showToast').mockImplementation((() => Promise.resolve()) as never)
export const toastTitles = (): string[] => (Taro.showToast as unknown as jest.Mock).mock.calls.map((c) => c[0].title)

/** a sys-config flag as GET /sys/dict/config answers it */
export const flag = (v: '0' | '1') => ({ dictValue: v, dictLabel: '' })
/** the sys config most screens are tested under: order tax on, the sign-in popup off */
export const taxOnConfig = () => ({ ENABLE_ORDER_TAX: flag('1'), ENABLE_SIGN_IN_POPUP: flag('0') })

/** the answers a signed-in screen asks for first (the sys config, GET /users/info), then the test's own routes */
export const signedInRoutes = (
  routes: Record<string, unknown> = {},
  user: unknown = approvedCn(),
  config: unknown = taxOnConfig,
) => ({
  'GET /sys/dict/config': config,
  'GET /users/info': user,
  ...routes,
})

/** what the app shell asks once a user is known: the wishlist (empty) and the merge of local browsing history */
export const AFTER_LOGIN_ROUTES = {
  'GET /wishlist/getWishList': { wishList: [] },
  'POST /history/merge': { merged: 0 },
}

/** a tap on a control that must be there */
export const click = (el: HTMLElement | null) => {
  if (!el) throw new Error('nothing to click')
  el.click()
}

type App = Awaited<ReturnType<typeof openPage>>

/** typing as the browser reports it: the field's new value, then an input event, inside the app's act */
export async function typeInto(app: App, el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await app.act(async () => {
    el.value = value
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** typing into the field `find` gives, once the page shows it (`what` names it in the failure) */
export async function fillWhenShown(app: App, find: () => HTMLInputElement | null, what: string, value: string) {
  await waitFor(() => !!find(), what)
  await typeInto(app, find()!, value)
}
