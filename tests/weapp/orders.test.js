/**
 * The order screens in the compiled mini-program (TEST_WEAPP_DIR or dist/weapp), miniprogram-simulate
 * with the official wcc, against the real test server (issue 12: "The weapp check renders the order
 * list and detail"), as approved.cn logged in with WeChat on My:
 * - the order history: one row per order the server lists for the account (spec §9: the last 3 months),
 *   each with its order and sales order numbers, its status label and its total;
 * - an order detail: the numbers, the status label, the address and every line (title, catalog number,
 *   quantity), the price summary and the shipments card.
 */
const fs = require('node:fs')
const path = require('node:path')
const { call, appOnTestServer } = require('./harness')
const { all, one, text } = require('./page-text')
const { ROOT } = require('../support/server-process')

const HISTORY = 'packages/order/order-history/index'
const DETAIL = 'packages/order/order-detail/index'

// the status labels as the app shows them, in either language (status code → label key → en/zh text)
const read = (p) => fs.readFileSync(path.join(ROOT, p), 'utf8')
const LABEL_OF = Object.fromEntries(
  [...read('types/order/statuses.ts').matchAll(/^\s+(\w+): \{ label: '(\w+)'/gm)].map((m) => [m[1], m[2]]),
)
const texts = (p) =>
  Object.fromEntries([...read(p).matchAll(/'order\.status\.(\w+)': '([^']+)'/g)].map((m) => [m[1], m[2]]))
const EN = texts('src/i18n/screens/order.ts')
const ZH = texts('src/i18n/zh/screens/order.ts')
const statusTexts = (code) => [EN[LABEL_OF[code]], ZH[LABEL_OF[code]]]

describe('order history and detail in miniprogram-simulate', () => {
  const sim = appOnTestServer(HISTORY)
  let auth
  let orders

  beforeAll(async () => {
    await sim.h.logInOnMy()
    auth = { authorization: `Bearer ${sim.h.env.storage.get('authToken')}`, countrycode: 'cn', languagecode: 'cn' }
    const res = await call(sim.server.origin, 'GET', '/api/order/list?limit=50', auth)
    expect(res.success).toBe(true)
    orders = res.data.items
  })

  it("the order history lists approved.cn's orders: numbers, status labels, totals", async () => {
    expect(orders.length).toBeGreaterThan(1) // the seed gives approved.cn several recent orders
    expect(Object.keys(LABEL_OF).length).toBeGreaterThan(5)
    const comp = sim.h.open(HISTORY)
    expect(await sim.h.until(() => all(comp, 'oh-row').length > 0)).toBe(true)
    await sim.h.settle(comp)
    const rows = all(comp, 'oh-row')
    // the first page as the server lists it, newest first (Taro's template keeps no data-*: rows are found by their number)
    const firstPage = orders.slice(0, rows.length)
    expect(rows.length).toBeGreaterThanOrEqual(Math.min(orders.length, 10))
    firstPage.forEach((o, i) => {
      const row = rows[i]
      expect(text(one(row, 'oh-row__number'))).toMatch(new RegExp(`^(Order|订单) ${o.orderNumber}$`))
      expect(text(one(row, 'oh-row__sales'))).toContain(o.salesOrderNumber)
      expect(statusTexts(o.status)).toContain(text(one(row, 'oh-row__status')))
      expect(text(one(row, 'oh-row__total-value'))).toMatch(/¥[\d,]+\.\d\d/)
    })
    expect(one(comp, 'oh-search__input')).toBeTruthy()
    expect(one(comp, 'oh-export')).toBeTruthy()
    comp.detach()
  })

  it('an order detail: numbers, status label, address, every line, price and shipments', async () => {
    const o = orders[0]
    const detail = (await call(sim.server.origin, 'GET', `/api/order/detail/${o.orderNumber}`, auth)).data
    expect(detail.lines.length).toBeGreaterThan(0)
    const comp = sim.h.open(DETAIL, { orderNumber: o.orderNumber })
    expect(await sim.h.until(() => !!one(comp, 'od-head__number') && all(comp, 'od-line').length > 0)).toBe(true)
    await sim.h.settle(comp)
    expect(text(one(comp, 'od-head__number'))).toMatch(new RegExp(`^(Order|订单) ${o.orderNumber}$`))
    expect(text(one(comp, 'od-head__sales'))).toContain(detail.salesOrderNumber)
    expect(statusTexts(detail.status)).toContain(text(one(comp, 'od-head__status')))
    expect(text(one(comp, 'od-address__text'))).toBe(detail.shipTo.text)
    const lines = all(comp, 'od-line')
    expect(lines.length).toBe(detail.lines.length)
    detail.lines.forEach((l, i) => {
      expect(text(one(lines[i], 'od-line__title'))).toBe(l.productTitle)
      expect(text(lines[i])).toContain(l.catalogNumber)
      expect(text(lines[i])).toMatch(new RegExp(`\\b${l.quantity}\\b`))
      expect(text(one(lines[i], 'od-line__total'))).toMatch(/¥[\d,]+\.\d\d/)
    })
    expect(text(one(comp, 'od-row--total'))).toMatch(/¥[\d,]+\.\d\d/)
    expect(one(comp, 'od-shipments')).toBeTruthy()
    expect(all(comp, 'od-shipment').length).toBe(detail.shipments.length)
    comp.detach()
  })
})
