/**
 * The compiled mini-program (TEST_WEAPP_DIR or dist/weapp) launched once in miniprogram-simulate
 * (official wcc compiler) against a real test server: what every weapp check shares.
 */
const path = require('node:path')
const http = require('node:http')
const { ROOT, startServer } = require('../support/server-process')
const { installMiniProgramGlobals } = require('./mp-env')

const DIST = process.env.TEST_WEAPP_DIR
  ? path.resolve(ROOT, process.env.TEST_WEAPP_DIR)
  : path.join(ROOT, 'dist', 'weapp')
/** the API base URL compiled into the build (the mini-program's requests are sent to the test server instead) */
const BUILD_BASE = 'http://127.0.0.1:3000'

/**
 * The real API server the checks talk to: the layer's shared one (global-setup.js), or one of the
 * caller's own when run outside this jest config. stop() ends only a server started here.
 */
async function testServer() {
  const origin = process.env.WEAPP_TEST_SERVER
  if (origin) return { origin, stop: async () => {} }
  return startServer()
}

/** A JSON call to the test server (node:http: jest's jsdom environment has no fetch). */
function call(origin, method, url, headers = {}, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      `${origin}${url}`,
      {
        method,
        headers: {
          ...headers,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let raw = ''
        res.on('data', (c) => {
          raw += c
        })
        res.on('end', () => {
          try {
            resolve(JSON.parse(raw))
          } catch {
            reject(new Error(`${method} ${url}: ${res.statusCode} ${raw.slice(0, 200)}`))
          }
        })
      },
    )
    req.on('error', reject)
    if (data) req.write(data)
    req.end()
  })
}
const getJson = (url, headers) => {
  const u = new URL(url)
  return call(u.origin, 'GET', `${u.pathname}${u.search}`, headers)
}

/** the WeChat stand-in's login code for the seeded user approved.cn (standin:<openid>) */
const APPROVED_CN_WECHAT_CODE = 'standin:oStandin-approved-cn'

/** wx.login as WeChat answers it: a code the server exchanges at code2session (here: the stand-in). */
function stubWechatLogin(code = APPROVED_CN_WECHAT_CODE) {
  global.wx.login = (o) => {
    const r = { code, errMsg: 'login:ok' }
    o.success && o.success(r)
    o.complete && o.complete(r)
  }
}

/**
 * Installs the mini-program globals, loads dist/app.js and launches the app on `path`.
 * `beforeLaunch(env)` may replace wx.* test doubles before the app captures them.
 * Returns the env (storage, requests, navigations ...) and helpers to open pages and wait.
 */
function launchApp({ apiOrigin, path: launchPath = 'pages/home/index', query = {}, beforeLaunch } = {}) {
  const env = installMiniProgramGlobals({ apiOrigin, buildBase: BUILD_BASE })
  if (beforeLaunch) beforeLaunch(env)
  const simulate = require('miniprogram-simulate')
  require(path.join(DIST, 'app.js'))
  const app = env.app()
  if (!app) throw new Error(`${DIST}/app.js registered no App()`)
  app.onLaunch.call(app, { path: launchPath, query })

  // A page's code runs once (jest keeps its module cached, so a second simulate.load would register
  // nothing): each page is loaded once and rendered as often as it is opened, as WeChat reuses a
  // Page() definition for every instance of that page.
  const loaded = new Map()
  /** Opens a page as onLoad would receive it (query values as the app's own links encode them). */
  const open = (page, pageQuery = {}) => {
    env.setRoute(page, pageQuery)
    if (!loaded.has(page))
      loaded.set(page, simulate.load(path.join(DIST, page), { rootPath: DIST, compiler: 'official' }))
    const comp = simulate.render(loaded.get(page))
    comp.attach(document.createElement('parent-wrapper'))
    return comp
  }

  /** Polls until check() is truthy or ms pass; returns its last value. */
  const until = async (check, ms = 30000, step = 50) => {
    const end = Date.now() + ms
    while (!check() && Date.now() < end) await simulate.sleep(step)
    return check()
  }

  /**
   * Waits for a page to settle: no request in flight and its text unchanged for quietMs.
   * Returns false if it is still changing after maxMs.
   */
  const settle = async (comp, { quietMs = 400, maxMs = 20000, step = 50 } = {}) => {
    const end = Date.now() + maxMs
    let last = null
    let since = Date.now()
    while (Date.now() < end) {
      await simulate.sleep(step)
      const text = comp.dom.textContent
      if (text !== last || env.pending() > 0) {
        last = text
        since = Date.now()
        continue
      }
      if (Date.now() - since >= quietMs) return true
    }
    return false
  }

  /** request URLs without the build's base URL */
  const requestPaths = () => env.requests.map((r) => r.url.replace(BUILD_BASE, ''))

  /**
   * Logs the seeded user approved.cn in as a WeChat user does: My, the WeChat button (wx.login must be
   * stubbed: stubWechatLogin), until My shows the user's ship-to account; the token is stored.
   */
  const logInOnMy = async () => {
    const comp = open('pages/my/index')
    expect(await until(() => !!comp.querySelector('.login-buttons__wechat'))).toBe(true)
    comp.querySelector('.login-buttons__wechat').dispatchEvent('tap')
    expect(await until(() => comp.dom.textContent.includes('1000001'))).toBe(true) // the user's ship-to account
    expect(env.storage.get('authToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    comp.detach()
  }

  return { env, simulate, app, open, until, settle, requestPaths, logInOnMy }
}

/**
 * For one describe block: the test server, started before the block's tests (its `origin` is set by then) and
 * stopped after them.
 */
function useTestServer() {
  let server = null
  beforeAll(async () => {
    server = await testServer()
  })
  afterAll(async () => {
    await server?.stop()
  })
  return {
    get origin() {
      return server.origin
    },
  }
}

/**
 * For one describe block: the test server (useTestServer), and the app launched on it at `path` with WeChat's
 * login stubbed, started before the block's tests (`server` and `h`, launchApp's answer, are set by then).
 */
function appOnTestServer(path) {
  const sim = { server: useTestServer(), h: null }
  beforeAll(() => {
    sim.h = launchApp({ apiOrigin: sim.server.origin, path, beforeLaunch: () => stubWechatLogin() })
  })
  return sim
}

module.exports = {
  DIST,
  BUILD_BASE,
  testServer,
  call,
  getJson,
  stubWechatLogin,
  launchApp,
  useTestServer,
  appOnTestServer,
}
