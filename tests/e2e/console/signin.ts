/**
 * Issue 25: "Sign-in through the staff login of the previous issue (with its second factor)". The real way in: the
 * console's sign-in button, the issuer's staff sign-in page (password), the first sign-in's authenticator enrolment
 * (the QR code and the secret, then a code of it), the recovery codes shown once, the console; then sign-out ends
 * the session (its token is refused after). Runs last (tests/e2e/console.e2e.test.ts): sign-out ends every token of
 * the member.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { totpCode } from '../../../server/domains/staff/signin/totp'
import { DEV_STAFF_PASSWORD } from '../../../server/domains/auth/provider/staff-accounts'
import { DESKTOP, type ConsoleHarness } from './harness'

export function signinScenarios(h: ConsoleHarness) {
  test('the administrator signs in with password and a new authenticator, then signs out', async () => {
    const ctx = await h.browser().newContext({ viewport: DESKTOP, locale: 'en-US' })
    const page = await ctx.newPage()
    try {
      await page.goto(`${h.origin()}/admin/`)
      const signIn = page.getByRole('link', { name: 'Sign in' })
      await signIn.waitFor()
      await h.look(page, 'signin-start')
      await h.tabTo(page, signIn)
      await page.keyboard.press('Enter')
      await page.locator('input[name=username]').waitFor()
      await page.locator('input[name=username]').fill('admin.staff')
      await page.locator('input[name=password]').fill(DEV_STAFF_PASSWORD)
      await page.locator('input[name=password]').press('Enter')
      await page.waitForURL(/\/admin\/signin-callback\?/)
      const secret = (await page.getByTestId('totp-secret').textContent({ timeout: 20_000 }))!.trim()
      await page.getByRole('img', { name: /QR code/ }).waitFor()
      await h.look(page, 'signin-enrol')
      await page.getByLabel('6-digit code').fill(totpCode(secret))
      await page.getByRole('button', { name: 'Verify and sign in' }).click()
      const codes = page.getByRole('list', { name: 'Recovery codes' })
      await codes.waitFor()
      assert.equal(await codes.getByRole('listitem').count(), 10)
      await h.look(page, 'signin-recovery-codes')
      await page.getByRole('button', { name: 'Continue to the back office' }).click()
      await page.getByText('Ada Admin').waitFor({ timeout: 20_000 })
      const token = await page.evaluate(
        () => JSON.parse(sessionStorage.getItem('lab-admin.staff-token')!).token as string,
      )
      const me = await fetch(`${h.origin()}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })
      assert.equal(me.status, 200)

      // sign out from the user menu: the token is refused from then on
      await page.getByRole('button', { name: /Ada Admin/ }).click()
      await page.getByRole('menuitem', { name: 'Logout' }).click()
      await page.getByRole('link', { name: 'Sign in' }).waitFor()
      const after = await fetch(`${h.origin()}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })
      assert.equal(after.status, 401)
    } finally {
      await ctx.close()
    }
  })
}
