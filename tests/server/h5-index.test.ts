import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { openTestDb, closeTestDb, TEST_JWT_SECRET } from './helpers'
import { buildApp } from '../../server/app'
import type { DbHandle } from '../../server/db'

/**
 * index.html per address (issue 10: "only what the first screen needs is in the first load ... the LCP image
 * is prioritised"): the page's own chunks are preloaded, and Home preloads its first banner's picture, the
 * same URL the app then asks for (the first banner or promotion column of the special-column list).
 * Home and product pages come with their first screen drawn by the server (server/first-screen.ts;
 * what it draws: tests/server/first-screen.test.ts).
 */
const INDEX =
  '<!doctype html><html><head><title>Lab Store</title><script defer src="/js/app.js"></script></head><body><div id="app"></div></body></html>'
const MANIFEST = {
  entry: ['js/app.js'],
  pages: {
    'pages/home/index': ['js/app.js', 'js/home.js', 'css/home.css'],
    'pages/categories/index': ['js/app.js', 'js/categories.js'],
    'packages/catalog/product-details/index': ['js/app.js', 'js/pd.js', 'css/pd.css'],
  },
}

describe('H5 index.html per address', () => {
  let handle: DbHandle
  let app: FastifyInstance
  let staticDir: string
  before(async () => {
    handle = await openTestDb('pglite')
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-index-'))
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX)
    fs.writeFileSync(path.join(staticDir, 'chunk-manifest.json'), JSON.stringify(MANIFEST))
    app = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET, staticDir })
    await app.ready()
  })
  after(async () => {
    await app.close()
    await closeTestDb(handle)
    fs.rmSync(staticDir, { recursive: true, force: true })
  })

  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
    assert.equal(res.statusCode, 200)
    return res.body
  }

  const firstBanner = async () => {
    const columns = (await app.inject({ method: 'GET', url: '/api/mkt/content/special-column/list' })).json().data as {
      kind: string
      image: string | null
      title: string
    }[]
    const first = columns.find((c) => c.kind === 'banner' || c.kind === 'promotion')
    assert.ok(first?.image, 'the seeded Home has a first banner with a picture')
    return first
  }

  it("Home (/home and /) comes with its first screen drawn: its stylesheet linked, its first banner's picture preloaded with high priority, the app's scripts asked for by index.html after the first paint", async () => {
    const first = await firstBanner()
    for (const url of ['/home', '/']) {
      const html = await page(url)
      const [head, body] = html.split('</head>')
      assert.ok(head.includes(`<link rel="preload" as="image" href="${first.image}" fetchpriority="high">`), head)
      assert.match(head, /<link rel="stylesheet" href="\/css\/home\.css">/)
      assert.ok(
        !html.includes('src="/js/app.js"'),
        'the entry script is not in the head: index.html boots it after the first paint',
      )
      assert.match(
        body,
        /<div id="first-screen" aria-hidden="true" data-boot="\/js\/app\.js" data-chunks="\/js\/home\.js">/,
      )
      assert.ok(
        body.indexOf('id="first-screen"') < body.indexOf('id="app"'),
        'the picture precedes the app (the app is hidden beneath it by CSS)',
      )
      assert.ok(
        body.includes(`src="${first.image}" alt="" fetchpriority="high"`),
        'the picture draws the same first banner',
      )
    }
  })

  it('a product page comes with its first screen; an unknown product, or one not in the catalogue, gets the page as before', async () => {
    const html = await page('/product-details/Essential%208%20Medium/25732-068')
    assert.match(
      html,
      /<link rel="preload" as="image" href="\/media\/products\/25732-068-650\.jpg" fetchpriority="high">/,
    )
    assert.match(html, /<link rel="stylesheet" href="\/css\/pd\.css">/)
    assert.match(html, /data-chunks="\/js\/pd\.js"/)
    for (const url of ['/product-details/x/NO-SUCH-PRODUCT', '/product-details/x/%3Cscript%3E']) {
      const other = await page(url)
      assert.ok(!other.includes('first-screen'), url)
      assert.ok(other.includes('<script defer src="/js/app.js"></script>'), 'the entry script stays in the head')
      assert.match(other, /<link rel="preload" href="\/css\/pd\.css" as="style">/)
    }
  })

  it('with FIRST_SCREEN=off, Home preloads its chunks and its first banner picture, as before', async () => {
    process.env.FIRST_SCREEN = 'off'
    const plain = buildApp({ db: handle.db, jwtSecret: TEST_JWT_SECRET, staticDir })
    delete process.env.FIRST_SCREEN
    try {
      const first = await firstBanner()
      const html = (await plain.inject({ method: 'GET', url: '/home', headers: { accept: 'text/html' } })).body
      assert.match(html, /<link rel="preload" href="\/js\/home\.js" as="script">/)
      assert.match(html, /<link rel="preload" href="\/css\/home\.css" as="style">/)
      assert.ok(!html.includes('href="/js/app.js" as="script"'), 'the entry script is in the head already')
      assert.ok(html.includes(`<link rel="preload" as="image" href="${first.image}" fetchpriority="high">`), html)
      assert.ok(!html.includes('first-screen'))
    } finally {
      await plain.close()
    }
  })

  it('other pages preload their chunks and no picture', async () => {
    const html = await page('/categories')
    assert.match(html, /<link rel="preload" href="\/js\/categories\.js" as="script">/)
    assert.ok(!html.includes('as="image"'))
  })
})
