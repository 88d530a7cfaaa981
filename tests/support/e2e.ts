/**
 * The end-to-end harness: the H5 build (TEST_H5_DIR or dist/h5) served by the real server on a
 * fresh embedded database, and Debian's Chromium driven by playwright-core on an iPhone 12 viewport.
 * Call e2eHarness() once at the top of a test file: it starts both before the tests and stops them after.
 */
import { before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startServer, ROOT } = require('./server-process.js')

export const SHOTS = path.join(ROOT, 'artifacts', 'e2e')

export interface Phone { ctx: BrowserContext; page: Page; errors: string[] }

export function e2eHarness(serverEnv: Record<string, string> = {}) {
  let server: { origin: string; stop: () => Promise<void> } | undefined
  let browser: Browser | undefined

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true })
    const h5Dir = process.env.TEST_H5_DIR ? path.resolve(ROOT, process.env.TEST_H5_DIR) : path.join(ROOT, 'dist', 'h5')
    assert.ok(fs.existsSync(path.join(h5Dir, 'index.html')), 'build the H5 site first: npm run build:h5')
    server = await startServer({ env: serverEnv })
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-dev-shm-usage']
    })
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  return {
    origin: () => server!.origin,
    /** a fresh iPhone 12 browser context; page errors are collected for the test to assert on */
    async phone(locale = 'en-US'): Promise<Phone> {
      const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 12']
      const ctx = await browser!.newContext({ ...iphone, locale })
      const page = await ctx.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      return { ctx, page, errors }
    }
  }
}

/**
 * What sticks out to the right on the page on screen: the document wider than the viewport, and any
 * visible element whose right edge passes the phone's width (measured from its page, so a page
 * still sliding in counts the same), except inside a horizontal scroller (chip rows). [] when none.
 */
// A string, not a function: tsx names inner functions with a helper (__name) the page does not have.
const OVERFLOW_SCRIPT = `(() => {
  const vw = window.innerWidth
  const out = []
  const doc = document.documentElement.scrollWidth
  if (doc > vw) out.push('document ' + doc + 'px wide on a ' + vw + 'px viewport')
  const current = Array.from(document.querySelectorAll('.taro_page')).filter((p) => p.checkVisibility()).at(-1)
  if (!current) return out
  const left = current.getBoundingClientRect().left
  for (const e of Array.from(current.querySelectorAll('*'))) {
    const r = e.getBoundingClientRect()
    if (r.width === 0 || r.right - left <= vw + 1 || !e.checkVisibility()) continue
    let scroller = false
    for (let a = e.parentElement; a && a !== current; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX
      if (ox === 'auto' || ox === 'scroll') { scroller = true; break }
    }
    if (!scroller) out.push(e.tagName.toLowerCase() + '.' + String(e.getAttribute('class') || '').split(' ')[0] + ' ends at ' + Math.round(r.right - left) + 'px')
  }
  return out
})()`

export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(OVERFLOW_SCRIPT) as Promise<string[]>
}
