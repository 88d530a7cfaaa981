/**
 * End-to-end points and gifts (issue 13): the H5 build (TEST_H5_DIR or dist/h5) served by the real
 * server on a fresh embedded database, Chromium on an iPhone 12 viewport.
 * - approved.cn: My → Gift centre (balance from the shipped orders, every gift's exchange status) →
 *   Redeem → the redeem screen → Confirm → success → the redemption record (details in place) →
 *   feedback about it → the point detail lists the spend; the point rules (no login);
 * - distributor.cn: My shows no gift centre; the gift centre says the account is barred; the API answers 403.
 * Screenshots: artifacts/e2e/gifts-*.png. axe: no critical or serious violations.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { e2eHarness, journeyShots, settle, onScreen, showPart, APPROVED_CN, DISTRIBUTOR_CN } from '../support/e2e'

const SECRET = 'e2e-gifts-secret-0123456789-0123456789-0123456'

const h = e2eHarness({ JWT_SECRET: SECRET })
const { shot, look } = journeyShots('gifts')

test('approved.cn: My → gift centre → statuses → redeem → redemption record → feedback → point detail', async () => {
  const { ctx, page, errors } = await h.phone()
  const auth = await h.signIn(page.context(), APPROVED_CN)

  await page.goto(`${h.origin()}/more`)
  const entry = page.locator('.my-menu__item--giftCentre')
  // the entry needs a user: wait until My shows the signed-in one (before that, a tap asks to log in)
  await page.locator('.my__logout').waitFor({ timeout: 30000 })
  await page.screenshot({ path: shot('my') })
  await entry.click()
  await page.waitForURL(/\/giftcenter$/, { timeout: 20000 })
  const centre = onScreen(page)
  await centre.locator('.gc-gift').first().waitFor({ timeout: 30000 })
  await settle(page)
  const balance = Number((await centre.locator('.gc-head__value').innerText()).replace(/,/g, ''))
  const server = (await h.api('GET', '/membership/points', auth)).body.data
  assert.equal(balance, server.balance, 'the balance the server derives from the ledger')
  assert.ok(balance > 5000, `points earned by shipped orders: ${balance}`)
  const status = (id: string) => centre.locator(`.gc-gift[data-id="${id}"]`).getAttribute('data-status')
  assert.equal(await status('GF-CN-005'), 'normal')
  assert.equal(await status('GF-CN-007'), 'out_of_stock')
  assert.equal(await status('GF-CN-016'), 'insufficient_points')
  assert.equal(await status('GF-CN-019'), 'draw_only')
  assert.match(await centre.locator('.gc-gift[data-id="GF-CN-007"] .gc-gift__status').innerText(), /Out of stock/)
  await look(page, 'centre')
  await showPart(centre.locator('.gc-gift[data-id="GF-CN-016"]'))
  await page.screenshot({ path: shot('centre-statuses') })

  // Redeem the gloves (900 points, limit 6 a month)
  await showPart(centre.locator('.gc-gift[data-id="GF-CN-005"]'))
  await centre.locator('.gc-gift[data-id="GF-CN-005"] a.gc-gift__action').click()
  await page.waitForURL(/\/giftcenter\/redeem\?id=GF-CN-005/, { timeout: 20000 })
  const form = onScreen(page)
  await form.locator('.gr-gift').waitFor({ timeout: 20000 })
  await settle(page)
  assert.match(await form.locator('.gr-bar__total').innerText(), /Total: 900 points/)
  await form.locator('.gr-qty__plus').click()
  assert.match(await form.locator('.gr-bar__total').innerText(), /Total: 1,800 points/)
  assert.equal(
    await form.locator('.gr-address__item[aria-checked="true"]').count(),
    1,
    'the default ACTIVE ship-to chosen',
  )
  await look(page, 'redeem')
  await form.locator('.gr-bar__submit').click()
  const done = form.locator('.gr-done')
  await done.waitFor({ timeout: 20000 })
  const doneText = await done.innerText()
  const number = /RD-\d{6}/.exec(doneText)?.[0]
  assert.ok(number, doneText)
  assert.match(doneText, new RegExp(`balance is now ${(balance - 1800).toLocaleString('en-US')} points`))
  await look(page, 'success')

  // the redemption record
  await done.locator('a.gr-done__link--record').click()
  await page.waitForURL(/\/giftcenter\/redemptionrecord/, { timeout: 20000 })
  const record = onScreen(page)
  const item = record.locator(`.rr-item[data-number="${number}"]`)
  await item.waitFor({ timeout: 20000 })
  await settle(page)
  assert.equal(await item.getAttribute('data-status'), 'submitted')
  assert.match(await item.innerText(), /Nitrile gloves/)
  await item.locator('.rr-item__toggle').click()
  await item.locator('.rr-detail__value').first().waitFor({ timeout: 10000 })
  await look(page, 'record')

  // feedback about it
  await item.locator('a.rr-item__feedback').click()
  await page.waitForURL(/\/giftcenter\/redemptionfeedback\?number=/, { timeout: 20000 })
  const fb = onScreen(page)
  await fb.locator('.fbk-form').waitFor({ timeout: 20000 })
  await settle(page)
  assert.equal(
    await fb.locator(`.fbk-chip[aria-checked="true"]:has-text("${number}")`).count(),
    1,
    'the number comes chosen',
  )
  await fb.locator('.fbk-chip:has-text("Complaint")').click()
  await fb.locator('textarea.fbk-input, .fbk-input textarea').first().fill('Two boxes were torn on arrival')
  await fb.locator('.fbk-form__submit').click()
  // the seed has feedback of its own (a staff sample, server/db/seed/membership-gifts.ts): find this one by its text
  const mine = fb.locator('.fbk-item', { hasText: 'Two boxes were torn on arrival' }).first()
  await mine.waitFor({ timeout: 10000 })
  assert.equal(await mine.getAttribute('data-status'), 'pending')
  assert.match(await mine.innerText(), /Complaint/)
  await page.waitForTimeout(2200) // the toast goes
  await look(page, 'feedback')

  // the point detail lists the spend
  await page.goto(`${h.origin()}/giftcenter/rewarddetail`)
  const detail = onScreen(page)
  await detail.locator('.pd-entry').first().waitFor({ timeout: 30000 })
  await settle(page)
  assert.equal(Number((await detail.locator('.pd-balance__value').innerText()).replace(/,/g, '')), balance - 1800)
  const first = detail.locator('.pd-entry').first()
  assert.match(await first.innerText(), new RegExp(`Redemption ${number}`))
  assert.equal(await first.locator('.pd-entry__points').innerText(), '-1,800')
  assert.match(
    await detail.locator('.pd-balance__expiring').innerText(),
    /points expire on \d{4}-\d{2}-\d{2}|No points are due to expire/,
  )
  await look(page, 'detail')

  // the point rules
  await detail.locator('a.pd-balance__rules').click()
  await page.waitForURL(/\/giftcenter\/rewardsrules/, { timeout: 20000 })
  await onScreen(page).locator('.pr-section').first().waitFor({ timeout: 20000 })
  await settle(page)
  assert.match(await onScreen(page).innerText(), /1 point per full CNY 1,000/)
  await look(page, 'rules')

  assert.deepEqual(errors, [])
  await ctx.close()
})

test('point rules need no login (in Chinese)', async () => {
  const { ctx, page, errors } = await h.phone('zh-CN')
  await page.goto(`${h.origin()}/giftcenter/rewardsrules`)
  await onScreen(page).locator('.pr-section').first().waitFor({ timeout: 30000 })
  await settle(page)
  assert.match(await onScreen(page).innerText(), /每满 CNY 1,000 获得 1 积分/)
  await look(page, 'rules-zh')
  assert.deepEqual(errors, [])
  await ctx.close()
})

test('distributor.cn is refused: no gift centre on My, the barred message on the screen, 403 from the API', async () => {
  const { ctx, page, errors } = await h.phone()
  const auth = await h.signIn(page.context(), DISTRIBUTOR_CN)
  await page.goto(`${h.origin()}/more`)
  // what My shows once it knows the user (before that, the visitor's menu)
  await page.locator('.my__logout').waitFor({ timeout: 30000 })
  assert.equal(await page.locator('.my-menu__item--giftCentre').count(), 0)
  await page.goto(`${h.origin()}/giftcenter`)
  const blocked = onScreen(page).locator('.member-blocked')
  await blocked.waitFor({ timeout: 30000 })
  await settle(page)
  assert.match(
    await blocked.innerText(),
    /distributor, agent and special accounts cannot take part in the membership programme/,
  )
  assert.equal(await onScreen(page).locator('.gc-gift').count(), 0)
  await look(page, 'blocked')
  const r = await h.api('GET', '/membership/gifts', auth)
  assert.deepEqual([r.status, r.body.reason], [403, 'MEMBERSHIP_BLOCKED'])
  assert.deepEqual(errors, [])
  await ctx.close()
})
