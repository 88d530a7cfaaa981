/**
 * Issue 25, the order domain's console screens: "customer service accepts a return with its files"; the Orders
 * screen ("search by order, sales-order or PO number ...; detail with lines, shipments, invoices, the buyer's request
 * history and the audit trail; export"); the order-review and request queues looked at (axe, nothing sticking out) in
 * English and Chinese.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { APPROVED_CN } from '../../support/e2e'
import type { ConsoleHarness } from './harness'

/** a real 1×1 PNG: the server checks the first bytes against the type */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

interface Summary {
  orderNumber: string
  poNumber: string | null
  status: string
  buyer: { userName: string | null }
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

export function orderScenarios(h: ConsoleHarness) {
  /** the order the buyer asks to return (completed, with a PO number): the Orders scenario searches for it */
  let order: Summary | undefined
  let requestNumber = ''

  test('customer service accepts a return with its file: the file downloads, the request awaits the goods', async () => {
    const service = await h.staffHeaders('staff-customerService')
    const found = await h.call<{ items: Summary[] }>(
      'GET',
      '/admin/orders/search?status=COMPLETED&pageSize=100',
      service,
    )
    order = found.items.find((o) => o.buyer.userName === APPROVED_CN.userName && o.poNumber)
    assert.ok(order, 'a completed order of approved.cn with a PO number')

    // the buyer asks for a return with a photo (the store's form sends this multipart body)
    const buyer = await h.headersFor(APPROVED_CN)
    const form = new FormData()
    for (const [k, v] of Object.entries({
      category: 'return',
      subCategory: 'damaged',
      contactName: '王小明',
      phone: '13800138000',
      email: 'lab.manager@example.edu.cn',
      remark: 'Two vials arrived cracked; photo attached.',
    }))
      form.append(k, v)
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'damage.png')
    const res = await fetch(`${h.origin()}/api/order/${order.orderNumber}/return`, {
      method: 'POST',
      headers: buyer,
      body: form,
    })
    const made = (await res.json()) as { success: boolean; data: { requestNumber: string } }
    assert.ok(made.success, JSON.stringify(made))
    requestNumber = made.data.requestNumber

    const { ctx, page, errors } = await h.desk('staff-customerService')
    try {
      await h.open(page, '/order-requests')
      const row = page.getByRole('row').filter({ hasText: requestNumber })
      await row.waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'order-requests-en')
      // the row opens its detail by keyboard (its Details button)
      await h.tabTo(page, row.getByRole('button', { name: 'Details' }))
      await page.keyboard.press('Enter')
      const file = page.getByRole('button', { name: 'Download damage.png' })
      await file.waitFor({ timeout: 10_000 })
      await settled(page)
      await h.look(page, 'order-request-detail-en')
      // the file downloads with the staff token: the very bytes the buyer sent
      const downloading = page.waitForEvent('download')
      await file.click()
      const download = await downloading
      assert.equal(download.suggestedFilename(), 'damage.png')
      assert.deepEqual(fs.readFileSync((await download.path())!), PNG)

      await page.getByRole('button', { name: 'Accept', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Accept' })
      await dialog.waitFor()
      await dialog
        .getByRole('textbox', { name: /Note to the buyer/ })
        .fill('Please send the vials back; a courier will call.')
      await h.look(page, 'order-request-accept-en')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await dialog.waitFor({ state: 'detached', timeout: 20_000 })
      await row.waitFor({ state: 'detached', timeout: 20_000 })
      // the accepted return waits for its goods
      await page.getByRole('tab', { name: /Awaiting goods/ }).click()
      await page.getByRole('row').filter({ hasText: requestNumber }).waitFor({ timeout: 20_000 })
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
    const after = await h.call<{ items: { requestNumber: string; status: string; decision: { note: string } }[] }>(
      'GET',
      '/admin/order-requests?type=return&status=in_progress&pageSize=100',
      service,
    )
    const decided = after.items.find((r) => r.requestNumber === requestNumber)
    assert.equal(decided?.status, 'in_progress')
    assert.equal(decided?.decision.note, 'Please send the vials back; a courier will call.')

    // the queue in Chinese
    const zh = await h.desk('staff-customerService', { lang: 'zh' })
    try {
      await h.open(zh.page, '/order-requests')
      await zh.page.getByRole('tab', { name: /等待退货/ }).click()
      const row = zh.page.getByRole('row').filter({ hasText: requestNumber })
      await row.waitFor({ timeout: 20_000 })
      await row.getByRole('button', { name: '详情' }).click()
      await zh.page.getByRole('button', { name: '已收到退货' }).waitFor({ timeout: 10_000 })
      await settled(zh.page)
      await h.look(zh.page, 'order-request-detail-zh')
      assert.deepEqual(zh.errors, [])
    } finally {
      await zh.ctx.close()
    }
  })

  test('order desk searches orders by PO number, opens the detail (lines, audit trail) and exports the search', async () => {
    assert.ok(order?.poNumber, 'the first scenario found the order')
    const { ctx, page, errors } = await h.desk('staff-orderDesk')
    try {
      await h.open(page, '/orders')
      await page.getByRole('row').nth(2).waitFor({ timeout: 20_000 })
      await page.getByLabel('PO number').fill(order.poNumber!)
      const row = page.getByRole('row').filter({ hasText: order.orderNumber })
      await row.waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'orders-en')

      // the export: the current search as CSV
      const downloading = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Export CSV' }).click()
      const download = await downloading
      assert.equal(download.suggestedFilename(), 'orders.csv')
      const csv = fs.readFileSync((await download.path())!)
      assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf])
      const lines = csv.subarray(3).toString('utf8').trim().split('\r\n')
      assert.match(lines[0], /^Order number,/)
      assert.ok(
        lines.slice(1).some((l) => l.startsWith(`${order!.orderNumber},`)),
        `the order is in the export: ${lines.slice(0, 3).join(' | ')}`,
      )

      await row.getByRole('link', { name: order.orderNumber }).click()
      await page.getByRole('heading', { name: new RegExp(order.orderNumber) }).waitFor({ timeout: 20_000 })
      const lineTable = page.getByRole('table', { name: 'Lines' })
      await lineTable.waitFor()
      assert.ok((await lineTable.getByRole('row').count()) >= 2, 'a header and at least one line')
      const audit = page.getByRole('table', { name: 'Audit trail' })
      await audit.getByRole('row').filter({ hasText: 'orderRequest.accept' }).waitFor({ timeout: 10_000 })
      await page.getByText(requestNumber).first().waitFor()
      await settled(page)
      await h.look(page, 'order-detail-en', { fullPage: true })

      await h.open(page, '/order-reviews')
      await page.getByRole('tab', { name: /Pending review/ }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'order-reviews-en')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }

    const zh = await h.desk('staff-orderDesk', { lang: 'zh' })
    try {
      await h.open(zh.page, '/orders')
      await zh.page.getByRole('row').nth(2).waitFor({ timeout: 20_000 })
      await settled(zh.page)
      await h.look(zh.page, 'orders-zh')
      await h.open(zh.page, `/orders/${order.orderNumber}/show`)
      await zh.page.getByRole('table', { name: '审计记录' }).waitFor({ timeout: 20_000 })
      await settled(zh.page)
      await h.look(zh.page, 'order-detail-zh', { fullPage: true })
      await h.open(zh.page, '/order-reviews')
      await zh.page.getByRole('tab', { name: /待审核/ }).waitFor({ timeout: 20_000 })
      await zh.page.getByRole('button', { name: '详情' }).first().click()
      await zh.page.getByRole('button', { name: '批准' }).first().waitFor({ timeout: 20_000 })
      await settled(zh.page)
      await h.look(zh.page, 'order-reviews-zh')
      assert.deepEqual(zh.errors, [])
    } finally {
      await zh.ctx.close()
    }
  })
}
