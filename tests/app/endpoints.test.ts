import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import Taro from '@tarojs/taro'
import type { CartCouponResult, CartEndpoints, MembershipEndpoints } from '../../types'
import { createFetch, pathOf } from '../../src/api/client'
import { removeCartCoupon } from '../../src/api/cart'
import { getPersonaWithFallback } from '../../src/api/account'
import { useConfig, isFlagOn } from '../../src/store/platform/config'
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
    expect(await getPersonaWithFallback()).toEqual({
      persona: { roles: ['Lab manager'], industries: [], interestAreas: [] },
      fallback: false,
    })
    expect(calls.map((c) => c.url)).toEqual(['http://api.test/api/persona'])
  })
  it('falls back to /persona/getDSPersona when /persona fails', async () => {
    answer = (p) =>
      p === '/persona'
        ? { statusCode: 500, data: { success: false, code: 'INTERNAL_ERROR' } }
        : okBody({ roles: ['Scientist'], industries: ['Academia'], interestAreas: [] })
    expect(await getPersonaWithFallback()).toEqual({
      persona: { roles: ['Scientist'], industries: ['Academia'], interestAreas: [] },
      fallback: true,
    })
    expect(calls.map((c) => c.url.replace('http://api.test/api', ''))).toEqual(['/persona', '/persona/getDSPersona'])
  })
})

describe("feature flags (spec section 7: GET /sys/dict/config, \"each with dictValue '1' or '0'\")", () => {
  it('reads ENABLE_ORDER_TAX and ENABLE_SIGN_IN_POPUP for the country', async () => {
    answer = () =>
      okBody({
        ENABLE_ORDER_TAX: { dictValue: '0', dictLabel: 'Order tax' },
        ENABLE_SIGN_IN_POPUP: { dictValue: '1', dictLabel: 'Sign-in popup' },
      })
    await useConfig.getState().load('in')
    expect(calls[0].url).toBe(
      'http://api.test/api/sys/dict/config?countryCode=in&dictionaryParentType=GLOBAL_SYS_INIT_CONFIG',
    )
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

/**
 * Every call of the app is typed from the endpoint tables (types/endpoint.ts): the method, the path, what it sends
 * and what it answers come from its domain's table, and the app imports the tables as types only (their TypeBox
 * schemas stay out of the bundle).
 */
const ROOT = path.resolve(__dirname, '../..')
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    )
}

const TABLE_TYPE = /^\w+Endpoints\['\w+'\]$/

/** What breaks the rules in one file: a value import of a table, a call whose types are not an entry of a table. */
function offences(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const out: string[] = []
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n) && n.importClause && !n.importClause.isTypeOnly) {
      const spec = (n.moduleSpecifier as ts.StringLiteral).text
      const bindings = n.importClause.namedBindings
      const values =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.filter((el) => !el.isTypeOnly).map((el) => el.name.text)
          : []
      if (/\/endpoints?$/.test(spec) || values.some((v) => /Endpoints$/.test(v)))
        out.push(`${at(n)} imports the tables as values`)
    }
    if (
      ts.isCallExpression(n) &&
      ts.isIdentifier(n.expression) &&
      ['createFetch', 'createQueryPost', 'apiRequest', 'pathOf'].includes(n.expression.text)
    ) {
      const name = n.expression.text
      const args = (n.typeArguments ?? []).map((a) => a.getText(sf))
      const ok =
        name === 'apiRequest'
          ? args.length === 1 &&
            /^AnswerOf<(.*)>$/.test(args[0]) &&
            TABLE_TYPE.test(args[0].slice('AnswerOf<'.length, -1))
          : name === 'pathOf'
            ? args.length === 1 && /^\w+Endpoints\['\w+'\]\['path'\]$/.test(args[0])
            : args.length === 1 && TABLE_TYPE.test(args[0])
      if (!ok) out.push(`${at(n)} ${name}<${args.join(', ')}> is not typed by an endpoint of the tables`)
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return out
}

describe('every call is typed from the endpoint tables (types/<domain>/endpoints.ts)', () => {
  it('src/api types each call by its endpoint, and src/ imports the tables as types only', () => {
    const files = filesUnder('src').filter((f) => f !== path.join('src', 'api', 'client.ts'))
    expect(files.flatMap((f) => offences(f, fs.readFileSync(path.join(ROOT, f), 'utf8')))).toEqual([])
    const calls = filesUnder(path.join('src', 'api')).map(
      (f) => fs.readFileSync(path.join(ROOT, f), 'utf8').match(/createFetch</g)?.length ?? 0,
    )
    expect(calls.reduce((a, b) => a + b, 0)).toBeGreaterThan(90)
  })

  it('the check is not blind: a value import of a table and hand-named types are caught', () => {
    const sample = [
      "import { cartEndpoints } from '../../types/cart/endpoints'",
      "import { type Cart, OrderEndpoints } from '../../types'",
      "export const a = createFetch<{ code: string }, Cart>('POST', '/cart/coupon/remove')",
      "export const b = apiRequest<Cart>({ path: '/cart/query' })",
      "export const c = createFetch<CartEndpoints['queryCart']>('GET', '/cart/query')",
    ].join('\n')
    expect(offences('sample.ts', sample)).toEqual([
      'sample.ts:1 imports the tables as values',
      'sample.ts:2 imports the tables as values',
      'sample.ts:3 createFetch<{ code: string }, Cart> is not typed by an endpoint of the tables',
      'sample.ts:4 apiRequest<Cart> is not typed by an endpoint of the tables',
    ])
  })
})

/**
 * A call and its endpoint cannot disagree: each line below is a compile error, and `npm test`'s typecheck (tsc)
 * fails the day one of them compiles (an unused @ts-expect-error is an error). Never called.
 */
export async function mismatchesThatDoNotCompile() {
  // @ts-expect-error removing a coupon answers the cart as it now stands, not a coupon verdict
  const verdict: CartCouponResult = await removeCartCoupon({ code: 'X' })
  // @ts-expect-error another path than the endpoint's
  const wrongPath = createFetch<CartEndpoints['removeCoupon']>('POST', '/cart/coupon/apply')
  // @ts-expect-error another method than the endpoint's
  const wrongMethod = createFetch<CartEndpoints['removeCoupon']>('GET', '/cart/coupon/remove')
  // @ts-expect-error a body the endpoint does not take
  const wrongBody = await removeCartCoupon({ coupon: 'X' })
  // @ts-expect-error a path parameter of another name than the path's
  const wrongParam = pathOf<MembershipEndpoints['gift']['path']>('/membership/gifts/:id', { giftId: 'G1' })
  const gift = createFetch<MembershipEndpoints['gift']>('GET', '/membership/gifts/:id')
  // @ts-expect-error an endpoint with a path parameter is called with it
  const noParams = await gift()
  return [verdict, wrongPath, wrongMethod, wrongBody, wrongParam, noParams]
}
