/**
 * The compiled mini-program (dist/weapp): every route is registered, each package is within
 * WeChat's size budget, and Home renders products from a real test server in miniprogram-simulate.
 */
const fs = require('node:fs')
const path = require('node:path')
const { startServer, ROOT } = require('../support/server-process')
const { installMiniProgramGlobals } = require('./mp-env')
const { weappPackageSizes } = require('../support/weapp-size')

const DIST = process.env.TEST_WEAPP_DIR ? path.resolve(ROOT, process.env.TEST_WEAPP_DIR) : path.join(ROOT, 'dist', 'weapp')
const KB = 1024
// WeChat: 2 MB per package (main or sub), 20 MB in all. Our own budgets are tighter, so growth shows early.
const BUDGET = { main: 1024 * KB, sub: 512 * KB, total: 4 * 1024 * KB }

function getJson(url, headers) {
  return new Promise((resolve, reject) => {
    require('node:http').get(url, { headers }, (res) => {
      let raw = ''
      res.on('data', (c) => { raw += c })
      res.on('end', () => resolve(JSON.parse(raw)))
    }).on('error', reject)
  })
}

// the route table, read from its source: the pages every build must register
function specPages() {
  const src = fs.readFileSync(path.join(ROOT, 'src', 'routes.ts'), 'utf8')
  return [...src.matchAll(/page: '([^']+)'/g)].map((m) => m[1])
}

describe('weapp build output', () => {
  const appJson = JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8'))

  it('app.json lists every route of the app, tab pages in the main package', () => {
    const listed = [...appJson.pages, ...appJson.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
    expect(listed.sort()).toEqual(specPages().sort())
    expect(appJson.pages).toEqual(['pages/home/index', 'pages/categories/index', 'pages/cart/index', 'pages/my/index'])
    for (const p of listed) expect(fs.existsSync(path.join(DIST, `${p}.js`))).toBe(true)
  })

  it('keeps each package within its budget', () => {
    const sizes = weappPackageSizes(DIST)
    expect(sizes.main).toBeLessThan(BUDGET.main)
    expect(sizes.subpackages).toHaveLength(appJson.subPackages.length)
    for (const s of sizes.subpackages) expect([s.root, s.size < BUDGET.sub]).toEqual([s.root, true])
    expect(sizes.total).toBeLessThan(BUDGET.total)
  })

  it('points the build at the API base URL and turns url checking off for local development', () => {
    const project = JSON.parse(fs.readFileSync(path.join(ROOT, 'project.config.json'), 'utf8'))
    expect(project.miniprogramRoot).toBe('./dist/weapp')
    expect(project.setting.urlCheck).toBe(false)
    const js = fs.readdirSync(DIST).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(DIST, f), 'utf8')).join('\n')
    expect(js).toContain('http://127.0.0.1:3000')
  })
})

describe('Home in miniprogram-simulate', () => {
  let server
  let env
  beforeAll(async () => {
    server = await startServer()
    env = installMiniProgramGlobals({ apiOrigin: server.origin })
  })
  afterAll(async () => { await server?.stop() })

  const waitText = async (comp, text, ms = 20000) => {
    const simulate = require('miniprogram-simulate')
    const end = Date.now() + ms
    while (!comp.dom.textContent.includes(text) && Date.now() < end) await simulate.sleep(25)
    return comp.dom.textContent
  }

  it('renders seeded products from the server, with prices, and reaches the API with the spec headers', async () => {
    const simulate = require('miniprogram-simulate')
    require(path.join(DIST, 'app.js'))
    const app = env.app()
    expect(app).toBeTruthy()
    app.onLaunch.call(app, { path: 'pages/home/index', query: {} })

    const id = simulate.load(path.join(DIST, 'pages/home/index'), { rootPath: DIST, compiler: 'official' })
    const comp = simulate.render(id)
    comp.attach(document.createElement('parent-wrapper'))

    // the list request the app made, and what the server answers to it
    const end = Date.now() + 20000
    while (!env.requests.some((r) => r.url.includes('/api/product/list')) && Date.now() < end) await simulate.sleep(25)
    const list = env.requests.find((r) => r.url.includes('/api/product/list'))
    expect(list.url).toBe('http://127.0.0.1:3000/api/product/list?page=1&pageSize=20')
    expect(list.header).toMatchObject({ Source: 'weapp', countrycode: 'cn' })
    expect(['cn', 'en']).toContain(list.header.languagecode)
    expect(list.header.Authorization).toBeUndefined()
    const expected = await getJson(`${server.origin}/api/product/list?page=1&pageSize=20`, list.header)
    const first = expected.data.items[0]

    const text = await waitText(comp, first.catalogNumber)
    expect(text).toContain(first.productTitle)
    expect(text).toContain(first.size)
    expect(text).toMatch(/¥[\d,]+\.\d\d/)
    const shown = comp.querySelectorAll('.product-card').length
    expect(shown).toBe(20)
  })
})
