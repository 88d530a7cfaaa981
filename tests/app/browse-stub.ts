import Taro from '@tarojs/taro'
import { useSession } from '../../src/store/auth/session'
import { useLocale } from '../../src/store/locale'

/**
 * Test double of the API boundary for the browse screens' component tests: Taro.request answers
 * from a table of path handlers with the server's envelope. Nothing of the app above the request
 * layer is stubbed. A handler may return a body, `{ status, body }` for a failure, or a promise
 * (to hold a response back while the test looks at the loading state).
 */
export type Call = { url: string; method: string; header: Record<string, string>; path: string; query: URLSearchParams }
type Reply = unknown | { __status: number; body?: unknown }
export type Handler = (call: Call) => Reply | Promise<Reply>

export const fail = (status = 500, code = 'INTERNAL_ERROR') => ({
  __status: status,
  body: { success: false, code, message: 'failed', statusCode: status },
})

export function stubApi(handlers: Record<string, Handler>) {
  const calls: Call[] = []
  jest.spyOn(Taro, 'request').mockImplementation(((opts: {
    url: string
    method?: string
    header: Record<string, string>
  }) => {
    const u = new URL(opts.url)
    const path = u.pathname.replace(/^\/api/, '')
    const call: Call = { url: opts.url, method: opts.method ?? 'GET', header: opts.header, path, query: u.searchParams }
    calls.push(call)
    const h = handlers[path] ?? (path === '/sys/dict/config' ? () => ({}) : undefined)
    return Promise.resolve(h ? h(call) : fail(404, 'NOT_FOUND')).then((r) => {
      const failed = r && typeof r === 'object' && '__status' in (r as object)
      if (failed) {
        const f = r as { __status: number; body?: unknown }
        return { statusCode: f.__status, header: {}, data: f.body ?? { success: false, code: 'INTERNAL_ERROR' } }
      }
      return { statusCode: 200, header: {}, data: { success: true, code: '200', message: 'ok', data: r } }
    })
  }) as never)
  return {
    calls,
    to: (path: string) => calls.filter((c) => c.path === path),
  }
}

/** A deferred reply: the test decides when the server "answers". */
export function later<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

export const product = (i: number, over: object = {}) => ({
  sku: `SKU-${i}`,
  catalogNumber: `MA1-${10000 + i}`,
  productTitle: `Anti-CD${i} Monoclonal Antibody (OKT${i})`,
  size: '100 µg',
  brand: 'Invitrogen',
  image: `/media/products/MA1-${10000 + i}`,
  currency: 'CNY',
  listPrice: 3000 + i,
  price: { amount: 3000 + i, priceType: 'list' },
  priceAccess: { status: 'orderable' },
  leadTarget: false,
  ...over,
})

export const productPage = (page: number, pageSize: number, total: number, make = product) => {
  const from = (page - 1) * pageSize
  const n = Math.max(0, Math.min(pageSize, total - from))
  return { items: Array.from({ length: n }, (_, k) => make(from + k + 1)), page, pageSize, total }
}

/** Lets pending promises and React effects run. */
export const flush = (ms = 0) => new Promise((r) => setTimeout(r, ms))

/** The route the app navigated to last (navigateTo / reLaunch / redirectTo spied). */
export function spyNavigation() {
  const urls: string[] = []
  const rec = (o: { url: string }) => {
    urls.push(o.url)
    return Promise.resolve({ errMsg: 'ok' })
  }
  jest.spyOn(Taro, 'navigateTo').mockImplementation(rec as never)
  jest.spyOn(Taro, 'reLaunch').mockImplementation(rec as never)
  jest.spyOn(Taro, 'redirectTo').mockImplementation(rec as never)
  return urls
}

export const queryOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''))

/**
 * Unmounts the page the test opened, so that it stops reacting to the shared stores while the
 * next test runs (each test builds a new app; the old one would otherwise stay subscribed).
 */
export async function closePage() {
  const { Current } = require('@tarojs/runtime')
  const app = Current.app as { unmount?: (id: string, cb: () => void) => void } | null
  const page = Current.page as { $taroPath?: string } | null
  if (app?.unmount && page?.$taroPath)
    await Promise.race([new Promise<void>((r) => app.unmount!(page.$taroPath!, r)), flush(500)])
}

/**
 * For a describe block of browse-screen tests: before each test a visitor (no session fetched yet, empty local
 * storage) in English in China, with `resetStores` run first; after each, the page closed (closePage), every
 * mock restored and the address back at '#/'.
 */
export function browseTests(resetStores: () => void) {
  beforeEach(() => {
    localStorage.clear()
    useSession.setState({ status: 'FETCHING_USER_NO', userInfo: null, spCenterStatus: null, defaultSC: null })
    resetStores()
    useLocale.setState({ language: 'en', country: 'cn' })
  })
  afterEach(async () => {
    await closePage()
    jest.restoreAllMocks()
    window.history.replaceState(null, '', '#/')
  })
}
