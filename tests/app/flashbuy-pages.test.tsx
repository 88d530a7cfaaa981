import Taro from '@tarojs/taro'
import { useLocale } from '../../src/store/locale'
import { useFlashBuy } from '../../src/store/flashbuy/submit'
import { useFlashSales } from '../../src/store/flashbuy/sales'
import { stubApi, sleep, openPage, q, qa, text, waitText, waitFor, type StubCall } from './product-api-stub'
import { logIn, signedInRoutes, click, typeInto, screenTests } from './screen-setup'
import { approvedCn } from './account-fixtures'
import { SALE_ID, applyResult, flashDetail, flashQuote, flashSale, placedOrder } from './flashbuy-api-stub'
import { resetFlashBuy } from '../support/store-resets'

/** The flash-sale list and the flash-buy submit screen, rendered by the real app shell; Taro.request stubbed at the API-client boundary only. */
jest.setTimeout(30000)

const SUBMIT = 'packages/flashbuy/submit/index'
const LIST = 'packages/flashbuy/flash-sale/index'
const billToContact = () =>
  approvedCn({
    allShipToBillToAddresses: approvedCn().allShipToBillToAddresses.map((e, i) =>
      i === 0 ? { ...e, billTos: [{ ...e.billTos[0], attentionTo: '李会计,+862165640000' }, e.billTos[1]] } : e,
    ),
  })
const base = (routes: Record<string, unknown> = {}) =>
  signedInRoutes(
    {
      'GET /sc/getSupplyCenter': [],
      [`GET /flashbuy/detail/${SALE_ID}`]: flashDetail(),
      [`GET /flashbuy/quote/${SALE_ID}`]: (c: StubCall) => flashQuote(Number(c.query.quantity)),
      ...routes,
    },
    billToContact(),
  )
const toasts = () =>
  (Taro.showToast as unknown as jest.Mock).mock.calls.map((c) => c[0] as { title: string; duration: number })
const qtyInput = () => q('.fb-qty__input input, input.fb-qty__input') as HTMLInputElement

describe('flash-buy screens', () => {
  screenTests(() => {
    resetFlashBuy()
    useFlashSales.setState({ status: 'idle', sales: [], error: null })
  })

  it('flash-sale list (a visitor can browse it): on sale and soon sections, sale-list labels, picture with alt, prices, stock, catalogue actions', async () => {
    stubApi(
      base({
        'GET /flashbuy/list': [
          flashSale(),
          flashSale({
            id: 'FB-CN-002',
            skuName: 'Pipette tips 200 µL',
            catalogNumber: 'TIP-200',
            flashBuyStatus: 'SOLD_OUT',
            remainQty: 0,
          }),
          flashSale({
            id: 'FB-CN-003',
            skuName: 'Anti-CD3 antibody',
            catalogNumber: 'MA1-10175',
            flashBuyStatus: 'COMING_SOON',
            flashPrice: null,
            displayText: 'Friday 10:00, 30% off',
          }),
          flashSale({ id: 'FB-CN-004', skuName: 'Old sale', catalogNumber: 'OLD-1', flashBuyStatus: 'OVER' }),
        ],
      }),
    )
    await openPage(LIST)
    await waitText('PowerUp SYBR Green Master Mix')
    expect(qa('.fs-group__title').map((h) => h.textContent)).toEqual(['on sale', 'soon', 'expired'])
    const [running, soldOut] = qa('.fs-group--onSale .fs-item')
    expect(running.querySelector('.fs-item__label')?.textContent).toBe('in progress')
    expect(running.textContent).toContain('Cat. No. 4471-A')
    expect(running.textContent).toContain('Size: 5 mL')
    expect(running.querySelector('.fs-item__flash')?.textContent).toBe('¥899.00')
    expect(running.querySelector('.fs-item__list')?.textContent).toBe('¥1,580.00')
    expect(running.querySelector('.fs-item__stock')?.textContent).toBe('8 left')
    await waitFor(() => running.querySelector('img') !== null, 'the sale picture')
    expect(running.querySelector('img')?.getAttribute('alt')).toBe('PowerUp SYBR Green Master Mix')
    const buy = running.querySelector('.fs-item__action--buy') as HTMLAnchorElement
    expect(buy.textContent).toBe('Purchase now')
    expect(buy.getAttribute('href')).toBe(`/flashbuy/submit?id=${SALE_ID}&qty=1`)
    expect(soldOut.querySelector('.fs-item__label')?.textContent).toBe('sold out')
    expect(soldOut.querySelector('.fs-item__action')?.textContent).toBe('Empty')
    expect(soldOut.querySelector('.fs-item__action')?.getAttribute('aria-disabled')).toBe('true')
    const soon = q('.fs-group--soon .fs-item') as HTMLElement
    expect(soon.querySelector('.fs-item__label')?.textContent).toBe('soon')
    // "Coming soon ... shows display text instead of a price"
    expect(soon.querySelector('.fs-item__display')?.textContent).toBe('Friday 10:00, 30% off')
    expect(soon.querySelector('.fs-item__flash')).toBeNull()
    expect(soon.querySelector('.fs-item__action')?.textContent).toBe('Coming soon')
    expect(q('.fs-group--expired .fs-item__action')?.textContent).toBe('Expired')
    expect(q('.fs-group--expired .fs-item__label')?.textContent).toBe('expired')
    // tapping a running sale opens /flashbuy/submit?id&qty
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    click(buy)
    expect(nav.mock.calls[0][0].url).toBe(`/packages/flashbuy/submit/index?id=${SALE_ID}&qty=1`)
  })

  it('submit screen: address with More/collapse over the editable contacts, product card, quantity hints, PO/remark, reminder, terms with the not-for-clinical-use notice, total', async () => {
    logIn()
    stubApi(base())
    await openPage(SUBMIT, { id: SALE_ID, qty: '3' })
    await waitText('PowerUp SYBR Green Master Mix')
    // the product card
    expect(q('.fb-product__cat')?.textContent).toBe('Cat. No. 4471-A')
    expect(q('.fb-product__flash')?.textContent).toBe('¥899.00')
    expect(q('.fb-product__list')?.textContent).toBe('¥1,580.00')
    expect(q('.fb-product__badge')?.textContent).toBe('In progress')
    await waitFor(() => q('.fb-product img') !== null, 'the product picture')
    expect(q('.fb-product img')?.getAttribute('alt')).toBe('PowerUp SYBR Green Master Mix')
    // the quantity from ?qty, the remaining inventory and min/max hints
    expect(qtyInput().value).toBe('3')
    expect(q('.fb-qty__remaining')?.textContent).toBe('Remaining inventory: 8')
    expect(q('.fb-qty__min')?.textContent).toBe('Minimum 2')
    // the most this account can order: the cap (10) within the account's purchase limit (5) less what it bought (0) (issue 22)
    expect(q('.fb-qty__max')?.textContent).toBe('Maximum 5')
    // the server's total for 3, tax included (GET /flashbuy/quote; 3 × 899 + 13 %)
    await waitFor(() => q('.fb-bar__value')?.textContent === '¥3,047.61', 'the quoted total')
    // the delivery address; More opens the editable contacts, prefilled from the ship-to and its bill-to
    expect(q('.fb-address .address-card')?.getAttribute('data-address-key')).toBe('ST-1000001-01')
    expect(q('.fb-input--receiver-name')).toBeNull()
    expect(q('.fb-address__toggle')?.textContent).toBe('More')
    click(q('.fb-address__toggle'))
    await waitFor(() => !!q('.fb-input--invoice-phone input, input.fb-input--invoice-phone'), 'the contact section')
    expect(q('.fb-address__toggle')?.textContent).toBe('Collapse')
    const value = (cls: string) => (q(`.${cls} input, input.${cls}`) as HTMLInputElement).value
    expect(value('fb-input--receiver-name')).toBe('王小明')
    expect(value('fb-input--receiver-phone')).toBe('+8613800138000')
    expect(value('fb-input--invoice-name')).toBe('李会计')
    expect(value('fb-input--invoice-phone')).toBe('+862165640000')
    expect(text()).toContain('上海市 杨浦区邯郸路 220 号, 200433')
    // another ship-to is offered (ACTIVE ones only)
    expect(qa('.fb-choice--ship').map((c) => c.getAttribute('data-address-key'))).toEqual([
      'ST-1000001-01',
      'ST-1000002-01',
    ])
    click(q('.fb-address__toggle'))
    await waitFor(() => !q('.fb-input--receiver-name'), 'collapsed')
    expect(q('.fb-input--po')).not.toBeNull()
    expect(q('.fb-textarea--remark')).not.toBeNull()
    expect(q('.fb-reminder')?.textContent).toBe(
      'Your order is not yet generated. It is placed only when you tap Submit order.',
    )
    expect(q('.fb-terms__row')?.getAttribute('role')).toBe('checkbox')
    expect(q('.fb-terms__row')?.getAttribute('aria-checked')).toBe('false')
    expect(q('.fb-terms__notice')?.textContent).toContain('Not for use in diagnostic or clinical procedures')
    click(q('.fb-terms__link'))
    await waitText('Terms and conditions of sale')
    expect(q('.fb-bar__submit')?.textContent).toBe('Submit order')
  })

  it('quantity: a typed value is checked after 1 s and a FLASHBUY_TIP message shows as a tooltip', async () => {
    logIn()
    stubApi(base())
    const app = await openPage(SUBMIT, { id: SALE_ID })
    await waitFor(() => !!qtyInput(), 'the quantity field')
    expect(qtyInput().value).toBe('2') // no ?qty: the minimum
    await typeInto(app, qtyInput(), '1')
    await sleep(300)
    expect(q('.fb-qty__tip')).toBeNull() // not before the 1 s delay
    await waitFor(() => !!q('.fb-qty__tip'), 'the tooltip', 2000)
    expect(q('.fb-qty__tip')?.textContent).toBe('The minimum order quantity is 2')
    expect(q('.fb-qty__tip')?.getAttribute('role')).toBe('alert')
    // "Quantity errors show a tooltip for 4 seconds"; what was typed stays for Submit to check (checks 4 and 5)
    const shownAt = Date.now()
    await waitFor(() => !q('.fb-qty__tip'), 'the tooltip gone', 6000)
    expect(Date.now() - shownAt).toBeGreaterThan(3500)
    expect(qtyInput().value).toBe('1')
    await typeInto(app, qtyInput(), '9')
    await waitFor(() => q('.fb-qty__tip')?.textContent === 'Only 8 left in stock', 'the stock tip', 2000)
    await typeInto(app, qtyInput(), '4a')
    await waitFor(() => q('.fb-qty__tip')?.textContent === 'Please enter numbers only', 'the numbers tip', 2000)
    // plus never goes above the cap or the stock
    await typeInto(app, qtyInput(), '8')
    await waitFor(() => q('.fb-qty__plus')?.getAttribute('aria-disabled') === 'true', 'plus disabled at the stock')
  })

  it('submit: check 6 (terms) first, then apply; a changed price opens the dialog with its table; Confirm places with the overlay and opens the success page', async () => {
    logIn()
    let release: () => void = () => undefined
    const calls = stubApi(
      base({
        'POST /flashbuy/promos/apply': applyResult({}, 949),
        'POST /flashbuy/place/order': () =>
          new Promise((r) => {
            release = () => r([placedOrder({ unitPrice: 949 })])
          }),
      }),
    )
    const redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage(SUBMIT, { id: SALE_ID, qty: '2' })
    await waitFor(() => !!q('.fb-bar__submit'), 'the submit button')
    click(q('.fb-bar__submit'))
    await waitFor(
      () => toasts().some((x) => x.title === 'Please agree to the terms' && x.duration === 5000),
      'the terms toast',
    )
    expect(calls.some((c: StubCall) => c.path === '/flashbuy/promos/apply')).toBe(false)
    click(q('.fb-terms__row'))
    await waitFor(() => q('.fb-terms__row')?.getAttribute('aria-checked') === 'true', 'terms checked')
    click(q('.fb-bar__submit'))
    await waitText('Sorry, These flash buy product prices are changed')
    expect(q('.fb-price-dialog')?.getAttribute('role')).toBe('dialog')
    expect(qa('.fb-price-table__row--head .fb-price-table__cell').map((c) => c.textContent)).toEqual([
      'Catalogue number',
      'Flash price',
      'Real-time price',
    ])
    expect(q('.fb-price-table__cat')?.textContent).toBe('4471-A')
    expect(q('.fb-price-table__flash')?.textContent).toBe('¥899.00')
    expect(q('.fb-price-table__now')?.textContent).toBe('¥949.00')
    expect(q('.fb-price-dialog .confirm-dialog__no')?.textContent).toBe('Cancel')
    click(q('.fb-price-dialog .confirm-dialog__yes'))
    await waitText('Please be patient as orders are being placed')
    release()
    await waitFor(() => redirect.mock.calls.length > 0, 'the success page')
    // with the order's own number for the success page's View order link (issue 22)
    expect(redirect.mock.calls[0][0]).toEqual({
      url: '/packages/order/order-success/index?salesOrderNumber=8000321&addressStatus=ACTIVE&orderNumber=WO-000321',
    })
    const place = calls.find((c) => c.path === '/flashbuy/place/order')!
    expect(place.data.expectedUnitPrice).toBe(949)
    expect(place.header['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
  })

  it("issue 22 item 4: the Total is the server's, tax included, with the checkout's price details; a new quantity is quoted again; after a price change and Confirm the screen shows the new price", async () => {
    logIn()
    let price = 899
    let release: () => void = () => undefined
    const calls = stubApi(
      base({
        [`GET /flashbuy/detail/${SALE_ID}`]: () => flashDetail({ flashPrice: price }),
        [`GET /flashbuy/quote/${SALE_ID}`]: (c: StubCall) => flashQuote(Number(c.query.quantity), price),
        'POST /flashbuy/promos/apply': () => applyResult({}, price),
        'POST /flashbuy/place/order': () =>
          new Promise((r) => {
            release = () => r([placedOrder({ unitPrice: price })])
          }),
      }),
    )
    jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage(SUBMIT, { id: SALE_ID, qty: '2' })
    // 2 × 899 = 1,798.00, tax 13 % = 233.74 (ENABLE_ORDER_TAX on for cn): the total the order is charged
    await waitFor(() => q('.fb-bar__value')?.textContent === '¥2,031.74', 'the quoted total with tax')
    expect(q('.price-details__row--taxes')?.textContent).toBe('Taxes¥233.74')
    expect(q('.price-details__total')?.textContent).toBe('¥2,031.74')
    expect(q('.price-details__row--list')?.textContent).toBe('Total list price¥3,160.00')
    click(q('.fb-qty__plus'))
    await waitFor(() => q('.fb-bar__value')?.textContent === '¥3,047.61', 'the total for 3')
    expect(calls.filter((c) => c.path === `/flashbuy/quote/${SALE_ID}`).map((c) => c.query.quantity)).toEqual([
      '2',
      '3',
    ])
    // the price changes on the server: Submit opens the dialog, and behind it the screen shows the price now
    price = 949
    click(q('.fb-terms__row'))
    await waitFor(() => q('.fb-terms__row')?.getAttribute('aria-checked') === 'true', 'terms checked')
    click(q('.fb-bar__submit'))
    await waitText('Sorry, These flash buy product prices are changed')
    click(q('.fb-price-dialog .confirm-dialog__yes'))
    // 3 × 949 = 2,847.00 + 370.11 tax
    await waitFor(() => q('.fb-bar__value')?.textContent === '¥3,217.11', 'the new total after Confirm')
    expect(q('.fb-product__flash')?.textContent).toBe('¥949.00')
    release()
  })

  it('price dialog Cancel stops the flow: nothing is placed and the form stays', async () => {
    logIn()
    const calls = stubApi(base({ 'POST /flashbuy/promos/apply': applyResult({}, 949) }))
    await openPage(SUBMIT, { id: SALE_ID, qty: '2' })
    await waitFor(() => !!q('.fb-terms__row'), 'the form')
    click(q('.fb-terms__row'))
    await waitFor(() => q('.fb-terms__row')?.getAttribute('aria-checked') === 'true', 'terms checked')
    click(q('.fb-bar__submit'))
    await waitText('Sorry, These flash buy product prices are changed')
    click(q('.fb-price-dialog .confirm-dialog__no'))
    await waitFor(() => !q('.fb-price-dialog'), 'the dialog closed')
    expect(calls.some((c) => c.path === '/flashbuy/place/order')).toBe(false)
    expect(q('.fb-terms__row')?.getAttribute('aria-checked')).toBe('true')
  })

  it("a visitor sees the sale; Submit says 'Please login for better experience' (5 s) and offers login", async () => {
    const calls = stubApi(base())
    await openPage(SUBMIT, { id: SALE_ID })
    await waitText('PowerUp SYBR Green Master Mix')
    // a visitor's cap is the account purchase limit
    expect(q('.fb-qty__max')?.textContent).toBe('Maximum 5')
    // spec section 6 (orders need a login): in place of the delivery address, the login prompt
    expect(q('.fb-gate .login-gate')?.textContent).toContain('Please login for better experience')
    expect(q('.fb-address')).toBeNull()
    click(q('.fb-bar__submit'))
    await waitFor(() => !!q('.fb-login'), 'the login offer')
    expect(q('.fb-login')?.textContent).toContain('Please login for better experience')
    expect(q('.fb-login .login-buttons')).not.toBeNull()
    await waitFor(
      () => toasts().some((x) => x.title === 'Please login for better experience' && x.duration === 5000),
      'the login toast',
    )
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/flashbuy/'))).toBe(false)
  })

  it("coming soon shows the display text instead of a price and Submit says 'Coming soon'; over says 'Sorry, the promotion is expired'", async () => {
    logIn()
    stubApi(
      base({
        [`GET /flashbuy/detail/${SALE_ID}`]: flashDetail({
          flashBuyStatus: 'COMING_SOON',
          flashPrice: null,
          displayText: 'Friday 10:00, 30% off',
        }),
      }),
    )
    await openPage(SUBMIT, { id: SALE_ID })
    await waitText('Friday 10:00, 30% off')
    expect(q('.fb-product__flash')).toBeNull()
    expect(q('.fb-status')?.textContent).toBe('Coming soon')
    expect(q('.fb-bar__value')?.textContent).toBe('—')
    click(q('.fb-bar__submit'))
    await waitFor(() => toasts().some((x) => x.title === 'Coming soon' && x.duration === 5000), 'the coming-soon toast')

    stubApi(base({ [`GET /flashbuy/detail/${SALE_ID}`]: flashDetail({ flashBuyStatus: 'OVER' }) }))
    useFlashBuy.setState({ id: null, status: 'idle' })
    await openPage(SUBMIT, { id: SALE_ID })
    await waitFor(() => q('.fb-status')?.textContent === 'Sorry, the promotion is expired', 'the expired banner')
    click(q('.fb-bar__submit'))
    await waitFor(() => toasts().some((x) => x.title === 'Sorry, the promotion is expired'), 'the expired toast')
  })

  it("a partially registered user: the button reads 'Complete registration' and opens the ship-to add page", async () => {
    logIn()
    const calls = stubApi(
      base({
        'GET /users/info': approvedCn({
          userRoles: { registrationStatus: 'Partially Registered', accountType: 'customer', blackListed: false },
        }),
      }),
    )
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage(SUBMIT, { id: SALE_ID })
    await waitFor(
      () => q('.fb-bar__submit')?.textContent === 'Complete registration',
      'the Complete registration button',
    )
    click(q('.fb-bar__submit'))
    await waitFor(() => nav.mock.calls.length > 0, 'navigation')
    expect(nav.mock.calls[0][0].url).toBe('/packages/account/ship-to-address/index?new=1&back=flashbuySubmit')
    expect(calls.some((c) => c.path === '/flashbuy/promos/apply')).toBe(false)
  })

  it('without ?id: a visitor is asked to log in (a login-only route); a user is told the link is incomplete and offered the flash-sale list', async () => {
    stubApi(base())
    await openPage(SUBMIT)
    await waitText('Please login for better experience')
    logIn()
    await openPage(SUBMIT)
    await waitText('This flash sale link is incomplete.')
    expect(q('.fb-state__button')?.textContent).toBe('See all flash sales')
  })

  it('Chinese: the labels and messages read in Chinese', async () => {
    logIn()
    useLocale.setState({ language: 'zh', country: 'cn' })
    stubApi(base())
    await openPage(SUBMIT, { id: SALE_ID })
    await waitText('提交订单')
    expect(q('.fb-product__badge')?.textContent).toBe('进行中')
    expect(q('.fb-terms__notice')?.textContent).toBe('产品仅供科研使用，不可用于诊断或临床操作。')
  })
})
