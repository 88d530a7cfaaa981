import Taro from '@tarojs/taro'
import { useSession } from '../../src/store/auth/session'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { tokenCookie } from '../../src/platform/cookie'
import { useLocale } from '../../src/store/locale'
import { persistStorage } from '../../src/platform/storage'
import { fakeToken, inSeconds } from '../support/tokens'

type Call = { url: string; method: string; header: Record<string, string>; data?: any }
const USER = {
  userProfile: {
    userId: 'U1001',
    userName: 'approved.cn',
    firstName: 'Wei',
    lastName: 'Zhang',
    siebelRowId: '1-ABC',
    cdcUid: 'cdc-1',
    contactInfo: { primaryEmail: 'wei@lab.cn', phone: '+8613800000000', country: { isoCode: 'CN' }, maCountry: 'CN' },
  },
  userRoles: { registrationStatus: 'Siebel Approved', accountType: 'customer', blackListed: false },
  accountNumber: '1000001',
  allShipToBillToAddresses: [],
  creditRecords: [],
  spCenter: { defaultSC: { supplyCenterId: 'SC-SH-01', shipToNum: '1000001', operationStatus: 'Normal' } },
  analyticsClientId: 'GA1.1.1',
  country: 'cn',
  language: 'zh',
}

let calls: Call[] = []
let usersInfo: { statusCode: number; data: unknown }
const toasts: { title: string; duration: number }[] = []

beforeEach(() => {
  calls = []
  toasts.length = 0
  localStorage.clear()
  sessionStorage.clear()
  tokenCookie.remove()
  useLocale.setState({ language: 'en', country: 'cn', pickedCountry: null, accountCountry: null })
  useSession.setState({ status: 'FETCHING_USER_NO', userInfo: null, spCenterStatus: null, defaultSC: null })
  usersInfo = { statusCode: 200, data: { success: true, code: '200', data: USER } }
  jest.spyOn(Taro, 'request').mockImplementation(((opts: Call) => {
    calls.push(opts)
    const res = opts.url.includes('/users/info')
      ? usersInfo
      : { statusCode: 200, data: { success: true, code: '200', data: { id: 1 } } }
    return Promise.resolve({ header: {}, ...res })
  }) as never)
  // a page is on screen (toasts raised before the first page wait for it: see toast.test.ts)
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {}, router: null, app: null } as never)
  jest.spyOn(Taro, 'showToast').mockImplementation(((o: { title: string; duration: number }) => {
    toasts.push(o)
    return Promise.resolve()
  }) as never)
})
afterEach(() => jest.restoreAllMocks())

describe('session store (spec section 4)', () => {
  it('runs FETCHING_USER_NO -> FETCHING_USER -> USER_FETCHED, and the SP-centre states', async () => {
    storage.set(KEYS.authToken, fakeToken({ sub: 'U1001', exp: inSeconds(3600) }))
    const seen: string[] = []
    const off = useSession.subscribe((s) => seen.push(`${s.status}/${s.spCenterStatus}`))
    expect(useSession.getState().status).toBe('FETCHING_USER_NO')
    await useSession.getState().fetchUser()
    off()
    expect(seen).toEqual(['FETCHING_USER/FETCHING_SP_CENTER', 'USER_FETCHED/SP_CENTER_FETCHED'])
    expect(useSession.getState().userInfo?.userProfile.userName).toBe('approved.cn')
    expect(useSession.getState().defaultSC?.supplyCenterId).toBe('SC-SH-01')
    expect(storage.get(KEYS.userId)).toBe('U1001')
  })

  it('"With no valid token the user is anonymous (info null)" and /users/info is not called', async () => {
    await useSession.getState().fetchUser()
    expect(useSession.getState()).toMatchObject({ status: 'USER_FETCHED', userInfo: null })
    expect(calls).toHaveLength(0)
  })

  it('GET /users/info failure: POST /users/errorTracking, then logout with "Session Expired, please login again." (3 s)', async () => {
    const token = fakeToken({ sub: 'U1001', exp: inSeconds(3600) })
    storage.set(KEYS.authToken, token)
    usersInfo = {
      statusCode: 401,
      data: { success: false, code: 'TOKEN_INVALID', message: 'Invalid token', statusCode: 401 },
    }
    await useSession.getState().fetchUser()
    expect(calls.map((c) => `${c.method} ${c.url.replace('http://api.test/api', '')}`)).toEqual([
      'GET /users/info',
      'POST /users/errorTracking',
    ])
    const report = calls[1].data
    expect(report.response).toMatchObject({ code: 'TOKEN_INVALID' })
    expect(report.tokens).toMatchObject({ hasStoredToken: true })
    expect(JSON.stringify(report)).not.toContain(token) // the raw token never leaves in a report
    expect(useSession.getState()).toMatchObject({ status: 'USER_FETCHED', userInfo: null })
    expect(storage.get(KEYS.authToken)).toBeNull()
    expect(toasts).toEqual([{ title: 'Session Expired, please login again.', icon: 'none', duration: 3000 }])
  })

  it('an expired token shows "Your session is expired. Please login again" and leaves the user anonymous', async () => {
    storage.set(KEYS.authToken, fakeToken({ sub: 'U1001', exp: inSeconds(-1) }))
    await useSession.getState().fetchUser()
    expect(toasts.map((t) => t.title)).toEqual(['Your session is expired. Please login again'])
    expect(useSession.getState().userInfo).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it("persists the locale through Taro storage, treating getStorageSync's '' as missing", () => {
    expect(persistStorage.getItem('never-set')).toBeNull()
    useLocale.getState().setLanguage('zh-TW')
    expect(JSON.parse(persistStorage.getItem('locale')!).state).toEqual({
      language: 'zh',
      pickedCountry: null,
      accountCountry: null,
    })
  })
})

describe('the country of a logged-in user (spec section 1: "Logged-in users have a country, language, ...")', () => {
  const IN_USER = { ...USER, userProfile: { ...USER.userProfile, userName: 'approved.in' }, country: 'in' }
  const logIn = () => storage.set(KEYS.authToken, fakeToken({ sub: 'U1001', exp: inSeconds(3600) }))
  const countryHeaders = () => calls.map((c) => c.header.countrycode)

  it("login and revalidation adopt the account's country: approved.in sees in (INR) without touching My; logout drops it", async () => {
    usersInfo = { statusCode: 200, data: { success: true, code: '200', data: IN_USER } }
    logIn()
    await useSession.getState().fetchUser()
    expect(useLocale.getState().country).toBe('in')
    // the next calls carry the account's country
    await useSession.getState().fetchUser()
    expect(countryHeaders().at(-1)).toBe('in')
    useSession.getState().logout()
    expect(useLocale.getState().country).toBe('cn')
  })

  it("the country picked on My overrides the account's, also after revalidation and logout", async () => {
    usersInfo = { statusCode: 200, data: { success: true, code: '200', data: IN_USER } }
    logIn()
    await useSession.getState().fetchUser()
    useLocale.getState().setCountry('cn')
    await useSession.getState().fetchUser()
    expect(useLocale.getState().country).toBe('cn')
    useSession.getState().logout()
    useLocale.getState().setCountry('in')
    expect(useLocale.getState().country).toBe('in')
  })

  it('an account country is kept across a reload (no flash of cn prices); an old saved pick still counts as a pick', async () => {
    usersInfo = { statusCode: 200, data: { success: true, code: '200', data: IN_USER } }
    logIn()
    await useSession.getState().fetchUser()
    // a reload: the app starts from the defaults and reads what was saved
    const saved = persistStorage.getItem('locale')!
    useLocale.setState({ country: 'cn', accountCountry: null })
    persistStorage.setItem('locale', saved)
    await useLocale.persist.rehydrate()
    expect(useLocale.getState()).toMatchObject({ country: 'in', accountCountry: 'in', pickedCountry: null })
    // what version 0 saved: { language, country }
    persistStorage.setItem('locale', JSON.stringify({ state: { language: 'en', country: 'in' }, version: 0 }))
    await useLocale.persist.rehydrate()
    expect(useLocale.getState()).toMatchObject({ country: 'in', pickedCountry: 'in', accountCountry: null })
    persistStorage.setItem('locale', JSON.stringify({ state: { language: 'en', country: 'cn' }, version: 0 }))
    await useLocale.persist.rehydrate()
    expect(useLocale.getState()).toMatchObject({ country: 'cn', pickedCountry: null })
  })
})
