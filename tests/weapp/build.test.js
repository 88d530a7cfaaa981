/**
 * The compiled mini-program (dist/weapp): every route is registered, each package is within
 * WeChat's size budget, and Home renders products from a real test server in miniprogram-simulate.
 */
const fs = require('node:fs')
const path = require('node:path')
const { ROOT } = require('../support/server-process')
const { weappPackageSizes } = require('../support/weapp-size')
const { routeTable } = require('../support/weapp-sources')
const { DIST, BUILD_BASE, useTestServer, getJson, launchApp } = require('./harness')

const KB = 1024
// WeChat: 2 MB per package (main or sub), 20 MB in all. Our own budgets are tighter, so growth shows early.
const BUDGET = { main: 800 * KB, sub: 500 * KB, total: 4 * 1024 * KB }

describe('weapp build output', () => {
  const appJson = JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8'))

  it('app.json lists every route of the app, tab pages in the main package', () => {
    const listed = [...appJson.pages, ...appJson.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
    expect(listed.sort()).toEqual(
      routeTable()
        .map((r) => r.page)
        .sort(),
    )
    expect(appJson.pages).toEqual(['pages/home/index', 'pages/categories/index', 'pages/cart/index', 'pages/my/index'])
    for (const p of listed) expect(fs.existsSync(path.join(DIST, `${p}.js`))).toBe(true)
  })

  it('keeps each package within its budget', () => {
    const sizes = weappPackageSizes(DIST)
    const kb = (n) => `${(n / KB).toFixed(1).padStart(6)} KB`
    process.stdout.write(
      [
        '\nweapp package sizes (budget):',
        `  ${'main'.padEnd(22)} ${kb(sizes.main)}  (${kb(BUDGET.main)})`,
        ...sizes.subpackages.map(
          (s) => `  ${s.root.padEnd(22)} ${kb(s.size)}  (${kb(BUDGET.sub)})  ${s.pages} page(s)`,
        ),
        `  ${'total'.padEnd(22)} ${kb(sizes.total)}  (${kb(BUDGET.total)})`,
        '',
        '',
      ].join('\n'),
    )
    expect(sizes.main).toBeLessThanOrEqual(BUDGET.main)
    expect(sizes.subpackages).toHaveLength(appJson.subPackages.length)
    for (const s of sizes.subpackages) expect([s.root, s.size <= BUDGET.sub]).toEqual([s.root, true])
    expect(sizes.total).toBeLessThanOrEqual(BUDGET.total)
  })

  it('points the build at the API base URL and turns url checking off for local development', () => {
    const project = JSON.parse(fs.readFileSync(path.join(ROOT, 'project.config.json'), 'utf8'))
    expect(project.miniprogramRoot).toBe('./dist/weapp')
    expect(project.setting.urlCheck).toBe(false)
    const js = fs
      .readdirSync(DIST)
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(DIST, f), 'utf8'))
      .join('\n')
    expect(js).toContain(BUILD_BASE)
  })
})

describe('Home in miniprogram-simulate', () => {
  const server = useTestServer()

  it('renders seeded products from the server, with prices, and reaches the API with the spec headers', async () => {
    const { env, open, until } = launchApp({ apiOrigin: server.origin, path: 'pages/home/index' })
    const comp = open('pages/home/index')

    // the list request the app made, and what the server answers to it
    await until(() => env.requests.some((r) => r.url.includes('/api/product/list')), 20000, 25)
    const list = env.requests.find((r) => r.url.includes('/api/product/list'))
    expect(list.url).toBe(`${BUILD_BASE}/api/product/list?page=1&pageSize=20`)
    expect(list.header).toMatchObject({ Source: 'weapp', countrycode: 'cn' })
    expect(['cn', 'en']).toContain(list.header.languagecode)
    expect(list.header.Authorization).toBeUndefined()
    const expected = await getJson(`${server.origin}/api/product/list?page=1&pageSize=20`, list.header)
    const first = expected.data.items[0]

    await until(() => comp.dom.textContent.includes(first.catalogNumber), 20000, 25)
    const text = comp.dom.textContent
    expect(text).toContain(first.catalogNumber)
    expect(text).toContain(first.productTitle)
    expect(text).toContain(first.size)
    expect(text).toMatch(/¥[\d,]+\.\d\d/)
    const shown = comp.querySelectorAll('.product-card').length
    expect(shown).toBe(20)
  })
})
