/**
 * Issue 25: "a marketing member cannot open the ship-to queue (menu hidden, direct address refused by the server)";
 * "the menu shows only what the staff member's role allows, and the server still refuses the rest".
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { ConsoleHarness } from './harness'

export function accessScenarios(h: ConsoleHarness) {
  test('marketing: no ship-to queue in the menu; its address opens no queue and the server refuses the queue', async () => {
    const { ctx, page, errors } = await h.desk('staff-marketing')
    try {
      await h.open(page, '/')
      const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed, .RaMenu-open')).first()
      await menu
        .getByRole('menuitem', { name: 'Flash sales' })
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined)
      const items = await page.locator('.RaMenu-open [role=menuitem], .RaSidebar-fixed a').allInnerTexts()
      assert.ok(!items.some((t) => /ship-to/i.test(t)), `marketing's menu: ${items.join(' | ')}`)
      await h.look(page, 'access-marketing-menu')

      // the queue's address typed in: the console shows no queue...
      await h.open(page, '/ship-tos')
      await page.getByRole('heading', { name: 'Not for your role' }).waitFor({ timeout: 20_000 })
      assert.equal(await page.getByRole('columnheader', { name: 'Reference' }).count(), 0, 'no queue rows shown')
      await h.look(page, 'access-marketing-denied')
      // ...and the server refuses the call the queue would make, with the member's own token
      const status = await page.evaluate(async () => {
        const raw = JSON.parse(sessionStorage.getItem('lab-admin.staff-token') ?? '{}') as { token?: string }
        const res = await fetch('/api/admin/ship-tos', { headers: { authorization: `Bearer ${raw.token}` } })
        return res.status
      })
      assert.equal(status, 403)
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('the order desk sees its queues and not the marketing screens; the tablet width fits', async () => {
    const { ctx, page } = await h.desk('staff-orderDesk', { tablet: true })
    try {
      await h.open(page, '/ship-tos')
      await page.getByRole('columnheader', { name: 'Reference' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'access-orderdesk-tablet')
      const items = await page
        .locator('.RaMenu-open [role=menuitem], .RaSidebar-fixed a, .MuiDrawer-root a')
        .allInnerTexts()
      assert.ok(!items.some((t) => /flash sale/i.test(t)), `order desk's menu: ${items.join(' | ')}`)
    } finally {
      await ctx.close()
    }
  })
}
