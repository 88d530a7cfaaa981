/**
 * End-to-end (issue 8, spec section 2): the sign-in popup "appears 5 seconds after a page load for a
 * visitor with no token who is not on the root page, at most once or twice, and only when the
 * feature flag ENABLE_SIGN_IN_POPUP is on" (on in the seed). It never showed on the H5 site: the H5
 * router reports the address (/categories), not the page path. H5 build, real server, iPhone 12.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { e2eHarness, SHOTS } from '../support/e2e'

const h = e2eHarness()
const popup = (page: Page) => page.locator('.sign-in-popup')

/** waits for the popup and says how long after `since` it came */
async function popupAfter(page: Page, since: number): Promise<number> {
  await popup(page).waitFor({ timeout: 9000 })
  return Date.now() - since
}

test('a visitor on /categories (opened directly) and on /search gets the popup after 5 s, with Login and Register; not a third time', async () => {
  const { ctx, page, errors } = await h.phone('en-US', { signInPopup: true })
  let loaded = Date.now()
  await page.goto(`${h.origin()}/categories`)
  const first = await popupAfter(page, loaded)
  assert.ok(first >= 4500, `the popup came after ${first} ms`)
  assert.ok(await page.locator('.sign-in-popup .login-buttons__login').isVisible())
  assert.ok(await page.locator('.sign-in-popup .login-buttons__register').isVisible())
  await page.screenshot({ path: path.join(SHOTS, 'sign-in-popup-categories.png') })
  await page.locator('.sign-in-popup__close').click()
  await popup(page).waitFor({ state: 'detached' })

  loaded = Date.now()
  await page.goto(`${h.origin()}/search`)
  assert.ok((await popupAfter(page, loaded)) >= 4500)
  await popup(page).click({ position: { x: 5, y: 5 } }) // a tap outside the panel closes it
  await popup(page).waitFor({ state: 'detached' })

  // "at most once or twice": not on the next page of this session
  await page.goto(`${h.origin()}/my-wishlist`)
  await page.waitForTimeout(6000)
  assert.equal(await popup(page).count(), 0)
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('not on the root page; Categories opened from the footer shows it', async () => {
  const { ctx, page, errors } = await h.phone('en-US', { signInPopup: true })
  await page.goto(`${h.origin()}/`)
  await page.locator('.app-footer__item').first().waitFor({ timeout: 30000 })
  await page.waitForTimeout(5600)
  assert.equal(await popup(page).count(), 0)
  const tapped = Date.now()
  await page.locator('.app-footer__item', { hasText: 'Categories' }).click()
  await page.waitForURL(/\/categories/)
  assert.ok((await popupAfter(page, tapped)) >= 4500)
  assert.deepEqual(errors, [])
  await ctx.close()
})
