/**
 * End-to-end (issue 4): notifications and the bell dot, the supply centre, my interests and the
 * customer-service chat for a logged-in approved account, on the H5 build against the real server
 * (its chat stand-in at /__chat stands for the vendor's widget). Screenshots are looked at.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { e2eHarness, SHOTS, assertAccessible, APPROVED_CN, APPROVED_IN } from '../support/e2e'

const SECRET = 'e2e-secret-0123456789-0123456789-0123456789'
const h = e2eHarness({ JWT_SECRET: SECRET })
const shot = (name: string) => path.join(SHOTS, name)

test('notifications clear the bell dot once read; supply centre, interests and chat render real data', async () => {
  const { ctx, page, errors } = await h.phone('en-US')
  const token = await h.tokenFor(APPROVED_CN)
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  const unreadBodies: unknown[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/notification/unread')) unreadBodies.push(r.postDataJSON())
  })

  // the seeded notifications of approved.cn; "presence of data drives the bell dot"
  await page.goto(`${h.origin()}/notification`)
  await page.locator('.notification__item').first().waitFor({ timeout: 30000 })
  await page.locator('.app-header__dot').waitFor()
  await page.screenshot({ path: shot('notifications.png') })
  await assertAccessible(page, 'notifications')
  const all = await page.getByText(/mark all/i).first()
  await all.click()
  await page.waitForFunction(() => !document.querySelector('.app-header__dot'), undefined, { timeout: 15000 })
  // the read ids are kept on the device and sent with the next unread check
  await page.reload()
  await page.locator('.notification__item').first().waitFor({ timeout: 30000 })
  await page.waitForTimeout(500)
  assert.equal(await page.locator('.app-header__dot').count(), 0)
  const last = unreadBodies.at(-1) as { readNotification: string[] }
  assert.ok(last.readNotification.length >= 12, `read ids sent: ${last.readNotification.length}`)

  // supply centre: the default centre of ship-to 1000001 ("operationStatus Normal counts as active")
  await page.goto(`${h.origin()}/my-account/SupplyCenter`)
  await page.locator('.sc-current__centre').waitFor({ timeout: 30000 })
  assert.match(await page.locator('.sc-current').innerText(), /Shanghai Supply Centre/) // SC-SH-001, Normal
  await page.screenshot({ path: shot('supply-centre.png'), fullPage: true })
  await assertAccessible(page, 'supply-centre')

  await page.goto(`${h.origin()}/my-account/Persona`)
  await page.locator('.persona__value').first().waitFor({ timeout: 30000 })
  await page.screenshot({ path: shot('persona.png') })
  await assertAccessible(page, 'persona')

  // chat: the stand-in widget receives the section 7 payload
  await page.goto(`${h.origin()}/zhichi-consult`)
  const frame = page.frameLocator('iframe')
  await frame
    .getByText(/local stand-in/i)
    .first()
    .waitFor({ timeout: 45000 })
  const payload = await frame.locator('body').innerText()
  assert.match(payload, /approved\.cn|U-7f3a9c21/)
  assert.match(payload, /wang\.xiaoming@example\.edu\.cn/)
  await page.screenshot({ path: shot('chat.png') })
  await assertAccessible(page, 'chat')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('approved.in sees India (IN badge, ₹ prices) from the account without touching My; a pick on My overrides it', async () => {
  const { ctx, page, errors } = await h.phone('en-US')
  const token = await h.tokenFor(APPROVED_IN)
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  const countries = new Set<string>()
  page.on('request', (r) => {
    if (r.url().includes('/api/product/')) countries.add(r.headers().countrycode ?? '')
  })
  await page.goto(`${h.origin()}/home`)
  await page.waitForFunction(() => document.querySelector('.app-header__badge')?.textContent === 'IN', undefined, {
    timeout: 30000,
  })
  await page.getByText(/₹/).first().waitFor({ timeout: 30000 })
  assert.equal(await page.getByText(/¥/).count(), 0)
  await page.screenshot({ path: shot('home-approved-in.png') })
  // the product calls that priced the page went out for in
  assert.ok(countries.has('in'), [...countries].join(','))
  // My shows India as the country in use; picking China there overrides the account's
  await page.goto(`${h.origin()}/more`)
  await page.locator('.my__choice[aria-checked="true"]', { hasText: 'India' }).waitFor({ timeout: 30000 })
  await page.locator('.my__choice', { hasText: 'China' }).click()
  await page.waitForFunction(() => document.querySelector('.app-header__badge')?.textContent === 'CN')
  await page.reload()
  await page.locator('.my__choice[aria-checked="true"]', { hasText: 'China' }).waitFor({ timeout: 30000 })
  assert.deepEqual(errors, [])
  await ctx.close()
})
