/**
 * Issue 25, marketing's day: "marketing schedules a flash sale that then appears on the H5 store's list at its start
 * time"; "Marketing: flash sales (create and schedule, with the storefront's labels previewed), promotions and coupons
 * (the combination rules explained where a code is made), articles and banners (a rich-text editor whose output is
 * sanitised by the same rules as the storefront's)". Every marketing screen is looked at in English and Chinese
 * (axe: 0 critical, 0 serious; nothing sticks out).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import type { ConsoleHarness } from './harness'
import type { StaffFlashSale } from '../../../types/flashbuy/staff-endpoints'
import { countryClockFixed } from '../../../types/country-clock'

/** the China wall clock of `at` as a datetime-local input takes it, to the second */
const chinaLocal = (at: number) => countryClockFixed(at, 'cn').format('YYYY-MM-DDTHH:mm:ss')

const STAFF = 'staff-marketing'

/** the console's form field of `label` (MUI puts the label on the input) */
const field = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: typeof label === 'string' })

async function save(page: Page) {
  await page.getByRole('button', { name: /^(Save|保存)$/ }).click()
}

/** waits for the page to reach `url` after a save; a refusal fails with the console's notice */
async function savedTo(page: Page, url: RegExp) {
  await page.waitForURL(url, { timeout: 20_000 }).catch(async (e: Error) => {
    const notice = await page
      .locator('.MuiSnackbarContent-message')
      .allInnerTexts()
      .catch(() => [])
    const fields = await page.locator('.MuiFormHelperText-root.Mui-error').allInnerTexts()
    throw new Error(`${e.message.split('\n')[0]}; notice: ${notice.join(' | ')}; fields: ${fields.join(' | ')}`)
  })
}

/** the notice has finished sliding in (axe measures colours as they are painted) */
async function noticeSettled(page: Page) {
  await page.locator('.MuiSnackbarContent-root').first().waitFor()
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.MuiSnackbar-root, .MuiSnackbarContent-root')).every(
      (el) => getComputedStyle(el).opacity === '1' && getComputedStyle(el).transform === 'none',
    ),
  )
}

export function marketingScenarios(h: ConsoleHarness) {
  test('marketing schedules a flash sale in the console; the H5 store lists it on sale once its start has come', async () => {
    const headers = await h.staffHeaders(STAFF)
    // a product a sale can be made of: one of the seeded sales' (orderable, with a list price in yuan)
    const seeded = await h.call<{ items: StaffFlashSale[] }>(
      'GET',
      '/admin/flash-sales?country=cn&pageSize=50',
      headers,
    )
    const base = seeded.items.find((s) => s.listPrice !== null && s.listPrice >= 2)
    assert.ok(base, 'a seeded CN sale with a list price')
    const flashPrice = Math.floor(base.listPrice! / 2)

    const { ctx, page, errors } = await h.desk(STAFF)
    try {
      await h.open(page, '/flash-sales')
      await page.getByRole('tab', { name: /Scheduled/ }).waitFor({ timeout: 20_000 })
      await h.look(page, 'marketing-flash-list')

      await page.getByRole('link', { name: /^Create$/ }).click()
      await page.waitForURL(/\/admin\/flash-sales\/create/)
      const product = field(page, /^Catalogue number/)
      await product.fill(base.catalogNumber)
      await field(page, /^Flash price/).fill(String(flashPrice))
      await field(page, /^Sale stock/).fill('50')
      // starts ~15 s from now (China time, to the second), ends in a day
      const startAt = Date.now() + 15_000
      await field(page, /^Starts/).fill(chinaLocal(startAt))
      await field(page, /^Ends/).fill(chinaLocal(startAt + 86_400_000))
      const preview = page.getByTestId('sale-preview')
      await preview.waitFor()
      assert.equal(await preview.getAttribute('data-status'), 'COMING_SOON')
      // the product the typed catalogue number names, found by the catalogue search (GET /admin/products)
      await preview.getByText(base.productTitle).waitFor({ timeout: 10_000 })
      assert.match(await preview.innerText(), /soon/)
      assert.match(await preview.innerText(), /Coming soon/i)
      assert.match(await page.getByRole('status').first().innerText(), /Starts in/)
      await h.look(page, 'marketing-flash-create')
      await save(page)
      await savedTo(page, /\/admin\/flash-sales\/FB-CN-[A-Z0-9]+$/)
      const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!)
      await page.getByText(/End now/).waitFor({ timeout: 20_000 })
      await h.look(page, 'marketing-flash-edit')

      const sale = await h.call<StaffFlashSale>('GET', `/admin/flash-sales/${id}`, headers)
      assert.equal(sale.catalogNumber, base.catalogNumber)
      assert.equal(sale.flashPrice, flashPrice)
      assert.ok(Math.abs(Date.parse(sale.startAt) - startAt) < 1000, `start ${sale.startAt} as entered in China time`)

      // the store: the flash-sale list shows it on sale once its start has come (reloaded until then)
      const phone = await h.phone()
      try {
        await phone.page.goto(`${h.origin()}/flashbuy/list`)
        const item = phone.page.locator(`.fs-item[data-id="${id}"][data-status="IN_PROGRESS"]`)
        const deadline = startAt + 60_000
        while (!(await item.isVisible())) {
          assert.ok(Date.now() < deadline, `sale ${id} on sale on the store's list within a minute of its start`)
          await phone.page.waitForTimeout(Math.max(1000, Math.min(5000, startAt - Date.now())))
          await phone.page.reload()
          await phone.page.locator('.fs, .fs-empty').first().waitFor({ timeout: 20_000 })
        }
        assert.ok(Date.now() >= startAt - 1000, 'not on sale before its start')
        await phone.page.screenshot({ path: h.shot('marketing-store-flash-list') })
        assert.deepEqual(phone.errors, [])
      } finally {
        await phone.ctx.close()
      }

      // back in the console: the sale runs, its start is locked, ending it asks first
      await page.reload()
      await page.getByText(/End now/).waitFor({ timeout: 20_000 })
      await page.getByRole('button', { name: 'End now' }).click()
      await page.getByRole('dialog').waitFor()
      await h.look(page, 'marketing-flash-end-dialog')
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      const ended = await h.call<StaffFlashSale>('GET', `/admin/flash-sales/${id}`, headers)
      assert.equal(ended.state, 'ended')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('marketing makes a coupon code with the combination rules beside it; a refused field is shown at the field', async () => {
    const { ctx, page, errors } = await h.desk(STAFF)
    try {
      await h.open(page, '/coupons/create')
      await field(page, /^Code/).fill('X-NOTATYPE')
      await field(page, /^Description \(English\)/).fill('Ten percent off antibodies')
      await field(page, /^Description \(Chinese\)/).fill('抗体九折')
      await field(page, /^Percent off/).fill('10')
      await save(page)
      // refused in the browser: the first letter is the type
      await page.getByText('The code must begin with P, D, R, M or T').waitFor()
      const code = `P-E2E${Date.now().toString(36).toUpperCase()}`
      await field(page, /^Code/).fill(code)
      const rules = page.getByRole('region', { name: 'How codes combine in one order' })
      await rules.getByText(/This is a P code/).waitFor()
      assert.match(await rules.innerText(), /Not with: P, D/)
      await h.look(page, 'marketing-coupon-create')
      // refused by the server: an account number of no account of China, named at its field
      await field(page, /^Only for account/).fill('NO-SUCH-ACCOUNT')
      await save(page)
      const refused = page.locator('.MuiFormHelperText-root.Mui-error')
      await refused.first().waitFor({ timeout: 20_000 })
      await noticeSettled(page)
      await h.look(page, 'marketing-coupon-refused')
      await field(page, /^Only for account/).fill('')
      await save(page)
      await savedTo(page, new RegExp(`/admin/coupons/${code}$`))
      await page.getByText(/End now/).waitFor({ timeout: 20_000 })
      await h.look(page, 'marketing-coupon-edit')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('marketing writes an article in the rich-text editor; the saved text has no script', async () => {
    const { ctx, page, errors } = await h.desk(STAFF)
    try {
      await h.open(page, '/articles/create')
      for (const [label, option] of [
        [/^Category/, 0],
        [/^Article type/, 0],
      ] as const) {
        await field(page, label).click()
        await page.getByRole('option').nth(option).click()
      }
      await field(page, /^Title \(English\)/).fill('Staining protocol')
      await field(page, /^Title \(Chinese\)/).fill('染色实验方案')
      await field(page, /^Summary \(English\)/).fill('Step by step')
      await field(page, /^Summary \(Chinese\)/).fill('分步说明')
      await field(page, /^Author \(English\)/).fill('Lab team')
      await field(page, /^Author \(Chinese\)/).fill('实验室团队')
      // the editors: typed text, and pasted HTML carrying a script and an event handler
      const editors = page.locator('.ProseMirror')
      for (const [i, text] of [
        [0, 'Fix the cells.'],
        [1, '固定细胞。'],
      ] as const) {
        await editors.nth(i).click()
        await page.keyboard.type(text)
        await editors.nth(i).evaluate((el) => {
          const data = new DataTransfer()
          data.setData(
            'text/html',
            '<p>More <b>steps</b></p><script>window.__pwned = 1</script><img src="x" alt="x" onerror="window.__pwned = 2">',
          )
          data.setData('text/plain', 'More steps')
          el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
        })
      }
      await h.look(page, 'marketing-article-create')
      await save(page)
      await savedTo(page, /\/admin\/articles\/\d+$/)
      const saved = page.locator('.saved-html')
      await saved.first().waitFor({ timeout: 20_000 })
      assert.match(await saved.first().innerText(), /Fix the cells/)
      assert.equal(await saved.locator('script').count(), 0)
      assert.equal(await saved.locator('[onerror]').count(), 0)
      await h.look(page, 'marketing-article-edit')

      // one made through the API with a script in it: the console shows what the server kept, and runs nothing
      const headers = await h.staffHeaders(STAFF)
      const id = new URL(page.url()).pathname.split('/').pop()!
      const made = await h.call<{ id: string }>('GET', `/admin/articles/${id}`, headers)
      await h.call('PUT', `/admin/articles/${made.id}`, headers, {
        bodyHtml: {
          en: '<p>Safe</p><script>window.__pwned = 3</script>',
          zh: '<p>安全</p><script>window.__pwned = 3</script>',
        },
      })
      await page.reload()
      await saved.first().getByText('Safe').waitFor({ timeout: 20_000 })
      assert.equal(await saved.locator('script').count(), 0)
      assert.equal(await page.evaluate(() => (window as { __pwned?: number }).__pwned), undefined)
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('every marketing screen in English and Chinese', async () => {
    const headers = await h.staffHeaders(STAFF)
    const first = async (url: string, key: string) =>
      (await h.call<{ items: Record<string, string>[] }>('GET', `${url}?pageSize=1&state=running`, headers)).items[0]?.[
        key
      ] ?? (await h.call<{ items: Record<string, string>[] }>('GET', `${url}?pageSize=1`, headers)).items[0]?.[key]
    const pages: [string, string][] = [
      ['flash-list', '/flash-sales'],
      ['flash-create', '/flash-sales/create'],
    ]
    for (const [resource, key] of [
      ['promotions', 'id'],
      ['coupons', 'code'],
      ['articles', 'id'],
      ['banners', 'id'],
    ] as const) {
      pages.push([`${resource}-list`, `/${resource}`], [`${resource}-create`, `/${resource}/create`])
      const id = await first(`/admin/${resource}`, key)
      if (id) pages.push([`${resource}-edit`, `/${resource}/${encodeURIComponent(id)}`])
    }
    const sale = await first('/admin/flash-sales', 'id')
    if (sale) pages.push(['flash-edit', `/flash-sales/${sale}`])
    // at tablet width too: the forms stack, the preview goes below, nothing sticks out sideways
    const tablet = await h.desk(STAFF, { tablet: true })
    try {
      await h.open(tablet.page, '/flash-sales/create')
      await tablet.page.getByTestId('sale-preview').waitFor({ timeout: 20_000 })
      await h.look(tablet.page, 'marketing-flash-create-tablet', { fullPage: true })
      await h.open(tablet.page, '/coupons/create')
      await h.look(tablet.page, 'marketing-coupons-create-tablet')
    } finally {
      await tablet.ctx.close()
    }
    for (const lang of ['en', 'zh'] as const) {
      const { ctx, page, errors } = await h.desk(STAFF, { lang })
      try {
        for (const [name, route] of pages) {
          await h.open(page, route)
          await page.locator('form, .RaList-main').first().waitFor({ timeout: 20_000 })
          await h.look(page, `marketing-${name}-${lang}`)
        }
        assert.deepEqual(errors, [])
      } finally {
        await ctx.close()
      }
    }
  })
}
