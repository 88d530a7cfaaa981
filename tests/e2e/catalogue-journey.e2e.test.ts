/**
 * End-to-end catalogue journey: the H5 build (TEST_H5_DIR or dist/h5) served by the real server on
 * a fresh embedded database, in Chromium on an iPhone 12 viewport. Search, open a product (*** for a
 * visitor when it has no price data, the real price when it has), log in by cookie token, toggle
 * the wishlist (popup, then /my-wishlist), and read a knowledge-hub article.
 * Screenshots: artifacts/e2e/journey-*.png.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { e2eHarness, SHOTS, assertAccessible, APPROVED_CN, EN } from '../support/e2e'
import { cleanTitle } from '../../types/catalog/product-title'
import { formatMoney } from '../../src/rules/format'

const SECRET = 'e2e-journey-secret-0123456789-0123456789-01234'

const h = e2eHarness({ JWT_SECRET: SECRET })
const phone = (locale = 'en-US') => h.phone(locale)

interface Summary {
  catalogNumber: string
  productTitle: string
  price: { amount: number } | null
  leadTarget: boolean
}
interface PriceRecord {
  catalogNumber: string
  currency: string
  unFormattedPrice: number | null
  priceType: string | null
}

/** seeded products for the journey: one without price data, one with */
async function pickProducts() {
  let noPrice: Summary | undefined
  let priced: Summary | undefined
  for (let page = 1; page <= 10 && !(noPrice && priced); page++) {
    const list = await h.call<{ items: Summary[] }>('GET', `/product/list?page=${page}&pageSize=50`, EN)
    noPrice ??= list.items.find((p) => !p.price && !p.leadTarget)
    priced ??= list.items.find((p) => p.price && !p.leadTarget)
  }
  assert.ok(noPrice && priced, 'the seed has products with and without price data')
  return { noPrice: noPrice!, priced: priced! }
}

/** The whole page in one picture: Taro's H5 page scrolls inside its own container, so the viewport is made as tall as the page. */
async function tallShot(page: Page, file: string) {
  const size = page.viewportSize()!
  const h = await page.evaluate(() =>
    Math.max(
      ...Array.from(document.querySelectorAll('.taro_page')).map((e) => e.scrollHeight),
      document.body.scrollHeight,
    ),
  )
  await page.setViewportSize({ width: size.width, height: Math.min(h, 5000) })
  await page.waitForTimeout(300)
  await page.screenshot({ path: path.join(SHOTS, file) })
  await page.setViewportSize(size)
}

async function searchAndOpen(page: Page, p: Summary) {
  await page.goto(`${h.origin()}/search?keyword=${encodeURIComponent(p.catalogNumber)}`)
  const card = page.locator(`.product-card[data-catalog-number="${p.catalogNumber}"]`).first()
  await card.waitFor({ timeout: 30000 })
  await card.click()
  await page.waitForURL(/\/product-details/)
  await page.locator('.pd-main__title', { hasText: p.productTitle }).waitFor({ timeout: 20000 })
  await page.waitForTimeout(700) // the page's slide-in transition
}

test('search → product: *** for a visitor without price data, the real price when there is one', async () => {
  const { noPrice, priced } = await pickProducts()
  const { ctx, page, errors } = await phone()
  const priceCalls: { auth?: string; body: string | null }[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/product/price')) priceCalls.push({ auth: r.headers().authorization, body: r.postData() })
  })

  await searchAndOpen(page, noPrice)
  // the spec's address /product-details/{cleaned title}/{catalogNumber} (issue 22 item 12)
  await page.waitForURL((u) => decodeURIComponent(u.pathname).endsWith(`/${noPrice.catalogNumber}`))
  await page.locator('.price-block', { hasText: '***' }).waitFor()
  assert.match(await page.locator('.price-block').innerText(), /Log in to see your price/)
  await page.locator('.availability[data-status]').waitFor()
  assert.equal(await page.locator('.wishlist-button').count(), 0, 'no wishlist controls without a token')
  await page.screenshot({ path: path.join(SHOTS, 'journey-product-no-price.png') })
  await assertAccessible(page, 'journey-product-no-price')

  const expected = (
    await h.call<{ products: PriceRecord[] }>('POST', '/product/price', EN, {
      items: [{ catalogNumber: priced.catalogNumber, quantity: 1 }],
    })
  ).products[0]
  assert.notEqual(expected.unFormattedPrice, null)
  await searchAndOpen(page, priced)
  const shown = formatMoney(expected.unFormattedPrice!, expected.currency)
  await page.locator('.price-block', { hasText: shown }).waitFor()
  await page.locator('.availability[data-status]').waitFor()
  const footer = await page.locator('.product-footer').innerText()
  assert.match(footer, /Add to cart/)
  assert.doesNotMatch(footer, /Coming soon/)
  await page.screenshot({ path: path.join(SHOTS, 'journey-product-priced.png') })
  await assertAccessible(page, 'journey-product-priced')
  // full page for the look of the lower sections
  await tallShot(page, 'journey-product-priced-full.png')

  assert.ok(priceCalls.length >= 2)
  assert.ok(priceCalls.every((c) => c.auth === undefined))
  assert.deepEqual(JSON.parse(priceCalls[priceCalls.length - 1].body!), {
    items: [{ catalogNumber: priced.catalogNumber, quantity: 1 }],
  })
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('logged in (approved.cn by cookie token): the heart adds to the wishlist, the popup links to /my-wishlist, which lists it', async () => {
  const { priced } = await pickProducts()
  const token = await h.tokenFor(APPROVED_CN)
  const auth = { ...EN, authorization: `Bearer ${token}` }
  const { ctx, page, errors } = await phone()
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])

  const detail = (
    await h.call<{ productTitle: string }[]>(
      'GET',
      `/product/catalog?catalogNumber=${encodeURIComponent(priced.catalogNumber)}`,
      auth,
    )
  )[0]
  const accountPrice = (
    await h.call<{ products: PriceRecord[] }>('POST', '/product/price', auth, {
      accountNumber: '1000001',
      items: [{ catalogNumber: priced.catalogNumber, quantity: 1 }],
    })
  ).products[0]
  // the spec address: /product-details/{cleaned title}/{catalogNumber}
  await page.goto(
    `${h.origin()}/product-details/${encodeURIComponent(cleanTitle(detail.productTitle))}/${priced.catalogNumber}?productPlacement=e2e&utm_source=e2e`,
  )
  await page.locator('.pd-main__title', { hasText: detail.productTitle }).waitFor({ timeout: 30000 })
  await page
    .locator('.price-block', { hasText: formatMoney(accountPrice.unFormattedPrice!, accountPrice.currency) })
    .waitFor()

  const heart = page.locator('.pd-gallery .wishlist-button')
  await heart.waitFor()
  assert.equal(await heart.getAttribute('data-state'), 'out')
  await heart.click()
  const popup = page.locator('.wishlist-popup__card')
  await popup.waitFor({ state: 'visible' })
  assert.match(await popup.innerText(), /Added to your wishlist/)
  assert.equal(await heart.getAttribute('data-state'), 'in')
  await page.screenshot({ path: path.join(SHOTS, 'journey-wishlist-popup.png') })
  await assertAccessible(page, 'journey-wishlist-popup')

  await page.locator('.wishlist-popup__link').click()
  await page.waitForURL(/\/my-wishlist/)
  // tracking parameters travel with the navigation (spec section 5)
  assert.match(page.url(), /utm_source=e2e/)
  await page.locator('.wl-item', { hasText: detail.productTitle }).waitFor({ timeout: 20000 })
  await page.waitForTimeout(700) // the page's slide-in transition
  await page.screenshot({ path: path.join(SHOTS, 'journey-my-wishlist.png') })
  await assertAccessible(page, 'journey-my-wishlist')

  const list = await h.call<{ wishList: { contentId: string; contentType: string }[] }>(
    'GET',
    `/wishlist/getWishList?countryCode=cn&userId=${APPROVED_CN.userId}`,
    auth,
  )
  assert.ok(list.wishList.some((e) => e.contentId === priced.catalogNumber && e.contentType === 'Products'))
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('content hub (knowledge) → an article rendered safely, with its featured products', async () => {
  const { ctx, page, errors } = await phone()
  await page.goto(`${h.origin()}/content-hub/knowledge`)
  const card = page.locator('.content-card').first()
  await card.waitFor({ timeout: 30000 })
  await page.waitForTimeout(500)
  await page.screenshot({ path: path.join(SHOTS, 'journey-hub.png') })
  await assertAccessible(page, 'journey-hub')
  const id = await card.getAttribute('data-content-id')
  const title = (await card.locator('.content-card__title').innerText()).trim()
  await card.click()
  await page.waitForURL((u) => u.pathname === `/content/${id}`)
  await page.locator('.article__title', { hasText: title }).waitFor({ timeout: 20000 })
  const body = page.locator('.safe-rich-text__body')
  await body.waitFor()
  assert.ok((await body.innerText()).length > 40)
  assert.equal(await body.locator('script, iframe, a, [onclick], [onerror]').count(), 0)
  const article = await h.call<{ skus: string[] }>('GET', `/mkt/content/details/${id}`, EN)
  if (article.skus.length) await page.locator('.article__products .product-card').first().waitFor()
  await page.waitForTimeout(700) // the page's slide-in transition
  await page.screenshot({ path: path.join(SHOTS, 'journey-article.png') })
  await assertAccessible(page, 'journey-article')
  await tallShot(page, 'journey-article-full.png')
  assert.deepEqual(errors, [])
  await ctx.close()
})
