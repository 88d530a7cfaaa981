/**
 * H5 first load, measured in Chromium: the JS and CSS the browser actually fetches to show Home
 * with products (entry chunks plus the lazily loaded Home page chunk), raw and gzipped, and the
 * time until the first product card shows. Needs dist/h5 (npm run build:h5) and /usr/bin/chromium.
 */
import zlib from 'node:zlib'
import { chromium, devices } from 'playwright-core'
import { atMost, context, median, printTable, record } from './report'
import { HEADLESS_CHROMIUM_FLAGS, runBench } from './support'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startServer } = require('../tests/support/server-process.js')

async function main() {
  const server = await startServer()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: HEADLESS_CHROMIUM_FLAGS,
  })
  try {
    const { defaultBrowserType: _d, ...iphone } = devices['iPhone 12']
    const runs: number[] = []
    let assets: { url: string; type: string; raw: number; gz: number }[] = []
    for (let i = 0; i < 5; i++) {
      const ctx = await browser.newContext({ ...iphone })
      const page = await ctx.newPage()
      const seen: Promise<{ url: string; type: string; raw: number; gz: number } | null>[] = []
      page.on('response', (res) => {
        const url = res.url()
        if (!/\.(js|css)(\?|$)/.test(url)) return
        seen.push(
          res
            .body()
            .then((b) => ({
              url: new URL(url).pathname,
              type: url.includes('.css') ? 'css' : 'js',
              raw: b.length,
              gz: zlib.gzipSync(b).length,
            }))
            .catch(() => null),
        )
      })
      const t0 = Date.now()
      await page.goto(`${server.origin}/home`)
      await page.waitForSelector('.product-card', { timeout: 30000 })
      runs.push(Date.now() - t0)
      assets = (await Promise.all(seen)).filter((a): a is NonNullable<typeof a> => a !== null)
      await ctx.close()
    }
    const sum = (t: string, k: 'raw' | 'gz') => assets.filter((a) => a.type === t).reduce((s, a) => s + a[k], 0)
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
    console.log('\nH5 first load of /home in Chromium (iPhone 12 profile, local server)')
    for (const a of assets)
      console.log(`  ${a.url.padEnd(40)} ${kb(a.raw).padStart(10)} raw ${kb(a.gz).padStart(10)} gzipped`)
    console.log(`  JS total  ${kb(sum('js', 'raw')).padStart(10)} raw ${kb(sum('js', 'gz')).padStart(10)} gzipped`)
    console.log(`  CSS total ${kb(sum('css', 'raw')).padStart(10)} raw ${kb(sum('css', 'gz')).padStart(10)} gzipped`)
    const sorted = [...runs].sort((a, b) => a - b)
    console.log(
      `  time to first product card: median ${sorted[2]} ms over 5 fresh browser contexts (in order: ${runs.join(', ')} ms)`,
    )
    // what the browser fetched up to the first product card (entry, Home's chunks, anything loaded early)
    const rows = [
      atMost('H5 first-load JS of /home, gzipped', sum('js', 'gz') / 1024, 150, 'KB', 1),
      context('H5 first-load CSS of /home, gzipped', kb(sum('css', 'gz'))),
      context('H5 /home: time to first product card (local, unthrottled, median of 5)', `${median(runs)} ms`),
    ]
    record('h5-first-load', rows)
    printTable('H5 first load of /home', rows)
  } finally {
    await browser.close()
    await server.stop()
  }
}

runBench(main)
