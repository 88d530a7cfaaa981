/**
 * End-to-end accessibility (WCAG 2.1 AA, issue 8 section 9): the pages every journey passes through,
 * in English and Chinese, on the phone viewport, checked by axe-core (no critical or serious
 * violation), plus what axe cannot see: the page language and title, zoom, real buttons and links
 * in the accessibility tree, keyboard reach, and image alternatives.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { e2eHarness, SHOTS, assertAccessible } from '../support/e2e'
import { signAccessToken } from '../../server/domains/auth/tokens'

const SECRET = 'e2e-secret-0123456789-0123456789-0123456789'
const APPROVED_CN = { userId: 'U-7f3a9c21', userName: 'approved.cn' }
const h = e2eHarness({ JWT_SECRET: SECRET })

const LANGS = [
  { locale: 'en-US', lang: 'en', home: 'Home', search: 'Search', my: 'My', shipTo: 'Ship-To Info', catNo: 'Cat. No.' },
  { locale: 'zh-CN', lang: 'zh-CN', home: '首页', search: '搜索', my: '我的', shipTo: '收货信息', catNo: '货号' }
] as const

/** the page Taro shows now (earlier pages stay in the DOM, hidden) */
const visiblePage = (page: Page) => page.locator('.taro_page:visible')

async function checkPage(page: Page, label: string, titleWord: string, lang: string) {
  await page.waitForFunction((w) => document.title.includes(w), titleWord, { timeout: 15000 })
    .catch(async () => assert.fail(`${label}: title "${await page.title()}" does not name the page (${titleWord})`))
  assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${label}: <html lang>`)
  await assertAccessible(page, label)
  await page.screenshot({ path: path.join(SHOTS, `a11y-${label}.png`) })
}

for (const L of LANGS) {
  test(`${L.lang}: home, categories, search, a product, My and Ship-To Info pass axe (no critical or serious violation)`, async () => {
    const { ctx, page, errors } = await h.phone(L.locale)
    const token = await signAccessToken(SECRET, APPROVED_CN, 3600)
    await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
    const titles = new Set<string>()

    await page.goto(`${h.origin()}/home`)
    await page.locator('.product-card').first().waitFor({ timeout: 30000 })
    await checkPage(page, `home-${L.lang}`, L.home, L.lang)
    titles.add(await page.title())
    // zoom is allowed
    const viewport = await page.evaluate(() => document.querySelector('meta[name=viewport]')?.getAttribute('content') ?? '')
    assert.doesNotMatch(viewport, /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0)?(,|$)/)
    // the footer and the product cards are real controls: links with names in the accessibility tree
    assert.ok(await page.getByRole('navigation').getByRole('link', { name: L.my, exact: true }).isVisible(), 'footer My is a link')
    const card = page.locator('.product-card').first()
    const cardTitle = (await card.locator('.product-card__title').innerText()).trim()
    assert.ok(await card.evaluate((el) => el.closest('a[href]') !== null || el.matches('a[href]')), 'a product card is an <a href>')
    assert.ok(await page.getByRole('link', { name: cardTitle }).first().isVisible())
    // product pictures say the product; no image without an alternative
    assert.equal(await card.locator('img').first().getAttribute('alt'), cardTitle)
    assert.equal(await page.locator('img:not([alt])').count(), 0, 'every image has alt text (empty when decorative)')
    // keyboard: Tab walks through many controls, not one per page
    const reached = new Set<string>()
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      reached.add(await page.evaluate(() => { const a = document.activeElement; return a ? `${a.tagName}:${a.getAttribute('aria-label') ?? a.textContent?.slice(0, 30)}` : '' }))
    }
    assert.ok(reached.size >= 6, `Tab reached ${reached.size} distinct controls: ${[...reached].join(' | ')}`)

    await page.getByRole('navigation').getByRole('link', { name: L.my === 'My' ? 'Categories' : '分类', exact: true }).click()
    await page.waitForURL(/\/categories/)
    await visiblePage(page).locator('.product-card').first().waitFor({ timeout: 30000 })
    await checkPage(page, `categories-${L.lang}`, L.my === 'My' ? 'Categories' : '分类', L.lang)
    titles.add(await page.title())

    await page.goto(`${h.origin()}/search?keyword=CD3`)
    await visiblePage(page).locator('.product-card').first().waitFor({ timeout: 30000 })
    await checkPage(page, `search-${L.lang}`, L.search, L.lang)
    titles.add(await page.title())
    // search results are links to the products' spec addresses
    const href = await visiblePage(page).locator('a.product-card, .product-card a, a:has(.product-card)').first().getAttribute('href')
    assert.match(href ?? '', /^\/product-details\//)

    // the first result, opened by keyboard: Enter on the focused link
    const resultTitle = (await visiblePage(page).locator('.product-card__title').first().innerText()).trim()
    await visiblePage(page).locator('a:has(.product-card__title), a.product-card').first().focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/product-details/)
    await visiblePage(page).getByText(L.catNo).first().waitFor({ timeout: 30000 })
    await checkPage(page, `product-${L.lang}`, resultTitle.slice(0, 12), L.lang)
    titles.add(await page.title())

    await page.goto(`${h.origin()}/more`)
    await visiblePage(page).getByText('1000001').first().waitFor({ timeout: 30000 })
    await checkPage(page, `my-${L.lang}`, L.my, L.lang)
    titles.add(await page.title())

    await page.goto(`${h.origin()}/my-account/ShipToInfo`)
    await visiblePage(page).getByText('1000001').first().waitFor({ timeout: 30000 })
    await checkPage(page, `ship-to-${L.lang}`, L.shipTo, L.lang)
    titles.add(await page.title())

    assert.equal(titles.size, 6, `a title per page: ${[...titles].join(' | ')}`)
    assert.deepEqual(errors, [])
    await ctx.close()
  })
}

test('anonymous My: "Log in" is a button with its name', async () => {
  const { ctx, page, errors } = await h.phone('en-US')
  await page.goto(`${h.origin()}/more`)
  await page.locator('.login-buttons__login').first().waitFor({ timeout: 30000 })
  assert.ok(await page.getByRole('button', { name: /log ?in/i }).first().isVisible())
  await checkPage(page, 'my-anonymous-en', 'My', 'en')
  assert.deepEqual(errors, [])
  await ctx.close()
})
