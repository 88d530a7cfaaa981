import Taro from '@tarojs/taro'
import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { useOrderHistory, cleanOrderSearch } from '../../src/store/order/history'
import { stubApi, fail, sleep, openPage, q, qa, text, waitText, waitFor, type StubCall } from './product-api-stub'
import { logIn, signedInRoutes, click, screenTests } from './screen-setup'
import type { OrderListItem } from '../../types'

/**
 * The order history screen (issue 12: "Order history: the last 3 months, filterable by status and
 * searchable by order or PO number; every status label of section 4 mapped from its code; an empty
 * state; load more on scroll"), rendered by the real app shell; Taro.request stubbed at the
 * API-client boundary only.
 */
jest.setTimeout(30000)

const SINCE = '2026-08-23T10:00:00.000Z'

let n = 0
const order = (over: Partial<OrderListItem> = {}): OrderListItem => {
  const k = ++n
  return {
    orderNumber: String(3_200_000 + k),
    salesOrderNumber: String(13_100_000 + k),
    createdAt: '2026-11-20T02:30:00.000Z',
    status: 'COMPLETED',
    statusCode: 30,
    source: 'cart',
    orderType: 'ZOR',
    deliveryChannel: 'TFS',
    poNumber: null,
    currency: 'CNY',
    total: 1234.5,
    itemCount: 2,
    thumbnails: [
      { catalogNumber: `MA1-${k}`, image: `/media/products/MA1-${k}-150.jpg`, productTitle: `Antibody ${k}` },
      { catalogNumber: `AM-${k}`, image: null, productTitle: `Buffer ${k}` },
    ],
    ...over,
  }
}
const page = (items: OrderListItem[], nextCursor: string | null = null) => ({ items, nextCursor, since: SINCE })
const rows = () => qa('.oh-row')
const listCalls = (calls: StubCall[]) => calls.filter((c) => c.path === '/order/list')

describe('order history screen', () => {
  screenTests(() => {
    useOrderHistory.getState().reset()
  })

  it('issue 22 item 3: each row offers Reorder beside its link (not inside it), opening the reorder screen for that order, in English and Chinese', async () => {
    logIn()
    const a = order()
    const b = order({ source: 'flashbuy' })
    stubApi(signedInRoutes({ 'GET /order/list': page([a, b]) }))
    await openPage('packages/order/order-history/index')
    await waitFor(() => rows().length === 2, 'two rows')
    const links = qa('.oh-item__reorder')
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      [a, b].map((o) => `/my-cart/QuickOrder?orderNumber=${o.orderNumber}`),
    )
    expect(links.map((l) => l.textContent)).toEqual(['Reorder', 'Reorder'])
    expect(links[0].getAttribute('aria-label')).toBe(`Reorder order ${a.orderNumber}`)
    // a link in a link is no control: the action is the row's sibling
    expect(links.every((l) => !l.closest('.oh-row'))).toBe(true)
    useLocale.setState({ language: 'zh' })
    await waitText('再次购买')
    expect(qa('.oh-item__reorder')[1].getAttribute('aria-label')).toBe(`再次购买订单 ${b.orderNumber}`)
  })

  it('rows: status label of its code, date, order, sales order and PO numbers, total, a Flash buy badge; each opens the order detail', async () => {
    logIn()
    const flash = order({
      source: 'flashbuy',
      status: 'SUBMITTED',
      poNumber: 'PO-2026-00042',
      total: 99,
      itemCount: 1,
      thumbnails: [{ catalogNumber: 'FB-1', image: null, productTitle: 'Flash pipette' }],
    })
    const waiting = order({ status: 'Waiting for Delivery', createdAt: '2026-11-19T17:00:00.000Z' })
    const review = order({ status: 'TO_BE_CONFIRMED', currency: 'INR', total: 250000 })
    const calls = stubApi(signedInRoutes({ 'GET /order/list': page([flash, waiting, review]) }))
    await openPage('packages/order/order-history/index')
    await waitFor(() => rows().length === 3, 'three rows')
    expect(listCalls(calls)[0].query).toEqual({ limit: '20' })
    // spec §9: the window is said
    expect(q('.oh__window')?.textContent).toBe('Your orders of the last 3 months (since 2026-08-23)')

    const [a, b, c] = rows()
    expect(a.querySelector('.oh-row__number')?.textContent).toBe(`Order ${flash.orderNumber}`)
    expect(a.querySelector('.oh-row__status')?.textContent).toBe('Submitted')
    expect(a.querySelector('.oh-row__source')?.textContent).toBe('Flash buy')
    expect(a.querySelector('.oh-row__po')?.textContent).toBe('PO PO-2026-00042')
    expect(a.querySelector('.oh-row__sales')?.textContent).toBe(`Sales order ${flash.salesOrderNumber}`)
    expect(a.querySelector('.oh-row__total-value')?.textContent).toBe('¥99.00')
    expect(a.querySelector('.oh-row__date')?.textContent).toBe('Ordered 2026-11-20') // China time (+8 h)
    expect(a.querySelector('.oh-row__items')?.textContent).toBe('1 product') // one plural rule (issue 22: "1 items")
    await waitFor(() => a.querySelector('img') !== null, 'the thumbnail')
    expect(a.querySelector('img')?.getAttribute('alt')).toBe('Flash pipette')
    // 'Waiting for Delivery' reads Shipped; 17:00 UTC is the next day in China
    expect(b.querySelector('.oh-row__status')?.textContent).toBe('Shipped')
    expect(b.querySelector('.oh-row__date')?.textContent).toBe('Ordered 2026-11-20')
    expect(b.querySelector('.oh-row__source')).toBeNull()
    expect(b.querySelector('.oh-row__po')).toBeNull()
    expect(c.querySelector('.oh-row__status')?.textContent).toBe('Financial review')
    expect(c.querySelector('.oh-row__status')?.className).toContain('oh-row__status--warning')
    expect(c.querySelector('.oh-row__total-value')?.textContent).toBe('₹250,000.00')

    // a row is a real link to the order detail, named by what it shows (WCAG 2.5.3 "Label in Name": no shorter aria-label)
    expect(a.tagName).toBe('A')
    expect(a.getAttribute('href')).toBe(`/my-orders/${flash.orderNumber}`)
    expect(a.getAttribute('aria-label')).toBeNull()
    for (const part of [`Order ${flash.orderNumber}`, 'Submitted', 'Ordered 2026-11-20', '¥99.00'])
      expect(a.textContent).toContain(part)
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    click(b)
    expect(nav).toHaveBeenCalledWith({ url: `/packages/order/order-detail/index?orderNumber=${waiting.orderNumber}` })
    // every list is complete: no Load more
    expect(q('.oh-more')).toBeNull()
    expect(q('.oh-all')?.textContent).toBe('That is every order of the last 3 months.')
  })

  it('status chips filter by group; the search box (a labelled field) searches order or PO numbers, trimmed, and can be cleared', async () => {
    logIn()
    const shipped = order({ status: 'SHIPPED' })
    const byPo = order({ poNumber: 'PO-2026-77' })
    const calls = stubApi(
      signedInRoutes({
        'GET /order/list': (c: StubCall) =>
          c.query.q ? page([byPo]) : c.query.status === 'shipped' ? page([shipped]) : page([order(), order(), shipped]),
      }),
    )
    await openPage('packages/order/order-history/index')
    await waitFor(() => rows().length === 3, 'first page')
    const chips = qa('.oh-filter__chip')
    expect(chips.map((c) => c.textContent)).toEqual([
      'All',
      'In progress',
      'Under review',
      'Shipped',
      'Completed',
      'Cancelled',
    ])
    expect(chips.map((c) => c.getAttribute('role'))).toEqual(Array(6).fill('radio'))
    expect(q('.oh-filter__chip--all')?.getAttribute('aria-checked')).toBe('true')
    expect(q('.oh-filter')?.getAttribute('aria-label')).toBe('Filter by status')

    click(q('.oh-filter__chip--shipped'))
    await waitFor(() => rows().length === 1, 'shipped only')
    expect(listCalls(calls).at(-1)!.query).toEqual({ status: 'shipped', limit: '20' })
    expect(q('.oh-filter__chip--shipped')?.getAttribute('aria-checked')).toBe('true')
    expect(rows()[0].querySelector('.oh-row__status')?.textContent).toBe('Shipped')

    // the field has an accessible name; the search keeps the chosen chip
    const input = q('.oh-search__input input') ?? q('.oh-search__input')
    expect(input?.getAttribute('aria-label')).toBe('Search by order or PO number')
    expect(q('.oh-search')?.getAttribute('role')).toBe('search')
    expect(q('.oh-search__label')?.textContent).toBe('Search by order or PO number')
    const field = q('.oh-search__input') as HTMLElement & { value?: string }
    field.dispatchEvent(new CustomEvent('input', { bubbles: true, detail: { value: '  po-2026-77 ' } }))
    await sleep(20)
    click(q('.oh-search__submit'))
    await waitFor(() => rows().length === 1 && rows()[0].textContent!.includes('PO-2026-77'), 'the PO search')
    expect(listCalls(calls).at(-1)!.query).toEqual({ status: 'shipped', q: 'po-2026-77', limit: '20' })
    expect(q('.oh-search__showing')?.textContent).toContain('Results for “po-2026-77”')

    click(q('.oh-search__clear'))
    await waitFor(() => listCalls(calls).at(-1)!.query.q === undefined, 'the search cleared')
    expect(listCalls(calls).at(-1)!.query).toEqual({ status: 'shipped', limit: '20' })
    expect(q('.oh-search__showing')).toBeNull()
    // a search is what the server takes: trimmed, at most 60 characters (a PO number, spec §9)
    expect(cleanOrderSearch(`  ${'9'.repeat(70)} `)).toBe('9'.repeat(60))
  })

  it('empty state (spec §8 "Empty lists for orders"): none at all, or none for the filter with a way back to all', async () => {
    logIn()
    const calls = stubApi(signedInRoutes({ 'GET /order/list': page([]) }))
    await openPage('packages/order/order-history/index')
    await waitText('You have no orders in the last 3 months.')
    expect(rows()).toHaveLength(0)
    expect(q('.oh-empty__shop')?.getAttribute('href')).toBe('/home')
    expect(q('.oh-more')).toBeNull()
    expect(q('.oh-all')).toBeNull()

    click(q('.oh-filter__chip--cancelled'))
    await waitText('No order of the last 3 months matches this status or search.')
    expect(listCalls(calls).at(-1)!.query).toEqual({ status: 'cancelled', limit: '20' })
    const before = listCalls(calls).length
    click(q('.oh-empty__all'))
    await waitFor(() => listCalls(calls).length === before + 1, 'all again')
    expect(listCalls(calls).at(-1)!.query).toEqual({ limit: '20' })
    await waitText('You have no orders in the last 3 months.')
  })

  it('load more: on reaching the bottom and with the Load more button; pages follow the cursor without duplicates', async () => {
    logIn()
    const first = Array.from({ length: 20 }, () => order())
    const second = Array.from({ length: 20 }, () => order())
    const third = [second[19], order()] // an overlap is shown once
    const calls = stubApi(
      signedInRoutes({
        'GET /order/list': (c: StubCall) =>
          c.query.cursor === 'c2' ? page(third) : c.query.cursor === 'c1' ? page(second, 'c2') : page(first, 'c1'),
      }),
    )
    await openPage('packages/order/order-history/index')
    await waitFor(() => rows().length === 20, 'first page')
    await sleep(50)
    const opened = listCalls(calls).length // (the test harness fetches the user twice: the first page may be asked twice)
    expect(q('.oh-more')?.textContent).toBe('Load more')
    expect(q('.oh-more')?.getAttribute('role')).toBe('button')

    // scrolling to the bottom (the page's onReachBottom) loads the next page
    const pageInstance = Taro.getCurrentInstance().page as { onReachBottom?: () => void }
    pageInstance.onReachBottom?.()
    await waitFor(() => rows().length === 40, 'second page by scrolling')
    expect(listCalls(calls).at(-1)!.query).toEqual({ cursor: 'c1', limit: '20' })

    click(q('.oh-more'))
    await waitFor(() => rows().length === 41, 'third page by the button')
    expect(listCalls(calls).at(-1)!.query).toEqual({ cursor: 'c2', limit: '20' })
    const numbers = rows().map((r) => r.getAttribute('data-order-number'))
    expect(new Set(numbers).size).toBe(41)
    expect(q('.oh-more')).toBeNull()
    expect(text()).toContain('That is every order of the last 3 months.')
    // nothing more to ask for
    pageInstance.onReachBottom?.()
    await sleep(50)
    expect(listCalls(calls)).toHaveLength(opened + 2)
  })

  it('a failed first page says so and retries; a failed next page keeps the rows and the button', async () => {
    logIn()
    let down = true
    const calls = stubApi(
      signedInRoutes({
        'GET /order/list': (c: StubCall) => (down || c.query.cursor ? fail(503) : page([order(), order()], 'c1')),
      }),
    )
    await openPage('packages/order/order-history/index')
    await waitText('Your orders could not be loaded.')
    expect(rows()).toHaveLength(0)
    down = false
    click(q('.oh-state__button'))
    await waitFor(() => rows().length === 2, 'retried')
    click(q('.oh-more'))
    await waitFor(() => !!q('.oh-more__error'), 'the error of the next page')
    expect(rows()).toHaveLength(2)
    expect(q('.oh-more')?.textContent).toBe('Load more')
    expect(listCalls(calls).at(-1)!.query).toEqual({ cursor: 'c1', limit: '20' })
  })

  it('a visitor is asked to log in and no list is requested; Chinese labels for Chinese users', async () => {
    const calls = stubApi(signedInRoutes({ 'GET /users/info': null, 'GET /order/list': page([order()]) }))
    await openPage('packages/order/order-history/index')
    await waitText('Please login for better experience')
    expect(listCalls(calls)).toHaveLength(0)

    logIn()
    useLocale.setState({ language: 'zh' })
    stubApi(signedInRoutes({ 'GET /order/list': page([order({ status: 'PENDING', source: 'flashbuy' })]) }))
    await openPage('packages/order/order-history/index')
    await waitFor(() => rows().length === 1, 'the row')
    expect(rows()[0].querySelector('.oh-row__status')?.textContent).toBe('暂缓处理')
    expect(rows()[0].querySelector('.oh-row__source')?.textContent).toBe('限时秒杀')
    expect(q('.oh-filter__chip--all')?.textContent).toBe('全部')
  })

  it('My: the orders entry opens the order history for a logged-in user', async () => {
    logIn()
    stubApi(signedInRoutes())
    await openPage('pages/my/index')
    await waitText('My orders')
    expect(q('.my-menu__item--orders')?.textContent).toBe('My orders') // no longer "Coming soon"
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    await waitFor(() => !!useSession.getState().userInfo, 'the user')
    click(q('.my-menu__item--orders'))
    expect(nav).toHaveBeenCalledWith({ url: '/packages/order/order-history/index' })
  })
})

const detail = (over: Record<string, unknown> = {}) => ({
  orderNumber: '3200007',
  salesOrderNumber: '53100007',
  orderType: 'D1',
  deliveryChannel: 'SC',
  status: 'Waiting for Delivery',
  statusCode: 30,
  source: 'flashbuy',
  poNumber: 'PO-2026-00042',
  remark: '请工作日送货',
  createdAt: '2026-11-20T02:30:00.000Z',
  currency: 'CNY',
  summary: {
    currency: 'CNY',
    totalPriceAmount: 2000,
    totalAmount: 1800,
    taxes: 234,
    total: 2054,
    savings: 200,
    taxEnabled: true,
    unpricedLines: 0,
  },
  charges: [
    { kind: 'Tax', amount: 234 },
    { kind: 'HandlingCharge', amount: 20 },
  ],
  promoCodes: ['D-PCR15'],
  shipTo: {
    addressKey: 'ST-1000001-01',
    accountNumber: '1000001',
    text: '复旦大学生命科学学院, 上海市',
    attentionTo: '陈静,+8613900139000',
  },
  billToNumber: '2000001',
  lines: [
    {
      lineNumber: 1,
      sku: 'MA1-10175-100UG',
      catalogNumber: 'MA1-10175',
      productTitle: 'CD3 Monoclonal Antibody (OKT3)',
      size: '100 µg',
      image: '/media/products/MA1-10175-150.jpg',
      quantity: 2,
      allocatedQuantity: 1,
      backorderedQuantity: 1,
      estimatedShipDate: '2026-12-04T02:30:00.000Z',
      listPrice: 1000,
      unitPrice: 900,
      finalPrice: 900,
      lineTotal: 1800,
      deliveryChannel: 'SC',
    },
  ],
  shipments: [
    {
      carrier: '顺丰速运',
      expressNumber: 'SF123456789012',
      shippedAt: '2026-11-21T03:00:00.000Z',
      signedAt: null,
      packageStatus: 'OUT_FOR_DELIVERY',
    },
  ],
  invoiceNumbers: [],
  placementId: 'PL-1',
  relatedOrderNumbers: ['3200008'],
  ...over,
})

describe('order detail screen (spec §3 "Order: id, date, status, PO number, order source, total, invoice; shipments (carrier, express number, shipped date, sign date, package status)")', () => {
  screenTests()

  it('shows the order: numbers, status label, date, PO, source, lines with backorder, prices, and each shipment', async () => {
    logIn()
    const calls = stubApi(signedInRoutes({ 'GET /order/detail/3200007': detail() }))
    await openPage('packages/order/order-detail/index', { orderNumber: '3200007' })
    await waitText('Order 3200007')
    expect(calls.some((c) => c.path === '/order/detail/3200007')).toBe(true)
    expect(q('.od-head__status')?.textContent).toBe('Shipped') // 'Waiting for Delivery'
    expect(q('.od-head__sales')?.textContent).toBe('Sales order 53100007')
    expect(q('.od-head__source')?.textContent).toBe('Flash buy')
    expect(q('.od-head__related')?.getAttribute('href')).toBe('/my-orders/3200008')
    const row = (k: string) => q(`.od-row--${k} .od-row__value`)?.textContent
    expect(row('date')).toBe('2026-11-20 10:30') // China time
    expect(row('po')).toBe('PO-2026-00042')
    expect(row('source')).toBe('Flash buy')
    expect(row('channel')).toBe('Supply centre')
    expect(row('billTo')).toBe('2000001')
    expect(row('promo')).toBe('D-PCR15')
    expect(row('remark')).toBe('请工作日送货')
    expect(q('.od-row--invoices')).toBeNull() // none yet
    expect(q('.od-address__text')?.textContent).toBe('复旦大学生命科学学院, 上海市')
    // attentionTo "name,phone" (spec §3): the name and the phone apart, never the raw "陈静,+8613900139000" (issue 22)
    expect(q('.od-address__name')?.textContent).toBe('陈静')
    expect(q('.od-address__phone')?.textContent).toBe('+8613900139000')

    const line = q('.od-line')!
    expect(line.textContent).toContain('CD3 Monoclonal Antibody (OKT3)')
    expect(line.textContent).toContain('Cat. No. MA1-10175')
    expect(line.textContent).toContain('Qty 2')
    expect(line.querySelector('.od-line__total')?.textContent).toBe('Subtotal ¥1,800.00')
    expect(line.querySelector('.od-line__backorder')?.textContent).toBe(
      '1 on backorder, estimated ship date 2026-12-04',
    )
    expect(q('.od-lines__lto')?.getAttribute('href')).toBe('/my-orders/PendingLTO/3200007')

    expect(row('list')).toBe('¥2,000.00')
    expect(row('savings')).toBe('-¥200.00')
    expect(row('taxes')).toBe('¥234.00')
    expect(row('handling')).toBe('¥20.00')
    expect(row('total')).toBe('¥2,054.00')

    const sh = q('.od-shipment')!
    expect(sh.querySelector('.od-shipment__carrier')?.textContent).toBe('顺丰速运')
    expect(sh.querySelector('.od-shipment__express')?.textContent).toBe('SF123456789012')
    expect(sh.querySelector('.od-shipment__shipped')?.textContent).toBe('2026-11-21 11:00')
    expect(sh.querySelector('.od-shipment__signed')?.textContent).toBe('Not yet')
    expect(sh.querySelector('.od-shipment__package')?.textContent).toBe('Out for delivery')
    expect(q('.od-all')?.getAttribute('href')).toBe('/order-history')
  })

  it('a completed order without PO: signed shipment in words; an order with no shipment says so', async () => {
    logIn()
    stubApi(
      signedInRoutes({
        'GET /order/detail/3200009': detail({
          orderNumber: '3200009',
          status: 'COMPLETED',
          source: 'cart',
          poNumber: null,
          relatedOrderNumbers: [],
          shipments: [
            {
              carrier: 'EMS',
              expressNumber: 'EM1',
              shippedAt: '2026-11-21T03:00:00.000Z',
              signedAt: '2026-11-22T04:00:00.000Z',
              packageStatus: 'SIGNED',
            },
          ],
        }),
        'GET /order/detail/3200010': detail({
          orderNumber: '3200010',
          status: 'PENDING_APPROVAL',
          shipments: [],
          lines: [{ ...detail().lines[0], backorderedQuantity: 0 }],
        }),
      }),
    )
    await openPage('packages/order/order-detail/index', { orderNumber: '3200009' })
    await waitText('Order 3200009')
    expect(q('.od-head__status')?.textContent).toBe('Completed')
    expect(q('.od-head__source')).toBeNull()
    expect(q('.od-row--po .od-row__value')?.textContent).toBe('None')
    expect(q('.od-row--source .od-row__value')?.textContent).toBe('Cart checkout')
    expect(q('.od-shipment__signed')?.textContent).toBe('2026-11-22 12:00')
    expect(q('.od-shipment__package')?.textContent).toBe('Signed for')

    await openPage('packages/order/order-detail/index', { orderNumber: '3200010' })
    await waitText('Order 3200010')
    expect(q('.od-head__status')?.textContent).toBe('Pending approval')
    expect(q('.od-shipments__none')?.textContent).toBe('Not shipped yet.')
    expect(q('.od-lines__lto')).toBeNull()
  })

  it('another account\'s order (404) reads "not found" with a way to the order history', async () => {
    logIn()
    stubApi(signedInRoutes({ 'GET /order/detail/4000001': fail(404, 'NOT_FOUND') }))
    await openPage('packages/order/order-detail/index', { orderNumber: '4000001' })
    await waitText('Order not found.')
    expect(q('.od-not-found .od-state__button')?.getAttribute('href')).toBe('/order-history')
    expect(q('.od-head')).toBeNull()
  })
})
