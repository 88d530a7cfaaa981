import type { CartEndpoints } from '../../types/cart'
import type { AnswerOf } from '../../types/endpoint'
import { useCart, cartBadgeCount, resetCartSession } from '../../src/store/cart/cart'
import { useSession } from '../../src/store/auth/session'
import { useLocale } from '../../src/store/locale'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { fakeToken, inSeconds } from '../support/tokens'
import { stubApi, fail, sleep, type StubCall } from './product-api-stub'
import { GC_ID, cartItem, cartOf, emptyCart } from './cart-api-stub'

/**
 * The cart store around the real API client (Taro.request stubbed at its boundary): spec section 4
 * "Cart query", section 8 failures, the anonymous cart id and its stored keys (section 3).
 */
const USER = { userId: 'U-7f3a9c21', userName: 'approved.cn' }
const activeShipTo = { shipTo: { addressStatus: 'ACTIVE' }, billTos: [] }
const approved = {
  userProfile: USER,
  accountNumber: '1000001',
  userRoles: { registrationStatus: 'Siebel Approved' },
  allShipToBillToAddresses: [activeShipTo],
}
const pendingOnly = { ...approved, allShipToBillToAddresses: [{ shipTo: { addressStatus: 'PENDING' }, billTos: [] }] }
const lite = {
  userProfile: USER,
  accountNumber: null,
  userRoles: { registrationStatus: 'Partially Registered' },
  allShipToBillToAddresses: [],
}

function signIn(info: object = approved) {
  storage.set(KEYS.authToken, fakeToken({ sub: USER.userId, exp: inSeconds(3600) }))
  storage.set(KEYS.userId, USER.userId)
  storage.set(KEYS.userName, USER.userName)
  useSession.setState({ status: 'USER_FETCHED', userInfo: info as never })
}
const paths = (calls: StubCall[]) => calls.map((c) => `${c.method} ${c.path}`)
const envelope = (status: number, code: string, message: string, reason?: string) => ({
  status,
  body: { success: false, code, message, statusCode: status, ...(reason ? { reason } : {}) },
})

describe('cart store', () => {
  beforeEach(() => {
    localStorage.clear()
    useLocale.setState({ language: 'en', country: 'cn' })
    useSession.setState({ status: 'FETCHING_USER', userInfo: null })
    resetCartSession()
    useCart.getState().reset()
    jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  })
  afterEach(() => jest.restoreAllMocks())

  it("a visitor without a cart asks nothing; the first add has no gcId, and the server's gcId is kept with IS_NEW_CART_ID", async () => {
    const cart = cartOf([cartItem()], { gcId: GC_ID })
    const calls = stubApi({
      'POST /cart/addItems': {
        results: [
          { line: 1, catalogNumber: 'MA1-10175', quantity: 2, status: 'added', productTitle: null, cartItemId: 7 },
        ],
        cart,
        gcId: GC_ID,
      },
    })
    useSession.setState({ status: 'USER_FETCHED', userInfo: null })
    await sleep(10)
    expect(calls).toHaveLength(0)
    const r = await useCart.getState().add('MA1-10175', 2)
    expect(r.ok).toBe(true)
    expect(calls[0].data).toEqual({ items: [{ catalogNumber: 'MA1-10175', quantity: 2, source: 'product' }] })
    expect(storage.get('gcId')).toBe(GC_ID)
    expect(storage.get('IS_NEW_CART_ID')).toBe('1')
    expect(storage.get('cart_sp')).toBe('SMART_DISTRIBUTION')
    // the next call of this visitor travels under the gcId
    await useCart.getState().add('MA1-10176', 1)
    expect(calls[1].data.gcId).toBe(GC_ID)
  })

  it('spec 4: "If the user is logged in, an unmerged anonymous cart exists and merge has not been called: merge first, then query" — and the anonymous id is dropped', async () => {
    storage.set('gcId', GC_ID)
    storage.set('IS_NEW_CART_ID', '1')
    const merged = cartOf([cartItem({ quantity: 3 })])
    const calls = stubApi({
      'GET /cart/merge': { cart: merged, mergedLines: 1, alreadyMerged: false },
      'GET /cart/query': merged,
    })
    signIn()
    await sleep(30)
    expect(paths(calls)).toEqual(['GET /cart/merge', 'GET /cart/query'])
    expect(calls[0].query).toMatchObject({ gcId: GC_ID, country: 'cn', language: 'en' })
    expect(calls[0].header.Authorization).toMatch(/^Bearer /)
    expect(calls[1].query.gcId).toBeUndefined()
    expect(storage.get('gcId')).toBeNull()
    expect(storage.get('IS_NEW_CART_ID')).toBeNull()
    expect(useCart.getState().cart?.cartItems[0].quantity).toBe(3)
    // merge is not called twice
    await useCart.getState().load()
    expect(paths(calls).filter((p) => p === 'GET /cart/merge')).toHaveLength(1)
  })

  it('spec 4: "If the merge fails, the cart is marked unmerged again" — the user\'s cart is still queried and the next load merges again', async () => {
    storage.set('gcId', GC_ID)
    storage.set('IS_NEW_CART_ID', '1')
    let mergeOk = false
    const calls = stubApi({
      'GET /cart/merge': () =>
        mergeOk ? { cart: emptyCart(), mergedLines: 1, alreadyMerged: false } : fail(503, 'SERVICE_UNAVAILABLE'),
      'GET /cart/query': emptyCart(),
    })
    signIn()
    await sleep(30)
    expect(paths(calls)).toEqual(['GET /cart/merge', 'GET /cart/query'])
    expect(storage.get('gcId')).toBe(GC_ID)
    expect(storage.get('IS_NEW_CART_ID')).toBe('1')
    mergeOk = true
    await useCart.getState().load()
    expect(paths(calls)).toEqual(['GET /cart/merge', 'GET /cart/query', 'GET /cart/merge', 'GET /cart/query'])
    expect(storage.get('gcId')).toBeNull()
  })

  it("the badge is the server's itemCount; logout clears the user's cart from memory", async () => {
    const cart = cartOf([cartItem(), cartItem({ id: 8, catalogNumber: 'A1', quantity: 5 })])
    stubApi({ 'GET /cart/query': cart })
    signIn()
    await sleep(30)
    expect(cartBadgeCount(useCart.getState())).toBe(2)
    useSession.getState().logout()
    await sleep(10)
    expect(useCart.getState().cart).toBeNull()
    expect(cartBadgeCount(useCart.getState())).toBe(0)
  })

  it('quantity: optimistic while on its way; section 8 "add and quantity return the error" — the server\'s refusal comes back and the line goes back', async () => {
    const cart = cartOf([cartItem({ quantity: 2 })])
    let answer: (v: unknown) => void = () => undefined
    stubApi({
      'GET /cart/query': cart,
      'POST /cart/quantity': () =>
        new Promise((r) => {
          answer = r
        }),
    })
    signIn()
    await sleep(30)
    const p = useCart.getState().setQuantity(7, 5)
    await sleep(5)
    expect(useCart.getState().pendingQty[7]).toBe(5)
    answer(envelope(409, 'CONFLICT', 'Only 3 can be ordered online.', 'LINE_BLOCKED'))
    const r = await p
    expect(r).toEqual({ ok: false, message: 'Only 3 can be ordered online.', reason: 'LINE_BLOCKED', code: 'CONFLICT' })
    expect(useCart.getState().pendingQty[7]).toBeUndefined()
    expect(useCart.getState().cart?.cartItems[0].quantity).toBe(2)
  })

  it('section 8 "add ... return the error": a refusal without a business reason shows the app\'s own message, never the server\'s technical text', async () => {
    stubApi({ 'POST /cart/addItems': envelope(404, 'NOT_FOUND', 'Route POST /api/cart/addItems not found') })
    useSession.setState({ status: 'USER_FETCHED', userInfo: null })
    const r = await useCart.getState().add('MA1-10175', 1)
    expect(r.ok).toBe(false)
    expect(!r.ok && r.message).not.toMatch(/Route|api/)
    expect(!r.ok && r.message.length).toBeGreaterThan(5)
    expect(storage.get('gcId')).toBeNull()
  })

  it('section 8: a failed delete is logged and answers null; the lines stay', async () => {
    stubApi({ 'GET /cart/query': cartOf([cartItem()]), 'POST /cart/deleteItems': fail(500) })
    signIn()
    await sleep(30)
    expect(await useCart.getState().remove([7])).toBeNull()
    expect(useCart.getState().cart?.itemCount).toBe(1)
    expect(console.warn).toHaveBeenCalledWith('[cart] deleteItems failed', expect.stringContaining('500'))
  })

  it('coupons: each section 8 errorCode shows its own message; informational codes count as applied', async () => {
    const verdict = (code: string, errorCode: string | null, valid = false) => ({
      coupon: { code, type: 'P', valid, errorCode, description: '' },
      cart: emptyCart(),
    })
    const answers: Record<string, unknown> = {
      P10: verdict('P10', '10'),
      P20: verdict('P20', 'E1PQ20'),
      P30: verdict('P30', 'SQ70'),
      P40: verdict('P40', 'E1PQ40'),
      P60: verdict('P60', 'E1PQ60', true),
      P99: verdict('P99', 'SQ30'),
      PX: verdict('PX', 'ZZ9'),
    }
    stubApi({ 'GET /cart/query': emptyCart(), 'POST /cart/coupon/apply': (c: StubCall) => answers[c.data.code] })
    signIn()
    await sleep(30)
    const apply = (c: string) => useCart.getState().applyCoupon(c)
    expect(await apply('P10')).toEqual({ ok: false, message: 'This coupon code is invalid.' })
    expect(await apply('P20')).toEqual({ ok: false, message: 'This coupon code has expired or is not yet effective.' })
    expect(await apply('P30')).toEqual({
      ok: false,
      message: 'This coupon code does not apply to the products in your cart.',
    })
    expect(await apply('P40')).toEqual({
      ok: false,
      message: 'The coupon price is higher than the online offer price.',
    })
    expect(await apply('P60')).toEqual({
      ok: true,
      message: 'The code is applied; some products keep their online offer price.',
    })
    expect(await apply('P99')).toEqual({ ok: false, message: 'The maximum number of codes has been reached.' })
    expect(await apply('PX')).toEqual({
      ok: false,
      message: 'The code could not be applied. Please contact customer service.',
    })
  })

  it('coupons: "P and D quotes cannot be mixed" — a D code beside an applied P code is refused with its message, and a lite user cannot apply codes at all', async () => {
    const withP = emptyCart({
      coupons: [{ code: 'P2026SPRING', type: 'P', valid: true, errorCode: null, description: '' }],
    })
    const calls = stubApi({
      'GET /cart/query': withP,
      'POST /cart/coupon/apply': {
        coupon: { code: 'x', type: 'D', valid: true, errorCode: null, description: '' },
        cart: withP,
      },
    })
    signIn()
    await sleep(30)
    expect(await useCart.getState().applyCoupon('D2026BULK')).toEqual({
      ok: false,
      message: 'P and D codes cannot be used together.',
    })
    expect(calls.some((c) => c.path === '/cart/coupon/apply')).toBe(false)
    useSession.setState({ userInfo: lite as never })
    expect(await useCart.getState().applyCoupon('P2026SPRING')).toEqual({
      ok: false,
      message: 'Complete your registration to use coupon codes.',
    })
    // "Pending-address accounts cannot use promo codes."
    useSession.setState({ userInfo: pendingOnly as never })
    expect(await useCart.getState().applyCoupon('P2026SPRING')).toEqual({
      ok: false,
      message: 'Coupon codes can be used once your address is validated.',
    })
    expect(calls.some((c) => c.path === '/cart/coupon/apply')).toBe(false)
  })

  it('issue 22 item 1: removing a coupon shows the cart the server answers (POST /cart/coupon/remove answers a Cart): the code is gone, the prices change, and "M and R, M and T, and R and T cannot be mixed" no longer refuses T', async () => {
    const coupon = (code: string, type: 'P' | 'R' | 'T') => ({
      code,
      type,
      valid: true,
      errorCode: null,
      description: '',
    })
    const item = cartItem({ finalPrice: 2716, lineTotal: 2716 })
    const withPR = cartOf([item], { coupons: [coupon('P-ANTIBODY10', 'P'), coupon('R-REAGENT8', 'R')] })
    const withP = cartOf([cartItem({ finalPrice: 2952, lineTotal: 2952 })], { coupons: [coupon('P-ANTIBODY10', 'P')] })
    const withPT = cartOf([cartItem({ finalPrice: 2952, lineTotal: 2902 })], {
      coupons: [coupon('P-ANTIBODY10', 'P'), coupon('T-TRIAL50', 'T')],
    })
    // the stub answers the shapes of the endpoints (types/cart/endpoints.ts): remove answers a Cart, apply a CartCouponResult
    const removeAnswer: AnswerOf<CartEndpoints['removeCoupon']> = withP
    const applyAnswer: AnswerOf<CartEndpoints['applyCoupon']> = { coupon: coupon('T-TRIAL50', 'T'), cart: withPT }
    const calls = stubApi({
      'GET /cart/query': withPR,
      'POST /cart/coupon/remove': removeAnswer,
      'POST /cart/coupon/apply': applyAnswer,
    })
    signIn()
    await sleep(30)
    expect(useCart.getState().cart?.coupons.map((c) => c.code)).toEqual(['P-ANTIBODY10', 'R-REAGENT8'])
    expect(await useCart.getState().removeCoupon('R-REAGENT8')).toEqual({ ok: true, message: null })
    expect(useCart.getState().cart?.coupons.map((c) => c.code)).toEqual(['P-ANTIBODY10'])
    expect(useCart.getState().cart?.summary.total).toBe(withP.summary.total)
    expect(useCart.getState().cart?.cartItems[0].lineTotal).toBe(withP.cartItems[0].lineTotal)
    // R is gone, so T may join P: the call goes to the server instead of an "M/R/T mix" refusal
    expect(await useCart.getState().applyCoupon('T-TRIAL50')).toEqual({ ok: true, message: 'Code T-TRIAL50 applied.' })
    expect(calls.some((c) => c.path === '/cart/coupon/apply')).toBe(true)
    expect(useCart.getState().cart?.coupons.map((c) => c.code)).toEqual(['P-ANTIBODY10', 'T-TRIAL50'])
  })

  it("quick add, assay id and reorder keep the per-line results; a refused reorder returns the server's message", async () => {
    const results = [
      { line: 1, catalogNumber: 'A1', quantity: 2, status: 'added', productTitle: 'A', cartItemId: 1 },
      { line: 2, catalogNumber: 'ZZZ', quantity: 1, status: 'unknown', productTitle: null, cartItemId: null },
    ]
    const calls = stubApi({
      'GET /cart/query': emptyCart(),
      'POST /cart/quickAdd': { results, cart: emptyCart(), gcId: null },
      'POST /cart/assayId': { results: [results[0]], cart: emptyCart(), gcId: null },
      'POST /cart/reorder': envelope(404, 'NOT_FOUND', 'Order not found.', 'ORDER_NOT_FOUND'),
    })
    signIn()
    await sleep(30)
    const r = await useCart.getState().quickAdd([
      { line: 1, catalogNumber: 'A1', quantity: 2 },
      { line: 2, catalogNumber: 'ZZZ', quantity: 1 },
    ])
    expect(r.ok && r.value.map((x) => x.status)).toEqual(['added', 'unknown'])
    expect(useCart.getState().lastResults).toHaveLength(2)
    await useCart.getState().addByAssay('Hs00187842_m1', 1)
    expect(calls.find((c) => c.path === '/cart/assayId')!.data).toEqual({ assayId: 'Hs00187842_m1', quantity: 1 })
    expect(await useCart.getState().reorder('SO-1')).toMatchObject({
      ok: false,
      message: 'Order not found.',
      reason: 'ORDER_NOT_FOUND',
    })
  })

  it('the order preference is sent and kept as cart_sp', async () => {
    const calls = stubApi({
      'GET /cart/query': emptyCart(),
      'POST /cart/preference': emptyCart({ orderPreference: 'SC_PRIORITY' }),
    })
    signIn()
    await sleep(30)
    await useCart.getState().setPreference('SC_PRIORITY')
    expect(calls.find((c) => c.path === '/cart/preference')!.data).toEqual({ orderPreference: 'SC_PRIORITY' })
    expect(storage.get('cart_sp')).toBe('SC_PRIORITY')
    expect(useCart.getState().cart?.orderPreference).toBe('SC_PRIORITY')
  })
})
