/**
 * End-to-end for what buyers saw in issue 22 (items 10, 12 and 14), on the H5 build (TEST_H5_DIR or dist/h5)
 * served by the real server on a fresh embedded database, Chromium on an iPhone 12 viewport:
 * - item 12: spec §2 "/my-orders/{orderNumber} | Order detail", "/my-orders/PendingLTO/{orderNumber} | Pending
 *   lead-time orders": the address bar shows those paths (not `/my-orders?orderNumber=`), through a link, back
 *   and a reload; the pending lead-time page is titled by the order it was opened from;
 * - item 10: addresses never break inside a word ("Buildin g", "Karnat aka", "4 02 室") and an order-history
 *   total keeps its line inside its row;
 * - item 14: the delivery contact shows as name and phone (not "陈静,+8613900139000"); the Chinese order detail
 *   has no English country name; Log in and Register are one height.
 * Screenshots: artifacts/e2e/polish-*.png. axe: no critical or serious violations.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  e2eHarness,
  journeyShots,
  horizontalOverflow,
  settle,
  onScreen,
  APPROVED_CN,
  APPROVED_IN,
} from '../support/e2e'

const SECRET = 'e2e-polish-secret-0123456789-0123456789-0123456'

const h = e2eHarness({ JWT_SECRET: SECRET })
const { shot, look } = journeyShots('polish')

/**
 * The words of the visible elements matching `selector` on the page on screen that the browser broke across
 * two lines: for each run of letters or digits (a word, "402", "Karnataka") a Range over it, whose boxes must
 * all sit on one line. A string, not a function: tsx names inner functions with a helper the page lacks.
 */
const brokenWords = (selector: string) => `(() => {
  const page = Array.from(document.querySelectorAll('.taro_page')).filter((p) => p.checkVisibility()).at(-1)
  const out = []
  for (const el of Array.from(page.querySelectorAll(${JSON.stringify(selector)}))) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[A-Za-z0-9]+/g)) {
        const r = document.createRange()
        r.setStart(node, m.index)
        r.setEnd(node, m.index + m[0].length)
        const tops = new Set(Array.from(r.getClientRects()).filter((b) => b.width > 0).map((b) => Math.round(b.top)))
        if (tops.size > 1) out.push(m[0] + ' in "' + node.data + '"')
      }
    }
  }
  return out
})()`

test('approved.cn: the order detail and its pending lead-time page at their spec addresses, through a link, back and a reload', async () => {
  const { ctx, page, errors } = await h.phone()
  const auth = await h.signIn(page.context(), APPROVED_CN)
  // a seeded SUBMITTED order has a backordered line (server/db/seed/orders.ts)
  const orders = (
    await h.call<{ items: { orderNumber: string; salesOrderNumber: string; status: string }[] }>(
      'GET',
      '/order/list?limit=50',
      auth,
    )
  ).items
  const order = orders.find((o) => o.status === 'SUBMITTED')
  assert.ok(order, 'a seeded SUBMITTED order')
  const lto = await h.call<{ items: unknown[] }>('GET', `/order/pendingLto/${order.orderNumber}`, auth)
  assert.ok(lto.items.length > 0, 'it has lines waiting for stock')
  const n = order.orderNumber

  await page.goto(`${h.origin()}/my-orders/${n}`)
  let so = onScreen(page)
  await so.locator('.od-head__number').waitFor({ timeout: 30000 })
  await page.waitForURL((u) => u.pathname === `/my-orders/${n}` && !u.searchParams.has('orderNumber'), {
    timeout: 10000,
  })
  // the delivery contact: the name, and the phone apart (never "name,phone")
  const name = await so.locator('.od-address__name').innerText()
  assert.doesNotMatch(name, /,|\+?\d{6,}/, `the contact name alone: ${name}`)
  assert.match(await so.locator('.od-address__phone').innerText(), /\d{6,}/)
  assert.doesNotMatch(await so.locator('.od-address__text').innerText(), /China/)
  await settle(page)
  await page.screenshot({ path: shot('order-detail') })

  // the pending lead-time link: its spec address, titled by this order (not by its sales order)
  const link = so.locator('a.od-lines__lto')
  assert.equal(await link.getAttribute('href'), `/my-orders/PendingLTO/${n}`)
  await link.evaluate((e) => e.scrollIntoView({ block: 'center' }))
  await link.click()
  await page.waitForURL((u) => u.pathname === `/my-orders/PendingLTO/${n}` && !u.search.includes('orderNumber'), {
    timeout: 20000,
  })
  so = onScreen(page)
  await so.locator('.lto-head__number').waitFor({ timeout: 20000 })
  assert.equal(await so.locator('.lto-head__number').innerText(), `Order ${n}`)
  assert.equal(await so.locator('.lto-head__sales').innerText(), `Sales order ${order.salesOrderNumber}`)
  await settle(page)
  await look(page, 'pending-lto')

  // back: the detail again, at its spec address
  await page.goBack()
  await page.waitForURL((u) => u.pathname === `/my-orders/${n}`, { timeout: 20000 })
  await onScreen(page).locator('.od-head__number').filter({ hasText: n }).waitFor({ timeout: 20000 })
  // forward and a reload open the same pages from their spec addresses
  await page.goForward()
  await page.waitForURL((u) => u.pathname === `/my-orders/PendingLTO/${n}`, { timeout: 20000 })
  await onScreen(page).locator('.lto-head__number').filter({ hasText: n }).waitFor({ timeout: 20000 })
  await page.reload()
  await page.waitForURL((u) => u.pathname === `/my-orders/PendingLTO/${n}`, { timeout: 20000 })
  await onScreen(page).locator('.lto-head__number').filter({ hasText: n }).waitFor({ timeout: 30000 })
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('addresses wrap between words (approved.cn in Chinese, approved.in in English); a long order total keeps its line in its row', async () => {
  for (const [user, locale, country] of [
    [APPROVED_CN, 'zh-CN', 'cn'],
    [APPROVED_IN, 'en-US', 'in'],
  ] as const) {
    const { ctx, page, errors } = await h.phone(locale)
    await h.signIn(page.context(), user, country)
    await page.goto(`${h.origin()}/my-account/ShipToInfo`)
    const so = onScreen(page)
    await so.locator('.address-card__value').first().waitFor({ timeout: 30000 })
    await settle(page)
    await page.screenshot({ path: shot(`ship-to-${user.userName}`) })
    assert.deepEqual(
      await page.evaluate(brokenWords('.address-card__value')),
      [],
      `${user.userName}: no word broken across lines`,
    )
    assert.deepEqual(await horizontalOverflow(page), [])

    // the order history: each row's total on one line, inside the row, clear of the item count
    await page.goto(`${h.origin()}/order-history`)
    const hist = onScreen(page)
    await hist.locator('a.oh-row[data-order-number]').first().waitFor({ timeout: 30000 })
    await settle(page)
    await page.screenshot({ path: shot(`history-${user.userName}`) })
    const clipped = await hist.locator('a.oh-row').evaluateAll((rows) =>
      rows.flatMap((row) => {
        const total = row.querySelector('.oh-row__total-value')
        const items = row.querySelector('.oh-row__items')
        if (!total || !items) return []
        const r = row.getBoundingClientRect()
        const t = total.getBoundingClientRect()
        const i = items.getBoundingClientRect()
        const lines = new Set(Array.from(total.getClientRects()).map((b) => Math.round(b.top))).size
        const overlap = t.left < i.right && i.left < t.right && t.top < i.bottom && i.top < t.bottom
        return t.right > r.right + 0.5 || t.left < r.left - 0.5 || lines > 1 || overlap
          ? [
              `${total.textContent} (row ${Math.round(r.left)}–${Math.round(r.right)}, total ${Math.round(t.left)}–${Math.round(t.right)}, ${lines} lines, overlaps items: ${overlap})`,
            ]
          : []
      }),
    )
    assert.deepEqual(clipped, [], `${user.userName}: totals inside their rows`)
    assert.deepEqual(await page.evaluate(brokenWords('.oh-row__items, .oh-row__total-value')), [])
    assert.deepEqual(await horizontalOverflow(page), [])
    assert.deepEqual(errors, [])
    await ctx.close()
  }
})

test('a visitor on My: Log in and Register are one height', async () => {
  const { ctx, page, errors } = await h.phone()
  await page.goto(`${h.origin()}/more`)
  const so = onScreen(page)
  const login = so.locator('.login-buttons__login').first()
  const register = so.locator('.login-buttons__register').first()
  await register.waitFor({ timeout: 30000 })
  await settle(page)
  const [a, b] = [await login.boundingBox(), await register.boundingBox()]
  assert.ok(a && b, 'both buttons are shown')
  assert.equal(Math.round(a.height), Math.round(b.height), `Log in ${a.height}px, Register ${b.height}px`)
  await page.screenshot({ path: shot('my-visitor') })
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('approved.cn: a coming flash sale says when it starts once, on the list and on its submit screen', async () => {
  const { ctx, page, errors } = await h.phone()
  await h.signIn(page.context(), APPROVED_CN)
  // FB-CN-007 starts 5 days after the seed day (server/db/seed/flashbuy.ts); its display text says so
  await page.goto(`${h.origin()}/flashbuy/list`)
  let so = onScreen(page)
  const soon = so.locator('.fs-item[data-id="FB-CN-007"]')
  await soon.waitFor({ timeout: 30000 })
  assert.match(await soon.locator('.fs-item__display').innerText(), /\d/)
  assert.equal(await soon.locator('.fs-item__when').count(), 0, 'no second start time on the list')
  await page.goto(`${h.origin()}/flashbuy/submit?id=FB-CN-007&qty=1`)
  so = onScreen(page)
  await so.locator('.fb-product__display').waitFor({ timeout: 30000 })
  const starts = await so.locator('.fb-product').innerText()
  assert.match(await so.locator('.fb-product__display').innerText(), /\d/)
  assert.equal(await so.locator('.fb-product__when').count(), 0, `one start time on the card: ${starts}`)
  assert.deepEqual(errors, [])
  await ctx.close()
})
