import Taro from '@tarojs/taro'
import * as toast from '../../src/store/toast'
import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { loginFlows, useLogin } from '../../src/store/auth/login'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { fakeToken, inSeconds } from '../support/tokens'
import { stubApi, fail } from './product-api-stub'
import { APPROVED_CN, userInfoOf } from './account-fixtures'

/**
 * The mini-program's login (issue 4: "in the mini-program, Taro.login's code goes to the server.
 * The server calls code2session and keeps session_key; session_key never reaches the client").
 * The jsdom run resolves src/platform/login to its H5 file; here the neutral (mini-program) adapter
 * is put in its place, the way the weapp build picks it. Taro.request is stubbed at the client.
 */
jest.mock('../../src/platform/login', () => jest.requireActual('../../src/platform/login.ts'))

const userInfo = userInfoOf()
const SESSION_KEY = 'SK-must-stay-on-the-server'

describe('mini-program WeChat login (Taro.login → code → openid + jwt → token)', () => {
  let login: jest.Mock
  let toastSpy: jest.SpyInstance
  beforeEach(() => {
    localStorage.clear()
    document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    useLocale.setState({ language: 'en', country: 'cn' })
    useSession.setState({ status: 'USER_FETCHED', userInfo: null })
    useLogin.getState().reset()
    login = jest.fn(() => Promise.resolve({ code: `wx-code-${Math.random()}`, errMsg: 'login:ok' }))
    ;(Taro as unknown as { login: jest.Mock }).login = login
    jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    jest.spyOn(Taro, 'reLaunch').mockImplementation((() => Promise.resolve()) as never)
    toastSpy = jest.spyOn(toast, 'showToast').mockImplementation(() => Promise.resolve())
  })
  afterEach(() => jest.restoreAllMocks())

  it('the mini-program offers WeChat login only', () => {
    expect(loginFlows()).toEqual(['wechat-miniprogram'])
  })

  it('exchanges the code, then {openid, jwt, duration} for the token; back to the saved screen; session_key is never kept or sent', async () => {
    const token = fakeToken({ sub: APPROVED_CN.userId, exp: inSeconds(604800) })
    const calls = stubApi({
      // even if a server sent session_key along, the app must not keep or forward it
      'POST /wechat/login/miniprogram': { openid: 'o-abc', jwt: 'h.p.s', session_key: SESSION_KEY },
      'POST /wechat/login/token': { token, expiresIn: 604800 },
      'GET /users/info': userInfo,
    })
    await useLogin.getState().start('wechat-miniprogram', { returnTo: '/product-details/Anti-CD3/MA1-10175' })

    expect(login).toHaveBeenCalledTimes(1)
    const code = (await login.mock.results[0].value).code
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /wechat/login/miniprogram',
      'POST /wechat/login/token',
      'GET /users/info',
    ])
    expect(calls[0].data).toEqual({ code })
    // spec section 7: "POST a token endpoint under the messaging-app login path — body openid, jwt, duration"
    expect(calls[1].data).toEqual({ openid: 'o-abc', jwt: 'h.p.s', duration: 604800 })
    expect(storage.get(KEYS.authToken)).toBe(token)
    expect(useSession.getState().userInfo?.userProfile.userId).toBe(APPROVED_CN.userId)
    // "then the user returns to the saved screen or /home"
    expect(Taro.redirectTo).toHaveBeenCalledWith({
      url: '/packages/catalog/product-details/index?title=Anti-CD3&catalogNumber=MA1-10175',
    })
    // session_key reaches no later request, no storage, no store
    const after = JSON.stringify([calls.slice(1), { ...localStorage }, useLogin.getState(), useSession.getState()])
    expect(after).not.toContain(SESSION_KEY)
    expect(toastSpy).not.toHaveBeenCalled()
  })

  it('no saved screen → /home', async () => {
    stubApi({
      'POST /wechat/login/miniprogram': { openid: 'o-abc', jwt: 'h.p.s' },
      'POST /wechat/login/token': {
        token: fakeToken({ sub: APPROVED_CN.userId, exp: inSeconds(600) }),
        expiresIn: 600,
      },
      'GET /users/info': userInfo,
    })
    await useLogin.getState().start('wechat-miniprogram')
    expect(Taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/home/index' })
  })

  it("Taro.login failing: 'wechat login failure', nothing sent to the server, no token", async () => {
    login.mockImplementation(() => Promise.reject({ errMsg: 'login:fail' }))
    const calls = stubApi({})
    await useLogin.getState().start('wechat-miniprogram')
    expect(toastSpy).toHaveBeenCalledWith('wechat login failure')
    expect(calls).toEqual([])
    expect(useLogin.getState()).toMatchObject({ phase: 'failed', error: 'wechat' })
    expect(storage.get(KEYS.authToken)).toBeNull()
  })

  it("the server refusing the openid/jwt: 'wechat login failure', no token, no navigation", async () => {
    stubApi({
      'POST /wechat/login/miniprogram': { openid: 'o-abc', jwt: 'h.p.s' },
      'POST /wechat/login/token': fail(401, 'UNAUTHORIZED'),
    })
    await useLogin.getState().start('wechat-miniprogram')
    expect(toastSpy).toHaveBeenCalledWith('wechat login failure')
    expect(storage.get(KEYS.authToken)).toBeNull()
    expect(Taro.redirectTo).not.toHaveBeenCalled()
    expect(Taro.reLaunch).not.toHaveBeenCalled()
  })

  it('in Chinese the failure reads 微信登录失败', async () => {
    useLocale.setState({ language: 'zh' })
    stubApi({ 'POST /wechat/login/miniprogram': fail(502, 'WECHAT_UNAVAILABLE') })
    await useLogin.getState().start('wechat-miniprogram')
    expect(toastSpy).toHaveBeenCalledWith('微信登录失败')
  })
})
