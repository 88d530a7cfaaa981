/**
 * End-to-end (issue 22 item 6): the seed is one consistent world, as a buyer sees it. "Invoices never
 * appear on an order, and order notifications lead to 'Order not found': the seed's invoices and
 * notifications carry order numbers that no seeded order has." On the H5 build against the real server
 * (fresh embedded database, seeded), approved.cn:
 * - opens a seeded "Order shipped" notification and lands on that order's detail: its number and the
 *   express number the notification names (not "Order not found");
 * - opens an order that a seeded invoice bills and sees the invoice on it (spec §9 order detail:
 *   "Invoices link to the invoice records of the account screens"), follows the link to the bill-to's
 *   invoice list, which lists that invoice.
 * Screenshots: artifacts/e2e/seed-world-*.png. axe: no critical or serious violations.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { e2eHarness, SHOTS, assertAccessible, onScreen, APPROVED_CN } from '../support/e2e'

const SECRET = 'e2e-seed-world-secret-0123456789-0123456789-01'

const h = e2eHarness({ JWT_SECRET: SECRET })
const shot = (name: string) => path.join(SHOTS, `seed-world-${name}.png`)

async function call<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(`${h.origin()}/api${url}`, { headers })
  const json = await res.json()
  assert.equal(json.success, true, `GET ${url}: ${JSON.stringify(json).slice(0, 300)}`)
  return json.data as T
}

interface Notification {
  id: string
  title: string
  body: string
  link: { route: string; params: Record<string, string> } | null
}
interface Invoice {
  invoiceNumber: string
  salesOrderNumber: string | null
}
interface OrderItem {
  orderNumber: string
  salesOrderNumber: string
}

test('approved.cn: an order notification opens its order; an invoiced order shows its invoice, which links to the invoice list', async () => {
  const { ctx, page, errors } = await h.phone('en-US')
  const auth = await h.signIn(ctx, APPROVED_CN)

  // ---- a seeded "Order shipped" notification → its order
  const notes = (await call<{ list: Notification[] }>('/notification/list?pageSize=50', auth)).list
  const shippedNote = notes.find((n) => n.link?.route === 'orderDetail' && /shipped/i.test(n.title))
  assert.ok(shippedNote, 'a seeded order-shipped notification')
  const orderNumber = shippedNote.link!.params.orderNumber
  const detail = await call<{ shipments: { expressNumber: string }[] }>(`/order/detail/${orderNumber}`, auth)
  const express = detail.shipments[0]?.expressNumber
  assert.ok(
    express && shippedNote.body.includes(express),
    `the notification names the order's shipment: ${shippedNote.body}`,
  )

  await page.goto(`${h.origin()}/notification`)
  const item = page.locator(`.notification__item[data-id="${shippedNote.id}"]`)
  await item.waitFor({ timeout: 30000 })
  await page.screenshot({ path: shot('notifications') })
  await item.click()
  await page.waitForURL(new RegExp(`/my-orders(/|\\?orderNumber=)${orderNumber}`), { timeout: 20000 })
  const od = onScreen(page)
  await od.locator('.od-head__number').waitFor({ timeout: 20000 })
  assert.match(await od.locator('.od-head__number').innerText(), new RegExp(orderNumber))
  assert.equal(await od.locator('.od-shipment__express').first().innerText(), express)
  await page.screenshot({ path: shot('notified-order') })
  await assertAccessible(page, 'seed-world-notified-order')

  // ---- an invoice of bill-to 2000001 → the order it bills → its invoice link → the invoice list
  const invoices = (
    await call<{ list: Invoice[] }>('/invoice/list?billToAccountNumber=2000001&page=1&pageSize=50', auth)
  ).list
  const invoice = invoices.find((i) => i.salesOrderNumber)
  assert.ok(invoice, 'a seeded invoice that bills a sales order')
  const found = (
    await call<{ items: OrderItem[] }>(`/order/list?q=${invoice.salesOrderNumber}&limit=5`, auth)
  ).items.find((o) => o.salesOrderNumber === invoice.salesOrderNumber)
  assert.ok(found, `the order of sales order ${invoice.salesOrderNumber} is approved.cn's`)

  await page.goto(`${h.origin()}/my-orders/${found.orderNumber}`)
  const od2 = onScreen(page)
  const link = od2.locator('.od-invoices__link', { hasText: invoice.invoiceNumber })
  await link.waitFor({ timeout: 30000 })
  assert.match(await od2.locator('.od-head__number').innerText(), new RegExp(found.orderNumber))
  await link.evaluate((e) => e.scrollIntoView({ block: 'center' }))
  await page.screenshot({ path: shot('invoiced-order') })
  await assertAccessible(page, 'seed-world-invoiced-order')
  await link.click()
  await page.waitForURL(/\/my-account\/InvoiceList(\/|\?billToAccountNumber=)2000001/, { timeout: 20000 })
  const list = onScreen(page)
  await list.locator(`.invoice[data-invoice="${invoice.invoiceNumber}"]`).waitFor({ timeout: 30000 })
  await page.screenshot({ path: shot('invoice-list') })

  assert.deepEqual(errors, [])
  await ctx.close()
})
