import { stubApi, openPage, text, waitText } from './product-api-stub'
import { resetApp } from './screen-setup'

/**
 * Spec section 6: "Login is required for orders, requests, wishlist, history, points, gift redemption,
 * point detail, redemption record and feedback. Point rules need no login." This holds for screens
 * that are not built yet too: a visitor is asked to log in before being told the screen is coming.
 */
describe('login-only screens that are not built yet', () => {
  beforeEach(() => {
    resetApp()
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
