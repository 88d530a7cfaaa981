/**
 * Taro.request stubbed at the API-client boundary for the product-screen tests: each test names
 * the answers of the paths it needs; every call is recorded (url, method, body, headers, order).
 */
import Taro from '@tarojs/taro'
import TestUtils from '../support/taro4-test-utils'
import { useSession } from '../../src/store/auth/session'

export interface StubCall {
  url: string
  path: string
  method: string
  data: any
  header: Record<string, string>
  query: Record<string, string>
}
export type StubAnswer = unknown | { status: number; body: unknown } | ((call: StubCall) => unknown)
export const fail = (status: number, code = 'INTERNAL_ERROR') => ({
  status,
  body: { success: false, code, message: code, statusCode: status },
})

const isStatusAnswer = (a: unknown): a is { status: number; body: unknown } =>
  !!a && typeof a === 'object' && 'status' in (a as object) && 'body' in (a as object)

export function stubApi(routes: Record<string, StubAnswer>) {
  const calls: StubCall[] = []
  jest.spyOn(Taro, 'request').mockImplementation(((opts: {
    url: string
    method?: string
    data?: unknown
    header?: Record<string, string>
  }) => {
    const u = new URL(opts.url)
    const path = u.pathname.replace(/^\/api/, '')
    const call: StubCall = {
      url: opts.url,
      path,
      method: opts.method ?? 'GET',
      data: opts.data,
      header: opts.header ?? {},
      query: Object.fromEntries(u.searchParams.entries()),
    }
    calls.push(call)
    const key = `${call.method} ${path}`
    let answer = key in routes ? routes[key] : path in routes ? routes[path] : undefined
    if (typeof answer === 'function') answer = (answer as (c: StubCall) => unknown)(call)
    return Promise.resolve(answer).then((a) => {
      if (a === undefined)
        return {
          statusCode: 404,
          header: {},
          data: { success: false, code: 'NOT_FOUND', message: 'not found', statusCode: 404 },
        }
      if (isStatusAnswer(a)) return { statusCode: a.status, header: {}, data: a.body }
      return { statusCode: 200, header: {}, data: { success: true, code: '200', message: 'ok', data: a } }
    })
  }) as never)
  return calls
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---------- the app, opened at a page (one app per test file) ----------

/** the page on screen (Taro keeps the entry page's first instance in the DOM; it is not the current one) */
export const current = (): HTMLElement => {
  const path = (Taro.getCurrentInstance().page as { path?: string } | null)?.path
  return (path && document.getElementById(path)) || document.body
}
export const q = (sel: string) => current().querySelector(sel) as HTMLElement | null
export const qa = (sel: string) => Array.from(current().querySelectorAll(sel)) as HTMLElement[]
export const text = () => current().textContent ?? ''
export async function waitText(t: string, ms = 5000) {
  const end = Date.now() + ms
  while (!text().includes(t)) {
    if (Date.now() > end) throw new Error(`"${t}" did not appear; page shows: ${text().slice(0, 400)}`)
    await sleep(20)
  }
}
export async function waitFor(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen; page shows: ${text().slice(0, 400)}`)
    await sleep(20)
  }
}

/**
 * One app per test file (routers of earlier apps would keep rendering into the page): the first
 * call starts it at `page`; later calls reLaunch. The session is fetched again as at launch.
 */
let app: TestUtils | null = null
export async function openPage(page: string, params: Record<string, string> = {}) {
  const qs = new URLSearchParams(params).toString()
  const url = `/${page}${qs ? `?${qs}` : ''}`
  if (!app) {
    window.location.hash = `#${url}`
    app = new TestUtils()
    await app.createApp(page)
  } else {
    await app.act(async () => {
      await Taro.reLaunch({ url })
    })
  }
  await app.act(async () => {
    await useSession.getState().fetchUser()
  })
  return app
}
