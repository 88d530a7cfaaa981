import net from 'node:net'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Kysely } from 'kysely'
import { buildApp } from '../../server/app'
import type { DB } from '../../server/db/schema'
import type { AuthOptions } from '../../server/domains/auth/config'
import { TEST_JWT_SECRET } from './helpers'

/** Helpers of the login tests: a real listening server and a tiny browser (cookie jar, manual redirects). */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export interface LoginServer {
  app: FastifyInstance
  origin: string
  close(): Promise<void>
}

/** buildApp on a real port, its PUBLIC_URL set to it (the OIDC and WeChat redirects need real HTTP). */
export async function startLoginServer(db: Kysely<DB>, auth: AuthOptions = {}): Promise<LoginServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const app = buildApp({ db, jwtSecret: TEST_JWT_SECRET, auth: { publicUrl: origin, ...auth } })
  await app.listen({ port, host: '127.0.0.1' })
  return { app, origin, close: () => app.close() }
}

interface Cookie {
  value: string
  path: string
}

export class Browser {
  private jar = new Map<string, Cookie>()
  constructor(
    readonly origin: string,
    readonly headers: Record<string, string> = {},
  ) {}

  private cookieHeader(url: URL): string {
    return [...this.jar.entries()]
      .filter(
        ([, c]) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : c.path + '/') ||
          c.path === '/',
      )
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ')
  }

  private store(res: Response, url: URL) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim())
      const i = pair.indexOf('=')
      const name = pair.slice(0, i)
      const value = pair.slice(i + 1)
      let path = url.pathname
      let expired = false
      for (const a of attrs) {
        const [k, v] = a.split('=')
        if (k.toLowerCase() === 'path') path = v
        if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true
        if (k.toLowerCase() === 'expires' && new Date(v).getTime() < Date.now()) expired = true
      }
      if (expired || value === '') this.jar.delete(name)
      else this.jar.set(name, { value, path })
    }
  }

  /** One request, no redirect following. */
  async request(
    pathOrUrl: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const url = new URL(pathOrUrl, this.origin)
    const headers: Record<string, string> = { ...this.headers, ...init.headers }
    const cookie = this.cookieHeader(url)
    if (cookie) headers.cookie = cookie
    let body: string | undefined
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    }
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    })
    this.store(res, url)
    return {
      res,
      url,
      location: res.headers.get('location') ? new URL(res.headers.get('location')!, url) : null,
      text: await res.text(),
    }
  }

  /**
   * Follows redirects until a page answers or the browser is sent to an app route (stopAt paths,
   * e.g. /login-callback: the app's, not the server's). Returns the last response and the visited URLs.
   */
  async follow(
    pathOrUrl: string,
    init: { form?: Record<string, string> } = {},
    stopAt = ['/login-callback', '/wechat-login'],
  ) {
    const visited: URL[] = []
    let r = await this.request(pathOrUrl, init)
    visited.push(r.url)
    for (let i = 0; i < 15 && r.location; i++) {
      if (stopAt.includes(r.location.pathname)) return { ...r, appRoute: r.location, visited }
      r = await this.request(r.location.href)
      visited.push(r.url)
    }
    return { ...r, appRoute: null as URL | null, visited }
  }
}

/** action URLs of the POST forms of a page (HTML-unescaped), resolved against its URL. */
export function formActions(html: string, base: URL): URL[] {
  return [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map(
    (m) => new URL(m[1].replace(/&amp;/g, '&').replace(/&#38;/g, '&'), base),
  )
}

/** The hidden inputs of the form that contains `marker` (stand-in pages: one form per user and choice). */
export function formContaining(
  html: string,
  marker: string,
  base: URL,
): { action: URL; fields: Record<string, string> } {
  const forms = html
    .split('<form ')
    .slice(1)
    .map((f) => f.slice(0, f.indexOf('</form>')))
  const f = forms.find((x) => x.includes(marker))
  if (!f) throw new Error(`no form containing ${marker}`)
  const unescape = (s: string) =>
    s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&')
  const action = new URL(unescape(/action="([^"]+)"/.exec(f)![1]), base)
  const fields: Record<string, string> = {}
  for (const m of f.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]] = unescape(m[2])
  return { action, fields }
}

export interface LoginEnv {
  handle: import('../../server/db').DbHandle
  srv: LoginServer
}

/**
 * `fn` with an app on the login server's database whose per-IP limit of the login routes is `apiPerIp`
 * (closed after), and `statusCodes(n, request)`: the status codes of `n` such requests in a row.
 */
export async function withRateLimitedApp(
  env: LoginEnv,
  apiPerIp: number,
  fn: (app: FastifyInstance, statusCodes: (n: number, request: InjectOptions) => Promise<number[]>) => Promise<void>,
): Promise<void> {
  const app = buildApp({
    db: env.handle.db,
    jwtSecret: TEST_JWT_SECRET,
    auth: { publicUrl: env.srv.origin, rateLimits: { apiPerIp } },
  })
  const statusCodes = async (n: number, request: InjectOptions) => {
    const codes: number[] = []
    for (let i = 0; i < n; i++) codes.push((await app.inject(request)).statusCode)
    return codes
  }
  try {
    await fn(app, statusCodes)
  } finally {
    await app.close()
  }
}
