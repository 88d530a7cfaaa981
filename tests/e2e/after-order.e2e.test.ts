/**
 * End-to-end after the order (issue 12): the H5 build (TEST_H5_DIR or dist/h5) served by the real server on a
 * fresh embedded database, Chromium on an iPhone 12 viewport. approved.cn:
 * - finds a seeded order by its number in the order history (spec §9 "search by order or PO number");
 * - opens it; the ERP has shipped it (POST /api/erp/shipments, issue 24), so the detail shows the shipment
 *   (carrier in the buyer's language, tracking number, shipped time);
 * - requests a return with a photo (spec: "Return or after-sales … with files"), and sees the request
 *   number and the 48 h follow-up;
 * - exports a date range from the history (spec §5 "Order-export date range: at most one year") and
 *   opens the downloaded workbook, which holds that order.
 * Screenshots: artifacts/e2e/after-order-*.png. axe: no critical or serious violations.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import {
  e2eHarness,
  journeyShots,
  SHOTS,
  assertAccessible,
  horizontalOverflow,
  settle,
  onScreen,
  field,
  showPart,
  APPROVED_CN,
} from '../support/e2e'
import { carrierName } from '../../types/order/carriers'

const SECRET = 'e2e-after-order-secret-0123456789-0123456789-01'

const h = e2eHarness({ JWT_SECRET: SECRET })
const { shot, look } = journeyShots('after-order')

interface Order {
  orderNumber: string
  salesOrderNumber: string
  status: string
  createdAt: string
}
interface OrderDetail {
  status: string
  shipments: { carrier: string; expressNumber: string }[]
}
/** the ERP ships an order (an integration client's shipment row; a submitted order goes through IN_PROGRESS) */
async function ship(orderNumber: string, shipment: { carrier: string; expressNumber: string }) {
  const token = await h.erpToken(['erp:orders'])
  const answer = await h.call<{ results: { ok: boolean; status: number; message?: string }[] }>(
    'POST',
    '/erp/shipments',
    { authorization: `Bearer ${token}` },
    {
      rows: [
        {
          id: `e2e-${orderNumber}`,
          orderNo: orderNumber,
          carrier: shipment.carrier,
          trackingNumber: shipment.expressNumber,
        },
      ],
    },
  )
  assert.equal(answer.results[0].status, 200, JSON.stringify(answer.results[0]))
}

/** a real 8×8 PNG (an orange square), made here so the upload is a file a browser can decode */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (b: Buffer) => {
    let c = 0xffffffff
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const c = Buffer.alloc(4)
    c.writeUInt32BE(crc(td))
    return Buffer.concat([len, td, c])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(8, 0)
  ihdr.writeUInt32BE(8, 4)
  ihdr[8] = 8
  ihdr[9] = 2 // 8-bit RGB
  const raw = Buffer.concat(
    Array.from({ length: 8 }, () =>
      Buffer.concat([Buffer.from([0]), Buffer.from(Array(8).fill([0xf0, 0x80, 0x20]).flat())]),
    ),
  )
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

test('approved.cn: search the history → the order → its shipment → a return with a photo → export a range and open the file', async () => {
  const { ctx, page, errors } = await h.phone()
  const auth = await h.signIn(ctx, APPROVED_CN)

  // a seeded SUBMITTED order, shipped by the ERP (SUBMITTED → IN_PROGRESS → SHIPPED) with a carrier known by its
  // Chinese name, which the English detail must translate
  const orders = (await h.call<{ items: Order[] }>('GET', '/order/list?limit=50', auth)).items
  const order = orders.find((o) => o.status === 'SUBMITTED')
  assert.ok(order, `a seeded SUBMITTED order (${orders.map((o) => o.status).join(', ')})`)
  const number = order.orderNumber
  const shipment = { carrier: '顺丰速运', expressNumber: 'SF7305182649' }
  await ship(number, shipment)
  const shipped = await h.call<OrderDetail>('GET', `/order/detail/${number}`, auth)
  assert.equal(shipped.status, 'SHIPPED')
  assert.equal(shipped.shipments.length, 1, 'the shipment the ERP posted')

  // the history: search by the order number
  await page.goto(`${h.origin()}/order-history`)
  const hist = onScreen(page)
  await hist.locator('a.oh-row[data-order-number]').first().waitFor({ timeout: 30000 })
  assert.ok((await hist.locator('a.oh-row[data-order-number]').count()) > 1, 'the seeded orders are listed')
  await field(hist, 'oh-search__input').fill(number)
  await hist.locator('.oh-search__submit').click()
  const row = hist.locator(`a.oh-row[data-order-number="${number}"]`)
  await hist.locator('.oh-search__showing').waitFor({ timeout: 10000 })
  await row.waitFor({ timeout: 10000 })
  assert.equal(await hist.locator('a.oh-row[data-order-number]').count(), 1, 'the search finds that one order')
  assert.equal(await row.getAttribute('data-status'), 'SHIPPED')
  await settle(page)
  await look(page, 'history-search')

  // the detail: the number, the shipment
  await row.click()
  // the address bar shows the spec's path /my-orders/{orderNumber} (issue 22 item 12)
  await page.waitForURL((u) => u.pathname === `/my-orders/${number}`, { timeout: 20000 })
  const od = onScreen(page)
  await od.locator('.od-head__number').waitFor({ timeout: 20000 })
  assert.match(await od.locator('.od-head__number').innerText(), new RegExp(number))
  assert.match(await od.locator('.od-head__status').innerText(), /shipped/i)
  // the carrier's name in the buyer's language (issue 22: "京东物流" shown untranslated in English)
  assert.equal(await od.locator('.od-shipment__carrier').innerText(), carrierName(shipment.carrier, 'en'))
  assert.doesNotMatch(await od.locator('.od-shipment__carrier').innerText(), /[\u4e00-\u9fff]/)
  assert.equal(await od.locator('.od-shipment__express').innerText(), shipment.expressNumber)
  assert.match(await od.locator('.od-shipment__shipped').innerText(), /\d{4}-\d{2}-\d{2}/)
  await settle(page)
  await look(page, 'detail')
  await showPart(od.locator('.od-shipments'))
  await page.screenshot({ path: shot('detail-shipment') })

  // Return or after-sales: category, sub-category, contact, a photo
  const ret = od.locator('.od-requests__return')
  await showPart(ret)
  await page.screenshot({ path: shot('detail-requests') })
  await ret.click()
  await page.waitForURL(new RegExp(`/order-return(/|\\?orderNumber=)${number}`), { timeout: 20000 })
  const form = onScreen(page)
  await form.locator('.orq').waitFor({ timeout: 20000 })
  await settle(page)
  await look(page, 'return-form')
  await form.getByRole('radiogroup', { name: 'Category' }).getByRole('radio').first().click()
  const sub = form.getByRole('radiogroup', { name: 'Sub-category' }).getByRole('radio').first()
  await sub.waitFor({ timeout: 5000 })
  await sub.click()
  assert.equal(await sub.getAttribute('aria-checked'), 'true')
  await field(form, 'orq-field--contactName').fill('王小明')
  await field(form, 'orq-field--phone').fill('138 0013 8000')
  await field(form, 'orq-field--email').fill('lab.manager@example.edu.cn')
  await field(form, 'orq-field--remark').fill('Two vials arrived cracked; photo attached.')
  const fc = page.waitForEvent('filechooser', { timeout: 10000 })
  await form.getByRole('button', { name: 'Add a file' }).click()
  await (await fc).setFiles([{ name: 'damage.png', mimeType: 'image/png', buffer: tinyPng() }])
  await form.locator('.orq-file[data-file-name="damage.png"]').waitFor({ timeout: 10000 })
  await showPart(form.locator('.orq-files'))
  await look(page, 'return-filled')
  await form.locator('.orq-bar__submit').click()

  const done = form.locator('.orq-done__number')
  await done.waitFor({ timeout: 20000 })
  const requestNumber = await done.getAttribute('data-request-number')
  assert.ok(requestNumber, 'a request number')
  assert.match(await done.innerText(), new RegExp(requestNumber!))
  assert.match(await form.locator('.orq-done__follow-up').innerText(), /48/)
  await settle(page)
  await look(page, 'return-done')

  // export a range from the history and open the downloaded workbook
  await page.goto(`${h.origin()}/order-history`)
  const hist2 = onScreen(page)
  const exp = hist2.locator('.oh-export')
  await exp.waitFor({ timeout: 30000 })
  const day = order.createdAt.slice(0, 10)
  const from = new Date(Date.parse(day) - 7 * 86400_000).toISOString().slice(0, 10)
  await field(exp, 'oh-export__from').fill(from)
  // To keeps its default, today in China (a UTC date could be the day before an order placed this morning)
  assert.match(await field(exp, 'oh-export__to').inputValue(), /^\d{4}-\d{2}-\d{2}$/)
  await showPart(exp)
  const dl = page.waitForEvent('download', { timeout: 20000 })
  await exp.locator('.oh-export__download').click()
  const download = await dl
  assert.match(download.suggestedFilename(), /\.xlsx$/)
  const file = path.join(SHOTS, `after-order-${download.suggestedFilename()}`)
  await download.saveAs(file)
  await exp.locator('.oh-export__notice--saved').waitFor({ timeout: 10000 })
  await page.screenshot({ path: shot('export-saved') })
  await assertAccessible(page, 'after-order-export')
  assert.deepEqual(await horizontalOverflow(page), [])

  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(file)
  const ws = wb.worksheets[0]
  const cells: string[] = []
  ws.eachRow((r) => r.eachCell((c) => cells.push(String(c.text))))
  assert.ok(ws.rowCount > 1, 'a header and rows')
  assert.ok(cells.includes(number), `the workbook holds order ${number}`)
  fs.rmSync(file, { force: true })
  assert.deepEqual(errors, [])
  await ctx.close()
})
