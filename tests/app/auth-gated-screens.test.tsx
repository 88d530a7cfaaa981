import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { stubApi, openPage, text, waitText } from './product-api-stub'

/**
 * Spec section 6: "Login is required for orders, requests, wishlist, history, points, gift redemption,
 * point detail, redemption record and feedback. Point rules need no login." This holds for screens
 * that are not built yet too: a visitor is asked to log in before being told the screen is coming.
 */
describe('login-only screens that are not built yet', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    useLocale.setState({ language: 'en', country: 'cn' })
    useSession.setState({ status: 'FETCHING_USER_NO', userInfo: null })
    stubApi({ 'GET /sys/dict/config': {} })
  })

  it('point detail (login needed) prompts a visitor: "Please login for better experience"', async () => {
    await openPage('packages/membership/reward-detail/index')
    await waitText('Please login for better experience')
    expect(text()).not.toContain('Not available yet')
  })

  it('point rules (no login needed) show the rules to a visitor, without a login prompt', async () => {
    await openPage('packages/membership/rewards-rules/index')
    await waitText('How you earn points')
    expect(text()).not.toContain('Please login for better experience')
  })
})
