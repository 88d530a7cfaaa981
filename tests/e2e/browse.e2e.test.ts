/**
 * End-to-end: the browse screens (issue 3) of the H5 build, served by the real server on a fresh
 * embedded database, in Chromium on an iPhone 12 viewport. Screenshots: artifacts/e2e/browse-*.png.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { e2eHarness, SHOTS, assertAccessible } from '../support/e2e'

const h = e2eHarness()
const phone = (locale = 'en-US') => h.phone(locale)

async function api<T>(
  p: string,
  headers: Record<string, string> = { languagecode: 'en', countrycode: 'cn' },
): Promise<T> {
  const res = await fetch(`${h.origin()}/api${p}`, { headers })
  const body = await res.json()
  assert.equal(body.success, true, `${p}: ${JSON.stringify(body)}`)
  return body.data as T
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `browse-${name}.png`) })

/** a finger's scroll: many small steps (one huge jump gives the page a single scroll event) */
async function scrollDown(page: Page, px: number, step = 1200) {
  for (let done = 0; done < px; done += step) {
    await page.mouse.wheel(0, step)
    await page.waitForTimeout(60)
  }
}

test('Home shows banners and promotions, the flash-sale entry, the learning centre and recommended products', async () => {
  const { ctx, page, errors } = await phone('en-US')
  const columns = await api<Array<{ kind: string; title: string }>>('/mkt/content/special-column/list')
  const knowledge = await api<{ items: Array<{ title: string }> }>('/mkt/content/list?contentType=knowledge&pageSize=4')
  await page.goto(`${h.origin()}/home`)
  await page.waitForSelector('.home-banner', { timeout: 30000 })
  await page.waitForSelector('.product-card')
  const banners = columns.filter((c) => c.kind === 'banner' || c.kind === 'promotion')
  assert.equal(await page.locator('.home-banner').count(), banners.length)
  assert.ok(await page.getByText(banners[0].title).first().isVisible())
  const flash = columns.find((c) => c.kind === 'flash-sale')
  assert.equal(await page.locator('.home-flash').count(), flash ? 1 : 0)
  assert.equal(await page.locator('.home-article').count(), Math.min(4, knowledge.items.length))
  assert.ok(await page.getByText(knowledge.items[0].title).first().isVisible())
  assert.equal(await page.locator('.skeleton').count(), 0)
  await shot(page, 'home')
  await assertAccessible(page, 'home')
  await page.locator('.home-article').first().scrollIntoViewIfNeeded()
  await shot(page, 'home-learning')
  await assertAccessible(page, 'home-learning')

  // a product card opens the product page with the cleaned title, catalogue number and placement
  const first = page.locator('.product-card').first()
  const cat = await first.getAttribute('data-catalog-number')
  await first.click()
  // spec §2 "/product-details/{cleaned title}/{catalogNumber}" in the address bar (issue 22 item 12)
  await page.waitForURL(
    (u) => u.pathname.startsWith('/product-details/') && decodeURIComponent(u.pathname).endsWith(`/${cat}`),
  )
  assert.match(page.url(), /productPlacement=home/)
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('search: the header bar searches CD3; a Chinese term finds products; a nonsense query shows suggestions', async () => {
  const { ctx, page, errors } = await phone('en-US')
  await page.goto(`${h.origin()}/home`)
  const bar = page.getByRole('searchbox', { name: 'Search products', exact: true })
  await bar.fill('CD3')
  await bar.press('Enter')
  await page.waitForURL(/\/search\?keyword=CD3/)
  // Home stays in the DOM (hidden) under the search page: only the visible cards are the results
  await page.locator('.product-card:visible').first().waitFor({ timeout: 30000 })
  await page.waitForFunction(
    () => /results for "CD3"/.test(document.querySelector('.search__summary')?.textContent ?? ''),
    null,
    { timeout: 30000 },
  )
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('.product-card__title')).filter(
        (e) => (e as HTMLElement).offsetParent !== null,
      ).length >= 10,
    null,
    { timeout: 30000 },
  )
  const titles = await page.locator('.product-card__title:visible').allInnerTexts()
  assert.ok(titles.length >= 10)
  assert.ok(titles.some((t) => /CD3/.test(t)))
  assert.match(await page.locator('.search__summary').innerText(), /results for "CD3"/)
  await shot(page, 'search-cd3')
  await assertAccessible(page, 'search-cd3')

  // in the search page's own box: a Chinese term, typed, found after the debounce
  const box = page.locator('.search__box input')
  await box.fill('抗体')
  await page.waitForFunction(() => document.querySelector('.search__summary')?.textContent?.includes('抗体'), null, {
    timeout: 15000,
  })
  const zh = await page.locator('.product-card__title:visible').allInnerTexts()
  assert.ok(zh.length > 0)
  await shot(page, 'search-zh')
  await assertAccessible(page, 'search-zh')

  // nothing matches: the server's suggestions, one tap away
  await box.fill('qwxzvqj')
  await box.press('Enter')
  await page.getByText('No results for "qwxzvqj"').waitFor({ timeout: 15000 })
  const suggestions = await page.locator('.search__chip').allInnerTexts()
  assert.ok(suggestions.length > 0)
  await shot(page, 'search-none')
  await assertAccessible(page, 'search-none')
  await page.locator('.search__chip--category').first().click()
  await page.waitForURL(/\/categories\?.*node=/)
  await page.waitForSelector('.categories__chip--active', { timeout: 20000 })

  // history: the searches made, newest first
  await page.goto(`${h.origin()}/search`)
  await page.getByText('Recent searches').waitFor()
  assert.deepEqual((await page.locator('.search-history__chip').allInnerTexts()).slice(0, 2), ['qwxzvqj', 'CD3'])
  await shot(page, 'search-history')
  await assertAccessible(page, 'search-history')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('search in Chinese from a custom search URL: /search?keyword=抗体', async () => {
  const { ctx, page, errors } = await phone('zh-CN')
  await page.goto(`${h.origin()}/search?keyword=${encodeURIComponent('抗体')}`)
  await page.waitForSelector('.product-card', { timeout: 30000 })
  assert.match(await page.locator('.search__summary').innerText(), /“抗体”/)
  const titles = await page.locator('.product-card__title').allInnerTexts()
  assert.ok(titles.some((t) => t.includes('抗体')))
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('categories: All recommended loads more on scroll; a top-level category and its children list their products', async () => {
  const { ctx, page, errors } = await phone('en-US')
  const tree =
    await api<
      Array<{ id: string; code: string; name: string; children: Array<{ id: string; code: string; name: string }> }>
    >('/category/tree')
  await page.goto(`${h.origin()}/categories/All recommended/recommended`)
  await page.waitForSelector('.product-card', { timeout: 30000 })
  assert.equal(await page.locator('.category-tree__item--active').innerText(), 'All recommended')
  for (const top of tree)
    assert.ok(await page.locator('.category-tree__item', { hasText: top.name }).first().isVisible())
  assert.equal(await page.locator('.product-card').count(), 20)
  await shot(page, 'categories')
  await assertAccessible(page, 'categories')
  const pages: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/product/list')) pages.push(new URL(r.url()).searchParams.get('page') ?? '')
  })
  await scrollDown(page, 6000)
  await page.waitForFunction(() => document.querySelectorAll('.product-card').length >= 40, null, { timeout: 20000 })
  assert.ok(pages.includes('2'))
  await shot(page, 'categories-more')
  await assertAccessible(page, 'categories-more')

  // the dynamic form: a top-level category's child
  const top = tree[0]
  const child = top.children[0]
  await page.goto(`${h.origin()}/categories/${encodeURIComponent(top.name)}/${child.code}`)
  await page.waitForSelector('.categories__chip--active', { timeout: 30000 })
  assert.equal(await page.locator('.categories__chip--active').innerText(), child.name)
  const expected = await api<{ items: Array<{ catalogNumber: string }> }>(
    `/product/list?page=1&pageSize=20&categoryId=${child.id}`,
  )
  await page.locator(`.product-card[data-catalog-number="${expected.items[0].catalogNumber}"]`).waitFor()
  await shot(page, 'categories-node')
  await assertAccessible(page, 'categories-node')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('a long list stays bounded: after many pages, cards far above the screen are not drawn', async () => {
  const { ctx, page, errors } = await phone('en-US')
  await page.goto(`${h.origin()}/categories`)
  await page.waitForSelector('.product-card', { timeout: 30000 })
  const loaded = async () =>
    Number(
      (
        await page
          .locator('.list-footer__button')
          .innerText()
          .catch(() => '')
      )
        .match(/(\d[\d,]*) of/)?.[1]
        ?.replace(/,/g, '') ?? 0,
    )
  for (let i = 0; i < 80 && (await loaded()) < 200; i++) {
    await scrollDown(page, 2400)
    await page.waitForTimeout(150)
  }
  const shown = await loaded()
  assert.ok(shown >= 160, `loaded ${shown}`)
  const drawn = await page.locator('.product-card').count()
  assert.ok(drawn < shown, `drawn ${drawn} of ${shown}`)
  assert.ok((await page.locator('.product-list__spacer').count()) > 0)
  // scrolling back to the top draws the first cards again
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(800)
  await page.locator('.product-card').first().waitFor()
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('document search finds a certificate of analysis by catalogue number + lot; without the lot it says what is missing', async () => {
  const { ctx, page, errors } = await phone('en-US')
  const coa = (
    await api<{ items: Array<{ id: string; catalogNumber: string; lotNumber: string; title: string }> }>(
      '/document/search?type=coa&pageSize=1',
    )
  ).items[0]
  await page.goto(`${h.origin()}/documents`)
  await page.locator('.docs__tab', { hasText: 'Certificates of analysis' }).click()
  const inputs = page.locator('.docs__form input')
  await inputs.nth(0).fill(coa.catalogNumber)
  await page.locator('.docs__submit').click()
  await page.getByText('Please enter the lot number: certificates of analysis are issued per lot.').waitFor()
  await shot(page, 'documents-missing-lot')
  await assertAccessible(page, 'documents-missing-lot')
  await inputs.nth(1).fill(coa.lotNumber)
  await page.locator('.docs__submit').click()
  const row = page.locator(`.doc-row[data-document-id="${coa.id}"]`)
  await row.waitFor({ timeout: 20000 })
  assert.match(await row.innerText(), new RegExp(`Lot ${coa.lotNumber}`))
  await shot(page, 'documents-coa')
  await assertAccessible(page, 'documents-coa')
  // View / Download opens the server-served file in a new tab
  const [popup] = await Promise.all([ctx.waitForEvent('page'), row.locator('.doc-row__open').click()])
  await popup.waitForLoadState()
  assert.match(popup.url(), new RegExp(`/api/document/file/${coa.id}$`))
  const file = await fetch(`${h.origin()}/api/document/file/${coa.id}`)
  assert.equal(file.status, 200)
  assert.match(file.headers.get('content-type') ?? '', /pdf/)
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('selection tools narrow antibodies by facet; the dual-origin list shows origin and surcharge', async () => {
  const { ctx, page, errors } = await phone('en-US')
  await page.goto(`${h.origin()}/selection-tools`)
  await page.waitForSelector('.sel-facet', { timeout: 30000 })
  await page.waitForSelector('.product-card')
  assert.equal(await page.locator('.sel__cat--on').innerText(), 'Antibodies')
  const count = async () => Number((await page.locator('.sel__count').innerText()).replace(/[^\d]/g, ''))
  const before = await count()
  await page.locator('[data-facet="Host Species"] .sel-chip').first().click()
  await page.waitForFunction(
    (n) => Number(document.querySelector('.sel__count')?.textContent?.replace(/[^\d]/g, '')) < n,
    before,
    { timeout: 20000 },
  )
  assert.equal(await page.locator('.sel__chosen-chip').count(), 1)
  await shot(page, 'selection')
  await assertAccessible(page, 'selection')
  await page.locator('.sel__clear').click()
  await page.waitForFunction(
    (n) => Number(document.querySelector('.sel__count')?.textContent?.replace(/[^\d]/g, '')) === n,
    before,
    { timeout: 20000 },
  )

  await page.goto(`${h.origin()}/dual-origin-products`)
  await page.waitForSelector('.dual-line', { timeout: 30000 })
  assert.ok((await page.locator('.dual-line__origin').count()) > 0)
  await page.locator('.dual__filter', { hasText: 'With surcharge' }).click()
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.dual-line__surcharge').length > 0 &&
      document.querySelectorAll('.dual-line__none').length === 0,
    null,
    { timeout: 20000 },
  )
  assert.match(await page.locator('.dual-line__surcharge').first().innerText(), /Surcharge ¥[\d,]+\.\d\d · \S/)
  await shot(page, 'dual-origin')
  await assertAccessible(page, 'dual-origin')
  assert.deepEqual(errors, [])
  await ctx.close()
})
