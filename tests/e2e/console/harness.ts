/**
 * The staff console's end-to-end harness (issue 25): the real server serving the H5 store (dist/h5) and the console
 * (dist/admin) on a fresh embedded database, and Debian's Chromium. `desk(staffId)` is a desktop page of the console
 * signed in as a seeded staff member (server/db/seed/staff.ts: 'staff-<role>'), with the staff token a sign-in gives
 * (tests/e2e/console/signin.ts walks the real sign-in once, with its authenticator step). The H5 store side (phone,
 * signIn, call, ...) is tests/support/e2e.ts's harness.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { e2eHarness, journeyShots } from '../../support/e2e'
import { ROOT } from '../../support/repo-paths'

export const CONSOLE_SECRET = 'e2e-console-secret-0123456789-0123456789-0123'

/** the desktop the issue names ("Chromium at a desktop viewport") and a tablet held upright */
export const DESKTOP = { width: 1366, height: 900 }
export const TABLET = { width: 820, height: 1180 }

export interface Desk {
  ctx: BrowserContext
  page: Page
  /** uncaught errors of the page */
  errors: string[]
}

export type ConsoleHarness = ReturnType<typeof consoleHarness>

export function consoleHarness(env: Record<string, string> = {}) {
  assert.ok(
    fs.existsSync(path.join(ROOT, 'dist', 'admin', 'index.html')),
    'build the console first: npm run build:admin',
  )
  const h = e2eHarness({ JWT_SECRET: CONSOLE_SECRET, ...env })
  const { shot, look } = journeyShots('console')

  /**
   * A console page signed in as `staffId` in `lang` (the console's language choice and the browser's), at desktop
   * size (or a tablet's). The token is the one the sign-in would keep in the tab's sessionStorage.
   */
  async function desk(staffId: string, opts: { lang?: 'en' | 'zh'; tablet?: boolean } = {}): Promise<Desk> {
    const lang = opts.lang ?? 'en'
    const headers = await h.staffHeaders(staffId)
    const token = headers.authorization.replace(/^Bearer /, '')
    const ctx = await h.browser().newContext({
      viewport: opts.tablet ? TABLET : DESKTOP,
      locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    })
    await ctx.addInitScript({
      content:
        `try { sessionStorage.setItem('lab-admin.staff-token', ${JSON.stringify(JSON.stringify({ token, expiresAt: Date.now() + 3_600_000 }))});` +
        ` if (!localStorage.getItem('RaStore.locale')) localStorage.setItem('RaStore.locale', '"${lang}"') } catch (e) {}`,
    })
    const page = await ctx.newPage()
    const screenshot = page.screenshot.bind(page)
    page.screenshot = (o = {}) => screenshot({ animations: 'disabled', ...o })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    return { ctx, page, errors }
  }

  /** opens `route` of the console (e.g. '/ship-tos') and waits for its title */
  async function open(page: Page, route: string): Promise<void> {
    await page.goto(`${h.origin()}/admin${route}`)
    await page
      .locator('#react-admin-title')
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined)
    await page.waitForLoadState('networkidle')
  }

  /**
   * Keyboard only: presses Tab until `target` has the focus (at most `max` times), so the test proves the control
   * is reachable without a mouse; fails otherwise.
   */
  async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
    const handle = await target.elementHandle()
    assert.ok(handle, 'the control to reach by keyboard is on the page')
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(
        (el) => el === document.activeElement || el.contains(document.activeElement),
        handle,
      )
      if (focused) return
    }
    assert.fail(`not reached by ${max} Tab presses: ${await target.evaluate((e) => e.outerHTML.slice(0, 120))}`)
  }

  return { ...h, desk, open, tabTo, shot, look }
}
