import Taro from '@tarojs/taro'
import { useCheckout, validateCheckout, emptyCheckoutForm, priceDetails } from '../../src/store/order/checkout'
import { useSession } from '../../src/store/auth/session'
import { useLocale } from '../../src/store/locale'
import { stubApi, type StubCall } from './product-api-stub'
import { muteToasts } from './screen-setup'
import { approvedCn } from './account-fixtures'
import { cart, priced, placed, envelopeError, summary } from './order-fixtures'
import { resetCheckout } from '../support/store-resets'

/**
 * The checkout store (spec section 2 submit-order page; section 7 /order/applyPromotions and
 * /order/placeOrder): the API stubbed at Taro.request, everything else real.
 */

const networkDown = () => Promise.reject({ errMsg: 'request:fail' })
const keysOf = (calls: StubCall[]) =>
  calls.filter((c) => c.path === '/order/placeOrder').map((c) => c.header['Idempotency-Key'])

async function readyCheckout(routes: Record<string, unknown> = {}, user: unknown = approvedCn()) {
  const calls = stubApi({ 'GET /cart/query': cart(), 'POST /order/applyPromotions': priced(), ...routes })
  useSession.setState({ status: 'USER_FETCHED', userInfo: user as never })
  await useCheckout.getState().init({ staticQuoteId: null, addressKey: null })
  const c = useCheckout.getState()
  c.setField('poNumber', 'PO-4711')
  c.setTerms(true)
  return calls
}

describe('checkout store', () => {
  let redirect: jest.SpyInstance
  beforeEach(() => {
    localStorage.clear()
    useLocale.setState({ language: 'en', country: 'cn' })
    useSession.setState({ status: 'USER_FETCHED', userInfo: null })
    resetCheckout()
    redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    muteToasts()
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never)
  })
  afterEach(() => jest.restoreAllMocks())

  it('prices the cart with its valid coupons and the default ACTIVE ship-to', async () => {
    const calls = await readyCheckout()
    const body = calls.find((c) => c.path === '/order/applyPromotions')!.data
    expect(body).toMatchObject({ promoCodes: ['P10OFF'], addressKey: 'ST-1000001-01', cartId: 'CART-1' })
    expect(body.squoteDetail).toBeUndefined()
    expect(useCheckout.getState()).toMatchObject({ status: 'ready', addressKey: 'ST-1000001-01' })
  })

  it('an S-quote checkout sends squoteDetail { staticQuoteId } and does not read the cart', async () => {
    const calls = stubApi({ 'POST /order/applyPromotions': priced() })
    useSession.setState({ status: 'USER_FETCHED', userInfo: approvedCn() as never })
    await useCheckout.getState().init({ staticQuoteId: 'SQ-1', addressKey: null })
    expect(calls.map((c) => c.path)).toEqual(['/order/applyPromotions'])
    expect(calls[0].data.squoteDetail).toEqual({ staticQuoteId: 'SQ-1' })
  })

  it('retries after a network failure with the SAME Idempotency-Key (the first order may have been placed), and a 5xx keeps it too', async () => {
    let n = 0
    const calls = await readyCheckout({
      'POST /order/placeOrder': () =>
        ++n === 1 ? networkDown() : n === 2 ? envelopeError(503, 'SERVICE_UNAVAILABLE', 'busy') : placed(),
    })
    await expect(useCheckout.getState().submit()).resolves.toBe(false)
    expect(useCheckout.getState().form.poNumber).toBe('PO-4711') // the form keeps every value
    await expect(useCheckout.getState().submit()).resolves.toBe(false)
    await expect(useCheckout.getState().submit()).resolves.toBe(true)
    const keys = keysOf(calls)
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(keys).size).toBe(1)
    expect(useCheckout.getState().pendingKey).toBeNull()
  })

  it('issue 22 item 8: after a lost answer the toast says the order may already be placed and that retrying is safe (5 s, English and Chinese); the retry reuses the key', async () => {
    let n = 0
    const calls = await readyCheckout({ 'POST /order/placeOrder': () => (++n <= 2 ? networkDown() : placed()) })
    const toasts = () =>
      (Taro.showToast as unknown as jest.Mock).mock.calls.map((c) => c[0] as { title: string; duration: number })
    await useCheckout.getState().submit()
    expect(toasts()[0]).toEqual(
      expect.objectContaining({
        title:
          'No answer from the server: your order may already be placed. Check Order history, or tap Submit again: it is safe, the order will not be placed twice.',
        duration: 5000,
      }),
    )
    useLocale.setState({ language: 'zh' })
    await useCheckout.getState().submit()
    expect(toasts()[1].title).toBe(
      '未收到服务器的答复：您的订单可能已经提交。请查看订单历史，或再次点击提交：这样是安全的，订单不会重复提交。',
    )
    await expect(useCheckout.getState().submit()).resolves.toBe(true)
    expect(new Set(keysOf(calls)).size).toBe(1)
  })

  it('a definite answer (a 4xx refusal) ends the attempt: the next submit mints a new key', async () => {
    let n = 0
    const calls = await readyCheckout({
      'POST /order/placeOrder': () =>
        ++n === 1
          ? envelopeError(409, 'CONFLICT', 'Your delivery address is under review', 'ADDRESS_UNDER_REVIEW')
          : placed(),
    })
    await useCheckout.getState().submit()
    expect((Taro.showToast as unknown as jest.Mock).mock.calls.map((c) => c[0].title)).toContain(
      'Your delivery address is under review',
    )
    await useCheckout.getState().submit()
    const keys = keysOf(calls)
    expect(keys).toHaveLength(2)
    expect(keys[0]).not.toBe(keys[1])
  })

  it('issue 22 item 7: two taps on Submit in the same instant are ONE placement with one key (the key and the lock exist before the first await)', async () => {
    const calls = await readyCheckout({ 'POST /order/placeOrder': () => placed() })
    const submit = useCheckout.getState().submit
    const [a, b] = await Promise.all([submit(), submit()])
    expect(keysOf(calls)).toHaveLength(1)
    expect([a, b].sort()).toEqual([false, true])
    // no refusal toast (the second placement's "Your cart is empty") beside the success page
    expect((Taro.showToast as unknown as jest.Mock).mock.calls).toHaveLength(0)
    expect(redirect).toHaveBeenCalledTimes(1)
  })

  it('two checkouts never share a key (crypto-strong random per attempt)', async () => {
    const calls = await readyCheckout({ 'POST /order/placeOrder': placed() })
    await useCheckout.getState().submit()
    await useCheckout.getState().init({ staticQuoteId: null, addressKey: null })
    useCheckout.getState().setTerms(true)
    await useCheckout.getState().submit()
    const keys = keysOf(calls)
    expect(keys).toHaveLength(2)
    expect(keys[0]).not.toBe(keys[1])
  })

  it('success redirects to the success page with salesOrderNumber, spSalesOrderNumber, addressStatus and the pending lead-time order', async () => {
    const calls = await readyCheckout({
      'POST /order/placeOrder': placed({
        spSalesOrderNumber: '7000456',
        addressStatus: 'PENDING',
        pendingLtoOrderNumber: 'WO-000123',
      }),
    })
    useCheckout.getState().setField('remark', 'deliver to room 402')
    useCheckout.getState().setEmail(0, 'lab@example.edu.cn')
    await useCheckout.getState().submit()
    const body = calls.find((c) => c.path === '/order/placeOrder')!.data
    expect(body).toEqual({
      addressKey: 'ST-1000001-01',
      termsAccepted: true,
      cartId: 'CART-1',
      promoCodes: ['P10OFF'],
      poNumber: 'PO-4711',
      remark: 'deliver to room 402',
      additionalEmails: ['lab@example.edu.cn'],
      skuList: [{ cartItemId: 11, quantity: 2 }],
    })
    expect(redirect).toHaveBeenCalledWith({
      // with the placed order's own number for the View order link (issue 22)
      url: '/packages/order/order-success/index?salesOrderNumber=8000123&spSalesOrderNumber=7000456&addressStatus=PENDING&pendingLto=WO-000123&orderNumber=WO-000123',
    })
  })

  it("CART_CHANGED: the server's message is shown and the checkout is priced again; the form keeps its values", async () => {
    let pricing = 0
    const calls = await readyCheckout({
      'POST /order/applyPromotions': () => {
        pricing++
        return priced()
      },
      'POST /order/placeOrder': envelopeError(409, 'CONFLICT', '购物车已变化，请确认价格', 'CART_CHANGED'),
    })
    expect(pricing).toBe(1)
    await useCheckout.getState().submit()
    expect(pricing).toBe(2)
    expect((Taro.showToast as unknown as jest.Mock).mock.calls.map((c) => c[0].title)).toContain(
      '购物车已变化，请确认价格',
    )
    expect(useCheckout.getState()).toMatchObject({ status: 'ready', form: { poNumber: 'PO-4711', terms: true } })
    expect(keysOf(calls)).toHaveLength(1)
  })

  it('a partially registered user is sent to complete the registration and cannot order (no pricing, no placement)', async () => {
    const lite = approvedCn({
      userRoles: { registrationStatus: 'Partially Registered', accountType: 'customer', blackListed: false },
      accountNumber: null,
    })
    const calls = await readyCheckout({ 'POST /order/placeOrder': placed() }, lite)
    expect(useCheckout.getState().registrationIncomplete).toBe(true)
    await expect(useCheckout.getState().submit()).resolves.toBe(false)
    expect(calls.filter((c) => c.path.startsWith('/order/'))).toHaveLength(0)
  })

  it('the server saying REGISTRATION_INCOMPLETE turns the page into the complete-registration state', async () => {
    await readyCheckout({
      'POST /order/placeOrder': envelopeError(
        403,
        'FORBIDDEN',
        'Please complete your registration',
        'REGISTRATION_INCOMPLETE',
      ),
    })
    await useCheckout.getState().submit()
    expect(useCheckout.getState().registrationIncomplete).toBe(true)
  })

  it('field limits: PO number ≤ 60, remark ≤ 100, at most 2 valid additional emails, terms accepted; editing a field clears its error', async () => {
    expect(
      validateCheckout(
        { poNumber: 'P'.repeat(60), remark: 'r'.repeat(100), emails: ['a@b.cn', 'c@d.cn'], terms: true },
        'ST-1',
      ),
    ).toEqual({})
    expect(
      validateCheckout(
        { poNumber: 'P'.repeat(61), remark: 'r'.repeat(101), emails: ['a@b.cn', 'c@d.cn', 'e@f.cn'], terms: false },
        null,
      ),
    ).toEqual({
      poNumber: 'order.error.poTooLong',
      remark: 'order.error.remarkTooLong',
      emails: 'order.error.emailsTooMany',
      terms: 'order.error.terms',
      address: 'order.error.address',
    })
    expect(validateCheckout({ ...emptyCheckoutForm(), emails: ['not-an-email'], terms: true }, 'ST-1')).toEqual({
      emails: 'order.error.email',
    })

    const calls = await readyCheckout({ 'POST /order/placeOrder': placed() })
    const c = useCheckout.getState()
    c.setField('poNumber', 'P'.repeat(61))
    c.setEmail(0, 'nope')
    await expect(useCheckout.getState().submit()).resolves.toBe(false)
    expect(useCheckout.getState().errors).toEqual({ poNumber: 'order.error.poTooLong', emails: 'order.error.email' })
    useCheckout.getState().setField('poNumber', 'PO-1')
    expect(useCheckout.getState().errors).toEqual({ emails: 'order.error.email' })
    useCheckout.getState().setEmail(0, 'ok@example.cn')
    expect(useCheckout.getState().errors).toEqual({})
    expect(calls.some((x) => x.path === '/order/placeOrder')).toBe(false)
    // only two email fields can be added
    useCheckout.getState().addEmail()
    useCheckout.getState().addEmail()
    expect(useCheckout.getState().form.emails).toHaveLength(2)
  })

  it('price details: savings = totalPriceAmount − totalAmount; taxes only when enabled; total = totalAmount + taxes', () => {
    expect(priceDetails(summary() as never)).toEqual({
      currency: 'CNY',
      listTotal: 4000,
      savings: 760,
      taxes: 421.2,
      total: 3661.2,
    })
    expect(priceDetails(summary({ taxEnabled: false, currency: 'INR' }) as never)).toEqual({
      currency: 'INR',
      listTotal: 4000,
      savings: 760,
      taxes: null,
      total: 3240,
    })
  })
})
