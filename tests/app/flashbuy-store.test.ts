import Taro from '@tarojs/taro'
import { useFlashBuy } from '../../src/store/flashbuy/submit'
import { useFlashSales, groupSales } from '../../src/store/flashbuy/sales'
import { useSession } from '../../src/store/auth/session'
import { useLocale } from '../../src/store/locale'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { fakeToken, inSeconds } from '../support/tokens'
import { stubApi, sleep, type StubCall } from './product-api-stub'
import { muteToasts } from './screen-setup'
import { approvedCn } from './account-fixtures'
import { SALE_ID, applyResult, flashDetail, flashSale, placedOrder, refusal } from './flashbuy-api-stub'
import { resetFlashBuy } from '../support/store-resets'

/**
 * The flash-buy store (spec section 4 "Flash-buy submit flow", section 5 checks, section 7 calls):
 * the API stubbed at Taro.request, everything else real.
 */

const networkDown = () => Promise.reject({ errMsg: 'request:fail' })
const toastCalls = () =>
  (Taro.showToast as unknown as jest.Mock).mock.calls.map((c) => c[0] as { title: string; duration: number })
async function lastToast() {
  for (let i = 0; i < 50 && toastCalls().length === 0; i++) await sleep(10)
  return toastCalls()[toastCalls().length - 1]
}
const MAYBE_PLACED =
  'No answer from the server: your order may already be placed. Check Order history, or tap Submit again: it is safe, the order will not be placed twice.'
const placeCalls = (calls: StubCall[]) => calls.filter((c) => c.path === '/flashbuy/place/order')
const logIn = (user: unknown = approvedCn()) => {
  storage.set(KEYS.authToken, fakeToken({ sub: 'U-7f3a9c21', exp: inSeconds(3600) }))
  storage.set(KEYS.userId, 'U-7f3a9c21')
  storage.set(KEYS.userName, 'approved.cn')
  useSession.setState({ status: 'USER_FETCHED', userInfo: user as never, defaultSC: null })
}

/** a logged-in buyer with a ready form: quantity 2 (the minimum), terms agreed, contacts from the ship-to and bill-to */
async function ready(routes: Record<string, unknown> = {}, qty: string | null = null) {
  const calls = stubApi({
    [`GET /flashbuy/detail/${SALE_ID}`]: flashDetail(),
    'POST /flashbuy/promos/apply': applyResult(),
    ...routes,
  })
  await useFlashBuy.getState().init({ id: SALE_ID, qty })
  useFlashBuy.getState().setTerms(true)
  return calls
}

describe('flash-buy store', () => {
  let redirect: jest.SpyInstance
  let navigate: jest.SpyInstance
  beforeEach(() => {
    localStorage.clear()
    useLocale.setState({ language: 'en', country: 'cn' })
    useSession.setState({ status: 'USER_FETCHED', userInfo: null, defaultSC: null })
    resetFlashBuy()
    redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    navigate = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    muteToasts()
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never)
  })
  afterEach(() => jest.restoreAllMocks())

  it('loads the detail, starts at the minimum and prefills receiver (ship-to) and invoice receiver (bill-to) from their attention-to', async () => {
    logIn(
      approvedCn({
        allShipToBillToAddresses: approvedCn().allShipToBillToAddresses.map((e, i) =>
          i === 0 ? { ...e, billTos: [{ ...e.billTos[0], attentionTo: '李会计,+862165640000' }, e.billTos[1]] } : e,
        ),
      }),
    )
    const calls = await ready()
    const s = useFlashBuy.getState()
    expect(calls[0].path).toBe(`/flashbuy/detail/${SALE_ID}`)
    expect(s.status).toBe('ready')
    expect(s.form.quantityText).toBe('2')
    expect(s.addressKey).toBe('ST-1000001-01')
    expect(s.billToNumber).toBe('2000001')
    expect(s.form).toMatchObject({
      receiverName: '王小明',
      receiverPhone: '+8613800138000',
      invoiceName: '李会计',
      invoicePhone: '+862165640000',
    })
  })

  it("the address chosen on the delivery-address page (?addressKey) is used; coming back with another keeps what was typed and brings that address's contacts", async () => {
    logIn()
    await ready()
    useFlashBuy.getState().setField('poNumber', 'PO-9')
    await useFlashBuy.getState().init({ id: SALE_ID, qty: null, addressKey: 'ST-1000002-01' })
    const s = useFlashBuy.getState()
    expect(s).toMatchObject({ addressKey: 'ST-1000002-01', billToNumber: '2000003' })
    expect(s.form).toMatchObject({
      poNumber: 'PO-9',
      terms: true,
      receiverName: '陈静',
      receiverPhone: '+8613900139000',
    })
    // a PENDING ship-to cannot be chosen: the current one stays
    await useFlashBuy.getState().init({ id: SALE_ID, qty: null, addressKey: 'ST-PENDING-000123' })
    expect(useFlashBuy.getState().addressKey).toBe('ST-1000002-01')
    // choosing on this screen keeps the choice as storedAddressKey (spec section 3)
    useFlashBuy.getState().chooseAddress('ST-1000001-01')
    expect(storage.get(KEYS.storedAddressKey)).toBe('ST-1000001-01')
    expect(useFlashBuy.getState().form.receiverName).toBe('王小明')
  })

  it('?qty is taken when the rules allow it, and brought within them when not', async () => {
    logIn()
    await ready({}, '4')
    expect(useFlashBuy.getState().form.quantityText).toBe('4')
    useFlashBuy.setState({ id: null, status: 'idle' })
    await ready({}, '40')
    expect(useFlashBuy.getState().form.quantityText).toBe('8') // the stock left
  })

  it('check 1 "Not logged in: \'Please login for better experience\'": a 5 s toast, the login offer, no call', async () => {
    const calls = await ready()
    await expect(useFlashBuy.getState().submit()).resolves.toBe('login')
    expect(useFlashBuy.getState().loginPrompt).toBe(true)
    expect(await lastToast()).toEqual(
      expect.objectContaining({ title: 'Please login for better experience', duration: 5000 }),
    )
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('check 2: a partially registered user is sent to the ship-to add page, and comes back here', async () => {
    logIn(
      approvedCn({
        userRoles: { registrationStatus: 'Partially Registered', accountType: 'customer', blackListed: false },
      }),
    )
    const calls = await ready()
    await expect(useFlashBuy.getState().submit()).resolves.toBe('registration')
    expect(navigate.mock.calls[0][0].url).toBe('/packages/account/ship-to-address/index?new=1&back=flashbuySubmit')
    expect(calls.some((c) => c.path.startsWith('/flashbuy/promos'))).toBe(false)
  })

  it('check 7: a contact without a name or phone stops before any call, with its 5 s message', async () => {
    logIn()
    const calls = await ready()
    useFlashBuy.getState().setField('invoiceName', '')
    await expect(useFlashBuy.getState().submit()).resolves.toBe('refused')
    expect(await lastToast()).toEqual(
      expect.objectContaining({ title: 'Please enter correct contact name and phone number', duration: 5000 }),
    )
    expect(useFlashBuy.getState().lastFailure).toEqual({ check: 7, reason: 'contact' })
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it.each([
    [
      'check_minOrderQty',
      "Sorry, your purchase quantity doesn't meet the minimum order quantity. Please contact online chat if you have any issue",
    ],
    ['check_remainQty', 'Sorry, the current quantity of this product is not enough for your purchase...'],
    ['check_accountPurchaseLimitQty', 'Sorry, You have exceeded the purchase limit of this product online...'],
    ['check_flashBuyStatus', 'Something went wrong, please refresh'],
  ])('apply-promo status %s → "%s" (5 s), nothing placed', async (status, message) => {
    logIn()
    const calls = await ready({ 'POST /flashbuy/promos/apply': applyResult({ status: status as never }) })
    useFlashBuy.getState().setField('invoiceName', '王小明')
    useFlashBuy.getState().setField('invoicePhone', '+8613800138000')
    await expect(useFlashBuy.getState().submit()).resolves.toBe('refused')
    expect(await lastToast()).toEqual(expect.objectContaining({ title: message, duration: 5000 }))
    expect(placeCalls(calls)).toHaveLength(0)
    expect(useFlashBuy.getState().status).toBe('ready')
  })

  const withInvoice = () => {
    useFlashBuy.getState().setField('invoiceName', '李会计')
    useFlashBuy.getState().setField('invoicePhone', '+862165640000')
  }

  it('apply body (spec section 7): shipTo, prePaymentAccount, promotionCodes, item{skuId, deliveryChannel, quantity, sku, flashPrice, listPrice, wopFlag}; then places the section 3 payload and goes to /submit-order/success', async () => {
    logIn()
    const calls = await ready({ 'POST /flashbuy/place/order': [placedOrder()] })
    withInvoice()
    useFlashBuy.getState().setField('poNumber', ' PO-2026-11 ')
    useFlashBuy.getState().setField('remark', 'Room 402')
    useFlashBuy.getState().setField('additionalEmail', 'lab@example.edu.cn')
    await expect(useFlashBuy.getState().submit()).resolves.toBe('placed')
    const apply = calls.find((c) => c.path === '/flashbuy/promos/apply')!.data
    expect(apply).toEqual({
      flashBuyId: SALE_ID,
      shipTo: 'ST-1000001-01',
      prePaymentAccount: false,
      promotionCodes: [],
      item: {
        skuId: SALE_ID,
        deliveryChannel: 'TFS',
        quantity: 2,
        sku: 'SKU-4471',
        flashPrice: 899,
        listPrice: 1580,
        wopFlag: false,
      },
    })
    const place = placeCalls(calls)[0]
    expect(place.header['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
    expect(place.data).toEqual({
      flashBuyId: SALE_ID,
      quantity: 2,
      addressKey: 'ST-1000001-01',
      billToNumber: '2000001',
      receiver: { name: '王小明', phone: '+8613800138000' },
      invoiceReceiver: { name: '李会计', phone: '+862165640000' },
      invoiceAddress: '上海市 杨浦区邯郸路 220 号, 200433',
      invoiceTitle: '学院财务处',
      poNumber: 'PO-2026-11',
      remark: 'Room 402',
      additionalEmail: 'lab@example.edu.cn',
      termsAccepted: true,
      expectedUnitPrice: 899,
      deliveryChannel: 'TFS',
      paymentType: 'PURCHASE_ORDER',
      line: { sku: 'SKU-4471', catalogNumber: '4471-A', quantity: 2, unitPrice: 899, listPrice: 1580 },
    })
    expect(redirect).toHaveBeenCalledWith({
      url: '/packages/order/order-success/index?salesOrderNumber=8000321&addressStatus=ACTIVE&orderNumber=WO-000321',
    })
  })

  it("a supply-centre order (D1) is the success page's spSalesOrderNumber", async () => {
    logIn()
    await ready({
      'POST /flashbuy/place/order': [
        placedOrder({ orderType: 'D1', deliveryChannel: 'SC', salesOrderNumber: '7000654' }),
      ],
    })
    withInvoice()
    await useFlashBuy.getState().submit()
    expect(redirect).toHaveBeenCalledWith({
      url: '/packages/order/order-success/index?spSalesOrderNumber=7000654&addressStatus=ACTIVE&spOrderNumber=WO-000321',
    })
  })

  it('price changed: the dialog holds catalogue number, flash price and real-time price; Cancel stops (nothing placed)', async () => {
    logIn()
    const calls = await ready({
      'POST /flashbuy/promos/apply': applyResult({}, 949),
      'POST /flashbuy/place/order': [placedOrder()],
    })
    withInvoice()
    await expect(useFlashBuy.getState().submit()).resolves.toBe('confirmPrice')
    expect(useFlashBuy.getState().priceChange).toEqual({
      catalogNumber: '4471-A',
      flashPrice: 899,
      realtimePrice: 949,
      currency: 'CNY',
    })
    expect(useFlashBuy.getState().cancelPrice()).toBe('cancelled')
    expect(useFlashBuy.getState()).toMatchObject({ status: 'ready', priceChange: null })
    expect(placeCalls(calls)).toHaveLength(0)
  })

  it('price changed: Confirm places the order at the real-time price the buyer confirmed (expectedUnitPrice)', async () => {
    logIn()
    const calls = await ready({
      'POST /flashbuy/promos/apply': applyResult({}, 949),
      'POST /flashbuy/place/order': [placedOrder({ unitPrice: 949 })],
    })
    withInvoice()
    await useFlashBuy.getState().submit()
    await expect(useFlashBuy.getState().confirmPrice()).resolves.toBe('placed')
    expect(placeCalls(calls)[0].data).toMatchObject({ expectedUnitPrice: 949, line: { unitPrice: 949 } })
  })

  it("a refusal with a reason shows the server's message for 5 s, ends the attempt (new key next time) and keeps the form", async () => {
    logIn()
    let n = 0
    const calls = await ready({
      'POST /flashbuy/place/order': () =>
        ++n === 1 ? refusal(409, 'CONFLICT', '抱歉，库存不足', 'FLASH_STOCK') : [placedOrder()],
    })
    withInvoice()
    useFlashBuy.getState().setField('poNumber', 'PO-7')
    await expect(useFlashBuy.getState().submit()).resolves.toBe('failed')
    expect(await lastToast()).toEqual(expect.objectContaining({ title: '抱歉，库存不足', duration: 5000 }))
    expect(useFlashBuy.getState().form).toMatchObject({ poNumber: 'PO-7', quantityText: '2', terms: true })
    await useFlashBuy.getState().submit()
    const keys = placeCalls(calls).map((c) => c.header['Idempotency-Key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).not.toBe(keys[1])
  })

  it('an unknown answer (network, 5xx) says the order may already be placed and that retrying is safe (issue 22 item 8), and keeps the key for the retry', async () => {
    logIn()
    let n = 0
    const calls = await ready({
      'POST /flashbuy/place/order': () =>
        ++n === 1 ? networkDown() : n === 2 ? refusal(503, 'SERVICE_UNAVAILABLE', 'busy') : [placedOrder()],
    })
    withInvoice()
    await expect(useFlashBuy.getState().submit()).resolves.toBe('failed')
    expect(await lastToast()).toEqual(expect.objectContaining({ title: MAYBE_PLACED, duration: 5000 }))
    await expect(useFlashBuy.getState().submit()).resolves.toBe('failed')
    expect(await lastToast()).toEqual(expect.objectContaining({ title: MAYBE_PLACED, duration: 5000 }))
    await expect(useFlashBuy.getState().submit()).resolves.toBe('placed')
    const keys = placeCalls(calls).map((c) => c.header['Idempotency-Key'])
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
    expect(useFlashBuy.getState().pending).toBeNull()
  })

  it('an unknown answer, then another quantity: another order, so another key (the server refuses a key reused with another body)', async () => {
    logIn()
    let n = 0
    const calls = await ready({ 'POST /flashbuy/place/order': () => (++n === 1 ? networkDown() : [placedOrder()]) })
    withInvoice()
    await useFlashBuy.getState().submit()
    useFlashBuy.getState().setQuantityText('3')
    await useFlashBuy.getState().submit()
    const keys = placeCalls(calls).map((c) => c.header['Idempotency-Key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).not.toBe(keys[1])
  })

  it('section 7: /sc/getSkuDeliveryChannel only when the supply centre is present with operationStatus Normal', async () => {
    logIn()
    useSession.setState({
      defaultSC: { supplyCenterId: 'SC-GZ-003', shipToNum: '1000001', operationStatus: 'Suspended' } as never,
    })
    let calls = await ready({ 'POST /flashbuy/place/order': [placedOrder()] })
    withInvoice()
    await useFlashBuy.getState().submit()
    expect(calls.some((c) => c.path === '/sc/getSkuDeliveryChannel')).toBe(false)
    expect(placeCalls(calls)[0].data.deliveryChannel).toBe('TFS')

    jest.restoreAllMocks()
    jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    muteToasts()
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never)
    useFlashBuy.setState({ id: null, status: 'idle' })
    useSession.setState({
      defaultSC: { supplyCenterId: 'SC-SH-001', shipToNum: '1000001', operationStatus: 'Normal' } as never,
    })
    calls = await ready({
      'POST /sc/getSkuDeliveryChannel': {
        productDeliveryItems: { '4471-A': { deliveryChannel: 'SC', isSmartProc: true, spFlag: true } },
      },
      'POST /flashbuy/place/order': [placedOrder({ orderType: 'D1', deliveryChannel: 'SC' })],
    })
    expect(useFlashBuy.getState().channel).toBe('SC')
    withInvoice()
    await useFlashBuy.getState().submit()
    const lookup = calls.find((c) => c.path === '/sc/getSkuDeliveryChannel')!.data
    expect(lookup).toEqual({
      items: [{ catalogNumber: '4471-A', quantity: 2 }],
      shipToNum: '1000001',
      sourcePage: 'FLASH_BUY',
    })
    expect(calls.find((c) => c.path === '/flashbuy/promos/apply')!.data.item.deliveryChannel).toBe('SC')
    expect(placeCalls(calls)[0].data.deliveryChannel).toBe('SC')
  })

  it('a second submit while one is under way does nothing', async () => {
    logIn()
    let release: () => void = () => undefined
    const calls = await ready({
      'POST /flashbuy/place/order': () =>
        new Promise((r) => {
          release = () => r([placedOrder()])
        }),
    })
    withInvoice()
    const first = useFlashBuy.getState().submit()
    await sleep(30)
    expect(useFlashBuy.getState().status).toBe('placing')
    await expect(useFlashBuy.getState().submit()).resolves.toBe('busy')
    release()
    await expect(first).resolves.toBe('placed')
    expect(placeCalls(calls)).toHaveLength(1)
  })
})

describe('flash-sale list store', () => {
  afterEach(() => jest.restoreAllMocks())

  it('loads GET /flashbuy/list without a token and groups running ("on sale"), coming ("soon") and over ("expired") sales', async () => {
    localStorage.clear()
    document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    const calls = stubApi({
      'GET /flashbuy/list': [
        flashSale({ id: 'FB-CN-004', flashBuyStatus: 'OVER' }),
        flashSale({ id: 'FB-CN-003', flashBuyStatus: 'COMING_SOON', flashPrice: null }),
        flashSale({ id: 'FB-CN-002', flashBuyStatus: 'SOLD_OUT', remainQty: 0 }),
        flashSale({ id: 'FB-CN-001' }),
      ],
    })
    await useFlashSales.getState().load()
    expect(calls[0].header.Authorization).toBeUndefined()
    expect(useFlashSales.getState().status).toBe('ready')
    expect(groupSales(useFlashSales.getState().sales).map((g) => [g.group, g.sales.map((s) => s.id)])).toEqual([
      ['onSale', ['FB-CN-001', 'FB-CN-002']],
      ['soon', ['FB-CN-003']],
      ['expired', ['FB-CN-004']],
    ])
  })
})
