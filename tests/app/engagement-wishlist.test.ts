import { useWishlist } from '../../src/store/engagement/wishlist'
import { useSession } from '../../src/store/auth/session'
import { useLocale } from '../../src/store/locale'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { showsInWishlist, WISHLIST_POPUP_MS } from '../../src/rules/engagement/wishlist-toggle'
import { fakeToken, inSeconds } from '../support/tokens'
import { stubApi, fail } from './product-api-stub'

/**
 * Spec section 4, wishlist toggle, run by the wishlist store around the real API client
 * (Taro.request stubbed at its boundary).
 */
const USER = { userId: 'U-7f3a9c21', userName: 'approved.cn' }
const PRODUCT = { contentId: 'MA1-10175', contentType: 'Products' as const, wishlistType: 'product' as const }

function signIn() {
  storage.set(KEYS.authToken, fakeToken({ sub: USER.userId, exp: inSeconds(3600) }))
  storage.set(KEYS.userId, USER.userId)
  storage.set(KEYS.userName, USER.userName)
  useSession.setState({ status: 'USER_FETCHED', userInfo: { userProfile: USER, accountNumber: '1000001' } as never })
}

/** a promise the test resolves by hand, to look at the state while a call is on its way */
function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('wishlist toggle (spec section 4)', () => {
  beforeEach(() => {
    localStorage.clear()
    useLocale.setState({ language: 'en', country: 'cn' })
    useSession.setState({ status: 'USER_FETCHED', userInfo: null })
    useWishlist.getState().reset()
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  const state = () => useWishlist.getState().states[PRODUCT.contentId] ?? 'out'

  it('"Not in wishlist, add, in wishlist": the heart fills at once (optimistic), and saveWishList carries the spec §7 body', async () => {
    signIn()
    const save = deferred<unknown>()
    const calls = stubApi({ 'POST /wishlist/saveWishList': () => save.promise })
    const run = useWishlist.getState().toggle(PRODUCT)
    expect(state()).toBe('adding')
    expect(showsInWishlist(state())).toBe(true)
    save.resolve({ contentId: 'MA1-10175' })
    await expect(run).resolves.toBe('in')
    expect(state()).toBe('in')
    const call = calls.find((c) => c.path === '/wishlist/saveWishList')!
    expect(call.method).toBe('POST')
    expect(call.data).toEqual({
      contentId: 'MA1-10175',
      contentType: 'Products',
      countryCode: 'cn',
      userId: USER.userId,
      wishlistType: 'product',
    })
  })

  it('"The server must return contentId for the add to count": an answer without it reverts, with no popup', async () => {
    signIn()
    stubApi({ 'POST /wishlist/saveWishList': {} })
    await expect(useWishlist.getState().toggle(PRODUCT)).resolves.toBe('out')
    expect(state()).toBe('out')
    expect(useWishlist.getState().popup).toBeNull()
  })

  it('"Add failure reverts to not in wishlist" (silently: no popup)', async () => {
    signIn()
    stubApi({ 'POST /wishlist/saveWishList': fail(500) })
    await expect(useWishlist.getState().toggle(PRODUCT)).resolves.toBe('out')
    expect(useWishlist.getState().popup).toBeNull()
  })

  it('"Remove failure stays in wishlist"; a remove that works empties the heart; deleteWishList sends query contentId, countryCode, userId and an empty body', async () => {
    signIn()
    useLocale.setState({ country: 'in' })
    useWishlist.setState({ states: { [PRODUCT.contentId]: 'in' } })
    let calls = stubApi({ 'POST /wishlist/deleteWishList': fail(500) })
    const run = useWishlist.getState().toggle(PRODUCT)
    expect(state()).toBe('removing')
    expect(showsInWishlist(state())).toBe(false)
    await expect(run).resolves.toBe('in')
    expect(state()).toBe('in')
    jest.restoreAllMocks()
    calls = stubApi({ 'POST /wishlist/deleteWishList': null })
    await expect(useWishlist.getState().toggle(PRODUCT)).resolves.toBe('out')
    const del = calls.find((c) => c.path === '/wishlist/deleteWishList')!
    expect(del.query).toEqual({ contentId: 'MA1-10175', countryCode: 'in', userId: USER.userId })
    expect(del.data).toEqual({})
  })

  it('a second tap while the call is on its way does nothing (one call)', async () => {
    signIn()
    const save = deferred<unknown>()
    const calls = stubApi({ 'POST /wishlist/saveWishList': () => save.promise })
    const first = useWishlist.getState().toggle(PRODUCT)
    await useWishlist.getState().toggle(PRODUCT)
    save.resolve({ contentId: 'MA1-10175' })
    await first
    expect(calls.filter((c) => c.path === '/wishlist/saveWishList')).toHaveLength(1)
    expect(state()).toBe('in')
  })

  it('"A confirmation popup stays 3 seconds" after an add', async () => {
    signIn()
    stubApi({ 'POST /wishlist/saveWishList': { contentId: 'MA1-10175' } })
    jest.useFakeTimers()
    await useWishlist.getState().toggle(PRODUCT)
    expect(WISHLIST_POPUP_MS).toBe(3000)
    expect(useWishlist.getState().popup?.contentId).toBe('MA1-10175')
    jest.advanceTimersByTime(2999)
    expect(useWishlist.getState().popup).not.toBeNull()
    jest.advanceTimersByTime(1)
    expect(useWishlist.getState().popup).toBeNull()
  })

  it('"Wishlist controls show only with a token": without one, a toggle calls nothing', async () => {
    const calls = stubApi({ 'POST /wishlist/saveWishList': { contentId: 'MA1-10175' } })
    await expect(useWishlist.getState().toggle(PRODUCT)).resolves.toBe('out')
    expect(calls).toHaveLength(0)
  })

  it("getWishList asks for the session's user in the current country and marks those entries as in the wishlist", async () => {
    signIn()
    const calls = stubApi({
      'GET /wishlist/getWishList': {
        wishList: [
          {
            contentId: 'MA1-10175',
            contentType: 'Products',
            wishlistType: 'product',
            countryCode: 'cn',
            title: 'Anti-CD3',
            image: null,
            link: { route: 'productDetails', params: { catalogNumber: 'MA1-10175' } },
            createdAt: '2026-11-20T10:00:00Z',
          },
        ],
      },
    })
    await useWishlist.getState().load()
    expect(calls[0].query).toEqual({ countryCode: 'cn', userId: USER.userId })
    expect(state()).toBe('in')
  })

  it("another user (or logout) does not inherit the previous user's hearts", async () => {
    signIn()
    useWishlist.setState({ states: { [PRODUCT.contentId]: 'in' } })
    useSession.setState({ userInfo: null })
    expect(useWishlist.getState().states).toEqual({})
  })
})
