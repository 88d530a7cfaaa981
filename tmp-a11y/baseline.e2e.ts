import { test } from 'node:test'
import { e2eHarness, assertAccessible } from '../tests/support/e2e'
import { signAccessToken } from '../server/domains/auth/tokens'
const SECRET = 'e2e-secret-0123456789-0123456789-0123456789'
const h = e2eHarness({ JWT_SECRET: SECRET })
for (const locale of ['en-US', 'zh-CN']) test(locale, async () => {
  const { ctx, page } = await h.phone(locale)
  const token = await signAccessToken(SECRET, { userId: 'U-7f3a9c21', userName: 'approved.cn' }, 3600)
  await ctx.addCookies([{ name: 'token', value: token, url: h.origin() }])
  for (const [p, sel] of [['/home', '.product-card'], ['/categories', '.product-card'], ['/search?keyword=CD3', '.product-card'], ['/more', '.my__logout'], ['/my-account/ShipToInfo', '.ship-to__invoices']]) {
    await page.goto(h.origin() + p)
    await page.locator(sel).first().waitFor({ timeout: 30000 }).catch(() => {})
    await page.waitForTimeout(800)
    try { await assertAccessible(page, `${locale} ${p}`) } catch (e) { console.log(String((e as Error).message).slice(0, 3000)) }
  }
  await ctx.close()
})
