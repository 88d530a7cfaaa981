import {
  shouldShowSignInPopup,
  parseShownCount,
  SIGN_IN_POPUP_MAX_SHOWS,
  type SignInPopupInput,
} from '../../src/rules/auth/sign-in-popup'
import { SIGN_IN_POPUP_DELAY_MS } from '../../src/rules/constants'
import { checkLinkAccount, checkLinkField } from '../../src/packages/account/onboarding/link-account-rules'
import { safeReturnPath, redirectError } from '../../src/store/auth/login'
import { oidcAuthorizeUrl, wechatAuthorizeUrl, WECHAT_TOKEN_DURATION_S } from '../../src/api/auth'
import { en, zh } from '../../src/i18n'

/** The pure rules of the login work: sign-in popup, return paths, the link-account form. */

const visitor: SignInPopupInput = { flagOn: true, hasToken: false, route: 'productDetails', shownCount: 0 }

describe('sign-in popup rule (spec section 2)', () => {
  it('"5 seconds after a page load" (section 9: "Sign-in popup delay 5 seconds")', () => {
    expect(SIGN_IN_POPUP_DELAY_MS).toBe(5000)
  })

  it('shows for "a visitor with no token who is not on the root page" when ENABLE_SIGN_IN_POPUP is on', () => {
    expect(shouldShowSignInPopup(visitor)).toBe(true)
    expect(shouldShowSignInPopup({ ...visitor, route: 'cart' })).toBe(true)
  })

  it('"only when the feature flag ENABLE_SIGN_IN_POPUP is on"', () => {
    expect(shouldShowSignInPopup({ ...visitor, flagOn: false })).toBe(false)
  })

  it('never for someone holding a token', () => {
    expect(shouldShowSignInPopup({ ...visitor, hasToken: true })).toBe(false)
  })

  it('never on the root page (home), nor on the login returns it would interrupt', () => {
    expect(shouldShowSignInPopup({ ...visitor, route: 'home' })).toBe(false)
    expect(shouldShowSignInPopup({ ...visitor, route: null })).toBe(false)
    for (const route of ['loginCallback', 'wechatLogin', 'nonLogged', 'onboarding'] as const) {
      expect(shouldShowSignInPopup({ ...visitor, route })).toBe(false)
    }
  })

  it('"at most once or twice": twice per browser session', () => {
    expect(SIGN_IN_POPUP_MAX_SHOWS).toBe(2)
    expect(shouldShowSignInPopup({ ...visitor, shownCount: 1 })).toBe(true)
    expect(shouldShowSignInPopup({ ...visitor, shownCount: 2 })).toBe(false)
    expect(shouldShowSignInPopup({ ...visitor, shownCount: 7 })).toBe(false)
  })

  it('reads a missing or broken count as 0', () => {
    expect(parseShownCount(null)).toBe(0)
    expect(parseShownCount('x')).toBe(0)
    expect(parseShownCount('-3')).toBe(0)
    expect(parseShownCount('2')).toBe(2)
  })
})

describe('login addresses (types/auth.ts protocol)', () => {
  it("username login and registration go through the server's OIDC authorize address, with the screen to come back to", () => {
    expect(oidcAuthorizeUrl('login', '/my-account/ShipToInfo')).toBe(
      'http://api.test/api/auth/oidc/authorize?mode=login&returnTo=%2Fmy-account%2FShipToInfo',
    )
    expect(oidcAuthorizeUrl('register', '/onboarding')).toBe(
      'http://api.test/api/auth/oidc/authorize?mode=register&returnTo=%2Fonboarding',
    )
    expect(oidcAuthorizeUrl('login')).toBe('http://api.test/api/auth/oidc/authorize?mode=login')
  })

  it('WeChat in-app OAuth and the desktop QR page', () => {
    expect(wechatAuthorizeUrl('inapp', '/more')).toBe(
      'http://api.test/api/auth/wechat/authorize?mode=inapp&returnTo=%2Fmore',
    )
    expect(wechatAuthorizeUrl('qr')).toBe('http://api.test/api/auth/wechat/authorize?mode=qr')
  })

  it("a messaging-app token is asked for 7 days (the contract's maximum duration)", () => {
    expect(WECHAT_TOKEN_DURATION_S).toBe(604800)
  })

  it('a return target is a same-site app path only (ReturnToSchema)', () => {
    expect(safeReturnPath('/product-details/Anti-CD3/MA1-1?productPlacement=home')).toBe(
      '/product-details/Anti-CD3/MA1-1?productPlacement=home',
    )
    expect(safeReturnPath('https://evil.example/')).toBeUndefined()
    expect(safeReturnPath('//evil.example/x')).toBeUndefined()
    expect(safeReturnPath('/a b')).toBeUndefined()
    expect(safeReturnPath('/\\evil')).toBeUndefined()
    expect(safeReturnPath(`/${'a'.repeat(500)}`)).toBeUndefined()
    expect(safeReturnPath(undefined)).toBeUndefined()
  })

  it("the server's ?error= codes are kept; anything else counts as a failed exchange", () => {
    for (const c of ['access_denied', 'state', 'exchange', 'rate_limited', 'wechat']) expect(redirectError(c)).toBe(c)
    expect(redirectError('<script>')).toBe('exchange')
  })

  it('spec section 4: "On failure the message \'wechat login failure\' is shown." (and in Chinese)', () => {
    expect(en['auth.error.wechat']).toBe('wechat login failure')
    expect(zh['auth.error.wechat']).toBe('微信登录失败')
  })
})

describe('link an organisation account (onboarding form, types/account.ts LinkAccountBody)', () => {
  const ok = { accountNumber: '1000001', companyOrInstitution: 'Fudan University', zipCode: '200433' }

  it('accepts a complete request', () => {
    expect(checkLinkAccount(ok)).toEqual({})
  })

  it("spec section 5 wording: '{field} is a required field', for every field", () => {
    const errors = checkLinkAccount({ accountNumber: ' ', companyOrInstitution: '', zipCode: '' })
    expect(Object.keys(errors).sort()).toEqual(['accountNumber', 'companyOrInstitution', 'zipCode'])
    expect(errors.accountNumber).toEqual({
      key: 'auth.onboarding.required',
      params: { field: 'auth.onboarding.field.accountNumber' },
    })
    expect(en['auth.onboarding.required']).toBe('{field} is a required field')
  })

  it('account number: digits only, 5 to 20', () => {
    expect(checkLinkField('accountNumber', '1234')?.key).toBe('auth.onboarding.accountNumberInvalid')
    expect(checkLinkField('accountNumber', '12345')).toBeNull()
    expect(checkLinkField('accountNumber', '1'.repeat(20))).toBeNull()
    expect(checkLinkField('accountNumber', '1'.repeat(21))?.key).toBe('auth.onboarding.accountNumberInvalid')
    expect(checkLinkField('accountNumber', '10000a1')?.key).toBe('auth.onboarding.accountNumberInvalid')
    expect(en['auth.onboarding.accountNumberInvalid']).toBe('Account number must be 5 to 20 digits')
  })

  it('company at most 120 characters; zip code at most 12, letters, digits, spaces and "-"', () => {
    expect(checkLinkField('companyOrInstitution', 'x'.repeat(120))).toBeNull()
    expect(checkLinkField('companyOrInstitution', 'x'.repeat(121))).toEqual({
      key: 'auth.onboarding.tooLong',
      params: { field: 'auth.onboarding.field.companyOrInstitution', max: 120 },
    })
    expect(checkLinkField('zipCode', '1'.repeat(13))?.key).toBe('auth.onboarding.tooLong')
    expect(checkLinkField('zipCode', '2004<33')?.key).toBe('auth.onboarding.zipInvalid')
    expect(checkLinkField('zipCode', 'SW1A 1AA')).toBeNull()
  })
})

describe('the saved screen (spec section 4: "the user returns to the saved screen or /home")', () => {
  const Taro = require('@tarojs/taro').default
  afterEach(() => jest.restoreAllMocks())
  const at = (path: string, params: Record<string, string> = {}) =>
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { path, params } } as never)

  it('is found from the H5 address (custom route such as /more) as well as from the Taro page path', () => {
    const { currentScreenPath } = require('../../src/store/auth/login')
    at('/more')
    expect(currentScreenPath()).toBe('/more')
    at('/pages/my/index')
    expect(currentScreenPath()).toBe('/more')
    at('/my-account/ARstatement', { billToAccountNumber: '2000001' })
    expect(currentScreenPath()).toBe('/my-account/ARstatement/2000001')
  })

  it('is never a login page itself', () => {
    const { currentScreenPath } = require('../../src/store/auth/login')
    at('/login-callback', { ticket: 'x' })
    expect(currentScreenPath()).toBeUndefined()
  })
})
