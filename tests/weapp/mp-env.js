/**
 * What miniprogram-simulate does not emulate, provided for the compiled Taro app: the App/Page
 * registration globals, and the few wx.* APIs the app calls. wx.request is a real HTTP request
 * to the real test server (the build's base URL is pointed at it).
 */
const http = require('node:http')

function installMiniProgramGlobals({ apiOrigin, buildBase = 'http://127.0.0.1:3000' }) {
  const storage = new Map()
  const requests = []
  const toasts = []
  /** wx.navigateTo / redirectTo / reLaunch calls, in order: { api, url } */
  const navigations = []
  /** every setData a page sent to the view, in order: { route, bytes } (bytes of JSON.stringify(data), as WeChat counts them) */
  const setDataCalls = []
  let inFlight = 0
  let appInst
  let currentRoute = 'pages/home/index'
  let currentQuery = {}

  global.App = (cfg) => {
    appInst = cfg
  }
  global.getApp = () => appInst
  global.getCurrentPages = () => [{ route: currentRoute }]
  global.Page = (cfg) => {
    const methods = {}
    for (const k of Object.keys(cfg)) if (typeof cfg[k] === 'function') methods[k] = cfg[k]
    global.Component({
      data: cfg.data || {},
      methods,
      lifetimes: {
        attached() {
          this.route = this.__route__ = currentRoute
          // Taro's runtime sends each render to the view through the page's setData (root.ctx = this)
          const route = currentRoute
          const setData = this.setData
          this.setData = function recordedSetData(data, cb) {
            setDataCalls.push({ route, bytes: Buffer.byteLength(JSON.stringify(data)) })
            return setData.call(this, data, cb)
          }
          cfg.onLoad.call(this, { ...currentQuery })
          cfg.onShow && cfg.onShow.call(this)
          cfg.onReady && cfg.onReady.call(this)
        },
        // leaving a page (redirect, reLaunch, back) unloads it: Taro unmounts the React tree
        detached() {
          cfg.onUnload && cfg.onUnload.call(this)
        },
      },
    })
  }

  const ok = (o, res) => {
    o && o.success && o.success(res)
    o && o.complete && o.complete(res)
  }
  // the simulator has no page stack: a navigation is recorded and becomes the current route
  const navigate = (api, o) => {
    navigations.push({ api, url: o.url })
    currentRoute = o.url.replace(/^\//, '').split('?')[0]
    ok(o, { errMsg: `${api}:ok` })
  }
  global.wx = {
    getStorageSync: (k) => (storage.has(k) ? storage.get(k) : ''),
    setStorageSync: (k, v) => {
      storage.set(k, v)
    },
    removeStorageSync: (k) => {
      storage.delete(k)
    },
    getStorage: (o) => ok(o, { data: storage.get(o.key) }),
    setStorage: (o) => {
      storage.set(o.key, o.data)
      ok(o, {})
    },
    showToast: (o) => {
      toasts.push(o)
      ok(o, {})
    },
    reLaunch: (o) => navigate('reLaunch', o),
    navigateTo: (o) => navigate('navigateTo', o),
    redirectTo: (o) => navigate('redirectTo', o),
    request(o) {
      const url = new URL(o.url.replace(buildBase, apiOrigin))
      const body = o.data === undefined ? undefined : JSON.stringify(o.data)
      const rec = { url: o.url, method: o.method || 'GET', header: { ...o.header } }
      requests.push(rec)
      inFlight++
      let settled = false
      const done = () => {
        if (!settled) {
          settled = true
          inFlight--
        }
      }
      const req = http.request(
        url,
        {
          method: rec.method,
          headers: { ...o.header, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
        },
        (res) => {
          let raw = ''
          res.setEncoding('utf8')
          res.on('data', (c) => {
            raw += c
          })
          res.on('end', () => {
            let data = raw
            try {
              data = JSON.parse(raw)
            } catch {
              /* not JSON */
            }
            const out = { statusCode: res.statusCode, header: res.headers, data, errMsg: 'request:ok' }
            done()
            o.success && o.success(out)
            o.complete && o.complete(out)
          })
        },
      )
      req.on('error', (e) => {
        done()
        const err = { errMsg: `request:fail ${e.message}` }
        o.fail && o.fail(err)
        o.complete && o.complete(err)
      })
      if (body) req.write(body)
      req.end()
      return { abort: () => req.destroy(), onHeadersReceived() {}, offHeadersReceived() {} }
    },
  }
  /** the page the next simulate.render() opens, and its query (what onLoad receives) */
  const setRoute = (route, query = {}) => {
    currentRoute = route
    currentQuery = query
  }
  /** requests sent and not answered yet */
  const pending = () => inFlight
  return { storage, requests, toasts, navigations, setDataCalls, pending, app: () => appInst, setRoute }
}

module.exports = { installMiniProgramGlobals }
