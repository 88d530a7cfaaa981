import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, RouteOptions } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Security headers of every response (helmet): Content-Security-Policy, X-Content-Type-Options
 * nosniff, Referrer-Policy, X-Frame-Options / frame-ancestors, Cross-Origin-Opener/Resource-Policy, and
 * Strict-Transport-Security on https requests only (a plain-http local server sends none).
 *
 * Policies by path:
 *  - the H5 site and the API (default): scripts from this origin only, plus the inline script of the
 *    built index.html by its hash (Taro's rem sizing); styles may be inline (Taro and React set style
 *    attributes); images and fonts from this origin or data:/blob:; frames from this origin (the chat
 *    stand-in) or the configured chat widget; never framed.
 *  - /api/docs (swagger-ui): its own scripts and styles from /api/docs/static, no inline script.
 *  - /media (product pictures): loadable from any origin (the mini-program's web views).
 *  - /__chat (chat stand-in): framed by the app's chat page, so same-origin framing is allowed.
 *  - /admin (the staff console, issue 25): its own scripts only, no inline script, nothing from elsewhere, never
 *    framed; inline styles are allowed (MUI writes its style elements at run time).
 *  - pages that carry their own stricter CSP (the sign-in pages at /oidc, the WeChat stand-in at
 *    /__wechat, the chat stand-in) keep it: a route's own header replaces the default.
 *
 * Register before any route (buildApp does it first): the per-path policies attach to routes as they
 * are declared. Each policy's headers are worked out once (at start, and per route that has its own
 * policy) and then set as they are; @fastify/helmet built a new helmet, parsing the CSP directives again,
 * on every request: 7% of a search request's CPU in issue 10's profile.
 */

type Directives = Record<string, string[]>

export interface SecurityHeadersOptions {
  /** the H5 build served by this server: the inline scripts of its index.html are allowed by hash */
  staticDir?: string | null
  /** the customer-service widget the chat page frames (CHAT_WIDGET_URL) */
  chatWidgetUrl?: string
}

const DOCS_PREFIX = '/api/docs'
const MEDIA_PREFIX = '/media/'
const CHAT_STANDIN = '/__chat'
export const CONSOLE_PREFIX = '/admin'
const HSTS = 'max-age=31536000; includeSubDomains'

/** 'sha256-…' sources of the inline <script> blocks of an HTML file (none when it is absent). */
export function inlineScriptHashes(htmlFile: string): string[] {
  if (!fs.existsSync(htmlFile)) return []
  const html = fs.readFileSync(htmlFile, 'utf8')
  const hashes: string[] = []
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '') || !m[2]) continue
    hashes.push(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`)
  }
  return hashes
}

const originOf = (url: string | undefined): string[] => {
  try {
    const u = new URL(url ?? '')
    return u.protocol === 'https:' || u.protocol === 'http:' ? [u.origin] : []
  } catch {
    return []
  }
}

const COMMON: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'script-src-attr': ["'none'"],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

/** The CSP of the H5 site and the API. */
export function appDirectives(opts: SecurityHeadersOptions): Directives {
  const index = opts.staticDir ? path.join(opts.staticDir, 'index.html') : null
  return {
    ...COMMON,
    'script-src': ["'self'", ...(index ? inlineScriptHashes(index) : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'frame-src': ["'self'", ...originOf(opts.chatWidgetUrl)],
  }
}

/** The CSP of the API reference page (swagger-ui at /api/docs; its assets under /api/docs/static). */
export const DOCS_DIRECTIVES: Directives = {
  ...COMMON,
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
}

/** The CSP of the staff console (/admin): stricter than the storefront's (no inline script, no frames at all). */
export const CONSOLE_DIRECTIVES: Directives = {
  ...COMMON,
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'frame-src': ["'none'"],
}

const csp = (directives: Directives): HelmetOptions['contentSecurityPolicy'] => ({ useDefaults: false, directives })

/** Helmet options of the routes whose path needs another policy than the default; undefined: the default. */
function routePolicy(url: string): HelmetOptions | undefined {
  if (url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`)) return { contentSecurityPolicy: csp(DOCS_DIRECTIVES) }
  if (url === CONSOLE_PREFIX || url.startsWith(`${CONSOLE_PREFIX}/`))
    return { contentSecurityPolicy: csp(CONSOLE_DIRECTIVES) }
  if (url.startsWith(MEDIA_PREFIX)) return { crossOriginResourcePolicy: { policy: 'cross-origin' } }
  if (url === CHAT_STANDIN || url.startsWith(`${CHAT_STANDIN}/`)) {
    return {
      contentSecurityPolicy: csp({ ...appDirectives({}), 'frame-ancestors': ["'self'"] }),
      xFrameOptions: { action: 'sameorigin' },
    }
  }
  return undefined
}

type Apply = (res: ServerResponse) => void
/** where a route with its own policy keeps that policy's headers */
const ROUTE_HEADERS = 'securityHeaders'

/**
 * The headers one helmet policy sets, worked out once: helmet's middleware run against a response that
 * only records what is set and removed (no directive of ours depends on the request: no nonces, no
 * functions), then applied as recorded on every response of that policy.
 */
function headersOf(options: HelmetOptions): Apply {
  const set: [string, string][] = []
  const removed: string[] = []
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.push([name, String(value)])
    },
    removeHeader: (name: string) => {
      removed.push(name)
    },
  }
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err
  })
  return (res) => {
    for (const name of removed) res.removeHeader(name)
    for (const [name, value] of set) res.setHeader(name, value)
  }
}

export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions = {}) {
  const base: HelmetOptions = {
    contentSecurityPolicy: csp(appDirectives(opts)),
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // sent below on https requests only
    strictTransportSecurity: false,
  }
  const standard = headersOf(base)
  app.addHook('onRoute', (route: RouteOptions) => {
    const policy = routePolicy(route.url)
    if (policy)
      route.config = {
        ...(route.config as object),
        [ROUTE_HEADERS]: headersOf({ ...base, ...policy } as HelmetOptions),
      } as RouteOptions['config']
  })
  // every request, routed or not (a 404 too); raw: also reaches the responses of the embedded OpenID
  // provider, which writes to the socket itself
  app.addHook('onRequest', (req, reply, done) => {
    const own = (req.routeOptions.config as unknown as Record<string, Apply | undefined> | undefined)?.[ROUTE_HEADERS]
    ;(own ?? standard)(reply.raw)
    if (req.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS)
    done()
  })
}
