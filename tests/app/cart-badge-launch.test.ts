import { useSession } from '../../src/store/auth/session'
import { useLocale } from '../../src/store/locale'
import { storage } from '../../src/platform/storage'
import { stubApi } from './product-api-stub'
import { GC_ID, cartItem, cartOf } from './cart-api-stub'

/**
 * Issue 22, item 2: "A visitor's Cart badge is missing after a reload until the Cart tab is opened."
 * Spec section 2: "Cart: ... a badge with the item count." On H5 the app settles a visitor's session
 * (no token: USER_FETCHED at once) before the page chunk that brings the cart store has loaded; the
 * store must then load the visitor's cart (stored gcId) by itself, not wait for a session change that
 * has already happened. This file loads the cart store only after the session is settled.
 */
describe('cart store loaded after the session is settled', () => {
  it('a visitor with a stored gcId gets the cart queried and the badge counted, without opening the Cart tab', async () => {
    localStorage.clear()
    jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    useLocale.setState({ language: 'en', country: 'cn' })
    storage.set('gcId', GC_ID)
    storage.set('IS_NEW_CART_ID', '1')
    const calls = stubApi({
      'GET /cart/query': cartOf([cartItem(), cartItem({ id: 8, catalogNumber: 'MA1-10176' })], { gcId: GC_ID }),
    })
    // the visitor's session, settled before the store exists (as App's first effect does)
    await useSession.getState().fetchUser()
    expect(useSession.getState().status).toBe('USER_FETCHED')
    const { useCart, cartBadgeCount } =
      require('../../src/store/cart/cart') as typeof import('../../src/store/cart/cart')
    await new Promise<void>((resolve) => {
      if (cartBadgeCount(useCart.getState()) > 0) return resolve()
      const stop = useCart.subscribe((s) => {
        if (cartBadgeCount(s) > 0) {
          stop()
          resolve()
        }
      })
    })
    expect(cartBadgeCount(useCart.getState())).toBe(2)
    const query = calls.find((c) => c.path === '/cart/query')!
    expect(query.query.gcId).toBe(GC_ID)
  })
})
