import Taro from '@tarojs/taro'
import { act } from 'react'
import { useLocale } from '../../src/store/locale'
import { useCart, resetCartSession } from '../../src/store/cart/cart'
import { storage } from '../../src/platform/storage'
import { stubApi, openPage, q, qa, text, waitText, waitFor, type StubCall } from './product-api-stub'
import { cartItem, cartOf, emptyCart } from './cart-api-stub'
import { APPROVED_CN, userInfoOf } from './account-fixtures'
import { resetApp, logIn, typeInto } from './screen-setup'

/**
 * The Cart tab and Quick order on the real app shell (Taro.request stubbed at the API client).
 * Spec section 4: "The cart limit is 1 to 999. The minus button does nothing below 0."
 * Section 8: "Quantity errors show a tooltip for 4 seconds."
 */
jest.useFakeTimers({ advanceTimers: true })

const CART = 'pages/cart/index'
const QUICK = 'packages/cart/quick-order/index'
/** approved.cn (or another registration status) with one ACTIVE ship-to */
const userInfo = (status = 'Siebel Approved') => ({
  ...userInfoOf(APPROVED_CN, status),
  accountNumber: '1000001',
  allShipToBillToAddresses: [{ shipTo: { addressStatus: 'ACTIVE' }, billTos: [] }],
})
const base = (over: Record<string, unknown> = {}) => ({
  'GET /sys/dict/config': {},
  'GET /users/info': userInfo(),
  'GET /product/list': { items: [], total: 0, page: 1, pageSize: 8 },
  'GET /wishlist/getWishList': { wishList: [] },
  'GET /cart/coupon/list': [],
  ...over,
})
const advance = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms)
  })
}
const stepperInput = () => q('.qty-stepper__input input, input.qty-stepper__input') as HTMLInputElement

describe('cart page', () => {
  beforeEach(() => {
    resetApp()
    resetCartSession()
    useCart.getState().reset()
    jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  })
  afterEach(() => jest.restoreAllMocks())

  it('shows each line (picture named after the product, Cat. No., size, price, line total, channel, availability), the summary, and the badge with the item count', async () => {
    logIn()
    const cart = cartOf([
      cartItem({ quantity: 2, lineTotal: 6560 }),
      cartItem({
        id: 8,
        catalogNumber: '4311971',
        productTitle: 'TaqMan Master Mix',
        size: '5 mL',
        deliveryChannel: 'SC',
        availability: 'PARTIALLY_IN_STOCK',
        finalPrice: 900,
        unitPrice: 900,
        listPrice: 1000,
        lineTotal: 900,
      }),
    ])
    stubApi(base({ 'GET /cart/query': cart }))
    await openPage(CART)
    await waitText('TaqMan Master Mix')
    const lines = qa('.cart-line')
    expect(lines).toHaveLength(2)
    expect(lines[0].textContent).toContain('Cat. No. MA1-10175')
    expect(lines[0].textContent).toContain('Size 100 µg')
    expect(lines[0].textContent).toContain('¥3,280.00')
    expect(lines[0].textContent).toContain('¥6,560.00')
    expect(lines[0].textContent).toContain('TFS')
    expect(lines[1].textContent).toContain('SC')
    expect(lines[1].querySelector('[data-status]')?.getAttribute('data-status')).toBe('PARTIALLY_IN_STOCK')
    expect(lines[0].querySelector('img')?.getAttribute('alt')).toBe('Anti-CD3 Monoclonal Antibody (OKT3), FITC')
    expect(q('.cart-summary')?.textContent).toContain('¥7,460.00')
    expect(q('.app-footer .cart-badge')?.textContent).toBe('2')
    expect(q('.cart-checkout__go')?.textContent).toContain('Checkout')
  })

  it('issue 22 item 9: the cart shows the delivery mode the server decided ("Cart delivery modes: SP, Web, Split") and each line\'s channel, in English and Chinese', async () => {
    logIn()
    const cart = cartOf(
      [
        cartItem(),
        cartItem({ id: 8, catalogNumber: '4311971', productTitle: 'TaqMan Master Mix', deliveryChannel: 'SC' }),
      ],
      { deliveryMode: 'Split' },
    )
    stubApi(base({ 'GET /cart/query': cart }))
    await openPage(CART)
    await waitText('TaqMan Master Mix')
    expect(q('.cart-mode')?.getAttribute('data-mode')).toBe('Split')
    expect(q('.cart-mode')?.textContent).toBe('DeliverySplit: supply centre and warehouse, as two orders')
    expect(qa('.cart-line__channel').map((c) => c.textContent)).toEqual(['TFS · Warehouse', 'SC · Supply centre'])
    await act(async () => {
      useLocale.setState({ language: 'zh' })
    })
    await waitFor(
      () => q('.cart-mode')?.textContent === '发货方式拆单：供应中心和仓库分别发货（两个订单）',
      'the mode in Chinese',
    )
    expect(qa('.cart-line__channel').map((c) => c.textContent)).toEqual(['TFS · 仓库', 'SC · 供应中心'])
  })

  it('spec 4: "The minus button does nothing below 0" — at 1 minus is disabled and sends nothing; plus sends quantity 2', async () => {
    logIn()
    const calls = stubApi(
      base({
        'GET /cart/query': cartOf([cartItem({ quantity: 1 })]),
        'POST /cart/quantity': (c: StubCall) => cartOf([cartItem({ quantity: c.data.quantity })]),
      }),
    )
    const app = await openPage(CART)
    await waitFor(() => !!stepperInput(), 'the stepper')
    const minus = q('.qty-stepper__minus') as HTMLElement
    expect(minus.getAttribute('aria-disabled')).toBe('true')
    await app.act(async () => {
      minus.click()
    })
    expect(calls.some((c) => c.path === '/cart/quantity')).toBe(false)
    expect(stepperInput().value).toBe('1')
    await app.act(async () => {
      ;(q('.qty-stepper__plus') as HTMLElement).click()
    })
    await waitFor(() => stepperInput().value === '2', 'quantity 2')
    expect(calls.find((c) => c.path === '/cart/quantity')!.data).toEqual({ id: 7, quantity: 2 })
  })

  it.each([
    ['0', 'The minimum quantity is 1.'],
    ['1000', 'The maximum quantity is 999.'],
    ['abc', 'Please enter numbers only.'],
  ])(
    "typed %p is checked after 1 s, refused in a tooltip for 4 s, and the field goes back to the server's quantity",
    async (typed, message) => {
      logIn()
      const calls = stubApi(base({ 'GET /cart/query': cartOf([cartItem({ quantity: 3 })]) }))
      const app = await openPage(CART)
      await waitFor(() => !!stepperInput(), 'the stepper')
      await typeInto(app, stepperInput(), typed)
      await advance(900)
      expect(q('.qty-stepper__tip')).toBeNull()
      await advance(150)
      expect(q('.qty-stepper__tip')?.textContent).toBe(message)
      expect(stepperInput().value).toBe('3')
      await advance(3800)
      expect(q('.qty-stepper__tip')).not.toBeNull()
      await advance(300)
      expect(q('.qty-stepper__tip')).toBeNull()
      expect(calls.some((c) => c.path === '/cart/quantity')).toBe(false)
    },
  )

  it('a quantity the server refuses never stays on the line: its message shows in the tooltip', async () => {
    logIn()
    stubApi(
      base({
        'GET /cart/query': cartOf([cartItem({ quantity: 3 })]),
        'POST /cart/quantity': {
          status: 409,
          body: {
            success: false,
            code: 'CONFLICT',
            message: 'This product cannot be ordered online.',
            statusCode: 409,
            reason: 'LINE_BLOCKED',
          },
        },
      }),
    )
    const app = await openPage(CART)
    await waitFor(() => !!stepperInput(), 'the stepper')
    await typeInto(app, stepperInput(), '12')
    await advance(1000)
    await waitFor(() => !!q('.qty-stepper__tip'), 'the tooltip')
    expect(q('.qty-stepper__tip')?.textContent).toBe('Quantity not changed: This product cannot be ordered online.')
    expect(stepperInput().value).toBe('3')
  })

  it('the coupon sheet lists the offers and shows each refusal with its exact section 8 message', async () => {
    logIn()
    const calls = stubApi(
      base({
        'GET /cart/query': cartOf([cartItem()]),
        'GET /cart/coupon/list': [
          {
            code: 'P2026SPRING',
            type: 'P',
            description: '10% off antibodies',
            validFrom: '2026-01-01T00:00:00Z',
            validTo: '2026-12-31T00:00:00Z',
            skuCount: 0,
            applied: false,
          },
        ],
        'POST /cart/coupon/apply': (c: StubCall) => ({
          coupon: { code: c.data.code, type: 'P', valid: false, errorCode: 'E1PQ20', description: '' },
          cart: cartOf([cartItem()]),
        }),
      }),
    )
    const app = await openPage(CART)
    await waitFor(() => !!q('.cart-coupon-row'), 'the coupon row')
    await app.act(async () => {
      ;(q('.cart-coupon-row') as HTMLElement).click()
    })
    await waitText('10% off antibodies')
    await app.act(async () => {
      ;(q('.coupon-sheet__use') as HTMLElement).click()
    })
    await waitFor(() => !!q('.coupon-sheet__verdict'), 'the verdict')
    expect(q('.coupon-sheet__verdict')?.textContent).toBe('This coupon code has expired or is not yet effective.')
    expect(calls.find((c) => c.path === '/cart/coupon/apply')!.data).toEqual({ code: 'P2026SPRING' })
  })

  it('a lite user sees "Complete registration" instead of Checkout, and the coupon sheet refuses codes', async () => {
    logIn()
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    stubApi(base({ 'GET /users/info': userInfo('Partially Registered'), 'GET /cart/query': cartOf([cartItem()]) }))
    const app = await openPage(CART)
    await waitFor(() => !!q('.cart-checkout__complete'), 'Complete registration')
    expect(q('.cart-checkout__go')).toBeNull()
    await app.act(async () => {
      ;(q('.cart-checkout__complete') as HTMLElement).click()
    })
    expect(nav).toHaveBeenCalledWith(
      expect.objectContaining({ url: expect.stringContaining('packages/account/ship-to-address/index') }),
    )
    await app.act(async () => {
      ;(q('.cart-coupon-row') as HTMLElement).click()
    })
    await waitText('Complete your registration to use coupon codes.')
    expect(q('.coupon-sheet__input')).toBeNull()
  })

  it('an empty cart says so and links to browsing; a visitor gets login buttons rather than Checkout', async () => {
    stubApi(base())
    await openPage(CART)
    await waitText('Your cart is empty')
    expect(text()).toContain('Browse products')
    expect(q('.cart-checkout')).toBeNull()
    storage.set('gcId', '1763900000000-abcdefghijklmnopqrstuv')
    resetCartSession()
    stubApi(base({ 'GET /cart/query': cartOf([cartItem()]) }))
    await openPage(CART)
    await waitFor(() => !!q('.cart-checkout__login'), 'the login prompt')
    expect(q('.cart-checkout__go')).toBeNull()
  })

  // issue 22: "an unknown assay id says 'Unknown catalogue number'"
  it('add by assay ID: an unknown assay ID says so, not "Unknown catalogue number"', async () => {
    logIn()
    stubApi(
      base({
        'GET /cart/query': cartOf([cartItem()]),
        'POST /cart/assayId': {
          results: [
            {
              line: 1,
              catalogNumber: 'Hs99999999_zz',
              quantity: 1,
              status: 'unknownAssay',
              productTitle: null,
              cartItemId: null,
            },
          ],
          cart: cartOf([cartItem()]),
          gcId: null,
        },
      }),
    )
    const app = await openPage(CART)
    await waitFor(() => !!q('.quick-add__assay'), 'the assay field')
    await typeInto(
      app,
      (q('input.quick-add__assay') ?? q('.quick-add__assay input')) as HTMLInputElement,
      'Hs99999999_zz',
    )
    await app.act(async () => {
      q('.quick-add__add-assay')!.click()
    })
    await waitFor(() => !!q('.quick-add__note'), 'the result')
    expect(q('.quick-add__note')?.textContent).toBe('Hs99999999_zz: Unknown assay ID')
  })

  it("quick order: the pasted lines are previewed with their problems, then each line's result is listed", async () => {
    logIn()
    const calls = stubApi(
      base({
        'GET /cart/query': emptyCart(),
        'POST /cart/quickAdd': (c: StubCall) => ({
          results: c.data.lines.map((l: { line: number; catalogNumber: string; quantity: number }, i: number) => ({
            line: l.line,
            catalogNumber: l.catalogNumber,
            quantity: l.quantity,
            productTitle: null,
            cartItemId: null,
            status: ['added', 'unknown', 'discontinued', 'notOnline', 'leadOnly'][i],
          })),
          cart: emptyCart(),
          gcId: null,
        }),
      }),
    )
    const app = await openPage(QUICK)
    await waitFor(() => !!q('.qo-input textarea, textarea.qo-input'), 'the textarea')
    const area = q('.qo-input textarea, textarea.qo-input') as HTMLTextAreaElement
    await typeInto(app, area, 'MA1-10175\t2\nNOPE-1, 1\nOLD-9,3\nOFF-1 1\nQ-1\t1\nBAD-1\t0')
    await waitText('Preview: 5 lines')
    expect(qa('.qo-preview__line').map((r) => r.textContent)).toEqual([
      '1MA1-101752',
      '2NOPE-11',
      '3OLD-93',
      '4OFF-11',
      '5Q-11',
    ])
    expect(q('.qo-problems')?.textContent).toContain('Line 6')
    await app.act(async () => {
      ;(q('.qo-submit') as HTMLElement).click()
    })
    await waitText('1 of 5 lines added')
    expect(qa('.qo-result__status').map((e) => e.textContent)).toEqual([
      'Added',
      'Unknown catalogue number',
      'Discontinued',
      'Not orderable online',
      'Quote only: request a quote',
    ])
    expect(calls.find((c) => c.path === '/cart/quickAdd')!.data.lines[0]).toEqual({
      line: 1,
      catalogNumber: 'MA1-10175',
      quantity: 2,
    })
  })
  it('quick order with an orderNumber offers "Reorder" of that order and lists what went back into the cart', async () => {
    logIn()
    const calls = stubApi(
      base({
        'GET /cart/query': emptyCart(),
        'POST /cart/reorder': {
          results: [
            {
              line: 1,
              catalogNumber: 'MA1-10175',
              quantity: 2,
              status: 'added',
              productTitle: 'Anti-CD3',
              cartItemId: 7,
            },
            {
              line: 2,
              catalogNumber: 'OLD-1',
              quantity: 1,
              status: 'discontinued',
              productTitle: 'Old kit',
              cartItemId: null,
            },
          ],
          cart: cartOf([cartItem({ quantity: 2 })]),
          gcId: null,
        },
      }),
    )
    const app = await openPage(QUICK, { orderNumber: 'SO-20260101' })
    await waitText('Reorder order SO-20260101')
    await app.act(async () => {
      ;(q('.qo-reorder__go') as HTMLElement).click()
    })
    await waitText('1 of 2 lines added')
    expect(calls.find((c) => c.path === '/cart/reorder')!.data).toEqual({ orderNumber: 'SO-20260101' })
    expect(qa('.qo-result__status').map((e) => e.textContent)).toEqual(['Added', 'Discontinued'])
  })
})
