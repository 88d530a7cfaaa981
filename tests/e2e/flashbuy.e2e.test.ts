/**
 * End-to-end flash buy (issue 11): the H5 build (TEST_H5_DIR or dist/h5) served by the real server on a
 * fresh embedded database, Chromium on an iPhone 12 viewport.
 * - approved.cn: Home → the flash-sale entry → the list (sections, sale-list labels, coming soon shows its
 *   display text and no price) → Purchase now → the submit screen; the quantity tip, the submit checks in
 *   the spec's order (section 5), the price changed by staff (issue 24) → the price-changed dialog →
 *   Cancel stops, Confirm places → the success page → the order in the history with its Flash buy badge;
 * - FB-CN-004 (cap below the minimum): the quantity starts at the cap;
 * - lite.cn: the button reads Complete registration and opens the ship-to add page;
 * - a visitor is asked to log in; coming-soon and over sales are blocked with their messages.
 * Screenshots: artifacts/e2e/flashbuy-*.png. axe: no critical or serious violations.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import {
  e2eHarness,
  journeyShots,
  assertAccessible,
  horizontalOverflow,
  settle,
  onScreen,
  field,
  showPart,
  APPROVED_CN,
  LITE_CN,
} from '../support/e2e'

const SECRET = 'e2e-flashbuy-secret-0123456789-0123456789-0123'

const h = e2eHarness({ JWT_SECRET: SECRET })
const { shot, look } = journeyShots('flashbuy')

/** marketing changes a sale's flash price (major units) through the staff route (PUT /api/admin/flash-sales/{id}) */
const setFlashPrice = async (id: string, flashPrice: number) =>
  h.call<{ flashPrice: number }>('PUT', `/admin/flash-sales/${id}`, await h.staffHeaders('staff-marketing'), {
    flashPrice,
  })

interface Order {
  orderNumber: string
  salesOrderNumber: string
  source: string
}
const flashOrders = async (auth: Record<string, string>) =>
  (await h.call<{ items: Order[] }>('GET', '/order/list?limit=50', auth)).items.filter((o) => o.source === 'flashbuy')

/** a picture of the page without the toast over it (the toast is asserted separately) */
const NO_TOAST = '.taro__toast { display: none !important }'

/** a toast on screen (Taro's .taro__toast, shown, with this text) */
async function toastSays(page: Page, text: string) {
  await page.waitForFunction(
    (text) =>
      Array.from(document.querySelectorAll('.taro__toast')).some((el) => {
        const cs = getComputedStyle(el)
        return !!el.textContent?.includes(text) && cs.display !== 'none' && Number(cs.opacity) > 0.5
      }),
    text,
    { timeout: 8000 },
  )
}

async function openSubmit(page: Page, id: string, qty = 1) {
  await page.goto(`${h.origin()}/flashbuy/submit?id=${id}&qty=${qty}`)
  const fb = onScreen(page).locator('.fb')
  await fb.waitFor({ timeout: 30000 })
  return fb
}

test('approved.cn: Home → flash sales → Purchase now → quantity and submit checks in order → price changed (Cancel, Confirm) → success → order history', async () => {
  const { ctx, page, errors } = await h.phone()
  const auth = await h.signIn(page.context(), APPROVED_CN)
  const before = await flashOrders(auth)

  // Home's flash-sale entry
  await page.goto(`${h.origin()}/home`)
  const entry = page.locator('.home-flash')
  await entry.waitFor({ timeout: 30000 })
  await entry.click()
  await page.waitForURL(/\/flashbuy\/list/, { timeout: 20000 })
  const list = onScreen(page)
  await list.locator('.fs-item').first().waitFor({ timeout: 20000 })
  await settle(page)
  // spec §4 sale-list labels: sections on sale, soon, expired
  for (const g of ['onSale', 'soon', 'expired'])
    assert.equal(await list.locator(`.fs-group--${g}`).count(), 1, `the ${g} section`)
  const item = (id: string) => list.locator(`.fs-item[data-id="${id}"]`)
  assert.equal(await item('FB-CN-001').getAttribute('data-status'), 'IN_PROGRESS')
  assert.match(await item('FB-CN-001').locator('.fs-item__label').innerText(), /in progress/i)
  assert.match(await item('FB-CN-001').locator('.fs-item__flash').innerText(), /\d/)
  assert.match(await item('FB-CN-001').locator('.fs-item__stock').innerText(), /146 left/)
  // "Coming soon is blocked and shows display text instead of a price"
  const soon = item('FB-CN-007')
  assert.equal(await soon.getAttribute('data-status'), 'COMING_SOON')
  assert.match(await soon.locator('.fs-item__label').innerText(), /soon/i)
  assert.ok((await soon.locator('.fs-item__display').innerText()).trim().length > 0, 'display text')
  assert.equal(await soon.locator('.fs-item__flash, .fs-item__list').count(), 0, 'no price for a coming-soon sale')
  assert.equal(await soon.locator('.fs-item__action--comingSoon').count(), 1)
  assert.match(await item('FB-CN-006').locator('.fs-item__label').innerText(), /sold out/i)
  assert.equal(await item('FB-CN-006').locator('.fs-item__action--empty').count(), 1)
  assert.match(await item('FB-CN-008').locator('.fs-item__label').innerText(), /expired/i)
  assert.equal(await item('FB-CN-008').locator('.fs-item__action--expired').count(), 1)
  await look(page, 'list')
  await showPart(list.locator('.fs-group--soon'))
  await page.screenshot({ path: shot('list-soon') })
  await showPart(list.locator('.fs-group--expired'))
  await page.screenshot({ path: shot('list-expired') })

  const buy = item('FB-CN-001').locator('a.fs-item__action--buy')
  assert.equal(
    (await buy.getAttribute('aria-label')) ?? (await buy.innerText()),
    `Purchase now: ${await item('FB-CN-001').locator('.fs-item__name').innerText()}`,
  )
  await buy.click()
  await page.waitForURL(/\/flashbuy\/submit\?.*id=FB-CN-001/, { timeout: 20000 })
  const so = onScreen(page)
  const fb = so.locator('.fb')
  await fb.waitFor({ timeout: 30000 })
  await so.locator('.fb-address .address-card, .fb-address__contacts').first().waitFor({ timeout: 20000 })
  assert.equal(await fb.getAttribute('data-status'), 'IN_PROGRESS')
  assert.match(await so.locator('.fb-qty__remaining').innerText(), /146/)
  assert.match(await so.locator('.fb-qty__min').innerText(), /1/)
  assert.match(await so.locator('.fb-qty__max').innerText(), /5/) // logged in: the cap is the maximum order quantity
  assert.equal(await so.locator('.fb-bar__submit').innerText(), 'Submit order')
  await settle(page)
  await page.screenshot({ path: shot('submit-top') })
  await assertAccessible(page, 'flashbuy-submit')
  assert.deepEqual(await horizontalOverflow(page), [])

  // quantity above the cap: the tooltip after the 1 s check
  const qty = field(so, 'fb-qty__input')
  await qty.fill('6')
  await so.locator('.fb-qty__tip').waitFor({ timeout: 5000 })
  await showPart(so.locator('.fb-qty'))
  assert.equal(await so.locator('.fb-qty__tip').innerText(), 'You can buy at most 5 of this product')
  await page.screenshot({ path: shot('qty-tip') })
  await assertAccessible(page, 'flashbuy-qty-tip')

  // the checks, in order: letters (check 4) win over the unchecked terms (check 6)
  await qty.fill('ab')
  await so.locator('.fb-bar__submit').click()
  await toastSays(page, 'Invalid input, Please input number')
  await qty.fill('2')
  await so.locator('.fb-bar__submit').click()
  await toastSays(page, 'Please agree to the terms')
  const terms = so.locator('.fb-terms__row')
  await terms.click()
  assert.equal(await terms.getAttribute('aria-checked'), 'true')
  // contacts (check 7): open More; the contact section
  await so.locator('.fb-address__toggle').click()
  const phone = field(so, 'fb-input--receiver-phone')
  await phone.waitFor()
  await field(so, 'fb-input--receiver-name').fill('王小明')
  await field(so, 'fb-input--invoice-name').fill('李华')
  await field(so, 'fb-input--invoice-phone').fill('021-6543 2100')
  await phone.fill('')
  await so.locator('.fb-bar__submit').click()
  await toastSays(page, 'Please enter correct contact name and phone number')
  await phone.fill('138 0013 8000')
  await showPart(so.locator('.fb-address__more'))
  await page.screenshot({ path: shot('submit-contacts'), style: NO_TOAST })
  await field(so, 'fb-input--email').fill('not-an-email')
  await so.locator('.fb-bar__submit').click()
  await toastSays(page, 'Please enter valid email id')
  await field(so, 'fb-input--email').fill('lab.manager@example.edu.cn')
  await field(so, 'fb-input--po').fill('PO-FLASH-0042')
  await field(so, 'fb-textarea--remark').fill('Please deliver to the cold room, building 3')
  await showPart(so.locator('.fb-terms'))
  await page.screenshot({ path: shot('submit-bottom'), style: NO_TOAST })
  await assertAccessible(page, 'flashbuy-submit-contacts')
  assert.deepEqual(await horizontalOverflow(page), [])

  // marketing changes the price between opening the page and submitting
  const detail = await h.call<{ flashPrice: number; catalogNumber: string }>('GET', '/flashbuy/detail/FB-CN-001', auth)
  const oldPrice = detail.flashPrice
  const newPrice = oldPrice + 10
  await setFlashPrice('FB-CN-001', newPrice)
  try {
    await so.locator('.fb-bar__submit').click()
    const dialog = so.locator('.fb-price-dialog')
    await dialog.waitFor({ timeout: 15000 })
    assert.match(await dialog.innerText(), /Sorry, These flash buy product prices are changed/)
    assert.equal(await dialog.locator('.fb-price-table__cat').innerText(), detail.catalogNumber)
    const digits = (s: string) => Number(s.replace(/[^\d.]/g, ''))
    assert.equal(digits(await dialog.locator('.fb-price-table__flash').innerText()), oldPrice)
    assert.equal(digits(await dialog.locator('.fb-price-table__now').innerText()), newPrice)
    await page.screenshot({ path: shot('price-dialog'), style: NO_TOAST })
    await assertAccessible(page, 'flashbuy-price-dialog')
    // "Cancel stops the flow"
    await dialog.locator('.confirm-dialog__no').click()
    await dialog.waitFor({ state: 'detached' })
    await page.waitForTimeout(500)
    assert.equal((await flashOrders(auth)).length, before.length, 'Cancel placed no order')
    // again, and Confirm: placed at the real-time price
    await so.locator('.fb-bar__submit').click()
    await dialog.waitFor({ timeout: 15000 })
    await dialog.locator('.confirm-dialog__yes').click()
    await page.waitForURL(/\/submit-order\/success/, { timeout: 30000 })
  } finally {
    await setFlashPrice('FB-CN-001', oldPrice)
  }
  const success = onScreen(page)
  await success.locator('.os-number').first().waitFor({ timeout: 20000 })
  const number =
    new URL(page.url()).searchParams.get('salesOrderNumber') ??
    new URL(page.url()).searchParams.get('spSalesOrderNumber')
  assert.ok(number, `the success page carries the sales order number (${page.url()})`)
  assert.match(await success.innerText(), new RegExp(number!))
  await settle(page)
  await look(page, 'success')
  const after = await flashOrders(auth)
  assert.equal(after.length, before.length + 1, 'one flash-buy order')
  const placed = after.find((o) => !before.some((b) => b.orderNumber === o.orderNumber))
  assert.equal(placed?.salesOrderNumber, number)

  // issue 22: the success page links to the order it placed; the detail opens at its spec address /my-orders/{orderNumber}
  const view = success.locator('a.os-number__view')
  assert.equal(await view.getAttribute('href'), `/my-orders/${placed!.orderNumber}`)
  await view.click()
  await page.waitForURL((u) => u.pathname === `/my-orders/${placed!.orderNumber}`, { timeout: 20000 })
  await onScreen(page).locator('.od-head__number').filter({ hasText: placed!.orderNumber }).waitFor({ timeout: 20000 })

  // the order history: that order with the Flash buy badge
  await page.goto(`${h.origin()}/order-history`)
  const row = onScreen(page).locator('a.oh-row[data-source="flashbuy"]').filter({ hasText: number! })
  await row.waitFor({ timeout: 20000 })
  assert.match(await row.locator('.oh-row__source--flashbuy').innerText(), /Flash buy/i)
  await settle(page)
  await look(page, 'history')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('in Chinese: the flash-sale list and the submit screen (labels, hints, Submit order)', async () => {
  const { ctx, page, errors } = await h.phone('zh-CN')
  await h.signIn(page.context(), APPROVED_CN)
  await page.goto(`${h.origin()}/flashbuy/list`)
  const list = onScreen(page)
  await list.locator('.fs-item').first().waitFor({ timeout: 30000 })
  await settle(page)
  assert.match(await list.innerText(), /[\u4e00-\u9fff]/)
  await look(page, 'list-zh')
  const so = onScreen(page)
  await openSubmit(page, 'FB-CN-002', 2)
  await so.locator('.fb-address .address-card').first().waitFor({ timeout: 20000 })
  await so.locator('.fb-address__toggle').click()
  await settle(page)
  assert.match(await so.locator('.fb-bar__submit').innerText(), /[\u4e00-\u9fff]/)
  await page.screenshot({ path: shot('submit-zh') })
  await showPart(so.locator('.fb-qty'))
  await page.screenshot({ path: shot('submit-zh-qty') })
  await assertAccessible(page, 'flashbuy-submit-zh')
  assert.deepEqual(await horizontalOverflow(page), [])
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('FB-CN-004, cap below the minimum: "If the cap is below the minimum, the quantity is set to the cap"', async () => {
  const { ctx, page, errors } = await h.phone()
  await h.signIn(page.context(), APPROVED_CN)
  const fb = await openSubmit(page, 'FB-CN-004', 1)
  const so = onScreen(page)
  assert.equal(await fb.getAttribute('data-status'), 'IN_PROGRESS')
  assert.equal(await field(so, 'fb-qty__input').inputValue(), '6')
  assert.match(await so.locator('.fb-qty__min').innerText(), /10/)
  assert.match(await so.locator('.fb-qty__max').innerText(), /6/)
  // "If the minimum exceeds the cap and the quantity is within the cap, it is valid": no tip
  await so.locator('.fb-qty__minus').click()
  await page.waitForTimeout(300)
  assert.equal(await so.locator('.fb-qty__tip').count(), 0)
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('lite.cn (Partially Registered): the button reads Complete registration and opens the ship-to add page', async () => {
  const { ctx, page, errors } = await h.phone()
  await h.signIn(page.context(), LITE_CN)
  await openSubmit(page, 'FB-CN-001', 1)
  const submit = onScreen(page).locator('.fb-bar__submit')
  await onScreen(page).locator('.fb-bar__submit', { hasText: 'Complete registration' }).waitFor({ timeout: 15000 })
  assert.equal(await submit.innerText(), 'Complete registration')
  await settle(page)
  await page.screenshot({ path: shot('lite') })
  await assertAccessible(page, 'flashbuy-lite')
  await submit.click()
  await page.waitForURL(/\/my-account\/ShipToInfoAddress/, { timeout: 20000 })
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('a visitor is asked to log in; coming-soon and over sales are blocked with their messages', async () => {
  const visitor = await h.phone()
  const fb = await openSubmit(visitor.page, 'FB-CN-001', 1)
  const so = onScreen(visitor.page)
  assert.equal(await fb.getAttribute('data-status'), 'IN_PROGRESS')
  await so.locator('.fb-gate .login-gate').waitFor({ timeout: 15000 })
  assert.match(await so.locator('.fb-gate').innerText(), /Please login for better experience/)
  assert.match(await so.locator('.fb-qty__max').innerText(), /10/) // a visitor's cap: the account purchase limit
  await so.locator('.fb-bar__submit').click()
  await toastSays(visitor.page, 'Please login for better experience')
  await so.locator('.fb-login').waitFor()
  await settle(visitor.page)
  await visitor.page.screenshot({ path: shot('visitor') })
  await assertAccessible(visitor.page, 'flashbuy-visitor')
  assert.deepEqual(visitor.errors, [])
  await visitor.ctx.close()

  const { ctx, page, errors } = await h.phone()
  await h.signIn(page.context(), APPROVED_CN)
  for (const [id, status, message] of [
    ['FB-CN-007', 'COMING_SOON', 'Coming soon'],
    ['FB-CN-008', 'OVER', 'Sorry, the promotion is expired'],
  ]) {
    const blocked = await openSubmit(page, id, 1)
    const s = onScreen(page)
    assert.equal(await blocked.getAttribute('data-status'), status)
    assert.equal(await s.locator('.fb-status').innerText(), message)
    if (id === 'FB-CN-007') {
      assert.equal(await s.locator('.fb-product__flash').count(), 0, 'no price before the sale starts')
      assert.ok(
        (await s.locator('.fb-product__display').innerText()).trim().length > 0,
        'the display text in place of the price',
      )
    }
    await settle(page)
    await page.screenshot({ path: shot(id === 'FB-CN-007' ? 'coming-soon' : 'over') })
    await assertAccessible(page, `flashbuy-${status}`)
    await s.locator('.fb-terms__row').click()
    await s.locator('.fb-bar__submit').click()
    await toastSays(page, message) // check 3
  }
  assert.deepEqual(errors, [])
  await ctx.close()
})
