/**
 * Issue 24, done when: "An end-to-end journey through the stand-in ERP: an order placed on H5 is delivered as a
 * signed webhook; the stand-in posts a shipment and an invoice; the buyer sees Shipped with the tracking number and
 * the invoice on the order, and the points are credited."
 *
 * The store is the real server (H5 build, fresh embedded database) with its webhook URL pointed at the stand-in ERP
 * (server/erp-standin) running in this process; the stand-in signs in with an integration client the administrator
 * made through the admin API, and posts to the inbound API over HTTP. Nothing in the store is mocked.
 * Screenshots: artifacts/e2e/erp-*.png. axe: no critical or serious violations.
 */
import { before, after, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startErpStandin, type ErpStandin } from '../../server/erp-standin'
import type { StoreCredentials } from '../../server/erp-standin/store-client'
import { e2eHarness, journeyShots, assertAccessible, settle, onScreen, APPROVED_CN, EN } from '../support/e2e'
import { newWebhookSecret, until } from '../server/outbox-receiver'

const SECRET = 'e2e-erp-journey-secret-0123456789-0123456789-01'
const WEBHOOK_SECRET = newWebhookSecret()

let standin: { hooksUrl: string; standin: ErpStandin; close: () => Promise<void> } | undefined
let credentials: StoreCredentials | null = null
// the server's environment is read when the harness starts it: in its suite's `before`, which runs after this
// file's root `before` (root hooks of one file run together, so the harness is inside a describe)
const env: Record<string, string> = { JWT_SECRET: SECRET, WEBHOOK_SECRET, WEBHOOK_POLL_MS: '50' }
before(async () => {
  standin = await startErpStandin({
    storeUrl: () => storeOrigin(),
    webhookSecret: WEBHOOK_SECRET,
    credentials: () => credentials,
    // a pause between the steps, as a warehouse has: the journey sees the order move without depending on it
    stepDelayMs: 300,
  })
  env.WEBHOOK_URLS = standin.hooksUrl
})
let storeOrigin = () => ''
after(async () => {
  await standin?.close()
})
const { shot, look } = journeyShots('erp')

describe('the supplier’s ERP (the stand-in) and the buyer', () => {
  const h = e2eHarness(env)
  storeOrigin = () => h.origin()

  test('an order placed on H5 reaches the stand-in ERP as a signed webhook; it ships and invoices; the buyer sees Shipped, the tracking number, the invoice and the points', async () => {
    // the administrator makes the ERP's integration client (issue 24: OAuth 2 client credentials, scoped)
    const made = await h.call<{ client: { clientId: string }; clientSecret: string }>(
      'POST',
      '/admin/integration-clients',
      await h.staffHeaders('staff-administrator'),
      { name: 'Stand-in ERP', scopes: ['erp:orders', 'erp:invoices'] },
    )
    credentials = { clientId: made.client.clientId, clientSecret: made.clientSecret }

    const token = await h.tokenFor(APPROVED_CN)
    const auth = { ...EN, authorization: `Bearer ${token}` }
    const pointsBefore = (await h.call<{ balance: number }>('GET', '/membership/points', auth)).balance
    // an order worth points: one point per CNY 1,000 of goods (types/membership/points.ts)
    let product: { catalogNumber: string; price: { amount: number } | null; leadTarget: boolean } | undefined
    for (let page = 1; page <= 10 && !product; page++) {
      const list = await h.call<{
        items: { catalogNumber: string; price: { amount: number } | null; leadTarget: boolean }[]
      }>('GET', `/product/list?page=${page}&pageSize=50`, EN)
      product = list.items.find((p) => p.price && p.price.amount >= 2000 && !p.leadTarget)
    }
    assert.ok(product, 'a product of CNY 2,000 or more')
    await h.call('POST', '/cart/addItems', auth, { items: [{ catalogNumber: product.catalogNumber, quantity: 1 }] })

    // the buyer places the order on the phone
    const { ctx, page, errors } = await h.phone()
    await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
    await page.goto(`${h.origin()}/submit-order`)
    const so = onScreen(page)
    await so.locator('.so-line').first().waitFor({ timeout: 30000 })
    await so.locator('input.so-input--po').fill('PO-ERP-2026-11')
    await so.locator('.so-terms__row').click()
    await so.locator('.so-bar__submit').click()
    await page.waitForURL(/\/submit-order\/success/, { timeout: 30000 })
    const view = onScreen(page).locator('a.os-number__view').first()
    await view.waitFor({ timeout: 20000 })
    const orderNumber = /\/my-orders\/(\d+)$/.exec((await view.getAttribute('href')) ?? '')?.[1]
    assert.ok(orderNumber, 'the success page links the order')

    // the store's order.placed webhook arrives at the stand-in (it verified the signature before keeping it)
    const s = standin!.standin
    await until(
      () => s.events.some((e) => e.type === 'order.placed' && e.orderNumber === orderNumber),
      'order.placed',
      60_000,
      async () =>
        JSON.stringify(
          await h.call('GET', '/admin/webhooks/deliveries?pageSize=5', await h.staffHeaders('staff-administrator')),
        ).slice(0, 1500),
    )
    assert.equal(s.refused(), 0, 'every webhook verified')
    await until(
      () => s.actions.some((a) => a.orderNumber === orderNumber && a.step === 'invoice'),
      'the invoice',
      60_000,
      async () => JSON.stringify({ events: s.events.slice(-3), actions: s.actions }),
    )
    await s.idle()
    assert.deepEqual(
      s.actions.filter((a) => a.orderNumber === orderNumber).map((a) => `${a.step}:${a.ok}`),
      ['in-progress:true', 'shipment:true', 'invoice:true'],
    )

    // the buyer opens the order: Shipped, the carrier's tracking number, the invoice
    await view.click()
    await page.waitForURL((u) => u.pathname === `/my-orders/${orderNumber}`, { timeout: 20000 })
    const od = onScreen(page)
    await od.locator('.od-shipment').first().waitFor({ timeout: 30000 })
    assert.equal(await od.locator('.od-head__status').getAttribute('data-status'), 'SHIPPED')
    assert.match(await od.locator('.od-head__status').innerText(), /Shipped/i)
    const express = await od.locator('.od-shipment__express').first().innerText()
    assert.match(express, /^(SF\d{12}|JDVA\d{11})$/, 'a CN carrier’s tracking number')
    const detail = await h.call<{ shipments: { expressNumber: string }[]; invoices: { invoiceNumber: string }[] }>(
      'GET',
      `/order/detail/${orderNumber}`,
      auth,
    )
    assert.equal(express, detail.shipments[0].expressNumber)
    assert.equal(detail.invoices.length, 1)
    const invoice = od.locator('.od-invoices__link').first()
    assert.match(await invoice.innerText(), new RegExp(detail.invoices[0].invoiceNumber))
    await settle(page)
    await look(page, 'order-shipped', { fullPage: true })
    await assertAccessible(page, 'erp-order-shipped')

    // the points: the order earned them once it shipped, and the points detail names it
    const pointsAfter = (await h.call<{ balance: number }>('GET', '/membership/points', auth)).balance
    assert.ok(pointsAfter > pointsBefore, `points credited: ${pointsBefore} → ${pointsAfter}`)
    await page.goto(`${h.origin()}/giftcenter/rewarddetail`)
    const pd = onScreen(page)
    await pd.locator('.pd-entry').first().waitFor({ timeout: 30000 })
    assert.equal(Number((await pd.locator('.pd-balance__value').innerText()).replace(/,/g, '')), pointsAfter)
    assert.match(await pd.locator('.pd-entry').first().innerText(), new RegExp(orderNumber))
    await settle(page)
    await page.screenshot({ path: shot('points') })
    assert.deepEqual(errors, [])
    await ctx.close()
  })
})
