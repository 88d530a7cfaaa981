/**
 * Issue 25, the account domain's console screens: "an order-desk member approves a ship-to and the buyer's waiting
 * order moves on (seen in the H5 store)"; "finance reads an account's invoices"; the queues (ship-to approvals,
 * account links, supply-centre changes) and Accounts and buyers looked at (axe, nothing sticking out) in English and
 * Chinese.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { APPROVED_CN, onScreen } from '../../support/e2e'
import type { ConsoleHarness } from './harness'

/** a new address of approved.cn's account (PENDING until the order desk approves it) */
const NEW_ADDRESS = {
  isoCountryCode: 'CN',
  nickName: '临港新实验室',
  contactName: '赵敏',
  contactPhone: '13922223333',
  companyOrInstitution: '上海科技大学临港实验室',
  stateOrProvince: '上海市',
  city: '上海市',
  streetAddress: '浦东新区华夏中路 393 号',
  zipCode: '201210',
}

/** the seeded flash sales of China a buyer can order from now (server/db/seed/flashbuy.ts), tried in turn */
const LIVE_SALES = [
  { id: 'FB-CN-001', quantity: 1 },
  { id: 'FB-CN-003', quantity: 1 },
  { id: 'FB-CN-002', quantity: 2 },
]

async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

export function accountScenarios(h: ConsoleHarness) {
  test('order desk approves a new ship-to; the buyer’s waiting order moves on in the H5 store', async () => {
    const buyer = await h.headersFor(APPROVED_CN)
    // the buyer adds an address (PENDING) and orders on it at once: a flash buy takes a pending ship-to and waits at
    // PENDING_ADDRESS_VALIDATION (status code 270)
    const added = await h.call<{ shipTo: { addressKey: string; addressStatus: string } }>(
      'POST',
      '/address/add',
      buyer,
      NEW_ADDRESS,
    )
    assert.equal(added.shipTo.addressStatus, 'PENDING')
    const addressKey = added.shipTo.addressKey
    let orderNumber = ''
    const refusals: string[] = []
    for (const sale of LIVE_SALES) {
      const res = await fetch(`${h.origin()}/api/flashbuy/place/order`, {
        method: 'POST',
        headers: {
          ...buyer,
          'content-type': 'application/json',
          'idempotency-key': `console-e2e-${sale.id}-${Date.now()}`,
        },
        body: JSON.stringify({
          flashBuyId: sale.id,
          quantity: sale.quantity,
          addressKey,
          termsAccepted: true,
          receiver: { name: '赵敏', phone: '13922223333' },
          invoiceReceiver: { name: '李会计', phone: '021-65640000' },
        }),
      })
      const json = (await res.json()) as { success: boolean; data?: { orderNumber: string; status: string }[] }
      if (json.success && json.data?.[0]) {
        assert.equal(json.data[0].status, 'PENDING_ADDRESS_VALIDATION')
        orderNumber = json.data[0].orderNumber
        break
      }
      refusals.push(`${sale.id}: ${JSON.stringify(json).slice(0, 200)}`)
    }
    assert.ok(orderNumber, `a flash buy on the pending address: ${refusals.join('; ')}`)

    const desk = await h.staffHeaders('staff-orderDesk')
    const queue = await h.call<{
      items: { id: number; webReference: string; addressKey: string | null; waitingOrders: string[] }[]
    }>('GET', '/admin/ship-tos?pageSize=100', desk)
    const review = queue.items.find((i) => i.addressKey === addressKey)
    assert.ok(review, 'the new address is in the ship-to queue')
    assert.deepEqual(review.waitingOrders, [orderNumber])

    const { ctx, page, errors } = await h.desk('staff-orderDesk')
    try {
      await h.open(page, '/ship-tos')
      const row = page.getByRole('row').filter({ hasText: review.webReference })
      await row.waitFor({ timeout: 20_000 })
      await h.look(page, 'account-shiptos-en')
      // the row opens its detail by keyboard: its Show button
      await h.tabTo(page, row.getByRole('button', { name: 'Show' }))
      await page.keyboard.press('Enter')
      const approve = page.getByRole('button', { name: 'Approve', exact: true })
      await approve.waitFor({ timeout: 10_000 })
      await page.getByText(orderNumber).first().waitFor()
      await settled(page)
      await h.look(page, 'account-shipto-detail-en')
      await approve.click()
      const dialog = page.getByRole('dialog', { name: 'Approve' })
      await dialog.waitFor()
      await dialog.getByText(/1 waiting order moves on/).waitFor()
      await h.look(page, 'account-shipto-confirm-en')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await dialog.waitFor({ state: 'detached', timeout: 20_000 })
      await row.waitFor({ state: 'detached', timeout: 20_000 })
      // the decided one under Approved
      await page.getByRole('tab', { name: /Approved/ }).click()
      await page.getByRole('row').filter({ hasText: review.webReference }).waitFor({ timeout: 20_000 })
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }

    // the buyer's order moved on: SUBMITTED, seen on the order's page of the H5 store
    const phone = await h.phone()
    try {
      await h.signIn(phone.ctx, APPROVED_CN)
      await phone.page.goto(`${h.origin()}/my-orders/${orderNumber}`)
      const status = onScreen(phone.page).locator('.od-head__status')
      await status.waitFor({ timeout: 30_000 })
      assert.equal(await status.getAttribute('data-status'), 'SUBMITTED')
      assert.match(await status.innerText(), /Submitted|已提交/)
      await phone.page.screenshot({ path: h.shot('account-buyer-order-moved-on') })
      assert.deepEqual(phone.errors, [])
    } finally {
      await phone.ctx.close()
    }
  })

  test('finance finds the buyer’s account and reads its invoices and statement', async () => {
    const finance = await h.staffHeaders('staff-finance')
    const found = await h.call<{ items: { id: number }[] }>('GET', '/admin/accounts?q=1000001', finance)
    const accountId = found.items[0].id
    const first = await h.call<{ items: { invoiceNumber: string; billToNumber: string }[]; total: number }>(
      'GET',
      `/admin/accounts/${accountId}/invoices?pageSize=1`,
      finance,
    )
    assert.ok(first.total > 0, 'the seed has invoices for approved.cn’s account')

    const { ctx, page, errors } = await h.desk('staff-finance')
    try {
      await h.open(page, '/accounts')
      await page.getByLabel('Account number or name').fill('1000001')
      const row = page.getByRole('row').filter({ hasText: '1000001' })
      await row.first().waitFor({ timeout: 20_000 })
      // the search is sent once typing pauses: wait until the list shows only what it found
      await page.getByText(/^1-1 of 1$/).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'account-list-en')
      // the account opens by keyboard: its Open link
      await h.tabTo(page, row.first().getByRole('link', { name: 'Open' }))
      await page.keyboard.press('Enter')
      await page.getByRole('tab', { name: 'Invoices' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'account-summary-en')
      await page.getByRole('tab', { name: 'Invoices' }).click()
      const invoice = page.getByRole('row').filter({ hasText: first.items[0].invoiceNumber })
      await invoice.waitFor({ timeout: 20_000 })
      assert.match(await invoice.innerText(), new RegExp(first.items[0].billToNumber))
      assert.match(await invoice.innerText(), /¥|CN¥/)
      await settled(page)
      await h.look(page, 'account-invoices-en')
      // the next page comes from the server
      await page.getByRole('button', { name: 'Next page' }).click()
      await page.getByText(/26–50|26-50/).waitFor({ timeout: 20_000 })
      await page.getByRole('tab', { name: 'AR statement' }).click()
      await page.getByText('Closing balance').waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'account-statement-en')
      await page.getByRole('tab', { name: 'Ship-tos and bill-tos' }).click()
      await page.getByRole('table', { name: 'Bill-tos' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'account-addresses-en')
      await page.getByRole('tab', { name: 'Orders' }).click()
      await page.getByRole('table', { name: 'Orders' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'account-orders-en')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('the account screens in Chinese, the queues in both languages (administrator)', async () => {
    const finance = await h.staffHeaders('staff-finance')
    const accountId = (await h.call<{ items: { id: number }[] }>('GET', '/admin/accounts?q=1000001', finance)).items[0]
      .id
    const zh = await h.desk('staff-administrator', { lang: 'zh' })
    try {
      const { page } = zh
      await h.open(page, '/accounts')
      await page.getByRole('columnheader', { name: '客户编号' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'account-list-zh')
      await h.open(page, `/accounts/${accountId}/show`)
      await page.getByRole('tab', { name: '发票' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'account-summary-zh')
      await page.getByRole('tab', { name: '收货方与收票方' }).click()
      await page.getByRole('table', { name: '收票方' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'account-addresses-zh')
      await page.getByRole('tab', { name: '订单' }).click()
      await page.getByRole('table', { name: '订单' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'account-orders-zh')
      await page.getByRole('tab', { name: '发票' }).click()
      await page.getByRole('table', { name: '发票' }).locator('tbody tr').first().waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'account-invoices-zh')
      await page.getByRole('tab', { name: '应收对账单' }).click()
      await page.getByText('期末余额').waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'account-statement-zh')

      await h.open(page, '/ship-tos')
      await page.getByRole('columnheader', { name: '参考号' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'account-shiptos-zh')
      for (const [route, header, name] of [
        ['/onboarding-requests', '申请号', 'onboarding'],
        ['/supply-centre-requests', '申请号', 'supply-centre'],
      ] as const) {
        await h.open(page, route)
        await page.getByRole('columnheader', { name: header }).waitFor({ timeout: 20_000 })
        await page.getByRole('row').nth(1).click()
        await page.getByRole('button', { name: '拒绝' }).first().waitFor({ timeout: 10_000 })
        await settled(page)
        await h.look(page, `account-${name}-zh`)
      }
      assert.deepEqual(zh.errors, [])
    } finally {
      await zh.ctx.close()
    }

    const en = await h.desk('staff-administrator')
    try {
      const { page } = en
      for (const [route, name] of [
        ['/onboarding-requests', 'onboarding'],
        ['/supply-centre-requests', 'supply-centre'],
      ] as const) {
        await h.open(page, route)
        await page.getByRole('columnheader', { name: 'Request' }).waitFor({ timeout: 20_000 })
        await page.getByRole('row').nth(1).click()
        const reject = page.getByRole('button', { name: 'Reject' }).first()
        await reject.waitFor({ timeout: 10_000 })
        await settled(page)
        await h.look(page, `account-${name}-en`)
        // a rejection asks for its reason before anything is sent
        await reject.click()
        const dialog = page.getByRole('dialog', { name: 'Reject' })
        await dialog.getByRole('button', { name: 'Confirm' }).click()
        await dialog.getByText('Required').waitFor()
        await h.look(page, `account-${name}-reject-en`)
        await dialog.getByRole('button', { name: 'Cancel' }).click()
        await dialog.waitFor({ state: 'detached' })
      }
      assert.deepEqual(en.errors, [])
    } finally {
      await en.ctx.close()
    }
  })
}
