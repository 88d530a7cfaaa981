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
 */
const INDEX = '<!doctype html><html><head><title>Lab Store</title><script defer src="/js/app.js"></script></head><body><div id="app"></div></body></html>'
const MANIFEST = {
  entry: ['js/app.js'],
  pages: { 'pages/home/index': ['js/app.js', 'js/home.js', 'css/home.css'], 'pages/categories/index': ['js/app.js', 'js/categories.js'] },
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

  it("Home (/home and /) preloads its chunks and its first banner's picture, with high priority", async () => {
    const columns = (await app.inject({ method: 'GET', url: '/api/mkt/content/special-column/list' })).json().data as { kind: string; image: string | null }[]
    const first = columns.find((c) => c.kind === 'banner' || c.kind === 'promotion')
    assert.ok(first?.image, 'the seeded Home has a first banner with a picture')
    for (const url of ['/home', '/']) {
      const html = await page(url)
      assert.match(html, /<link rel="preload" href="\/js\/home\.js" as="script">/)
      assert.match(html, /<link rel="preload" href="\/css\/home\.css" as="style">/)
      assert.ok(!html.includes('href="/js/app.js" as="script"'), 'the entry script is in the head already')
      assert.ok(html.includes(`<link rel="preload" as="image" href="${first.image}" fetchpriority="high">`), html)
    }
  })

  it('other pages preload their chunks and no picture', async () => {
    const html = await page('/categories')
    assert.match(html, /<link rel="preload" href="\/js\/categories\.js" as="script">/)
    assert.ok(!html.includes('as="image"'))
  })
})
