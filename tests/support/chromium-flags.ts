/** Headless Chromium as the e2e tests and the browser benches start it (tests/support/e2e.ts, bench/support.ts). */
export const HEADLESS_CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
