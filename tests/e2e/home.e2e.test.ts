/**
 * End-to-end: the H5 build (dist/h5) served by the real server on a fresh embedded database,
 * driven in Debian's Chromium by playwright-core on an iPhone 12 viewport. Screenshots go to
 * artifacts/e2e/ (kept by CI) and are looked at.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { e2eHarness, SHOTS, assertAccessible, APPROVED_CN } from '../support/e2e'

const SECRET = 'e2e-secret-0123456789-0123456789-0123456789'

const h = e2eHarness({ JWT_SECRET: SECRET })
const phone = (locale = 'en-US') => h.phone(locale)

async function apiList(headers: Record<string, string>) {
  const res = await fetch(`${h.origin()}/api/product/list?page=1&pageSize=20`, { headers })
  return (await res.json()).data.items as Array<{
    catalogNumber: string
    productTitle: string
    price: { amount: number; priceType: string } | null
  }>
}

test('Home shows seeded products from the server, and the language switch changes the text', async () => {
  const { ctx, page, errors } = await phone('en-US')
  const listRequests: Record<string, string>[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/product/list')) listRequests.push(r.headers())
  })

  await page.goto(`${h.origin()}/home`)
  await page.waitForSelector('.product-card', { timeout: 30000 })
  const expectedEn = await apiList({ languagecode: 'en', countrycode: 'cn' })
  await page.getByText(expectedEn[0].productTitle).first().waitFor()
  assert.equal(await page.locator('.product-card').count(), 20)
  const body = await page.locator('.taro_page').innerText()
  assert.match(body, new RegExp(`Cat\\. No\\. ${expectedEn[0].catalogNumber}`))
  assert.match(body, /¥[\d,]+\.\d\d/)
  assert.ok(await page.getByRole('searchbox', { name: 'Search products', exact: true }).isVisible())
  assert.equal(listRequests[0].languagecode, 'en')
  assert.equal(listRequests[0].countrycode, 'cn')
  assert.equal(listRequests[0].source, 'h5')
  assert.equal(listRequests[0].authorization, undefined)
  await page.screenshot({ path: path.join(SHOTS, 'home-en.png') })
  await assertAccessible(page, 'home-en')

  // header turns 'scrolled' past 10 px
  await page.mouse.wheel(0, 400)
  await page.waitForSelector('.app-header--scrolled')
  await page.screenshot({ path: path.join(SHOTS, 'home-en-scrolled.png') })
  await assertAccessible(page, 'home-en-scrolled')

  // My -> 中文 -> Home: the page and the products are in Chinese
  await page.locator('.app-footer__item', { hasText: 'My' }).click()
  await page.waitForURL(/\/more$/)
  await page.getByText('中文', { exact: true }).click()
  await page.getByText('语言', { exact: true }).waitFor()
  await page.screenshot({ path: path.join(SHOTS, 'my-zh.png') })
  await assertAccessible(page, 'my-zh')
  await page.locator('.app-footer__item', { hasText: '首页' }).click()
  const expectedZh = await apiList({ languagecode: 'cn', countrycode: 'cn' })
  await page.getByText(expectedZh[0].productTitle).first().waitFor()
  const zhBody = await page.locator('.taro_page').innerText()
  assert.match(zhBody, /货号/)
  assert.ok(!zhBody.includes('Cat. No.'))
  assert.ok(listRequests.some((h) => h.languagecode === 'cn'))
  await page.screenshot({ path: path.join(SHOTS, 'home-zh.png') })
  await assertAccessible(page, 'home-zh')

  // the choice survives a reload (persisted through the storage adapter)
  await page.reload()
  await page.getByText(expectedZh[0].productTitle).first().waitFor()
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('a logged-in approved account sees its own prices; the token travels as a bearer header', async () => {
  const { ctx, page, errors } = await phone('en-US')
  const token = await h.tokenFor(APPROVED_CN)
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  const sent: Record<string, string>[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/')) sent.push(r.headers())
  })

  await page.goto(`${h.origin()}/home`)
  await page.waitForSelector('.product-card', { timeout: 30000 })
  const priced = await apiList({ languagecode: 'en', countrycode: 'cn', authorization: `Bearer ${token}` })
  const accountPriced = priced.find((p) => p.price && p.price.priceType !== 'list')
  assert.ok(accountPriced, 'the seed gives approved.cn account prices on the first page')
  const card = page.locator(`.product-card[data-catalog-number="${accountPriced.catalogNumber}"]`)
  await card.waitFor()
  const cardText = await card.innerText()
  assert.match(cardText, /Your price|Discount price|Online offer/)
  const last = sent[sent.length - 1]
  assert.equal(last.authorization, `Bearer ${token}`)
  assert.equal(last.userid, APPROVED_CN.userId)
  assert.equal(last.username, APPROVED_CN.userName)
  await page.screenshot({ path: path.join(SHOTS, 'home-approved-cn.png') })
  await assertAccessible(page, 'home-approved-cn')

  await page.locator('.app-footer__item', { hasText: 'My' }).click()
  await page.getByText('Account 1000001').waitFor()
  await page.screenshot({ path: path.join(SHOTS, 'my-approved-cn.png') })
  await assertAccessible(page, 'my-approved-cn')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('an expired token is discarded with "Your session is expired. Please login again"', async () => {
  const { ctx, page } = await phone('en-US')
  const expired = await h.tokenFor(APPROVED_CN, -60)
  await ctx.addCookies([{ name: 'token', value: expired, url: h.origin() }])
  const auth: (string | undefined)[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/')) auth.push(r.headers().authorization)
  })
  await page.goto(`${h.origin()}/home`)
  // on screen, not merely in the DOM: Taro hides toasts raised before the first page opens
  await page.waitForFunction(
    (text) => {
      const el = document.querySelector('.taro__toast')
      if (!el || !el.textContent?.includes(text)) return false
      const cs = getComputedStyle(el)
      return cs.display !== 'none' && Number(cs.opacity) > 0.9
    },
    'Your session is expired. Please login again',
    { timeout: 15000 },
  )
  await page.screenshot({ path: path.join(SHOTS, 'session-expired.png') })
  await assertAccessible(page, 'session-expired')
  await page.waitForSelector('.product-card')
  assert.ok(
    auth.every((a) => a === undefined),
    'the expired token is never sent',
  )
  const cookies = await ctx.cookies(h.origin())
  assert.equal(
    cookies.find((c) => c.name === 'token'),
    undefined,
  )
  await ctx.close()
})

test('a spec deep link opens its screen: /product-details/{title}/{catalogNumber}, and /giftcenter/rewardsrules without login', async () => {
  const { ctx, page, errors } = await phone('zh-CN')
  // a seeded product's spec address, with a title the way the app writes it
  const [first] = await apiList({ languagecode: 'cn', countrycode: 'cn' })
  await page.goto(
    `${h.origin()}/product-details/${encodeURIComponent('any title')}/${encodeURIComponent(first.catalogNumber)}?productPlacement=home`,
  )
  // on the page (the product's name is also the hidden navigation-bar title, which Taro keeps in the DOM)
  await page.locator('.taro_page').getByText(first.productTitle).first().waitFor({ timeout: 20000 })
  // and the address bar keeps the spec's address (issue 22 item 12), not Taro's /product-details?catalogNumber=
  assert.match(page.url(), new RegExp(`/product-details/[^/?]+/${encodeURIComponent(first.catalogNumber)}(\\?|$)`))
  assert.match(await page.locator('.taro_page').last().innerText(), new RegExp(`货号\\s*${first.catalogNumber}`))
  await page.screenshot({ path: path.join(SHOTS, 'deep-link-product-zh.png') })
  await assertAccessible(page, 'deep-link-product-zh')

  // the gift centre's point rules by their spec address (spec §2: "/giftcenter/rewardsrules | Point rules; no login needed")
  await page.goto(`${h.origin()}/giftcenter/rewardsrules`)
  await page.locator('.taro_page').last().getByText('如何获得积分').waitFor({ timeout: 20000 })
  await page.screenshot({ path: path.join(SHOTS, 'deep-link-rewards-rules-zh.png') })
  await assertAccessible(page, 'deep-link-rewards-rules-zh')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test("Home's and a product page's first screens are painted from index.html before the app's scripts run; the app takes over in place (no layout shift), in the language the app last used", async () => {
  for (const [url, lang] of [
    ['/home', 'en'],
    ['/product-details/Essential%208%20Medium/25732-068', 'zh'],
  ] as const) {
    const { ctx, page, errors } = await phone('en-US')
    if (lang === 'zh') await ctx.addCookies([{ name: 'lab_locale', value: 'zh-cn', url: h.origin() }])
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number }
      w.__cls = 0
      new PerformanceObserver((l) => {
        for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.__cls += e.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // hold the app's entry script: what shows is the server's drawing alone
    let release!: () => void
    const held = new Promise<void>((r) => {
      release = r
    })
    await page.route(/\/js\/app\.[0-9a-f]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${h.origin()}${url}`, { waitUntil: 'commit' })
    const shell = page.locator('#first-screen')
    await shell.waitFor({ state: 'attached' })
    assert.equal(await shell.getAttribute('aria-hidden'), 'true')
    assert.equal(
      await shell.locator('a, button, input, [tabindex]').count(),
      0,
      'nothing in the drawing can be focused or tapped',
    )
    const shellText = await shell.innerText()
    await page.screenshot({ path: path.join(SHOTS, `first-screen${url === '/home' ? '-home' : '-product'}.png`) })
    if (url === '/home') {
      assert.match(shellText, /Learning centre/)
      assert.ok(
        await shell
          .locator('img[fetchpriority="high"]')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        'the first banner picture is painted',
      )
    } else {
      assert.match(shellText, /货号 25732-068/)
      assert.match(shellText, /Essential 8 培养基/, 'the product title in Chinese')
    }
    release()
    await shell.waitFor({ state: 'detached', timeout: 30000 })
    await page
      .locator(url === '/home' ? '.home-article' : '.pd-main__title')
      .first()
      .waitFor()
    assert.ok(await page.locator('#app').isVisible())
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls)
    assert.ok(cls < 0.01, `cumulative layout shift ${cls}`)
    assert.deepEqual(errors, [])
    await ctx.close()
  }
})
