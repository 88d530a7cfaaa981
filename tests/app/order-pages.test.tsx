import Taro from '@tarojs/taro'
import { useLead } from '../../src/store/order/lead'
import { useQuotes } from '../../src/store/order/quotes'
import { storage } from '../../src/platform/storage'
import { stubApi, openPage, q, qa, text, waitText, waitFor, type StubCall } from './product-api-stub'
import { logIn, toastTitles, signedInRoutes, click, screenTests } from './screen-setup'
import { approvedCn } from './account-fixtures'
import { cart, priced, pricedLine, placed, summary, quoteSummary, quoteDetail, leadOnlyProduct } from './order-fixtures'
import { resetCheckout } from '../support/store-resets'

/** The order screens rendered by the real app shell; Taro.request stubbed at the API-client boundary only. */
jest.setTimeout(30000)

/** a lead cart of `itemCount` of one antibody, and the request id its submission answers with */
const leadCartRoutes = (leadCartId: string, itemCount: number, requestId: string) => ({
  [`GET /lead/cart/${leadCartId}`]: {
    leadCartId,
    items: [
      {
        catalogNumber: 'MA1-10175',
        itemName: 'CD3 Monoclonal Antibody (OKT3)',
        itemCount,
        image: null,
        size: '100 µg',
      },
    ],
    submitted: false,
  },
  'POST /lead/submit': { requestId, createdAt: '2026-11-23T02:00:00.000Z' },
})
const row = (kind: string) => q(`.price-details__row--${kind}`)?.textContent

describe('order screens', () => {
  screenTests(() => {
    resetCheckout({ registrationIncomplete: false })
    useLead.setState({
      drawer: { open: false, product: null, quantity: 1, submitting: false, error: null },
      result: null,
      errors: {},
    })
  })

  it('submit order: product lines (image with alt, title, cat. no., size, qty, prices, SC/TFS tag, backorder note) and price details with taxes and total', async () => {
    logIn()
    stubApi(
      signedInRoutes({
        'GET /cart/query': cart(),
        'POST /order/applyPromotions': priced({
          itemList: [
            pricedLine(),
            pricedLine({
              cartItemId: 12,
              lineNumber: 2,
              sku: 'A-1',
              catalogNumber: 'A-1',
              productTitle: 'Tube rack',
              size: '1 ea',
              deliveryChannel: 'SC',
              quantity: 5,
              availableQuantity: 3,
              unitPrice: 100,
              finalPrice: 100,
              listPrice: 100,
            }),
          ],
        }),
      }),
    )
    await openPage('packages/order/submit-order/index')
    await waitText('Price details')
    const lines = qa('.so-line')
    expect(lines).toHaveLength(2)
    expect(lines[0].textContent).toContain('CD3 Monoclonal Antibody (OKT3)')
    expect(lines[0].textContent).toContain('Cat. No. MA1-10175')
    expect(lines[0].textContent).toContain('Size: 100 µg')
    expect(lines[0].textContent).toContain('Qty 2')
    expect(lines[0].querySelector('.so-line__unit')?.textContent).toBe('¥1,800.00')
    expect(lines[0].querySelector('.so-line__final')?.textContent).toBe('¥1,620.00')
    // issue 22 item 9: each line's channel in words, and the order's delivery mode
    expect(lines[0].querySelector('.so-line__channel')?.textContent).toBe('Warehouse')
    expect(q('.so-mode')?.textContent).toBe('DeliveryFrom our warehouse')
    await waitFor(() => lines[0].querySelector('img') !== null, 'the line picture')
    expect(lines[0].querySelector('img')?.getAttribute('alt')).toBe('CD3 Monoclonal Antibody (OKT3)')
    expect(lines[0].querySelector('.so-line__backorder')).toBeNull()
    expect(lines[1].querySelector('.so-line__channel')?.textContent).toBe('Supply centre')
    expect(lines[1].querySelector('.so-line__backorder')?.textContent).toBe(
      '2 on backorder: they ship when stock arrives',
    )
    expect(row('list')).toBe('Total list price¥4,000.00')
    expect(row('savings')).toBe('Savings-¥760.00')
    expect(row('taxes')).toBe('Taxes¥421.20')
    expect(row('total')).toBe('Total¥3,661.20')
    // the default ACTIVE ship-to is the delivery address
    expect(q('.so-address .address-card')?.getAttribute('data-address-key')).toBe('ST-1000001-01')
    expect(text()).toContain('Not for use in diagnostic or clinical procedures')
    // the info drawer explains prices, taxes and channels
    click(q('.price-details__info'))
    await waitText('About your order')
    expect(text()).toContain('SC lines ship from your supply centre')
    click(q('.bottom-sheet__close'))
  })

  it('submit order for India without tax: no taxes row, total = discounted total, in rupees', async () => {
    logIn()
    stubApi(
      signedInRoutes({
        'GET /cart/query': cart(),
        'POST /order/applyPromotions': priced({ summary: summary({ currency: 'INR', taxEnabled: false, taxes: 0 }) }),
      }),
    )
    await openPage('packages/order/submit-order/index')
    await waitText('Price details')
    expect(row('taxes')).toBeUndefined()
    expect(row('total')).toBe('Total₹3,240.00')
  })

  it('submit: invalid fields show their errors and nothing is placed; then a valid form places the order with the full-screen overlay and redirects', async () => {
    logIn()
    let release: () => void = () => undefined
    const calls = stubApi(
      signedInRoutes({
        'GET /cart/query': cart(),
        'POST /order/applyPromotions': priced(),
        'POST /order/placeOrder': () =>
          new Promise((r) => {
            release = () => r(placed())
          }),
      }),
    )
    const redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage('packages/order/submit-order/index')
    await waitText('Price details')
    click(q('.so-bar__submit'))
    await waitText('Please accept the terms to place the order')
    expect(calls.some((c: StubCall) => c.path === '/order/placeOrder')).toBe(false)
    click(q('.so-terms__row'))
    await waitFor(() => !text().includes('Please accept the terms'), 'terms error cleared')
    click(q('.so-bar__submit'))
    await waitText('Please be patient as orders are being placed')
    release()
    await waitFor(() => redirect.mock.calls.length > 0, 'redirect')
    // the success page gets the order's own number too, for its View order link (issue 22)
    expect(redirect.mock.calls[0][0]).toEqual({
      url: '/packages/order/order-success/index?salesOrderNumber=8000123&addressStatus=ACTIVE&orderNumber=WO-000123',
    })
    expect(calls.find((c) => c.path === '/order/placeOrder')!.header['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
  })

  it("a partially registered user sees 'Complete registration', which opens the add ship-to address page", async () => {
    logIn()
    const calls = stubApi(
      signedInRoutes({
        'GET /users/info': approvedCn({
          userRoles: { registrationStatus: 'Partially Registered', accountType: 'customer', blackListed: false },
          accountNumber: null,
        }),
      }),
    )
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage('packages/order/submit-order/index')
    await waitText('Complete your registration to order')
    expect(q('.so-bar__submit')).toBeNull()
    click(qa('.so-state__button')[0])
    expect(nav.mock.calls[0][0].url).toMatch(/^\/packages\/account\/ship-to-address\/index\?new=1/)
    expect(calls.some((c) => c.path.startsWith('/order/'))).toBe(false)
  })

  it('success page: both order numbers, each with a View order link, the pending-address note (held up to 48 hours), the pending lead-time link', async () => {
    logIn()
    stubApi(signedInRoutes())
    await openPage('packages/order/order-success/index', {
      salesOrderNumber: '8000123',
      spSalesOrderNumber: '7000456',
      addressStatus: 'PENDING',
      pendingLto: 'WO-000123',
      orderNumber: 'WO-000123',
      spOrderNumber: 'WO-000124',
    })
    await waitText('Thank you, your order is placed')
    expect(q('.os-number--sc')?.textContent).toBe('Supply-centre order number7000456View order WO-000124')
    expect(q('.os-number--tfs')?.textContent).toBe('Warehouse order number8000123View order WO-000123')
    // issue 22: "no View order link on the success page" — each opens its order's detail at /my-orders/{orderNumber}
    expect(q('.os-number--tfs .os-number__view')?.getAttribute('href')).toBe('/my-orders/WO-000123')
    expect(q('.os-number--sc .os-number__view')?.getAttribute('href')).toBe('/my-orders/WO-000124')
    expect(q('.os-history')).toBeNull()
    expect(q('.os-pending')?.textContent).toContain('held up to 48 hours')
    expect(q('.os-lto')).not.toBeNull()
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    click(q('.os-lto'))
    expect(nav.mock.calls[0][0].url).toBe('/packages/order/pending-lto/index?orderNumber=WO-000123')
  })

  it('success page with one ACTIVE-address order: its number only, no pending note, no lead-time link', async () => {
    logIn()
    stubApi(signedInRoutes())
    await openPage('packages/order/order-success/index', { salesOrderNumber: '8000123', addressStatus: 'ACTIVE' })
    await waitText('Thank you, your order is placed')
    expect(q('.os-number--tfs')?.textContent).toBe('Order number8000123')
    expect(q('.os-number--sc')).toBeNull()
    // an address without the order's own number (an older link): the order history instead
    expect(q('.os-history')?.getAttribute('href')).toBe('/order-history')
    expect(q('.os-pending')).toBeNull()
    expect(q('.os-lto')).toBeNull()
  })

  it('pending lead-time page: the sku list with backordered quantity and estimated ship date; an unknown order shows not found', async () => {
    logIn()
    stubApi(
      signedInRoutes({
        'GET /order/pendingLto/WO-1': {
          orderNumber: 'WO-1',
          salesOrderNumber: '8000001',
          createdAt: '2026-11-23T02:00:00.000Z',
          items: [
            {
              sku: 'A-1',
              catalogNumber: 'A-1',
              productTitle: 'Tube rack',
              image: null,
              quantity: 5,
              backorderedQuantity: 2,
              estimatedShipDate: '2026-12-10T00:00:00.000Z',
            },
          ],
        },
      }),
    )
    await openPage('packages/order/pending-lto/index', { orderNumber: 'WO-1' })
    await waitText('Tube rack')
    // issue 22 item 12: titled by the order it was opened from (/my-orders/PendingLTO/{orderNumber}), the sales order beside it
    expect(q('.lto-head__number')?.textContent).toBe('Order WO-1')
    expect(q('.lto-head__sales')?.textContent).toBe('Sales order 8000001')
    expect(text()).toContain('Ordered 5 · backordered 2')
    expect(text()).toContain('Estimated ship date: 2026-12-10')
    await openPage('packages/order/pending-lto/index', { orderNumber: 'WO-404' })
    await waitText('Order not found.')
  })

  it("quotes list: spec 2 \"at most 4 product thumbnails plus a '+N' count, discounted total price, and a 'View Product' link\"; View Product opens the products drawer", async () => {
    logIn()
    useQuotes.setState({ list: { status: 'idle', data: null, error: null } })
    stubApi(
      signedInRoutes({
        'GET /quote/list': [quoteSummary('SQ-1', 7), quoteSummary('SQ-2', 2, { status: 'expired' })],
        'GET /quote/detail/SQ-1': quoteDetail('SQ-1'),
      }),
    )
    await openPage('packages/order/quotes/index')
    await waitText('Q-SQ-1')
    const [first, second] = qa('.quote-card')
    expect(first.querySelectorAll('.quote-card__thumb')).toHaveLength(4)
    expect(first.querySelector('.quote-card__more')?.textContent).toBe('+3')
    expect(first.querySelector('.quote-card__total-value')?.textContent).toBe('¥9,000.00')
    expect(first.textContent).toContain('Active')
    expect(first.textContent).toContain('Expires: 2026-12-31')
    expect(second.querySelectorAll('.quote-card__thumb')).toHaveLength(2)
    expect(second.querySelector('.quote-card__more')).toBeNull()
    expect(second.textContent).toContain('Expired')
    click(first.querySelector('.quote-card__view') as HTMLElement)
    await waitText('Product 2')
    expect(q('.squote-drawer .bottom-sheet__close')).not.toBeNull()
    click(q('.squote-drawer .bottom-sheet__close'))
    await waitFor(() => q('.squote-drawer') === null, 'drawer closed')
  })

  it('quotes list empty state', async () => {
    logIn()
    useQuotes.setState({ list: { status: 'idle', data: null, error: null } })
    stubApi(signedInRoutes({ 'GET /quote/list': [] }))
    await openPage('packages/order/quotes/index')
    await waitText('You have no quotes yet.')
  })

  it('quote detail: an active quote can be ordered (submit order with its staticQuoteId); an expired one cannot', async () => {
    logIn()
    stubApi(
      signedInRoutes({
        'GET /quote/detail/SQ-1': quoteDetail('SQ-1'),
        'GET /quote/detail/SQ-9': quoteDetail('SQ-9', 'expired'),
      }),
    )
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage('packages/order/quote-detail/index', { staticQuoteId: 'SQ-1' })
    await waitText('Order this quote')
    expect(qa('.qd-line')).toHaveLength(2)
    click(q('.qd-bar__order'))
    expect(nav.mock.calls[0][0].url).toBe('/packages/order/submit-order/index?staticQuoteId=SQ-1')
    await openPage('packages/order/quote-detail/index', { staticQuoteId: 'SQ-9' })
    await waitText('Q-SQ-9')
    expect(q('.qd-bar__order')).toBeNull()
  })

  it('lead drawer: spec 2 "Maximum height is 80 percent of the window"; spec 4 "The bottom-sheet button is disabled while the sheet is marked disabled"; a full-screen loader while submitting', async () => {
    let release: () => void = () => undefined
    const calls = stubApi(
      signedInRoutes({
        'GET /product/catalog': [leadOnlyProduct()],
        'POST /operationLog/insert': { id: 1 },
        'POST /save/leadItem': () =>
          new Promise((r) => {
            release = () => r({ leadCartId: 'LC-1' })
          }),
      }),
    )
    logIn()
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    await openPage('packages/catalog/product-details/index', { title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('Request a Quote')
    click(q('.product-footer__action'))
    await waitFor(() => q('.lead-drawer') !== null, 'drawer')
    const panel = q('.lead-drawer .bottom-sheet__panel') as HTMLElement
    expect(panel.style.maxHeight).toBe('80vh')
    expect(text()).toContain('Tell us how many you need')
    const button = q('.lead-drawer .bottom-sheet__button') as HTMLElement
    expect(button.textContent).toBe('Request a Quote')
    expect(button.getAttribute('aria-disabled')).toBeNull()
    click(q('.lead-drawer__step:last-child'))
    click(button)
    await waitText('Saving your request…')
    await waitFor(
      () => (q('.lead-drawer .bottom-sheet__button') as HTMLElement).getAttribute('aria-disabled') === 'true',
      'button disabled',
    )
    click(q('.lead-drawer .bottom-sheet__button')) // a second tap while disabled sends nothing
    expect(calls.filter((c) => c.path === '/save/leadItem')).toHaveLength(1)
    expect(calls.find((c) => c.path === '/save/leadItem')!.data).toMatchObject({
      catalogNumber: 'MA1-10175',
      itemCount: 2,
    })
    release()
    await waitFor(() => nav.mock.calls.length > 0, 'navigation to the lead form')
    expect(nav.mock.calls[0][0].url).toBe('/packages/order/lead-submit/index')
    expect(storage.get('leadCartId')).toBe('LC-1')
  })

  it("spec 5: a lead request without a catalogNumber shows 'Catalog number is not defined in product' and sends nothing", async () => {
    logIn()
    const calls = stubApi(signedInRoutes({ 'GET /product/catalog': [leadOnlyProduct()] }))
    await openPage('packages/catalog/product-details/index', { title: 'x', catalogNumber: 'MA1-10175' })
    await waitText('Request a Quote')
    useLead.getState().openDrawer({ catalogNumber: null, itemName: 'Mystery product' })
    await waitFor(() => q('.lead-drawer') !== null, 'drawer')
    click(q('.lead-drawer .bottom-sheet__button'))
    await waitText('Catalog number is not defined in product')
    expect(toastTitles()).toContain('Catalog number is not defined in product')
    expect(calls.some((c) => c.path === '/save/leadItem')).toBe(false)
    click(q('.lead-drawer .bottom-sheet__close'))
  })

  it('lead form: the lead cart items, required fields and phone/email checks, then the confirmation with the request id', async () => {
    storage.set('leadCartId', 'LC-1')
    const calls = stubApi(
      signedInRoutes({
        'GET /users/info': {
          status: 401,
          body: { success: false, code: 'TOKEN_INVALID', message: 'x', statusCode: 401 },
        },
        ...leadCartRoutes('LC-1', 2, 'REQ-20261123-0001'),
      }),
    )
    await openPage('packages/order/lead-submit/index')
    await waitText('CD3 Monoclonal Antibody (OKT3)')
    click(q('.lead-bar__submit'))
    await waitText('Contact name is a required field')
    const lead = useLead.getState()
    lead.setField('contactName', '王小明')
    lead.setField('phone', '12ab')
    lead.setField('email', 'bad')
    lead.setField('companyOrInstitution', '复旦大学')
    click(q('.lead-bar__submit'))
    await waitText('Please enter valid email id')
    expect(text()).toContain('Please enter a valid mobile or phone number')
    expect(calls.some((c) => c.path === '/lead/submit')).toBe(false)
    useLead.getState().setField('phone', '13800138000')
    useLead.getState().setField('email', 'wang@example.edu.cn')
    click(q('.lead-bar__submit'))
    await waitText('Request number: REQ-20261123-0001')
    expect(calls.find((c) => c.path === '/lead/submit')!.data).toEqual({
      leadCartId: 'LC-1',
      contactName: '王小明',
      phone: '13800138000',
      email: 'wang@example.edu.cn',
      companyOrInstitution: '复旦大学',
    })
    expect(storage.get('leadCartId')).toBeNull()
  })

  // issue 22: "the lead form is not prefilled for a logged-in user"
  it('lead form, logged in: name, phone, email, company and city come filled from the account; the user may change them', async () => {
    logIn()
    storage.set('leadCartId', 'LC-2')
    useLead.setState({
      values: { contactName: '', phone: '', email: '', companyOrInstitution: '', city: '', remark: '' },
      errors: {},
      result: null,
    })
    const calls = stubApi(
      signedInRoutes({
        'GET /users/info': approvedCn({
          userProfile: {
            ...approvedCn().userProfile,
            firstName: '小明',
            lastName: '王',
            contactInfo: { ...approvedCn().userProfile.contactInfo, phone: '13800138000' },
          },
        }),
        ...leadCartRoutes('LC-2', 1, 'REQ-20261123-0002'),
      }),
    )
    await openPage('packages/order/lead-submit/index')
    await waitText('CD3 Monoclonal Antibody (OKT3)')
    await waitFor(() => useLead.getState().values.contactName !== '', 'the prefilled name')
    const field = (f: string) =>
      (q(`.lead-field--${f} input, .lead-field--${f} textarea`) as HTMLInputElement | null)?.value
    expect([
      field('contactName'),
      field('phone'),
      field('email'),
      field('companyOrInstitution'),
      field('city'),
      field('remark'),
    ]).toEqual(['王小明', '13800138000', 'a@example.com', '复旦大学生命科学学院', '上海市', ''])
    useLead.getState().setField('companyOrInstitution', '复旦大学')
    click(q('.lead-bar__submit'))
    await waitText('Request number: REQ-20261123-0002')
    expect(calls.find((c) => c.path === '/lead/submit')!.data).toEqual({
      leadCartId: 'LC-2',
      contactName: '王小明',
      phone: '13800138000',
      email: 'a@example.com',
      companyOrInstitution: '复旦大学',
      city: '上海市',
    })
  })

  // issue 22: a red "Savings ¥0.00" — no saving is a plain row; a saving is highlighted
  it('price details: Savings ¥0.00 is a plain row, a real saving is highlighted', async () => {
    logIn()
    stubApi(
      signedInRoutes({
        'GET /cart/query': cart(),
        'POST /order/applyPromotions': priced({
          summary: summary({ totalPriceAmount: 3240, savings: 0, taxes: 421.2, total: 3661.2 }),
        }),
      }),
    )
    await openPage('packages/order/submit-order/index')
    await waitText('Price details')
    expect(row('savings')).toBe('Savings¥0.00')
    expect(q('.price-details__row--savings')?.classList.contains('price-details__row--saved')).toBe(false)
    stubApi(signedInRoutes({ 'GET /cart/query': cart(), 'POST /order/applyPromotions': priced() }))
    await openPage('packages/order/submit-order/index')
    await waitFor(() => row('savings') === 'Savings-¥760.00', 'the saving')
    expect(q('.price-details__row--savings')?.classList.contains('price-details__row--saved')).toBe(true)
  })
})
