/**
 * Issue 22, "What buyers and attackers found": the buying journey as a new buyer walks it, on the H5 build
 * (TEST_H5_DIR or dist/h5) served by the real server on a fresh embedded database, Chromium on an iPhone 12.
 * - a visitor adds a product, reloads on Home and sees the Cart badge without opening the Cart tab (item 2);
 * - approved.cn applies P-ANTIBODY10 and R-REAGENT8, removes R: the sheet, the codes row and the prices show
 *   what the server holds, T-TRIAL50 is then not refused as an "M/R/T mix", and checkout shows the cart's
 *   total (item 1); the cart and Submit order show the delivery mode and each line's channel (item 9);
 *   the order is placed, then reordered from its detail page (Reorder, item 3; each history row has one too)
 *   and placed again;
 * - the flash-buy submit screen's Total is the server's, tax included, with the checkout's price details (item 4);
 * - a shipped order's cancel page says at once that it cannot be cancelled online (item 13).
 * Screenshots: artifacts/e2e/journey-*.png. axe: no critical or serious violations on every page visited.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { e2eHarness, journeyShots, assertAccessible, settle, onScreen, APPROVED_CN, EN } from '../support/e2e'
import { cleanTitle } from '../../types/catalog/product-title'
import { formatMoney } from '../../src/rules/format'

const SECRET = 'e2e-journey-secret-0123456789-0123456789-0123456'

const h = e2eHarness({ JWT_SECRET: SECRET })
const { shot, look } = journeyShots('journey')

interface Summary {
  catalogNumber: string
  productTitle: string
  price: { amount: number } | null
  leadTarget: boolean
}
interface Cart {
  cartItems: { id: number; catalogNumber: string; lineTotal: number | null }[]
  coupons: { code: string; valid: boolean }[]
  summary: { total: number; currency: string }
  deliveryMode: string
}

/** Taro's slide-in, before a screenshot (not an assertion) */

async function pricedProduct(): Promise<Summary> {
  const list = await h.call<{ items: Summary[] }>('GET', '/product/list?page=1&pageSize=50', EN)
  const p = list.items.find((x) => !!x.price && !x.leadTarget)
  assert.ok(p, 'the seed has a priced product')
  return p!
}

/**
 * An antibody that P-ANTIBODY10 applies to, alone in approved.cn's cart, with no code: a page of primary
 * antibodies goes into the cart at once, P is applied through the API, and a line whose total it lowered is kept.
 */
async function antibodyInCart(auth: Record<string, string>): Promise<string> {
  const query = () => h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  const empty = async (keep?: string) => {
    const cart = await query()
    for (const c of cart.coupons) await h.call('POST', '/cart/coupon/remove', auth, { code: c.code })
    const drop = cart.cartItems.filter((i) => i.catalogNumber !== keep)
    if (drop.length) await h.call('POST', '/cart/deleteItems', auth, { items: drop.map((i) => ({ id: i.id })) })
  }
  await empty()
  type Node = { id: string; code: string; children: Node[] }
  const flat = (ns: Node[]): Node[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])])
  const node = flat(await h.call<Node[]>('GET', '/category/tree', EN)).find((n) => n.code === 'primary-antibodies')
  assert.ok(node, 'the seed has the primary antibodies category')
  for (let page = 1; page <= 10; page++) {
    const list = await h.call<{ items: Summary[] }>(
      'GET',
      `/product/list?page=${page}&pageSize=50&categoryId=${node!.id}`,
      EN,
    )
    const priced = list.items.filter((x) => !!x.price && !x.leadTarget)
    if (!list.items.length) break
    if (!priced.length) continue
    await h.call('POST', '/cart/addItems', auth, {
      items: priced.map((p) => ({ catalogNumber: p.catalogNumber, quantity: 1 })),
    })
    const before = new Map((await query()).cartItems.map((i) => [i.catalogNumber, i.lineTotal]))
    const r = await h.call<{
      coupon: { valid: boolean }
      cart: { cartItems: { catalogNumber: string; lineTotal: number | null }[] }
    }>('POST', '/cart/coupon/apply', auth, { code: 'P-ANTIBODY10' })
    const hit = r.coupon.valid
      ? r.cart.cartItems.find(
          (i) =>
            i.lineTotal !== null && before.get(i.catalogNumber) !== null && i.lineTotal < before.get(i.catalogNumber)!,
        )
      : undefined
    await empty(hit?.catalogNumber)
    if (hit) return hit.catalogNumber
  }
  throw new Error('no antibody of the seed takes P-ANTIBODY10')
}

test('item 2: a visitor adds a product, reloads on Home and sees the Cart badge without opening the Cart tab', async () => {
  const product = await pricedProduct()
  const { ctx, page, errors } = await h.phone()
  await page.goto(
    `${h.origin()}/product-details/${encodeURIComponent(cleanTitle(product.productTitle))}/${product.catalogNumber}`,
  )
  const action = page.locator('.product-footer__action')
  await action.waitFor({ timeout: 30000 })
  await action.click()
  await page.locator('.product-footer .cart-badge', { hasText: '1' }).waitFor({ timeout: 15000 })
  // a new load of the site (the app's state is gone; the stored gcId stays), on Home, not on the Cart tab
  await page.goto(`${h.origin()}/home`)
  await page.locator('.app-footer .cart-badge', { hasText: '1' }).waitFor({ timeout: 20000 })
  await page.reload()
  await page.locator('.app-footer .cart-badge', { hasText: '1' }).waitFor({ timeout: 20000 })
  await settle(page)
  await page.screenshot({ path: shot('visitor-badge-after-reload') })
  await assertAccessible(page, 'journey-visitor-badge')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test("items 1, 3, 9: coupons applied and removed show what the server holds; checkout shows the cart's total and the delivery mode; the order is placed, then reordered from its detail and placed again", async () => {
  const token = await h.tokenFor(APPROVED_CN)
  const auth = { ...EN, authorization: `Bearer ${token}` }
  const antibody = await antibodyInCart(auth)

  const { ctx, page, errors } = await h.phone()
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  await page.goto(`${h.origin()}/my-cart`)
  const cartPage = onScreen(page)
  await cartPage.locator(`.cart-line[data-catalog-number="${antibody}"]`).waitFor({ timeout: 30000 })
  // item 9: the delivery mode the server decided, and the line's channel in words
  const serverCart0 = await h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  await cartPage.locator(`.cart-mode[data-mode="${serverCart0.deliveryMode}"]`).waitFor()
  assert.match(await cartPage.locator('.cart-line__channel').first().innerText(), /Warehouse|Supply centre/)

  // apply P then R in the coupon sheet
  await cartPage.locator('.cart-coupon-row').click()
  const sheet = cartPage.locator('.coupon-sheet')
  const input = sheet.locator('input.coupon-sheet__input')
  await input.waitFor({ timeout: 10000 })
  for (const code of ['P-ANTIBODY10', 'R-REAGENT8']) {
    await input.fill(code)
    await sheet.locator('.coupon-sheet__apply').click()
    await sheet.locator('.coupon-sheet__verdict', { hasText: `Code ${code} applied.` }).waitFor({ timeout: 10000 })
    await sheet.locator(`.coupon-sheet__code[data-code="${code}"]`).waitFor()
  }
  const withBoth = await h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  await page.screenshot({ path: shot('coupons-applied') })
  await assertAccessible(page, 'journey-coupons-applied')

  // Remove R: it leaves the sheet at once, and the prices become the server's
  await sheet.locator('.coupon-sheet__code[data-code="R-REAGENT8"] .coupon-sheet__remove').click()
  await sheet.locator('.coupon-sheet__code[data-code="R-REAGENT8"]').waitFor({ state: 'detached', timeout: 10000 })
  const withP = await h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  assert.deepEqual(
    withP.coupons.map((c) => c.code),
    ['P-ANTIBODY10'],
    'the server dropped R',
  )
  assert.notEqual(withP.summary.total, withBoth.summary.total, 'removing R changes the total')
  await sheet.locator('.coupon-sheet__code[data-code="P-ANTIBODY10"]').waitFor()

  // T after R is gone: never refused as an M/R/T mix (the server decides whether it applies to this cart)
  await input.fill('T-TRIAL50')
  await sheet.locator('.coupon-sheet__apply').click()
  await sheet.locator('.coupon-sheet__verdict').waitFor()
  await page.waitForFunction(() => {
    const v = Array.from(document.querySelectorAll('.taro_page')).at(-1)?.querySelector('.coupon-sheet__verdict')
    return !!v && v.textContent !== 'Code R-REAGENT8 applied.'
  })
  const verdict = await sheet.locator('.coupon-sheet__verdict').innerText()
  assert.doesNotMatch(verdict, /cannot be used together/, `T is not refused as a mix (${verdict})`)
  await sheet.locator('.coupon-sheet__close').click()
  await sheet.waitFor({ state: 'detached', timeout: 10000 })

  // the cart shows the server's total; so does checkout
  const server = await h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  const total = formatMoney(server.summary.total, server.summary.currency)
  await cartPage.locator('.cart-summary__total', { hasText: total }).waitFor({ timeout: 10000 })
  assert.equal(
    await cartPage.locator('.cart-coupon-row__value').innerText(),
    server.coupons
      .filter((c) => c.valid)
      .map((c) => c.code)
      .join(', '),
  )
  await settle(page)
  await look(page, 'cart-after-remove', { fullPage: true })

  await cartPage.locator('.cart-checkout__go').click()
  await page.waitForURL(/\/submit-order/, { timeout: 20000 })
  const so = onScreen(page)
  await so.locator('.so-bar__value', { hasText: total }).waitFor({ timeout: 30000 })
  await so.locator(`.so-mode[data-mode="${server.deliveryMode}"]`).waitFor()
  assert.match(await so.locator('.so-line__channel').first().innerText(), /^(Warehouse|Supply centre)$/)
  await settle(page)
  await so.locator('.so-lines').screenshot({ path: shot('submit-order-lines') })
  await so.locator('.so-terms__row').click()
  await settle(page)
  await page.screenshot({ path: shot('submit-order'), fullPage: true })
  await assertAccessible(page, 'journey-submit-order')
  await so.locator('.so-bar__submit').click()
  await page.waitForURL(/\/submit-order\/success/, { timeout: 30000 })
  await onScreen(page).locator('.os-number').first().waitFor({ timeout: 20000 })

  // the order just placed: history offers Reorder on its row, the detail too
  const list = await h.call<{ items: { orderNumber: string; source: string }[] }>('GET', '/order/list?limit=5', auth)
  const placed = list.items[0]
  assert.ok(placed, 'the order is in the history')
  await page.goto(`${h.origin()}/order-history`)
  const row = onScreen(page).locator('.oh-item', {
    has: page.locator(`.oh-row[data-order-number="${placed.orderNumber}"]`),
  })
  await row.waitFor({ timeout: 30000 })
  assert.equal(
    await row.locator('.oh-item__reorder').getAttribute('href'),
    `/my-cart/QuickOrder?orderNumber=${placed.orderNumber}`,
  )
  await settle(page)
  await row.screenshot({ path: shot('order-history-row') })
  await assertAccessible(page, 'journey-order-history')

  await row.locator('.oh-row').click()
  await page.waitForURL(new RegExp(`/my-orders/${placed.orderNumber}`), { timeout: 20000 })
  const detail = onScreen(page)
  await detail.locator('.od-requests__reorder').waitFor({ timeout: 30000 })
  await settle(page)
  await detail.locator('.od-requests').screenshot({ path: shot('order-detail-actions') })
  await assertAccessible(page, 'journey-order-detail')
  await detail.locator('.od-requests__reorder').click()
  await page.waitForURL(/\/my-cart\/QuickOrder\?orderNumber=/, { timeout: 20000 })
  const qo = onScreen(page)
  await qo.locator('.qo-reorder__go').click()
  await qo.locator('.qo-result[data-status="added"]').first().waitFor({ timeout: 20000 })
  await assertAccessible(page, 'journey-reorder-results')
  const again = await h.call<Cart>('GET', '/cart/query?country=cn&language=en', auth)
  assert.ok(
    again.cartItems.some((l) => l.catalogNumber === antibody),
    "the past order's line is back in the cart",
  )

  // and placed again
  await page.goto(`${h.origin()}/submit-order`)
  const so2 = onScreen(page)
  await so2.locator(`.so-line`).first().waitFor({ timeout: 30000 })
  // as for the first order: the lines are priced (the total shows) before the terms and submit; a busy machine
  // priced them after the tap, which the page ignores while it has no priced cart
  await so2.locator('.so-bar__value').waitFor({ timeout: 30000 })
  await so2.locator('.so-terms__row').click()
  await so2.locator('.so-terms__box--on').waitFor()
  await so2.locator('.so-bar__submit').click()
  await page.waitForURL(/\/submit-order\/success/, { timeout: 30000 })
  await onScreen(page).locator('.os-number').first().waitFor({ timeout: 20000 })
  const after = await h.call<{ items: { orderNumber: string }[] }>('GET', '/order/list?limit=5', auth)
  assert.notEqual(after.items[0].orderNumber, placed.orderNumber, 'a second order was placed')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test("item 4: the flash-buy submit screen shows the server's line, tax and total (ENABLE_ORDER_TAX on for cn)", async () => {
  const token = await h.tokenFor(APPROVED_CN)
  const auth = { ...EN, authorization: `Bearer ${token}` }
  const quote = await h.call<{ summary: { total: number; taxes: number; taxEnabled: boolean; currency: string } }>(
    'GET',
    '/flashbuy/quote/FB-CN-001?quantity=2',
    auth,
  )
  assert.ok(quote.summary.taxEnabled && quote.summary.taxes > 0, 'the seed turns the order tax on for cn')
  const { ctx, page, errors } = await h.phone()
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  await page.goto(`${h.origin()}/flashbuy/submit?id=FB-CN-001&qty=2`)
  const fb = onScreen(page)
  const total = formatMoney(quote.summary.total, quote.summary.currency)
  await fb.locator('.fb-bar__value', { hasText: total }).waitFor({ timeout: 30000 })
  assert.equal(
    await fb
      .locator('.price-details__row--taxes')
      .locator('text=' + formatMoney(quote.summary.taxes, quote.summary.currency))
      .count(),
    1,
  )
  await settle(page)
  await fb.locator('.price-details').screenshot({ path: shot('flashbuy-price-details') })
  await look(page, 'flashbuy-submit')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test("item 13: a shipped order's cancel page says at once that it cannot be cancelled online", async () => {
  const token = await h.tokenFor(APPROVED_CN)
  const auth = { ...EN, authorization: `Bearer ${token}` }
  const list = await h.call<{ items: { orderNumber: string; status: string }[] }>('GET', '/order/list?limit=50', auth)
  const shipped = list.items.find((o) => ['SHIPPED', 'COMPLETED', 'Waiting for Delivery'].includes(o.status))
  assert.ok(shipped, `the seed gives approved.cn a shipped order (${list.items.map((o) => o.status).join(', ')})`)
  const { ctx, page, errors } = await h.phone()
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  await page.goto(`${h.origin()}/order-cancel/${shipped!.orderNumber}`)
  const blocked = onScreen(page).locator('.orq-blocked__message')
  await blocked.waitFor({ timeout: 30000 })
  assert.equal(
    await blocked.innerText(),
    'This order can no longer be cancelled online: it is already being processed. Please contact customer service.',
  )
  assert.equal(await onScreen(page).locator('.orq-bar__submit').count(), 0, 'no form to fill')
  await settle(page)
  await page.screenshot({ path: shot('cancel-not-cancellable') })
  await assertAccessible(page, 'journey-cancel-not-cancellable')
  assert.deepEqual(errors, [])
  await ctx.close()
})
