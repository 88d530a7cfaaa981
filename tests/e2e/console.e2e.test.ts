/**
 * Issue 25, done when: "E2e tests in Chromium at a desktop viewport (and one at tablet width) for each role's day",
 * "axe-core on every console page: 0 critical and 0 serious, in both languages; every action reachable by keyboard",
 * "Screenshots of every screen looked at" (artifacts/e2e/console-*.png).
 *
 * One server for every scenario (its start is most of an e2e file's time); each scenario module declares its tests
 * (tests/e2e/console/*.ts). CONSOLE_ONLY=<name>[,<name>] runs only those scenarios. The sign-in scenario runs last: its
 * sign-out ends the member's tokens.
 */
import { describe } from 'node:test'
import { consoleHarness } from './console/harness'
import { accessScenarios } from './console/access'
import { signinScenarios } from './console/signin'
import { todayScenarios } from './console/today'
import { serviceScenarios } from './console/service'
import { marketingScenarios } from './console/marketing'
import { orderScenarios } from './console/order'
import { catalogueScenarios } from './console/catalogue'
import { accountScenarios } from './console/account'

const SCENARIOS: Record<string, (h: ReturnType<typeof consoleHarness>) => void> = {
  today: todayScenarios,
  order: orderScenarios,
  service: serviceScenarios,
  marketing: marketingScenarios,
  catalogue: catalogueScenarios,
  access: accessScenarios,
  account: accountScenarios,
  signin: signinScenarios,
}
const only = (process.env.CONSOLE_ONLY ?? '').split(',').filter(Boolean)

describe('the staff console', () => {
  const h = consoleHarness()
  for (const [name, scenarios] of Object.entries(SCENARIOS)) {
    if (only.length && !only.includes(name)) continue
    describe(name, () => scenarios(h))
  }
})
