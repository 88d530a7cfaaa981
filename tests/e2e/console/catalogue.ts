/**
 * Issue 25, the catalogue, integration and administration screens: the catalogue member imports a CSV of products
 * with bad rows (the dry run lists them in the table, row and column), fixes the file, checks it again clean,
 * applies it and finds the new products in the product list; the administrator reads the audit log filtered by that
 * member (the import is there), creates an ERP integration client (its secret shown once) and replays a failed
 * webhook delivery. Every page looked at (axe, nothing sticking out) in English and Chinese.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import type { ConsoleHarness } from './harness'

const HEADER = 'catalogNumber,titleEn,titleZh,size,brand,categoryCode,listPriceCny,listPriceInr'
/** two good rows and two bad ones: an unknown category (row 3) and a price with 3 decimals (row 5) */
const BAD_CSV = [
  HEADER,
  'E2E-CON-001,Console Test Antibody,控制台测试抗体,100 µg,E2EBrand,primary-antibodies,1280,15900',
  'E2E-CON-002,Console Test Enzyme,控制台测试酶,500 U,E2EBrand,no-such-category,980,',
  'E2E-CON-003,Console Test Buffer,控制台测试缓冲液,500 mL,E2EBrand,primary-antibodies,,',
  'E2E-CON-004,Console Test Kit,控制台测试试剂盒,1 kit,E2EBrand,primary-antibodies,12.345,',
].join('\n')
const FIXED_CSV = BAD_CSV.replace('no-such-category', 'primary-antibodies').replace('12.345', '1234.50')

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') })

async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
}

export function catalogueScenarios(h: ConsoleHarness) {
  test('catalogue imports a CSV: the dry run lists the bad rows, the fixed file applies, the products list shows it', async () => {
    const { ctx, page, errors } = await h.desk('staff-catalogue')
    try {
      await h.open(page, '/catalogue-imports/create')
      await page.getByRole('heading', { name: 'New import', level: 1 }).waitFor()
      await page.getByRole('radio', { name: 'Products' }).check()
      await page.getByTestId('import-file').setInputFiles(csvFile('new-products.csv', BAD_CSV))
      await page.getByText('new-products.csv').waitFor()
      const apply = page.getByRole('button', { name: 'Apply', exact: true })
      assert.equal(await apply.isDisabled(), true, 'no apply before a dry run')
      await page.getByRole('button', { name: 'Check file (dry run)' }).click()
      const table = page.getByRole('table', { name: 'Row errors' })
      await table.waitFor({ timeout: 20_000 })
      const rows = table.locator('tbody tr')
      assert.equal(await rows.count(), 2)
      assert.deepEqual(
        (await rows.locator('td:nth-child(-n+2)').allInnerTexts()).map((t) => t.trim()),
        ['3', 'categoryCode', '5', 'listPriceCny'],
      )
      await page.getByText(/4 rows: 2 valid \(2 new, 0 changed, 0 unchanged\), 2 with errors/).waitFor()
      await settled(page)
      await h.look(page, 'catalogue-import-dryrun-errors-en')

      // the fixed file: clean, then applied (confirmed)
      await page.getByTestId('import-file').setInputFiles(csvFile('new-products-fixed.csv', FIXED_CSV))
      await page.getByText('new-products-fixed.csv').waitFor()
      await page.getByRole('button', { name: 'Check file (dry run)' }).click()
      await page
        .getByText(/4 rows: 4 valid \(4 new, 0 changed, 0 unchanged\), 0 with errors/)
        .waitFor({ timeout: 20_000 })
      assert.equal(await page.getByRole('table', { name: 'Row errors' }).count(), 0)
      await h.look(page, 'catalogue-import-dryrun-clean-en')
      await apply.click()
      const dialog = page.getByRole('dialog', { name: 'Apply' })
      await dialog.getByText(/The 4 valid rows are written \(4 new, 0 changed\)/).waitFor()
      await h.look(page, 'catalogue-import-confirm-en')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await dialog.waitFor({ state: 'detached', timeout: 30_000 })
      await page.getByText(/4 created, 0 updated, 0 unchanged/).waitFor({ timeout: 20_000 })
      await h.look(page, 'catalogue-import-applied-en')

      // the record in the history
      await page.getByRole('link', { name: /See import no\./ }).click()
      await page.getByRole('heading', { name: /Import no\. \d+/ }).waitFor({ timeout: 20_000 })
      await page.getByText('new-products-fixed.csv (CSV)').waitFor()
      await settled(page)
      await h.look(page, 'catalogue-import-record-en')
      await h.open(page, '/catalogue-imports')
      await page.getByRole('row').filter({ hasText: 'new-products-fixed.csv' }).first().waitFor({ timeout: 20_000 })
      await h.look(page, 'catalogue-imports-en')

      // the products list finds the new products by catalogue number, with their data
      await h.open(page, '/products')
      await page.getByLabel('Catalogue number, SKU or title').fill('E2E-CON')
      const product = page.getByRole('row').filter({ hasText: 'E2E-CON-004' })
      await product.waitFor({ timeout: 20_000 })
      await product.getByText('Console Test Kit').waitFor()
      await product.getByText('¥1,234.50').waitFor()
      assert.equal(await page.getByRole('row').filter({ hasText: 'E2E-CON-00' }).count(), 4)
      await settled(page)
      await h.look(page, 'catalogue-products-en')
      await product.getByText('E2E-CON-004').click()
      await page.getByRole('heading', { name: /E2E-CON-004 · Console Test Kit/ }).waitFor({ timeout: 20_000 })
      await page.getByRole('table', { name: 'Stock by location' }).waitFor()
      await settled(page)
      await h.look(page, 'catalogue-product-en')

      await h.open(page, '/catalogue-documents')
      await page.getByRole('heading', { name: 'CoA and SDS uploads', level: 1 }).waitFor()
      // a CoA without its lot is refused here, beside the field
      await page.getByLabel('Catalogue number').fill('E2E-CON-001')
      await page.getByRole('button', { name: 'Upload' }).click()
      await page.getByText('A CoA needs its lot number.').waitFor()
      await h.look(page, 'catalogue-documents-en')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('catalogue screens in Chinese', async () => {
    const { ctx, page, errors } = await h.desk('staff-catalogue', { lang: 'zh' })
    try {
      await h.open(page, '/products')
      await page.getByRole('columnheader', { name: '货号' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'catalogue-products-zh')
      await page.getByRole('row').nth(1).getByRole('link').first().click()
      await page.getByRole('table', { name: '各库位库存' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'catalogue-product-zh')
      await h.open(page, '/catalogue-imports')
      await page.getByRole('columnheader', { name: '导入时间' }).waitFor({ timeout: 20_000 })
      await h.look(page, 'catalogue-imports-zh')
      await h.open(page, '/catalogue-imports/create')
      await page.getByRole('radio', { name: '商品' }).check()
      await page
        .getByTestId('import-file')
        .setInputFiles(csvFile('products-zh.csv', BAD_CSV.replace(/E2E-CON/g, 'E2E-ZH')))
      await page.getByRole('button', { name: '检查文件（试运行）' }).click()
      await page.getByRole('table', { name: '行错误' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'catalogue-import-dryrun-errors-zh')
      await h.open(page, '/catalogue-documents')
      await page.getByRole('heading', { name: 'CoA 与 SDS 上传', level: 1 }).waitFor()
      await h.look(page, 'catalogue-documents-zh')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('catalogue at tablet width: products, a product, an import dry run', async () => {
    const { ctx, page, errors } = await h.desk('staff-catalogue', { tablet: true })
    try {
      await h.open(page, '/products')
      await page.getByLabel('Catalogue number, SKU or title').fill('E2E-CON')
      await page.getByRole('row').filter({ hasText: 'E2E-CON-001' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'catalogue-products-tablet')
      await page.getByRole('link', { name: 'E2E-CON-001' }).click()
      await page.getByRole('table', { name: 'Stock by location' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'catalogue-product-tablet')
      await h.open(page, '/catalogue-imports/create')
      await page.getByTestId('import-file').setInputFiles(csvFile('tablet.csv', BAD_CSV.replace(/E2E-CON/g, 'E2E-TAB')))
      await page.getByRole('button', { name: 'Check file (dry run)' }).click()
      await page.getByRole('table', { name: 'Row errors' }).waitFor({ timeout: 20_000 })
      await settled(page)
      await h.look(page, 'catalogue-import-dryrun-tablet')
      assert.deepEqual(errors, [])
    } finally {
      await ctx.close()
    }
  })

  test('administrator: the audit log by staff member shows the import; a new integration client; a replay', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { ctx, page, errors } = await h.desk('staff-administrator', { lang })
      const zh = lang === 'zh'
      try {
        // the audit log, filtered by the catalogue member: the import is there
        await h.open(page, '/audit')
        await page.getByRole('columnheader', { name: zh ? '操作' : 'Action' }).waitFor({ timeout: 20_000 })
        await page.getByRole('combobox', { name: zh ? '员工' : 'Staff member' }).click()
        await page.getByRole('option', { name: 'Carl Catalogue (catalogue.staff)' }).click()
        const entry = page.getByRole('row').filter({ hasText: 'catalogue.import' }).first()
        await entry.waitFor({ timeout: 20_000 })
        // the filtered page: only the catalogue member's entries
        await page.waitForFunction(
          () => {
            const cells = Array.from(document.querySelectorAll('tbody tr td:nth-child(3)'))
            return cells.length > 0 && cells.every((td) => td.textContent?.trim() === 'staff-catalogue')
          },
          undefined,
          { timeout: 20_000 },
        )
        await settled(page)
        const actors = await page.locator('tbody tr td:nth-child(3)').allInnerTexts()
        assert.ok(actors.length >= 1 && actors.every((a) => a.trim() === 'staff-catalogue'), actors.join())
        await h.look(page, `admin-audit-${lang}`)
        await entry.click()
        await page.getByRole('heading', { name: zh ? '变更后' : 'After' }).waitFor()
        await h.look(page, `admin-audit-entry-${lang}`)

        // a new ERP client: the secret is shown once
        await h.open(page, '/integration-clients')
        await page.getByRole('button', { name: zh ? '新建客户端' : 'New client' }).click()
        const create = page.getByRole('dialog', { name: zh ? '新建客户端' : 'New client' })
        await create.getByLabel(zh ? '名称' : 'Name').fill(`ERP e2e ${lang}`)
        await create.getByRole('checkbox', { name: /erp:orders/ }).check()
        await h.look(page, `integration-client-new-${lang}`)
        await create.getByRole('button', { name: zh ? '创建' : 'Create' }).click()
        const secret = page.getByRole('dialog', { name: new RegExp(`ERP e2e ${lang}`) })
        await secret.waitFor({ timeout: 20_000 })
        const value = (await secret.getByTestId('created-clientSecret').innerText()).trim()
        assert.ok(value.length >= 20, 'the secret is shown')
        await h.look(page, `integration-client-secret-${lang}`)
        await secret.getByRole('button', { name: zh ? '我已保存密钥' : 'I have saved the secret' }).click()
        await secret.waitFor({ state: 'detached' })
        await page
          .getByRole('row')
          .filter({ hasText: `ERP e2e ${lang}` })
          .waitFor({ timeout: 20_000 })
        assert.equal(await page.getByText(value).count(), 0, 'the secret is not shown again')
        await settled(page)
        await h.look(page, `integration-clients-${lang}`)

        // the failed deliveries: replay one if there is any (the seed has one dead delivery)
        await h.open(page, '/webhook-deliveries')
        await page.getByRole('tab', { name: zh ? /失败/ : /Failed/ }).waitFor({ timeout: 20_000 })
        await settled(page)
        await h.look(page, `integration-deliveries-${lang}`)
        const replay = page.getByRole('button', { name: zh ? '重新投递' : 'Replay' }).first()
        if (await replay.count()) {
          await replay.click()
          const dialog = page.getByRole('dialog', { name: zh ? '重新投递' : 'Replay' })
          await dialog.waitFor()
          await h.look(page, `integration-replay-confirm-${lang}`)
          await dialog.getByRole('button', { name: zh ? '确认' : 'Confirm' }).click()
          await dialog.waitFor({ state: 'detached', timeout: 20_000 })
        }
        await h.open(page, '/webhook-events')
        await page.getByRole('columnheader', { name: zh ? '类型' : 'Type' }).waitFor({ timeout: 20_000 })
        await settled(page)
        await h.look(page, `integration-events-${lang}`)
        await h.open(page, '/webhook-endpoints')
        await settled(page)
        await h.look(page, `integration-endpoints-${lang}`)
        await h.open(page, '/staff')
        const member = page.getByRole('row').filter({ hasText: 'catalogue.staff' })
        await member.waitFor({ timeout: 20_000 })
        await member.getByText('catalogue.staff', { exact: true }).click()
        await page.getByRole('button', { name: zh ? '修改角色' : 'Change roles' }).waitFor()
        await settled(page)
        await h.look(page, `admin-staff-${lang}`)
        assert.deepEqual(errors, [])
      } finally {
        await ctx.close()
      }
    }
  })
}
