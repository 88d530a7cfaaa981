/**
 * The product page of the compiled mini-program (TEST_WEAPP_DIR or dist/weapp) in
 * miniprogram-simulate, against a real test server: a seeded product renders with its price, and
 * its description reaches the native rich-text as allow-listed nodes.
 */
const { BUILD_BASE, useTestServer, call, launchApp } = require('./harness')
const { findIn } = require('./page-text')
const { ALLOWED_TAGS, ALLOWED_ATTRIBUTES } = require('../support/rich-text-allowed')

const PAGE = 'packages/catalog/product-details/index'

/** "Price format: 2 decimals, zh-CN number format" with the CNY symbol (spec section 9) */
const yuan = (n) => `¥${n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`

describe('product page in miniprogram-simulate', () => {
  const server = useTestServer()

  it('renders a seeded product from the server: title, catalogue number, its price (quantity 1) and stock', async () => {
    const headers = { countrycode: 'cn', languagecode: 'cn' }
    // a seeded product that has a list price, as the server prices it for a visitor
    const list = await call(server.origin, 'GET', '/api/product/list?page=1&pageSize=20', headers)
    const product = list.data.items.find((p) => p.price && !p.leadTarget)
    expect(product).toBeTruthy()
    const priced = await call(server.origin, 'POST', '/api/product/price', headers, {
      items: [{ catalogNumber: product.catalogNumber, quantity: 1 }],
    })
    const record = priced.data.products[0]
    expect(record.unFormattedPrice).not.toBeNull()

    // keep the bodies the app sends, too
    const bodies = []
    const { env, open, until } = launchApp({
      apiOrigin: server.origin,
      path: PAGE,
      beforeLaunch: () => {
        const send = global.wx.request
        global.wx.request = (o) => {
          bodies.push({ url: o.url, data: o.data })
          return send(o)
        }
      },
    })
    const comp = open(PAGE, {
      title: encodeURIComponent(product.productTitle),
      catalogNumber: product.catalogNumber,
      productPlacement: 'home',
    })

    const price = yuan(record.unFormattedPrice)
    await until(() => comp.dom.textContent.includes(price) && /有货|缺货|部分有货/.test(comp.dom.textContent))
    const text = comp.dom.textContent
    expect(text).toContain(product.productTitle)
    expect(text).toContain(`货号 ${product.catalogNumber}`)
    expect(text).toContain(price)
    expect(text).toMatch(/有货|缺货|部分有货/)
    expect(text).toContain('加入购物车')
    // the description reaches the native rich-text as parsed, allow-listed nodes (miniprogram-simulate does not draw rich-text)
    const richText = findIn(comp.data, (o) => o.cl === 'safe-rich-text__body')
    expect(richText).toBeTruthy()
    const nodes = Object.values(richText).find(
      (v) => Array.isArray(v) && v.length && v.every((n) => n && (n.name || n.type === 'text')),
    )
    expect(nodes).toBeTruthy()
    const flat = []
    const walk = (list) =>
      list.forEach((n) => {
        flat.push(n)
        if (n.children) walk(n.children)
      })
    walk(nodes)
    expect(flat.map((n) => n.text ?? '').join('')).toContain(product.productTitle)
    for (const n of flat.filter((x) => x.name)) {
      expect(ALLOWED_TAGS).toContain(n.name)
      for (const k of Object.keys(n.attrs)) expect(ALLOWED_ATTRIBUTES).toContain(k)
    }

    // the calls it made: the catalogue entry, then price and availability for quantity 1, with the spec headers
    const urls = env.requests.map((r) => `${r.method} ${r.url.replace(BUILD_BASE, '')}`)
    expect(urls).toContain(`GET /api/product/catalog?catalogNumber=${encodeURIComponent(product.catalogNumber)}`)
    expect(urls).toContain('POST /api/product/price')
    expect(urls).toContain('POST /api/product/availability')
    for (const p of ['/api/product/price', '/api/product/availability']) {
      expect(bodies.find((b) => b.url.endsWith(p)).data).toEqual({
        items: [{ catalogNumber: product.catalogNumber, quantity: 1 }],
      })
    }
    const priceReq = env.requests.find((r) => r.url.endsWith('/api/product/price'))
    expect(priceReq.header).toMatchObject({ Source: 'weapp', countrycode: 'cn' })
    expect(priceReq.header.Authorization).toBeUndefined()
  })
})
