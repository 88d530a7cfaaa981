/**
 * H5 size budgets (issue 10): the first-load JS of each tab page, gzipped, must stay within its budget,
 * so a later change that grows the first screen fails here rather than in a Lighthouse run.
 *
 * First load = the entry scripts of index.html + the language catalogue the entry awaits (the larger of
 * the two) + the chunks the page's route imports, as the build's
 * chunk-manifest.json names them (config/h5-chunk-manifest.js writes it from webpack's chunk groups).
 * Chunks a page loads later (on idle, on a tap) are not part of its first load.
 *
 * Run after `npm run build:h5`: node --import tsx --test tests/build/h5-budget.test.ts
 * (TARO_OUT_DIR names another build folder, as for the build itself).
 */
import test from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { appPages } from '../../types/routes'

const DIST = path.resolve(__dirname, '..', '..', process.env.TARO_OUT_DIR ?? 'dist/h5')

/** KB (1024 bytes) of gzipped first-load JS per tab page. */
const BUDGET_KB: Record<string, number> = {
  // issue 10's goal. Measured 145.8 KB after its second round (entry 29.8 + 74.8 KB, the zh catalogue
  // 11.4 KB, Home's chunk 29.8 KB):
  // swiper after the first screen, one language catalogue, Taro's toast and the signed-in launch tasks
  // loaded when needed, no fetch polyfill / JSONP client / UA parser.
  'pages/home/index': 150,
  // the others: just above what they measured after that round (146.2, 146.4, 134.3 KB), then 1 KB more in
  // issue 13's round: the entry (+0.8 KB) carries the nine membership routes of the route table and the
  // hand-over from the server-drawn first screen (147.1, 147.4, 135.3 KB then); issue 22's fixes then took
  // the entry from 74.8 to 76.9 KB (one modal Dialog with focus handling on every page through the sign-in
  // popup, spec addresses in the H5 address bar, the plural rule, the session-following cart badge) and the
  // cart chunk by ~1 KB (delivery mode and channels): 148.0, 148.9, 136.1 KB, so 1-2 KB more here. The shared
  // product-list/card chunk then grew 0.2-0.3 KB when its price labels and load states became shared tables and
  // helpers (149.2 KB for categories): categories gets the 150 KB of home and cart
  'pages/categories/index': 150,
  'pages/cart/index': 150,
  'pages/my/index': 137,
}

interface Manifest {
  entry: string[]
  languages: Record<string, string[]>
  pages: Record<string, string[]>
}

function readManifest(): Manifest {
  const file = path.join(DIST, 'chunk-manifest.json')
  assert.ok(fs.existsSync(file), `${file} is missing: run npm run build:h5 first`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
}

const gzipKB = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024

// the tab pages are app.config.ts's main-package pages (the footer's tabs), from the one route table
const tabPages = appPages().pages

test('every tab page has a budget', () => {
  assert.deepEqual([...tabPages].sort(), Object.keys(BUDGET_KB).sort())
})

test('the manifest names the entry scripts that index.html loads', () => {
  const { entry } = readManifest()
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="\/?([^"]+)"/g)].map((m) => m[1])
  assert.ok(scripts.length > 0, 'index.html loads scripts')
  assert.deepEqual([...scripts].sort(), entry.filter((f) => f.endsWith('.js')).sort())
})

for (const page of tabPages) {
  test(`${page}: first-load JS gzipped <= ${BUDGET_KB[page]} KB`, () => {
    const m = readManifest()
    const own = m.pages[page]
    assert.ok(own && own.length > 0, `chunk-manifest.json has no chunks for ${page}`)
    // the entry awaits the active language's catalogue before the app starts: count the larger one
    const langs = Object.values(m.languages ?? {})
    assert.ok(langs.length === 2, 'chunk-manifest.json names the en and zh catalogue chunks')
    const lang = langs
      .map((fs) => fs.filter((f) => f.endsWith('.js')))
      .sort((a, b) => b.reduce((s, f) => s + gzipKB(f), 0) - a.reduce((s, f) => s + gzipKB(f), 0))[0]
    const files = [...new Set([...m.entry, ...lang, ...own])].filter((f) => f.endsWith('.js'))
    const sizes = files.map((f) => ({ f, kb: gzipKB(f) }))
    const total = sizes.reduce((s, x) => s + x.kb, 0)
    const detail = sizes.map((x) => `${x.f} ${x.kb.toFixed(1)} KB`).join(', ')
    assert.ok(total <= BUDGET_KB[page], `${page}: ${total.toFixed(1)} KB > budget ${BUDGET_KB[page]} KB (${detail})`)
    console.log(`${page}: ${total.toFixed(1)} KB of ${BUDGET_KB[page]} KB (${detail})`)
  })
}

// config/h5-compile-hints.js: the entry's functions nearly all run at start-up; with V8's hint on their
// first line they compile off the main thread while the script streams in. A page chunk has no hint
// (most of its functions wait for a tap), and minification must not have eaten the comment.
test('the entry scripts, and only they, start with the compile hint', () => {
  const { entry, pages } = readManifest()
  const firstLine = (f: string) => fs.readFileSync(path.join(DIST, f), 'utf8').split('\n', 1)[0]
  const entryJs = entry.filter((f) => f.endsWith('.js'))
  assert.ok(entryJs.length > 0)
  for (const f of entryJs) assert.equal(firstLine(f), '//# allFunctionsCalledOnLoad', f)
  const pageJs = [...new Set(Object.values(pages).flat())].filter((f) => f.endsWith('.js') && !entry.includes(f))
  assert.ok(pageJs.length > 10)
  for (const f of pageJs) assert.notEqual(firstLine(f), '//# allFunctionsCalledOnLoad', f)
})
