import Taro from '@tarojs/taro'
import { getPersonaWithFallback } from '../../src/api/account'
import { useConfig, isFlagOn } from '../../src/store/config'
import { useLocale } from '../../src/store/locale'

type Call = { url: string; method: string }
let calls: Call[] = []
let answer: (path: string) => { statusCode: number; data: unknown }

beforeEach(() => {
  calls = []
  useLocale.setState({ language: 'en', country: 'in' })
  jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never)
  jest.spyOn(Taro, 'request').mockImplementation(((o: Call) => {
    calls.push(o)
    const path = o.url.replace('http://api.test/api', '').split('?')[0]
    return Promise.resolve({ header: {}, ...answer(path) })
  }) as never)
})
afterEach(() => jest.restoreAllMocks())

const okBody = (data: unknown) => ({ statusCode: 200, data: { success: true, code: '200', data } })

describe('persona (spec section 7: "GET /persona ... fallback GET /persona/getDSPersona")', () => {
  it('uses /persona when it answers', async () => {
    answer = () => okBody({ roles: ['Lab manager'], industries: [], interestAreas: [] })
    expect(await getPersonaWithFallback()).toEqual({ persona: { roles: ['Lab manager'], industries: [], interestAreas: [] }, fallback: false })
    expect(calls.map((c) => c.url)).toEqual(['http://api.test/api/persona'])
  })
  it('falls back to /persona/getDSPersona when /persona fails', async () => {
    answer = (p) => (p === '/persona' ? { statusCode: 500, data: { success: false, code: 'INTERNAL_ERROR' } } : okBody({ roles: ['Scientist'], industries: ['Academia'], interestAreas: [] }))
    expect(await getPersonaWithFallback()).toEqual({ persona: { roles: ['Scientist'], industries: ['Academia'], interestAreas: [] }, fallback: true })
    expect(calls.map((c) => c.url.replace('http://api.test/api', ''))).toEqual(['/persona', '/persona/getDSPersona'])
  })
})

describe('feature flags (spec section 7: GET /sys/dict/config, "each with dictValue \'1\' or \'0\'")', () => {
  it('reads ENABLE_ORDER_TAX and ENABLE_SIGN_IN_POPUP for the country', async () => {
    answer = () => okBody({ ENABLE_ORDER_TAX: { dictValue: '0', dictLabel: 'Order tax' }, ENABLE_SIGN_IN_POPUP: { dictValue: '1', dictLabel: 'Sign-in popup' } })
    await useConfig.getState().load('in')
    expect(calls[0].url).toBe('http://api.test/api/sys/dict/config?countryCode=in&dictionaryParentType=GLOBAL_SYS_INIT_CONFIG')
    const { flags } = useConfig.getState()
    expect(isFlagOn(flags, 'ENABLE_ORDER_TAX')).toBe(false)
    expect(isFlagOn(flags, 'ENABLE_SIGN_IN_POPUP')).toBe(true)
  })
  it('treats every flag as off when the config cannot be read', async () => {
    answer = () => ({ statusCode: 500, data: { success: false, code: 'INTERNAL_ERROR' } })
    await useConfig.getState().load('cn')
    expect(isFlagOn(useConfig.getState().flags, 'ENABLE_SIGN_IN_POPUP')).toBe(false)
  })
})
