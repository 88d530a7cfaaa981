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
  let appInst
  let currentRoute = 'pages/home/index'
  let currentQuery = {}

  global.App = (cfg) => { appInst = cfg }
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
          cfg.onLoad.call(this, { ...currentQuery })
          cfg.onShow && cfg.onShow.call(this)
          cfg.onReady && cfg.onReady.call(this)
        }
      }
    })
  }

  const ok = (o, res) => { o && o.success && o.success(res); o && o.complete && o.complete(res) }
  global.wx = {
    getStorageSync: (k) => (storage.has(k) ? storage.get(k) : ''),
    setStorageSync: (k, v) => { storage.set(k, v) },
    removeStorageSync: (k) => { storage.delete(k) },
    getStorage: (o) => ok(o, { data: storage.get(o.key) }),
    setStorage: (o) => { storage.set(o.key, o.data); ok(o, {}) },
    showToast: (o) => { toasts.push(o); ok(o, {}) },
    reLaunch: (o) => { currentRoute = o.url.replace(/^\//, '').split('?')[0]; ok(o, {}) },
    navigateTo: (o) => { currentRoute = o.url.replace(/^\//, '').split('?')[0]; ok(o, {}) },
    redirectTo: (o) => { currentRoute = o.url.replace(/^\//, '').split('?')[0]; ok(o, {}) },
    request(o) {
      const url = new URL(o.url.replace(buildBase, apiOrigin))
      const body = o.data === undefined ? undefined : JSON.stringify(o.data)
      const rec = { url: o.url, method: o.method || 'GET', header: { ...o.header } }
      requests.push(rec)
      const req = http.request(url, { method: rec.method, headers: { ...o.header, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
        let raw = ''
        res.setEncoding('utf8')
        res.on('data', (c) => { raw += c })
        res.on('end', () => {
          let data = raw
          try { data = JSON.parse(raw) } catch { /* not JSON */ }
          const out = { statusCode: res.statusCode, header: res.headers, data, errMsg: 'request:ok' }
          o.success && o.success(out)
          o.complete && o.complete(out)
        })
      })
      req.on('error', (e) => { const err = { errMsg: `request:fail ${e.message}` }; o.fail && o.fail(err); o.complete && o.complete(err) })
      if (body) req.write(body)
      req.end()
      return { abort: () => req.destroy(), onHeadersReceived() {}, offHeadersReceived() {} }
    }
  }
  /** the page the next simulate.render() opens, and its query (what onLoad receives) */
  const setRoute = (route, query = {}) => { currentRoute = route; currentQuery = query }
  return { storage, requests, toasts, app: () => appInst, setRoute }
}

module.exports = { installMiniProgramGlobals }
