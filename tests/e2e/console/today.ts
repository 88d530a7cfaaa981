/**
 * Issue 25, Today (the console's first screen): the administrator's Today shows every block with the figures the
 * API gives (GET /api/admin/today); a finance member's Today has no flash-sale or webhook block; the language is
 * switched with the app bar's language menu by keyboard alone (Tab to it, Enter, arrow, Enter) and the page is then
 * in Chinese. Looked at (screenshot, axe, nothing sticking out) in English and Chinese, and at tablet width.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import type { Today } from '../../../types/staff/endpoints'
import type { ConsoleHarness } from './harness'

const BLOCKS = ['placed', 'awaiting', 'queues', 'flash-sales', 'webhooks']

async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

/** the text of a figure of the page (data-figure) */
const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`).first().innerText()

export function todayScenarios(h: ConsoleHarness) {
  test('the administrator’s Today: every block, the figures as the API gives them; switched to Chinese by keyboard', async () => {
    const api = await h.call<Today>('GET', '/admin/today', {
      ...(await h.staffHeaders('staff-administrator')),
      languagecode: 'en',
    })
    for (const block of ['orders', 'shipTos', 'onboarding', 'supplyCentre', 'orderRequests', 'flashSales', 'webhooks'])
      assert.ok(block in api, `the API's answer has ${block}`)

    const { ctx, page, errors } = await h.desk('staff-administrator')
    try {
      await h.open(page, '/')
      await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor({ timeout: 30_000 })
      for (const block of BLOCKS) await page.locator(`[data-block="${block}"]`).waitFor({ timeout: 30_000 })
      await settled(page)
      // the figures (the seed's queues do not move while this runs)
      for (const p of api.orders!.placedToday)
        assert.match(await figure(page, `placed-${p.country}`), new RegExp(`^${p.count} orders?$`))
      assert.match(
        await figure(page, 'awaiting'),
        new RegExp(`^${api.orders!.awaitingDecision.total} orders? waiting$`),
      )
      for (const q of ['shipTos', 'onboarding', 'supplyCentre', 'orderRequests'] as const) {
        assert.equal(await figure(page, `${q}-pending`), String(api[q]!.pending), `${q} waiting`)
        const overdue = await figure(page, `${q}-overdue`)
        assert.equal(overdue, api[q]!.overdue ? `${api[q]!.overdue} overdue` : 'None overdue', `${q} overdue`)
      }
      const sales = page.locator('[data-block="flash-sales"] tbody tr')
      assert.equal(await sales.count(), api.flashSales!.length, 'one row per live flash sale')
      if (api.webhooks!.failing) assert.equal(await figure(page, 'webhooks-failing'), String(api.webhooks!.failing))
      // each card links to its screen
      await page.getByRole('link', { name: 'Open the order reviews' }).waitFor()
      await page.getByRole('link', { name: 'Open: New ship-tos' }).waitFor()
      await h.look(page, 'today-en', { fullPage: true })

      // the language menu of the app bar, by keyboard only
      const language = page.getByRole('banner').getByRole('button', { name: 'English' })
      await h.tabTo(page, language)
      await page.keyboard.press('Enter')
      await page.getByRole('menu').waitFor()
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { level: 1, name: '今日' }).waitFor({ timeout: 30_000 })
      await page.getByRole('heading', { level: 2, name: '今日下单' }).waitFor({ timeout: 30_000 })
      await page.getByRole('link', { name: '打开订单审核' }).waitFor()
      assert.match(await figure(page, 'awaiting'), /笔订单待处理$/)
      await settled(page)
      await h.look(page, 'today-zh', { fullPage: true })
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('finance’s Today has no flash-sale or webhook block; the order desk’s fits a tablet', async () => {
    const api = await h.call<Today>('GET', '/admin/today', await h.staffHeaders('staff-finance'))
    assert.equal(api.flashSales, undefined)
    assert.equal(api.webhooks, undefined)
    for (const lang of ['en', 'zh'] as const) {
      const { ctx, page, errors } = await h.desk('staff-finance', { lang })
      try {
        await h.open(page, '/')
        await page
          .getByRole('heading', { level: 1, name: lang === 'en' ? 'Today' : '今日' })
          .waitFor({ timeout: 30_000 })
        await page.getByText(lang === 'en' ? /Figures as of/ : /数据截至/).waitFor({ timeout: 30_000 })
        await settled(page)
        assert.equal(await page.locator('[data-block="flash-sales"], [data-block="webhooks"]').count(), 0)
        await h.look(page, `today-finance-${lang}`)
        assert.deepEqual(errors, [])
      } finally {
        await ctx.close()
      }
    }

    const { ctx, page, errors } = await h.desk('staff-orderDesk', { tablet: true, lang: 'zh' })
    try {
      await h.open(page, '/')
      await page.locator('[data-block="queues"]').waitFor({ timeout: 30_000 })
      await settled(page)
      assert.equal(await page.locator('[data-block="flash-sales"]').count(), 0, 'no flash.manage: no flash-sale block')
      await h.look(page, 'today-orderdesk-tablet-zh', { fullPage: true })
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })
}
