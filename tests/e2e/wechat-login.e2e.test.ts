/**
 * End-to-end (issue 4): WeChat login on H5 against the local WeChat stand-in, which serves WeChat's
 * own HTTP interface (connect/qrconnect, connect/oauth2/authorize, sns/oauth2/access_token).
 * Desktop browser → QR-code OAuth page; messaging-app browser (MicroMessenger user agent) → in-app
 * OAuth. Then openid + the server's signed token are exchanged for an access token and the user
 * returns to the saved screen (spec section 4). An unbound WeChat user sees 'wechat login failure'.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { e2eHarness, SHOTS, assertAccessible } from '../support/e2e'

const h = e2eHarness()
const shot = (name: string) => path.join(SHOTS, name)
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003237) NetType/WIFI Language/zh_CN'
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

const tokenIn = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? '')

test('desktop browser: QR-code OAuth through the stand-in, back to the saved screen logged in', async () => {
  const { ctx, page, errors } = await h.phone('zh-CN')
  await page.close() // a desktop context instead of the phone
  const desktop = await ctx
    .browser()!
    .newContext({ userAgent: DESKTOP_UA, viewport: { width: 390, height: 844 }, locale: 'zh-CN' })
  const p = await desktop.newPage()
  p.on('pageerror', (e) => errors.push(e.message))
  await p.goto(`${h.origin()}/more`)
  await p.locator('.login-buttons__wechat').first().click()
  await p.waitForURL(/\/connect\/qrconnect/, { timeout: 30000 })
  assert.match(p.url(), /scope=snsapi_login/)
  await p.screenshot({ path: shot('wechat-qr-standin.png') })
  // (WeChat's own authorisation page, played by a local stand-in: not our page, not checked by axe)
  await p.locator('li', { hasText: 'approved.cn' }).locator('button.allow').click()
  await p.waitForURL(/\/more/, { timeout: 30000 })
  await p.locator('.my__logout').waitFor({ timeout: 30000 })
  const token = await tokenIn(p)
  const info = await (
    await fetch(`${h.origin()}/api/users/info`, { headers: { authorization: `Bearer ${token}` } })
  ).json()
  assert.equal(info.data.userProfile.userName, 'approved.cn')
  await p.screenshot({ path: shot('wechat-qr-logged-in.png') })
  await assertAccessible(p, 'wechat-qr-logged-in')
  assert.deepEqual(errors, [])
  await desktop.close()
  await ctx.close()
})

test('messaging-app browser: in-app OAuth; an unbound WeChat user gets "wechat login failure"', async () => {
  const { ctx, errors } = await h.phone('en-US')
  const inApp = await ctx.browser()!.newContext({
    userAgent: WECHAT_UA,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  })
  const p = await inApp.newPage()
  p.on('pageerror', (e) => errors.push(e.message))

  await p.goto(`${h.origin()}/more`)
  await p.locator('.login-buttons__wechat').first().click()
  await p.waitForURL(/\/connect\/oauth2\/authorize/, { timeout: 30000 })
  assert.match(p.url(), /scope=snsapi_userinfo/)
  await p.screenshot({ path: shot('wechat-inapp-standin.png') })
  // (WeChat's own authorisation page, played by a local stand-in: not our page, not checked by axe)
  await p.locator('li', { hasText: 'not bound' }).locator('button.allow').click()
  await p.waitForURL(/\/wechat-login/, { timeout: 30000 })
  await p.getByText('wechat login failure').first().waitFor({ timeout: 30000 })
  assert.equal(await tokenIn(p), '')
  await p.screenshot({ path: shot('wechat-login-failure.png') })
  await assertAccessible(p, 'wechat-login-failure')

  await p.goto(`${h.origin()}/more`)
  await p.locator('.login-buttons__wechat').first().click()
  await p.waitForURL(/\/connect\/oauth2\/authorize/, { timeout: 30000 })
  await p.locator('li', { hasText: 'approved.in' }).locator('button.allow').click()
  await p.waitForURL(/\/more/, { timeout: 30000 })
  await p.locator('.my__logout').waitFor({ timeout: 30000 })
  const info = await (
    await fetch(`${h.origin()}/api/users/info`, { headers: { authorization: `Bearer ${await tokenIn(p)}` } })
  ).json()
  assert.equal(info.data.userProfile.userName, 'approved.in')
  assert.deepEqual(errors, [])
  await inApp.close()
  await ctx.close()
})
