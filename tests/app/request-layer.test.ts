import Taro from '@tarojs/taro'
import { apiRequest, ApiError } from '../../src/api/client'
import { KEYS, currentToken, onSessionExpired } from '../../src/api/auth-token'
import { decodeToken } from '../../src/api/jwt'
import { tokenCookie } from '../../src/platform/cookie'
import { storage } from '../../src/platform/storage'
import { sessionStore } from '../../src/platform/session-storage'
import { useLocale } from '../../src/store/locale'
// the session store listens to the request layer's events (toast and reload on a changed account)
import '../../src/store/auth/session'
import { fakeToken, inSeconds } from '../support/tokens'

type Call = { url: string; method: string; header: Record<string, string>; data?: unknown }

let calls: Call[] = []
let reply: (c: Call) => { statusCode: number; data: unknown; header?: Record<string, string> }
const toasts: string[] = []

beforeEach(() => {
  calls = []
  toasts.length = 0
  reply = () => ({ statusCode: 200, data: { success: true, code: '200', message: 'ok', data: { ok: 1 } } })
  jest.spyOn(Taro, 'request').mockImplementation(((opts: Call) => {
    calls.push(opts)
    const r = reply(opts)
    return Promise.resolve({ header: {}, ...r, errMsg: 'request:ok' })
  }) as never)
  // a page is on screen (toasts raised before the first page wait for it: see toast.test.ts)
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {}, router: null, app: null } as never)
  jest.spyOn(Taro, 'showToast').mockImplementation(((o: { title: string }) => {
    toasts.push(o.title)
    return Promise.resolve()
  }) as never)
  localStorage.clear()
  sessionStorage.clear()
  tokenCookie.remove()
  useLocale.setState({ language: 'en', country: 'cn' })
})
afterEach(() => jest.restoreAllMocks())

describe('API client headers (spec section 7)', () => {
  it('anonymous: Source, countrycode and languagecode, and no user headers', async () => {
    useLocale.setState({ language: 'zh', country: 'in' })
    await apiRequest({ path: '/product/list', query: { page: 2, pageSize: 20, categoryId: '' } })
    const c = calls[0]
    expect(c.url).toBe('http://api.test/api/product/list?page=2&pageSize=20')
    expect(c.header).toMatchObject({ Source: 'h5', countrycode: 'in', languagecode: 'cn' })
    expect(c.header.Authorization).toBeUndefined()
    expect(c.header.userid).toBeUndefined()
    expect(c.header.username).toBeUndefined()
  })

  it('logged in: "Authorization bearer token ... username and userid (user headers only when logged in)"', async () => {
    const token = fakeToken({ sub: 'U1001', name: 'approved.cn', exp: inSeconds(3600) })
    storage.set(KEYS.authToken, token)
    storage.set(KEYS.userId, 'U1001')
    storage.set(KEYS.userName, 'approved.cn')
    await apiRequest({ path: '/users/info' })
    expect(calls[0].header).toMatchObject({
      Authorization: `Bearer ${token}`,
      userid: 'U1001',
      username: 'approved.cn',
      languagecode: 'en',
    })
  })
})

describe('token rules (spec section 4, Session)', () => {
  it('"The token cookie and the stored auth token are kept in sync" (both directions)', () => {
    const token = fakeToken({ sub: 'U1', exp: inSeconds(600) })
    tokenCookie.set(token)
    expect(currentToken()).toBe(token)
    expect(storage.get(KEYS.authToken)).toBe(token)

    tokenCookie.remove()
    expect(currentToken()).toBe(token)
    expect(tokenCookie.get()).toBe(token)
  })

  it('"A token whose expiry is in the past is discarded": cookie removed, session storage cleared, stored address, phone and login keys removed', async () => {
    const expired = fakeToken({ sub: 'U1', exp: inSeconds(-5) })
    tokenCookie.set(expired)
    storage.set(KEYS.authToken, expired)
    storage.set(KEYS.userId, 'U1')
    storage.set(KEYS.storedAddressKey, 'ADDR-1')
    storage.set(KEYS.phoneDictionary, '[{"code":"+86"}]')
    storage.set('locale', '{"state":{"language":"en"}}')
    sessionStore.set('addressContacts', 'encrypted')
    const expiredSeen = jest.fn()
    const off = onSessionExpired(expiredSeen)

    await apiRequest({ path: '/product/list' })
    off()

    expect(calls[0].header.Authorization).toBeUndefined()
    expect(tokenCookie.get()).toBeNull()
    for (const k of [KEYS.authToken, KEYS.userId, KEYS.storedAddressKey, KEYS.phoneDictionary])
      expect(storage.get(k)).toBeNull()
    expect(sessionStore.get('addressContacts')).toBeNull()
    expect(storage.get('locale')).not.toBeNull() // preferences are not session data
    expect(expiredSeen).toHaveBeenCalledTimes(1)
  })

  it('"A stored campaign token is used if the cookie token is expired"', async () => {
    const expired = fakeToken({ sub: 'U1', exp: inSeconds(-5) })
    const campaign = fakeToken({ sub: 'U1', exp: inSeconds(900) })
    tokenCookie.set(expired)
    storage.set(KEYS.campaignToken, campaign)
    await apiRequest({ path: '/users/info' })
    expect(calls[0].header.Authorization).toBe(`Bearer ${campaign}`)
    expect(tokenCookie.get()).toBe(campaign)
  })

  it('"A response carrying a new Authorization header replaces the stored token"', async () => {
    const old = fakeToken({ sub: 'U1', exp: inSeconds(60) })
    const fresh = fakeToken({ sub: 'U1', exp: inSeconds(7200) })
    storage.set(KEYS.authToken, old)
    reply = () => ({
      statusCode: 200,
      header: { Authorization: `Bearer ${fresh}` },
      data: { success: true, code: '200', data: {} },
    })
    await apiRequest({ path: '/users/info' })
    expect(storage.get(KEYS.authToken)).toBe(fresh)
    expect(tokenCookie.get()).toBe(fresh)
    expect(decodeToken(fresh)?.exp).toBeGreaterThan(decodeToken(old)!.exp)
  })

  it('a user id that differs from the token\'s account: the request layer reports it; the session store toasts "Your account is changed, Will refresh the page" and reloads', async () => {
    jest.useFakeTimers()
    const reload = jest
      .spyOn(require('../../src/platform/navigation').navigation, 'reload')
      .mockImplementation(() => undefined)
    storage.set(KEYS.authToken, fakeToken({ sub: 'U2', exp: inSeconds(600) }))
    storage.set(KEYS.userId, 'U1')
    await expect(apiRequest({ path: '/users/info' })).rejects.toMatchObject({ code: 'ACCOUNT_CHANGED' })
    expect(calls).toHaveLength(0)
    expect(toasts).toEqual(['Your account is changed, Will refresh the page'])
    jest.runAllTimers()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(storage.get(KEYS.userId)).toBeNull() // so the reloaded app fetches the new account instead of looping
    jest.useRealTimers()
  })
})

describe('errors reach the user in their language', () => {
  it('a 400 names what was wrong; a 500 says something went wrong; a timeout says so', async () => {
    useLocale.setState({ language: 'zh' })
    reply = () => ({
      statusCode: 400,
      data: { success: false, code: 'VALIDATION_ERROR', message: 'querystring/pageSize must be <= 100' },
    })
    await expect(apiRequest({ path: '/product/list' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      message: '提交的内容无效：querystring/pageSize must be <= 100',
    })
    reply = () => ({
      statusCode: 500,
      data: { success: false, code: 'INTERNAL_ERROR', message: 'Internal server error' },
    })
    await expect(apiRequest({ path: '/product/list' })).rejects.toMatchObject({
      status: 500,
      message: '出错了，请刷新重试',
    })

    ;(Taro.request as unknown as jest.Mock).mockImplementation(() => Promise.reject({ errMsg: 'request:fail timeout' }))
    useLocale.setState({ language: 'en' })
    const err = (await apiRequest({ path: '/product/list' }).catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.message).toBe('Request timed out')
  })
})
