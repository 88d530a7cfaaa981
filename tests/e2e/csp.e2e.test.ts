/**
 * End-to-end (issue 8): the H5 build runs under the server's Content-Security-Policy. The main pages
 * (home, categories, search, a product page, My, the provider's sign-in page, the chat page with the
 * chat stand-in in its frame) open in Chromium with no CSP violation reported (securitypolicyviolation
 * events in every frame, and the console), no failed request for the site's own files (the favicon
 * included), and still render.
 * H5 build served by the real server on a fresh embedded database, Debian's Chromium, iPhone 12.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { e2eHarness, SHOTS } from '../support/e2e'
import { cleanTitle } from '../../types/catalog/product-title'

const h = e2eHarness()

/** Reports every violation through the console: the init script runs in each frame, before the page's own scripts. */
const REPORT_VIOLATIONS = `addEventListener('securitypolicyviolation', (e) => {
  console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber + ' in ' + location.pathname)
}, true)`

function watch(page: Page) {
  const violations: string[] = []
  const failed: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(`${m.type()}: ${m.text()}`)
  })
  page.on('response', (r) => {
    const u = new URL(r.url())
    // the site's own files and pictures (the API answers 401/404 by design for some calls)
    if (u.origin === h.origin() && !u.pathname.startsWith('/api/') && r.status() >= 400)
      failed.push(`${r.status()} ${u.pathname}`)
  })
  return { violations, failed }
}

test('the main pages run under the CSP: no violation, no missing file, and they render', async () => {
  const { ctx, page, errors } = await h.phone('en-US')
  await ctx.addInitScript(REPORT_VIOLATIONS)
  const { violations, failed } = watch(page)
  const seen: string[] = []
  const visit = async (name: string, ready: () => Promise<unknown>) => {
    await ready()
    // the page chunk's stylesheet, pictures and frames, then the slide-in transition
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(700)
    await page.screenshot({ path: path.join(SHOTS, `csp-${name}.png`) })
    seen.push(name)
  }

  const res = await page.goto(`${h.origin()}/home`)
  const policy = res!.headers()['content-security-policy'] ?? ''
  assert.match(policy, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/, 'the inline sizing script is allowed by its hash')
  assert.doesNotMatch(policy, /script-src[^;]*'unsafe-(inline|eval)'/)
  assert.match(policy, /frame-ancestors 'none'/)
  await visit('home', () => page.locator('.product-card:visible').first().waitFor({ timeout: 30000 }))

  await page.goto(`${h.origin()}/categories`)
  await visit('categories', () => page.locator('.product-card:visible').first().waitFor({ timeout: 30000 }))

  await page.goto(`${h.origin()}/search?keyword=antibody`)
  const card = page.locator('.product-card:visible').first()
  await visit('search', () => card.waitFor({ timeout: 30000 }))

  const catalogNumber = (await card.getAttribute('data-catalog-number'))!
  const title = (await card.locator('.product-card__title').first().textContent())!.trim()
  await page.goto(
    `${h.origin()}/product-details/${encodeURIComponent(cleanTitle(title))}/${encodeURIComponent(catalogNumber)}`,
  )
  await visit('product', () => page.locator('.pd-main__title', { hasText: title }).waitFor({ timeout: 30000 }))
  // the product picture came from /media and was drawn
  const pictureWidth = await page.evaluate(async () => {
    const img = document.querySelector<HTMLImageElement>('img[src*="/media/products/"]')
    if (!img) return -1
    if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }))
    return img.naturalWidth
  })
  assert.ok(pictureWidth > 0, `a product picture is shown (${pictureWidth})`)

  await page.goto(`${h.origin()}/zhichi-consult`)
  const frame = page.frameLocator('iframe.chat-widget__frame')
  await visit('chat', () => frame.locator('form#f input#m').waitFor({ timeout: 30000 }))
  // the stand-in's own nonce'd script runs inside the frame: a message is echoed
  await frame.locator('input#m').fill('hello')
  await frame.locator('form#f button').click()
  await frame.getByText('Echo: hello').waitFor()

  await page.goto(`${h.origin()}/more`)
  await visit('my', () => page.locator('.login-buttons__login').first().waitFor({ timeout: 30000 }))
  await page.locator('.login-buttons__login').first().click()
  await page.waitForURL(/\/oidc\/interaction\//, { timeout: 30000 })
  await visit('sign-in', () => page.locator('#f-username').waitFor())
  // the sign-in page is styled (its inline <style> is allowed by its own policy)
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  assert.equal(bg, 'rgb(244, 246, 248)')

  // the icon every page load asks for
  const icon = await fetch(`${h.origin()}/favicon.ico`)
  assert.equal(icon.status, 200)
  assert.match(icon.headers.get('content-type') ?? '', /^image\//)
  assert.ok((await icon.arrayBuffer()).byteLength > 0)
  const html = await (await fetch(`${h.origin()}/home`, { headers: { accept: 'text/html' } })).text()
  assert.match(html, /<link rel="icon" href="\/favicon\.ico">/)

  assert.deepEqual(seen, ['home', 'categories', 'search', 'product', 'chat', 'my', 'sign-in'])
  assert.deepEqual(violations, [], 'no CSP violation')
  assert.deepEqual(failed, [], "no failed request for the site's own files")
  assert.deepEqual(errors, [])
  await ctx.close()
})
