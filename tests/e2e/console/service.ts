/**
 * Issue 25, customer service's and marketing's day in the service and membership screens: customer service replies
 * to an enquiry a buyer just sent (with a file) and ships a gift redemption the buyer just made, with its tracking
 * number (both seen by the buyer through their own API); marketing creates a gift scheduled in China time. Every
 * screen of the two domains is looked at (screenshot, axe, nothing sticking out) in English and Chinese: enquiries,
 * leads, shipments, feedback, gifts, draws, points.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import type { Page } from 'playwright-core'
import type { ConsoleHarness } from './harness'
import { APPROVED_CN } from '../../support/e2e'
import type { StaffEnquiryDetail } from '../../../types/service/staff-schemas'
import type { AdminDraw, AdminGift } from '../../../types/membership/staff-endpoints'
import type { EnquiryDetail } from '../../../types/order/enquiries'
import type { RedeemResult, Redemption } from '../../../types/membership/gifts-schemas'

/** a one-page PDF's first bytes: enough for the server's type check (the file starts like a PDF) */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** expands the queue row that shows `text` (a request or redemption number), unless it is open already */
async function expandRow(page: Page, text: string): Promise<void> {
  const row = page.getByRole('row').filter({ hasText: text }).first()
  await row.waitFor({ timeout: 20_000 })
  if ((await row.locator('[aria-expanded="true"]').count()) > 0) return
  await row.getByRole('button', { name: text, exact: true }).click()
}

export function serviceScenarios(h: ConsoleHarness) {
  test('customer service: replies to the enquiry a buyer just sent, with a file; the buyer reads it', async () => {
    const admin = await h.staffHeaders('staff-administrator')
    const buyer = await h.headersFor(APPROVED_CN)
    // the buyer asks for a quote of a product on sale (the one the seeded lead asks for)
    const seeded = await h.call<StaffEnquiryDetail>('GET', '/admin/enquiries/RQ-D00001', admin)
    const { leadCartId } = await h.call<{ leadCartId: string }>('POST', '/save/leadItem', buyer, {
      catalogNumber: seeded.items[0].catalogNumber,
      itemCount: 3,
    })
    const { requestId } = await h.call<{ requestId: string }>('POST', '/lead/submit', buyer, {
      leadCartId,
      contactName: 'Wang Xiaoming',
      phone: '13800138000',
      email: 'wang.xiaoming@example.edu.cn',
      companyOrInstitution: 'Fudan University',
      remark: 'Three units for the cell culture lab, please.',
    })

    const { ctx, page, errors } = await h.desk('staff-customerService')
    try {
      await h.open(page, '/enquiries')
      await page.getByRole('columnheader', { name: 'Asked by' }).waitFor({ timeout: 20_000 })
      await page.getByRole('row').filter({ hasText: requestId }).waitFor({ timeout: 20_000 })
      await h.look(page, 'service-enquiries-en')
      // keyboard only: Tab to the request's number, Enter opens its detail
      await h.tabTo(page, page.getByRole('button', { name: requestId, exact: true }), 60)
      await page.keyboard.press('Enter')
      const reply = page.getByRole('textbox', { name: 'Your reply' })
      await reply.waitFor({ timeout: 20_000 })
      await h.look(page, 'service-enquiry-detail-en', { fullPage: true })

      await reply.fill('Dear Dr Wang, the three units are in stock; the quote follows today.')
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'datasheet.pdf', mimeType: 'application/pdf', buffer: PDF })
      await page.getByText('datasheet.pdf').waitFor()
      // keyboard only: from the reply to its Send button
      await reply.focus()
      const send = page.getByRole('button', { name: 'Send reply' })
      await h.tabTo(page, send, 6)
      await page.keyboard.press('Enter')
      await page.getByText('Reply sent').waitFor({ timeout: 20_000 })

      const seen = await h.call<EnquiryDetail>('GET', `/request/detail/${requestId}`, buyer)
      const last = seen.interactions.at(-1)!
      assert.match(last.comment ?? '', /three units are in stock/)
      assert.deepEqual(
        last.attachments.map((a) => a.name),
        ['datasheet.pdf'],
      )
      assert.equal(seen.status, 'in_progress')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }

    // the same queue in Chinese: the request now in progress, its thread with the reply and the file
    const zh = await h.desk('staff-customerService', { lang: 'zh' })
    try {
      await h.open(zh.page, '/enquiries')
      await zh.page.getByRole('tab', { name: /处理中/ }).click()
      await expandRow(zh.page, requestId)
      await zh.page.getByText('datasheet.pdf').first().waitFor({ timeout: 20_000 })
      await h.look(zh.page, 'service-enquiry-detail-zh', { fullPage: true })
      await zh.page.getByRole('tab', { name: /新请求/ }).click()
      await zh.page.getByRole('columnheader', { name: '提问人' }).waitFor()
      await h.look(zh.page, 'service-enquiries-zh')
      assert.deepEqual(zh.errors, [])
    } finally {
      await zh.ctx.close()
    }
  })

  test('customer service: ships the gift redemption a buyer just made, with its tracking number', async () => {
    const buyer = await h.headersFor(APPROVED_CN)
    const made = await h.call<RedeemResult>(
      'POST',
      '/membership/gifts/redeem',
      { ...buyer, 'idempotency-key': `e2e-${crypto.randomUUID()}` },
      {
        giftId: 'GF-CN-005',
        quantity: 1,
        addressKey: 'ST-1000001-01',
        contact: { name: 'Wang', phone: '13800138000' },
      },
    )
    const number = made.redemption.redemptionNumber

    const { ctx, page, errors } = await h.desk('staff-customerService')
    try {
      await h.open(page, '/redemptions')
      await page.getByRole('row').filter({ hasText: number }).waitFor({ timeout: 20_000 })
      await h.look(page, 'service-redemptions-en')
      await expandRow(page, number)
      await page.getByRole('button', { name: 'Ship', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Ship' })
      await dialog.getByRole('combobox', { name: /Carrier/ }).click()
      await page.getByRole('option', { name: 'SF Express' }).click()
      await dialog.getByRole('textbox', { name: /Tracking number/ }).fill('SF1403927745')
      await h.look(page, 'service-redemption-ship-en')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await page.getByText('Done', { exact: true }).waitFor({ timeout: 20_000 })

      const seen = await h.call<Redemption>('GET', `/membership/redemptions/${number}`, buyer)
      assert.equal(seen.status, 'shipped')
      assert.equal(seen.shipment?.trackingNumber, 'SF1403927745')

      // the other tabs and the feedback queue
      await page.getByRole('tab', { name: /Shipped/ }).click()
      await expandRow(page, number)
      await page
        .getByText(/SF1403927745/)
        .first()
        .waitFor()
      await h.look(page, 'service-redemption-shipped-en')
      await h.open(page, '/redemption-feedback')
      await page.getByRole('columnheader', { name: 'Feedback' }).waitFor({ timeout: 20_000 })
      await expandRow(page, 'RD-000001')
      await page.getByRole('button', { name: 'Resolve' }).waitFor()
      await h.look(page, 'service-feedback-en')
      await h.open(page, '/points')
      await page.getByRole('textbox', { name: /Member user id/ }).waitFor({ timeout: 20_000 })
      await h.look(page, 'service-points-en')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }

    const zh = await h.desk('staff-customerService', { lang: 'zh' })
    try {
      await h.open(zh.page, '/redemptions')
      await zh.page.getByRole('tab', { name: /已发货/ }).click()
      await expandRow(zh.page, number)
      await zh.page
        .getByText(/SF1403927745/)
        .first()
        .waitFor({ timeout: 20_000 })
      await h.look(zh.page, 'service-redemptions-zh')
      await h.open(zh.page, '/redemption-feedback')
      await expandRow(zh.page, 'RD-000001')
      await zh.page.getByRole('button', { name: '处理完成' }).waitFor()
      await h.look(zh.page, 'service-feedback-zh')
      await h.open(zh.page, '/points')
      await zh.page.getByRole('textbox', { name: /会员用户 ID/ }).waitFor({ timeout: 20_000 })
      await h.look(zh.page, 'service-points-zh')
      assert.deepEqual(zh.errors, [])
    } finally {
      await zh.ctx.close()
    }
  })

  test('at tablet width: the queues and the gifts fit', async () => {
    for (const [staff, route, name] of [
      ['staff-customerService', '/enquiries', 'enquiries'],
      ['staff-customerService', '/redemptions', 'redemptions'],
      ['staff-marketing', '/gifts', 'gifts'],
    ] as const) {
      const { ctx, page, errors } = await h.desk(staff, { tablet: true })
      try {
        await h.open(page, route)
        await page.getByRole('row').nth(1).waitFor({ timeout: 20_000 })
        await h.look(page, `service-${name}-tablet`)
        assert.deepEqual(errors, [])
      } finally {
        await ctx.close()
      }
    }
  })

  test('order desk: the leads queue and its S-quote form, in English and Chinese', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { ctx, page, errors } = await h.desk('staff-orderDesk', { lang })
      try {
        await h.open(page, '/leads')
        await expandRow(page, 'RQ-D00001')
        await page
          .getByRole('button', { name: lang === 'en' ? 'Create the S-quote' : '生成报价单' })
          .waitFor({ timeout: 20_000 })
        await h.look(page, `service-leads-${lang}`, { fullPage: true })
        assert.deepEqual(errors, [])
      } finally {
        await ctx.close()
      }
    }
  })

  test('marketing: creates a gift scheduled in China time; the gifts and draws screens', async () => {
    const { ctx, page, errors } = await h.desk('staff-marketing')
    try {
      await h.open(page, '/gifts')
      await page.getByRole('columnheader', { name: 'Points per unit' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'service-gifts-en')
      await page.getByRole('link', { name: 'Create' }).click()
      await page.getByRole('textbox', { name: 'Name (English)' }).fill('Insulated sample box')
      await page.getByRole('textbox', { name: 'Name (Chinese)' }).fill('保温样品盒')
      await page.getByRole('textbox', { name: 'Description (English)' }).fill('Keeps samples cold for 12 hours.')
      await page.getByRole('textbox', { name: 'Description (Chinese)' }).fill('样品可保冷 12 小时。')
      await page.getByRole('combobox', { name: /Category/ }).click()
      await page.getByRole('option', { name: 'Lab' }).click()
      await page.getByRole('spinbutton', { name: /Points per unit/ }).fill('1200')
      await page.getByRole('spinbutton', { name: /Stock left/ }).fill('50')
      await page.getByLabel('Starts (China time)').fill('2027-01-05T09:00')
      await page.getByLabel('Ends (China time)').fill('2027-02-05T18:00')
      await h.look(page, 'service-gift-create-en', { fullPage: true })
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('row').filter({ hasText: 'Insulated sample box' }).waitFor({ timeout: 20_000 })

      const gifts = await h.call<{ items: AdminGift[] }>(
        'GET',
        '/admin/gifts?country=cn&pageSize=100',
        await h.staffHeaders('staff-marketing'),
      )
      const gift = gifts.items.find((g) => g.nameEn === 'Insulated sample box')
      assert.ok(gift, 'the gift is made')
      assert.equal(gift.state, 'scheduled')
      assert.equal(Date.parse(gift.startAt!), Date.parse('2027-01-05T01:00:00Z'), 'start: 09:00 China time')
      assert.equal(Date.parse(gift.endAt!), Date.parse('2027-02-05T10:00:00Z'), 'end: 18:00 China time')
      assert.equal(gift.points, 1200)

      await h.open(page, `/gifts/${gift.id}`)
      await page.getByRole('textbox', { name: 'Name (English)' }).waitFor({ timeout: 20_000 })
      assert.equal(await page.getByLabel('Starts (China time)').inputValue(), '2027-01-05T09:00')
      await h.look(page, 'service-gift-edit-en', { fullPage: true })

      await h.open(page, '/draws')
      await page.getByRole('columnheader', { name: 'Points per draw' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'service-draws-en')
      await page.getByRole('link', { name: 'Create' }).click()
      await page.getByRole('textbox', { name: 'Rules (English)' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'service-draw-create-en', { fullPage: true })
      // a wheel with the two default prizes, in China time
      await page.getByRole('textbox', { name: 'Name (English)' }).fill('Spring wheel')
      await page.getByRole('textbox', { name: 'Name (Chinese)' }).fill('春季大转盘')
      await page.getByRole('textbox', { name: 'Rules (English)' }).fill('One spin a day.')
      await page.getByRole('textbox', { name: 'Rules (Chinese)' }).fill('每天可转一次。')
      await page.getByLabel('Starts (China time)').fill('2027-03-01T00:00')
      await page.getByLabel('Ends (China time)').fill('2027-03-31T23:59')
      await page.getByRole('button', { name: 'Save' }).click()
      const drawRow = page.getByRole('row').filter({ hasText: 'Spring wheel' })
      await drawRow.waitFor({ timeout: 20_000 })
      const draws = await h.call<{ items: AdminDraw[] }>(
        'GET',
        '/admin/draws?country=cn&pageSize=100',
        await h.staffHeaders('staff-marketing'),
      )
      const draw = draws.items.find((d) => d.nameEn === 'Spring wheel')
      assert.ok(draw, 'the draw is made')
      assert.equal(Date.parse(draw.startAt), Date.parse('2027-02-28T16:00:00Z'), 'start: midnight China time')
      assert.deepEqual(
        draw.prizes.map((p) => [p.kind, p.points, p.weight]),
        [
          ['none', null, 50],
          ['points', 20, 30],
        ],
      )
      // ended from its row, after confirmation
      await drawRow.getByRole('button', { name: 'End' }).click()
      const dialog = page.getByRole('dialog', { name: 'End' })
      await h.look(page, 'service-draw-end-en')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await page.getByText('Done', { exact: true }).waitFor({ timeout: 20_000 })
      await drawRow.getByText('Over').waitFor({ timeout: 20_000 })
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }

    const zh = await h.desk('staff-marketing', { lang: 'zh' })
    try {
      await h.open(zh.page, '/gifts')
      await zh.page.getByRole('row').filter({ hasText: '保温样品盒' }).waitFor({ timeout: 20_000 })
      await h.look(zh.page, 'service-gifts-zh')
      await zh.page.getByRole('link', { name: '新建' }).click()
      await zh.page.getByRole('textbox', { name: '名称（英文）' }).waitFor({ timeout: 20_000 })
      await h.look(zh.page, 'service-gift-create-zh', { fullPage: true })
      await h.open(zh.page, '/draws')
      await zh.page.getByRole('columnheader', { name: '每次消耗积分' }).waitFor({ timeout: 20_000 })
      await h.look(zh.page, 'service-draws-zh')
      await zh.page.getByRole('link', { name: '新建' }).click()
      await zh.page.getByRole('textbox', { name: '规则（英文）' }).waitFor({ timeout: 20_000 })
      await h.look(zh.page, 'service-draw-create-zh', { fullPage: true })
      assert.deepEqual(zh.errors, [])
    } finally {
      await zh.ctx.close()
    }
  })
}
