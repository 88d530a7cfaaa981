import Taro from '@tarojs/taro'
import { act } from 'react'
import { useSession } from '../../src/store/auth/session'
import { useConfig } from '../../src/store/platform/config'
import { useLogin } from '../../src/store/auth/login'
import { loginPlatform as browser } from '../../src/platform/login.h5'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { SIGN_IN_POPUP_COUNT_KEY } from '../../src/rules/auth/sign-in-popup'
import { fakeToken, inSeconds } from '../support/tokens'
import { stubApi, openPage, q, qa, waitFor } from './product-api-stub'
import { resetApp } from './screen-setup'
import { APPROVED_CN, userInfoOf } from './account-fixtures'

/**
 * Spec section 2, sign-in popup, on the real pages (PageShell renders it everywhere): "It appears
 * 5 seconds after a page load for a visitor with no token who is not on the root page, at most once
 * or twice, and only when the feature flag ENABLE_SIGN_IN_POPUP is on. It has Login and Register
 * buttons." Fake timers that also run in real time: the test jumps the 5 seconds.
 */
jest.setTimeout(20000)
jest.useFakeTimers({ advanceTimers: true })

const flags = (popup: '1' | '0') => ({
  ENABLE_ORDER_TAX: { dictValue: '0', dictLabel: 'order tax' },
  ENABLE_SIGN_IN_POPUP: { dictValue: popup, dictLabel: 'sign-in popup' },
})
const userInfo = userInfoOf()
const popup = () => q('.sign-in-popup')
const advance = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms)
  })
}
/** a page that is neither the root page nor a login page, light on server calls */
const PAGE = 'packages/engagement/wishlist/index'

async function open(page: string, popupFlag: '1' | '0') {
  stubApi({
    'GET /sys/dict/config': flags(popupFlag),
    'GET /users/info': userInfo,
    'GET /wishlist/getWishList': { wishList: [] },
  })
  await openPage(page)
  useConfig.setState({ flags: flags(popupFlag) as never })
  await waitFor(() => useSession.getState().status === 'USER_FETCHED', 'the session check')
}

describe('sign-in popup', () => {
  beforeEach(() => {
    resetApp()
    useLogin.getState().reset()
    jest
      .spyOn(browser, 'userAgent')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148')
  })
  afterEach(() => jest.restoreAllMocks())

  it('appears 5 seconds after the page loads, with Login and Register; closes on its close button and on a tap outside; at most twice', async () => {
    await open(PAGE, '1')
    await advance(4900)
    expect(popup()).toBeNull()
    await advance(200)
    await waitFor(() => popup() !== null, 'the popup')
    expect(qa('.sign-in-popup .login-buttons__login').length).toBe(1)
    expect(qa('.sign-in-popup .login-buttons__register').length).toBe(1)
    expect(sessionStorage.getItem(SIGN_IN_POPUP_COUNT_KEY)).toBe('1')
    // a tap inside the panel keeps it open; the close button closes it
    q('.sign-in-popup__title')!.click()
    await advance(20)
    expect(popup()).not.toBeNull()
    q('.sign-in-popup__close')!.click()
    await waitFor(() => popup() === null, 'the popup to close')

    // the second page load: once more; a tap outside closes it
    await open(PAGE, '1')
    await advance(5000)
    await waitFor(() => popup() !== null, 'the second popup')
    expect(sessionStorage.getItem(SIGN_IN_POPUP_COUNT_KEY)).toBe('2')
    q('.sign-in-popup__mask')!.click() // the dimmed layer around the panel
    await waitFor(() => popup() === null, 'the popup to close')

    // the third: "at most once or twice"
    await open(PAGE, '1')
    await advance(6000)
    expect(popup()).toBeNull()
    expect(sessionStorage.getItem(SIGN_IN_POPUP_COUNT_KEY)).toBe('2')
  })

  it('Login in the popup starts the username login and comes back to the page', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined)
    await open(PAGE, '1')
    await advance(5000)
    await waitFor(() => popup() !== null, 'the popup')
    q('.sign-in-popup .login-buttons__login')!.click()
    await waitFor(() => assign.mock.calls.length > 0, 'the login redirect')
    expect(assign).toHaveBeenCalledWith('http://api.test/api/auth/oidc/authorize?mode=login&returnTo=%2Fmy-wishlist')
  })

  it('never on the root page (home)', async () => {
    await open('pages/home/index', '1')
    await advance(6000)
    expect(popup()).toBeNull()
    expect(sessionStorage.getItem(SIGN_IN_POPUP_COUNT_KEY)).toBeNull()
  })

  it('never when ENABLE_SIGN_IN_POPUP is off', async () => {
    await open(PAGE, '0')
    await advance(6000)
    expect(popup()).toBeNull()
  })

  it('never for a visitor holding a token', async () => {
    storage.set(KEYS.authToken, fakeToken({ sub: APPROVED_CN.userId, exp: inSeconds(3600) }))
    await open(PAGE, '1')
    await advance(6000)
    expect(popup()).toBeNull()
    expect(Taro.getCurrentInstance().page).not.toBeNull()
  })
})
