/**
 * End-to-end cart journey: the H5 build (TEST_H5_DIR or dist/h5) served by the real server on a
 * fresh embedded database, in Chromium on an iPhone 12 viewport.
 * - a visitor adds a product on its page (anonymous cart, gcId minted by the server), the badge counts it;
 * - approved.cn logs in (cookie token) and finds the anonymous line merged into the cart it already
 *   had, quantities summed (spec section 4: merge first, then query);
 * - quick order by paste, with a per-line result;
 * - a D code, then a P code: the mix is refused with its exact message;
 * Screenshots: artifacts/e2e/cart-*.png. axe: no critical or serious violations.
 */
import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { e2eHarness, SHOTS, assertAccessible, horizontalOverflow, onScreen, APPROVED_CN, EN } from '../support/e2e'
import { cleanTitle } from '../../types/catalog/product-title'

const SECRET = 'e2e-cart-secret-0123456789-0123456789-0123456'

const h = e2eHarness({ JWT_SECRET: SECRET })

interface Summary {
  catalogNumber: string
  productTitle: string
  price: { amount: number } | null
  leadTarget: boolean
}
interface CartLine {
  id: number
  catalogNumber: string
  quantity: number
}
interface Cart {
  cartItems: CartLine[]
  itemCount: number
  coupons: { code: string; valid: boolean }[]
}
interface Offer {
  code: string
  type: string
}

async function pricedProducts(n: number): Promise<Summary[]> {
  const out: Summary[] = []
  for (let page = 1; page <= 10 && out.length < n; page++) {
    const list = await h.call<{ items: Summary[] }>('GET', `/product/list?page=${page}&pageSize=50`, EN)
    out.push(...list.items.filter((p) => p.price && !p.leadTarget))
  }
  assert.ok(out.length >= n, 'the seed has priced products')
  return out.slice(0, n)
}

/**
 * The cart domain is served by the h-cart server branch; until it is merged the routes do not exist
 * and the journey says so as a skip (with the reason) rather than failing on a 404.
 */
async function cartServerMissing(t: TestContext): Promise<boolean> {
  const res = await fetch(
    `${h.origin()}/api/cart/query?country=cn&language=en&gcId=1763900000000-abcdefghijklmnopqrstuv`,
    { headers: EN },
  )
  const body = await res.json().catch(() => ({}))
  if (res.status === 404 && /Route GET/.test(String(body.message))) {
    t.skip('the server has no /cart routes yet (branch h-cart not merged)')
    return true
  }
  return false
}

async function settle(page: Page) {
  await page.waitForTimeout(700) // Taro's slide-in
}

test('visitor adds on the product page → badge; approved.cn logs in → the anonymous line is merged with the quantity summed', async (t) => {
  if (await cartServerMissing(t)) return
  const [product] = await pricedProducts(1)
  const token = await h.tokenFor(APPROVED_CN)
  const auth = { ...EN, authorization: `Bearer ${token}` }
  // the user already holds 2 of the product in the cart
  const before = await h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  const had = before.cartItems.find((l) => l.catalogNumber === product.catalogNumber)?.quantity ?? 0
  await h.call('POST', '/cart/addItems', auth, { items: [{ catalogNumber: product.catalogNumber, quantity: 2 }] })

  const { ctx, page, errors } = await h.phone()
  await page.goto(
    `${h.origin()}/product-details/${encodeURIComponent(cleanTitle(product.productTitle))}/${product.catalogNumber}`,
  )
  const action = page.locator('.product-footer__action')
  await action.waitFor({ timeout: 30000 })
  assert.equal((await action.innerText()).trim(), 'Add to cart')
  await action.click()
  await page.getByText('Added to cart').first().waitFor({ timeout: 10000 })
  await page.locator('.product-footer .cart-badge', { hasText: '1' }).waitFor()
  await page.screenshot({ path: path.join(SHOTS, 'cart-product-added.png') })
  await assertAccessible(page, 'cart-product-added')
  const gcId = await page.evaluate(() => localStorage.getItem('gcId'))
  assert.ok(gcId && /\d{13}-/.test(gcId), `the server minted a gcId (${gcId})`)

  // the visitor's cart
  await page.goto(`${h.origin()}/my-cart`)
  await onScreen(page).locator(`.cart-line[data-catalog-number="${product.catalogNumber}"]`).waitFor({ timeout: 20000 })
  await page.locator('.app-footer .cart-badge', { hasText: '1' }).waitFor()
  assert.ok(
    await onScreen(page).locator('.cart-checkout__login').isVisible(),
    'a visitor is asked to log in to check out',
  )
  await settle(page)
  await page.screenshot({ path: path.join(SHOTS, 'cart-visitor.png') })
  await assertAccessible(page, 'cart-visitor')

  // log in (the token cookie, as the login callback leaves it) and open the cart again
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  await page.goto(`${h.origin()}/my-cart`)
  const line = onScreen(page).locator(`.cart-line[data-catalog-number="${product.catalogNumber}"]`)
  await line.waitFor({ timeout: 20000 })
  const expected = Math.min(999, had + 2 + 1)
  await page.waitForFunction(
    ([cn, q]) => {
      const pages = Array.from(document.querySelectorAll('.taro_page'))
      const input = pages[pages.length - 1]?.querySelector(
        `.cart-line[data-catalog-number="${cn}"] input.qty-stepper__input`,
      ) as HTMLInputElement | null
      return input?.value === String(q)
    },
    [product.catalogNumber, expected] as const,
    { timeout: 15000 },
  )
  assert.equal(await page.evaluate(() => localStorage.getItem('gcId')), null, 'after a merge the anonymous id is dead')
  await onScreen(page).locator('.cart-checkout__go').waitFor()
  await settle(page)
  await page.screenshot({ path: path.join(SHOTS, 'cart-merged.png') })
  await assertAccessible(page, 'cart-merged')
  assert.deepEqual(await horizontalOverflow(page), [])
  const after = await h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  assert.equal(
    after.cartItems.filter((l) => l.catalogNumber === product.catalogNumber).length,
    1,
    'one line for the SKU, not two',
  )
  assert.equal(after.cartItems.find((l) => l.catalogNumber === product.catalogNumber)!.quantity, expected)
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('quick order by paste: preview, then a result per line (added, unknown)', async (t) => {
  if (await cartServerMissing(t)) return
  const products = await pricedProducts(2)
  const token = await h.tokenFor(APPROVED_CN)
  const { ctx, page, errors } = await h.phone()
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  await page.goto(`${h.origin()}/my-cart/QuickOrder`)
  const area = onScreen(page).locator('.qo-input textarea')
  await area.waitFor({ timeout: 30000 })
  await area.fill(`${products[0].catalogNumber}\t2\n${products[1].catalogNumber}, 1\nNOPE-000000\t1\nZERO-1\t0`)
  await onScreen(page).getByText('Preview: 3 lines').waitFor()
  assert.match(await onScreen(page).locator('.qo-problems').innerText(), /Line 4/)
  await settle(page)
  await page.screenshot({ path: path.join(SHOTS, 'cart-quick-order-preview.png') })
  await assertAccessible(page, 'cart-quick-order-preview')
  await onScreen(page).locator('.qo-submit').click()
  await onScreen(page).locator('.qo-results').waitFor({ timeout: 15000 })
  const statuses = await onScreen(page)
    .locator('.qo-result')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
  assert.deepEqual(statuses, ['added', 'added', 'unknown'])
  assert.match(await onScreen(page).locator('.qo-results').innerText(), /2 of 3 lines added/)
  assert.match(await onScreen(page).locator('.qo-results').innerText(), /Unknown catalogue number/)
  await page.screenshot({ path: path.join(SHOTS, 'cart-quick-order-results.png') })
  await assertAccessible(page, 'cart-quick-order-results')
  assert.deepEqual(await horizontalOverflow(page), [])
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('coupon sheet: a D code for every product (D-APPROVED7), then a P code is refused with the exact message "P and D codes cannot be used together."', async (t) => {
  if (await cartServerMissing(t)) return
  const token = await h.tokenFor(APPROVED_CN)
  const auth = { ...EN, authorization: `Bearer ${token}` }
  const offers = await h.call<Offer[]>('GET', '/cart/coupon/list', auth)
  const p = offers.find((o) => o.type === 'P')
  const d = offers.find((o) => o.type === 'D' && (o as Offer & { skuCount: number }).skuCount === 0)
  assert.ok(p && d, `the seed offers a P and a D code to approved.cn (${offers.map((o) => o.code).join(', ')})`)
  // the cart needs a product for codes to apply to
  const [product] = await pricedProducts(1)
  await h.call('POST', '/cart/addItems', auth, { items: [{ catalogNumber: product.catalogNumber, quantity: 1 }] })

  const { ctx, page, errors } = await h.phone()
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  await page.goto(`${h.origin()}/my-cart`)
  const row = onScreen(page).locator('.cart-coupon-row')
  await row.waitFor({ timeout: 30000 })
  await row.click()
  const sheet = onScreen(page).locator('.coupon-sheet')
  await sheet.locator(`.coupon-sheet__offer[data-code="${d!.code}"]`).waitFor({ timeout: 10000 })
  const input = sheet.locator('input.coupon-sheet__input')
  await input.fill(d!.code)
  await sheet.locator('.coupon-sheet__apply').click()
  await sheet.locator('.coupon-sheet__verdict').waitFor()
  const first = await sheet.locator('.coupon-sheet__verdict').innerText()
  assert.equal(first, `Code ${d!.code} applied.`, `the D code applies to the cart (${first})`)
  await input.fill(p!.code)
  await sheet.locator('.coupon-sheet__apply').click()
  await sheet
    .locator('.coupon-sheet__verdict', { hasText: 'P and D codes cannot be used together.' })
    .waitFor({ timeout: 10000 })
  await page.screenshot({ path: path.join(SHOTS, 'cart-coupon-sheet.png') })
  await assertAccessible(page, 'cart-coupon-sheet')
  const cart = await h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  assert.ok(!cart.coupons.some((c) => c.code === p!.code), 'the P code was not applied')
  assert.ok(
    cart.coupons.some((c) => c.code === d!.code && c.valid),
    'the D code stays applied',
  )
  assert.deepEqual(errors, [])
  await ctx.close()
})
