import Taro from '@tarojs/taro'
import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { useLogin } from '../../src/store/auth/login'
import { useOnboarding } from '../../src/packages/account/onboarding/store'
import { requireLogin } from '../../src/components/auth/login-gate'
import { loginPlatform as browser } from '../../src/platform/login.h5'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { fakeToken, inSeconds } from '../support/tokens'
import {
  stubApi,
  fail,
  sleep,
  openPage,
  current,
  q,
  qa,
  text,
  waitText,
  waitFor,
  type StubCall,
} from './product-api-stub'
import { logIn, signedInRoutes, AFTER_LOGIN_ROUTES, screenTests } from './screen-setup'
import { APPROVED_CN, userInfoOf } from './account-fixtures'

/**
 * The login screens rendered by the real app shell (spec sections 1, 2, 4 and 6; protocol in
 * types/auth.ts): /login-callback, /wechat-login, /non-logged/MyAccount, the login gate, /onboarding.
 * Taro.request is stubbed at the API-client boundary only; where the browser is sent is watched
 * on the H5 login adapter's `loginPlatform.assign`.
 */
jest.setTimeout(20000)

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const WECHAT = `${IPHONE} MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN`
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'

const LITE = { userId: 'U-2b8d4e60', userName: 'lite.cn' }
const common = (over: Record<string, unknown> = {}) =>
  signedInRoutes({ ...AFTER_LOGIN_ROUTES, ...over }, userInfoOf(APPROVED_CN), {})
const TICKET = 't'.repeat(16) + '-one-time'

let assign: jest.SpyInstance
const useUA = (ua: string) => jest.spyOn(browser, 'userAgent').mockReturnValue(ua)
const labels = () =>
  qa('.login-buttons button, .login-buttons taro-button-core, .login-buttons [class^="login-buttons__"]')
    .filter((e) => /login-buttons__(login|register|wechat)/.test(e.className))
    .map((e) => e.className.match(/login-buttons__(\w+)/)![1])
const buttons = (kind: 'login' | 'register' | 'wechat') => q(`.login-buttons__${kind}`)!

describe('login screens', () => {
  screenTests(() => {
    useLogin.getState().reset()
    useOnboarding.getState().reset()
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined)
  })

  // ------------------------------------------------------------ /login-callback

  it('/login-callback?ticket: POST /auth/token {ticket}, the token is stored, back to the saved screen in place of the callback', async () => {
    const token = fakeToken({ sub: APPROVED_CN.userId, exp: inSeconds(3600) })
    const calls = stubApi(
      common({
        'POST /auth/token': {
          token,
          expiresIn: 3600,
          returnTo: '/product-details/Anti-CD3/MA1-10175?productPlacement=home',
        },
      }),
    )
    const redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage('packages/auth/login-callback/index', { ticket: TICKET })
    await waitFor(() => redirect.mock.calls.length > 0, 'the return to the saved screen')
    expect(calls.filter((c) => c.path === '/auth/token').map((c) => c.data)).toEqual([{ ticket: TICKET }])
    expect(storage.get(KEYS.authToken)).toBe(token)
    expect(useSession.getState().userInfo?.userProfile.userId).toBe(APPROVED_CN.userId)
    // "Use replace navigation so Back does not return to the callback"
    expect(redirect).toHaveBeenCalledWith({
      url: '/packages/catalog/product-details/index?productPlacement=home&title=Anti-CD3&catalogNumber=MA1-10175',
    })
    // the ticket is never sent twice, and the token never travels in a URL
    await sleep(50)
    expect(calls.filter((c) => c.path === '/auth/token').length).toBe(1)
    expect(calls.some((c) => c.url.includes(token))).toBe(false)
  })

  it('/login-callback: a brand-new registration goes to /onboarding; no saved screen → /home (spec section 4)', async () => {
    const token = fakeToken({ sub: LITE.userId, exp: inSeconds(3600) })
    stubApi(
      common({
        'POST /auth/token': { token, expiresIn: 3600, returnTo: '/more', registered: true },
        'GET /users/info': userInfoOf(LITE, 'Partially Registered'),
      }),
    )
    const redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    const relaunch = jest.spyOn(Taro, 'reLaunch')
    await openPage('packages/auth/login-callback/index', { ticket: `${TICKET}-2` })
    await waitFor(() => redirect.mock.calls.length > 0, 'the way to /onboarding')
    expect(redirect).toHaveBeenCalledWith({ url: '/packages/account/onboarding/index' })

    // a plain login with no saved screen: /home ("the saved screen or /home")
    redirect.mockClear()
    stubApi(
      common({
        'POST /auth/token': { token: fakeToken({ sub: APPROVED_CN.userId, exp: inSeconds(3600) }), expiresIn: 3600 },
      }),
    )
    relaunch.mockClear()
    await openPage('packages/auth/login-callback/index', { ticket: `${TICKET}-3` })
    await waitFor(
      () => relaunch.mock.calls.some(([o]) => (o as { url: string }).url === '/pages/home/index'),
      'the return home',
    )
  })

  it("/login-callback?error=access_denied: the reason in the user's language, no token call; retry starts the login again", async () => {
    useUA(DESKTOP)
    const calls = stubApi(common())
    await openPage('packages/auth/login-callback/index', { error: 'access_denied' })
    await waitText('The sign-in was cancelled.')
    expect(text()).toContain('Sign-in did not complete')
    expect(calls.some((c) => c.path === '/auth/token')).toBe(false)
    q('.login-return__retry')!.click()
    await waitFor(() => assign.mock.calls.length > 0, 'the redirect to the provider')
    expect(assign).toHaveBeenCalledWith('http://api.test/api/auth/oidc/authorize?mode=login')
    // Back from the provider finds the message still there; in Chinese
    useLocale.setState({ language: 'zh' })
    await waitText('登录已取消。')
    expect(q('.login-return__home')!.textContent).toBe('返回首页')
  })

  it('/login-callback: a refused ticket says so and stores nothing', async () => {
    stubApi(common({ 'POST /auth/token': fail(400, 'INVALID_TICKET') }))
    await openPage('packages/auth/login-callback/index', { ticket: `${TICKET}-4` })
    await waitText('This sign-in has expired or was already used. Please log in again.')
    expect(storage.get(KEYS.authToken)).toBeNull()
    expect(useSession.getState().userInfo).toBeNull()
  })

  // ------------------------------------------------------------ /wechat-login

  it('/wechat-login?openid&jwt&returnTo: POST /wechat/login/token {openid, jwt, duration}, then the saved screen', async () => {
    const token = fakeToken({ sub: APPROVED_CN.userId, exp: inSeconds(604800) })
    const calls = stubApi(common({ 'POST /wechat/login/token': { token, expiresIn: 604800 } }))
    const relaunch = jest.spyOn(Taro, 'reLaunch')
    await openPage('packages/auth/wechat-login/index', { openid: 'o-wx-1', jwt: 'a.b.c', returnTo: '/more' })
    await waitFor(
      () => relaunch.mock.calls.some(([o]) => (o as { url: string }).url === '/pages/my/index'),
      'the return to My',
    )
    expect(calls.filter((c) => c.path === '/wechat/login/token').map((c) => c.data)).toEqual([
      { openid: 'o-wx-1', jwt: 'a.b.c', duration: 604800 },
    ])
    expect(storage.get(KEYS.authToken)).toBe(token)
    expect(Taro.showToast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'wechat login failure' }))
  })

  it("/wechat-login?error=wechat: 'wechat login failure' (spec section 4); retry on a desktop browser opens the QR page", async () => {
    useUA(DESKTOP)
    const calls = stubApi(common())
    await openPage('packages/auth/wechat-login/index', { error: 'wechat' })
    await waitText('wechat login failure')
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'wechat login failure' }))
    expect(calls.some((c) => c.path.startsWith('/wechat'))).toBe(false)
    q('.login-return__retry')!.click()
    await waitFor(() => assign.mock.calls.length > 0, 'the redirect to the QR page')
    expect(assign).toHaveBeenCalledWith('http://api.test/api/auth/wechat/authorize?mode=qr')
  })

  it("/wechat-login: a refused token exchange shows 'wechat login failure' and keeps no token", async () => {
    stubApi(common({ 'POST /wechat/login/token': fail(401, 'UNAUTHORIZED') }))
    await openPage('packages/auth/wechat-login/index', { openid: 'o-wx-2', jwt: 'bad' })
    await waitText('wechat login failure')
    expect(storage.get(KEYS.authToken)).toBeNull()
  })

  // ------------------------------------------------------------ buttons by platform, /non-logged

  it('/non-logged/MyAccount on a desktop browser: Login, Register and WeChat (QR); each goes to its server address', async () => {
    useUA(DESKTOP)
    stubApi(common())
    await openPage('packages/account/non-logged/index', { returnTo: '/my-account/ShipToInfo' })
    await waitText('Please login for better experience')
    expect(text()).toContain('Log in or register to see them.')
    expect(labels()).toEqual(['login', 'register', 'wechat'])
    buttons('login').click()
    await waitFor(() => assign.mock.calls.length === 1, 'the login redirect')
    expect(assign).toHaveBeenLastCalledWith(
      'http://api.test/api/auth/oidc/authorize?mode=login&returnTo=%2Fmy-account%2FShipToInfo',
    )
    expect(storage.get(KEYS.loginReturnUrl)).toBe('/my-account/ShipToInfo')
    // "Registration is a redirect to the provider, with the return to /onboarding."
    buttons('register').click()
    await waitFor(() => assign.mock.calls.length === 2, 'the registration redirect')
    expect(assign).toHaveBeenLastCalledWith(
      'http://api.test/api/auth/oidc/authorize?mode=register&returnTo=%2Fonboarding',
    )
    // "on a desktop browser, the QR-code OAuth page"
    buttons('wechat').click()
    await waitFor(() => assign.mock.calls.length === 3, 'the QR redirect')
    expect(assign).toHaveBeenLastCalledWith(
      'http://api.test/api/auth/wechat/authorize?mode=qr&returnTo=%2Fmy-account%2FShipToInfo',
    )
  })

  it('in the messaging-app browser WeChat (in-app OAuth) comes first; a mobile browser has username login only (spec: "Mobile is detected by user agent")', async () => {
    useUA(WECHAT)
    stubApi(common())
    await openPage('packages/account/non-logged/index', { returnTo: 'https://evil.example/' })
    await waitText('Please login for better experience')
    expect(labels()).toEqual(['wechat', 'login', 'register'])
    buttons('wechat').click()
    await waitFor(() => assign.mock.calls.length === 1, 'the in-app OAuth redirect')
    // a returnTo that is not an app path is dropped: the account area (My) instead
    expect(assign).toHaveBeenLastCalledWith('http://api.test/api/auth/wechat/authorize?mode=inapp&returnTo=%2Fmore')

    jest.spyOn(browser, 'userAgent').mockReturnValue(IPHONE)
    await openPage('packages/account/non-logged/index')
    await waitText('Please login for better experience')
    expect(labels()).toEqual(['login', 'register'])
  })

  // ------------------------------------------------------------ the login gate

  it("the gate: an anonymous visitor of /my-wishlist sees 'Please login for better experience' and Login comes back to /my-wishlist", async () => {
    useUA(IPHONE)
    const calls = stubApi(common())
    await openPage('packages/engagement/wishlist/index')
    await waitText('Please login for better experience')
    expect(q('.login-gate')).not.toBeNull()
    expect(q('.wl-tabs')).toBeNull()
    expect(calls.some((c) => c.path.startsWith('/wishlist'))).toBe(false)
    buttons('login').click()
    await waitFor(() => assign.mock.calls.length === 1, 'the login redirect')
    expect(assign).toHaveBeenCalledWith('http://api.test/api/auth/oidc/authorize?mode=login&returnTo=%2Fmy-wishlist')
  })

  it('the gate lets a logged-in user through', async () => {
    logIn()
    stubApi(common())
    await openPage('packages/engagement/wishlist/index')
    await waitFor(() => q('.wl-tabs') !== null, 'the wishlist tabs')
    expect(q('.login-gate')).toBeNull()
  })

  it('"The ship-to list redirects to /non-logged/MyAccount without a token" (replace, carrying the screen to come back to)', async () => {
    const calls = stubApi(common())
    const redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage('packages/account/ship-to-info/index')
    await waitFor(() => redirect.mock.calls.length > 0, 'the redirect')
    expect(redirect).toHaveBeenCalledWith({
      url: '/packages/account/non-logged/index?returnTo=%2Fmy-account%2FShipToInfo',
    })
    expect(calls.some((c) => c.path.startsWith('/address') || c.path.startsWith('/creditlimit'))).toBe(false)
  })

  it("requireLogin(): false with the toast 'Please login for better experience' for a visitor; true for a user", async () => {
    stubApi(common())
    await openPage('packages/account/non-logged/index')
    expect(requireLogin()).toBe(false)
    expect(Taro.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Please login for better experience' }),
    )
    logIn()
    await useSession.getState().fetchUser()
    expect(requireLogin()).toBe(true)
  })

  // ------------------------------------------------------------ /onboarding

  const fieldInput = (f: string) => current().querySelector(`.onb-field--${f} input`) as HTMLInputElement | null
  async function type(f: string, value: string) {
    await waitFor(() => fieldInput(f) !== null, `the ${f} input`)
    const input = fieldInput(f)!
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await sleep(20)
  }
  const fieldError = (f: string) => current().querySelector(`.onb-field--${f} .onb-field__error`)?.textContent ?? null

  it("/onboarding (Partially Registered): the two paths; link-account validation keeps the values, editing clears the field's error; the pending request with its review date", async () => {
    logIn(LITE.userId, LITE.userName)
    let requests: unknown[] = []
    const calls = stubApi(
      common({
        'GET /users/info': userInfoOf(LITE, 'Partially Registered'),
        'GET /onboarding/status': () => ({ registrationStatus: 'Partially Registered', requests }),
        'POST /onboarding/link-account': (c: StubCall) => {
          if (c.data.accountNumber === '99999') return fail(409, 'ALREADY_REQUESTED')
          const r = {
            requestId: 'OB-1',
            kind: 'link-account',
            status: 'PENDING',
            submittedAt: '2026-11-20T02:00:00.000Z',
            reviewDueBy: '2026-11-25T02:00:00.000Z',
          }
          requests = [r]
          return r
        },
      }),
    )
    await openPage('packages/account/onboarding/index')
    await waitText('Link an organisation account')
    expect(text()).toContain('Complete an address')

    // "Complete an address" opens the ship-to add page
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    q('.onb-address__go')!.click()
    expect(nav).toHaveBeenCalledWith({
      url: '/packages/account/ship-to-address/index?new=1&flag=onboarding&back=onboarding',
    })

    // empty: each field '{field} is a required field'; nothing is sent
    await waitFor(() => fieldInput('zipCode') !== null, 'the form')
    q('.onb-link__submit')!.click()
    await waitFor(() => fieldError('accountNumber') !== null, 'the errors')
    expect(fieldError('accountNumber')).toBe('Account number is a required field')
    expect(fieldError('companyOrInstitution')).toBe('Company or institution is a required field')
    expect(fieldError('zipCode')).toBe('Zip code is a required field')
    expect(calls.some((c) => c.path === '/onboarding/link-account')).toBe(false)

    // editing a field clears its error only
    await type('accountNumber', '12a4')
    expect(fieldError('accountNumber')).toBeNull()
    expect(fieldError('zipCode')).toBe('Zip code is a required field')
    await type('companyOrInstitution', 'Fudan University')
    await type('zipCode', '200433')
    q('.onb-link__submit')!.click()
    await waitFor(() => fieldError('accountNumber') !== null, 'the digits error')
    expect(fieldError('accountNumber')).toBe('Account number must be 5 to 20 digits')
    // the values stay
    expect(fieldInput('companyOrInstitution')!.value).toBe('Fudan University')
    expect(fieldInput('zipCode')!.value).toBe('200433')
    expect(calls.some((c) => c.path === '/onboarding/link-account')).toBe(false)

    // a server refusal is shown, the values stay
    await type('accountNumber', '99999')
    q('.onb-link__submit')!.click()
    await waitFor(() => q('.onb-link__submit-error') !== null, 'the refusal')
    expect(q('.onb-link__submit-error')!.textContent).toContain('Your request could not be sent.')
    expect(fieldInput('accountNumber')!.value).toBe('99999')

    // a good request: the pending state with its review-due date ("Approvals: up to 3 business days")
    await type('accountNumber', '1000001')
    q('.onb-link__submit')!.click()
    await waitText('Request sent. It is pending review.')
    expect(calls.filter((c) => c.path === '/onboarding/link-account').pop()!.data).toEqual({
      accountNumber: '1000001',
      companyOrInstitution: 'Fudan University',
      zipCode: '200433',
    })
    expect(q('.onb-request__status')!.textContent).toBe('Pending')
    expect(q('.onb-request__due')!.textContent).toBe('Submitted 2026-11-20. Review due by 2026-11-25.')
    expect(q('.onb-link__form')).toBeNull() // one pending request at a time

    // opened again later: the pending request comes from GET /onboarding/status
    await openPage('packages/account/onboarding/index')
    await waitFor(() => q('.onb-request__due') !== null, 'the pending request')
    expect(q('.onb-request__kind')!.textContent).toBe('Link an organisation account')
  })

  it('/onboarding for an approved user: "your account is complete", no onboarding calls', async () => {
    logIn()
    const calls = stubApi(common())
    await openPage('packages/account/onboarding/index')
    await waitText('Your account is complete')
    expect(calls.some((c) => c.path.startsWith('/onboarding'))).toBe(false)
  })

  it('/onboarding for a visitor: the login prompt', async () => {
    stubApi(common())
    await openPage('packages/account/onboarding/index')
    await waitText('Please login for better experience')
  })
})
