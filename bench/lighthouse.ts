/**
 * Lighthouse mobile (its default form factor, simulated slow 4G throttling) on /home and on one
 * product page of the H5 build, served by the real server (tests/support/server-process.js) with a
 * fresh database. Debian's Chromium, headless. Three runs per page, the median of each figure.
 * Needs dist/h5 (npm run build:h5) and /usr/bin/chromium (CHROME_PATH overrides).
 *
 * Records bench 'lighthouse': performance score, LCP, TBT and bytes transferred, with the goals of
 * issue 10 (score >= 0.95, LCP <= 1.5 s, TBT <= 150 ms on /home). The product page gets the same goals.
 */
import * as chromeLauncher from 'chrome-launcher'
import { atLeast, atMost, context, median, printTable, record, type BenchRow } from './report'
import { cleanTitle } from '../types/catalog/product-title'
import { HEADLESS_CHROMIUM_FLAGS, runBench } from './support'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startServer } = require('../tests/support/server-process.js')

const RUNS = Number(process.env.LH_RUNS ?? 3)

interface Run {
  score: number
  lcp: number
  tbt: number
  fcp: number
  bytes: number
  lcpElement: string
}

async function lighthouseRun(url: string, port: number): Promise<Run> {
  // lighthouse is an ES module: load it the way tsx leaves dynamic imports alone
  const { default: lighthouse } = await import('lighthouse')
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
  const a = result.lhr.audits
  const lcpItems = (
    a['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
  )?.items
  return {
    score: result.lhr.categories.performance.score ?? 0,
    lcp: a['largest-contentful-paint'].numericValue ?? NaN,
    tbt: a['total-blocking-time'].numericValue ?? NaN,
    fcp: a['first-contentful-paint'].numericValue ?? NaN,
    bytes: a['total-byte-weight'].numericValue ?? NaN,
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?',
  }
}

async function productUrl(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/product/list?page=1&pageSize=20`, {
    headers: { languagecode: 'en', countrycode: 'cn' },
  })
  const { data } = (await res.json()) as { data: { items: { catalogNumber: string; productTitle: string }[] } }
  const p = data.items[0]
  return `${origin}/product-details/${encodeURIComponent(cleanTitle(p.productTitle))}/${p.catalogNumber}`
}

async function main() {
  const server = await startServer()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: HEADLESS_CHROMIUM_FLAGS,
  })
  const rows: BenchRow[] = []
  try {
    const pages: [string, string][] = [
      ['/home', `${server.origin}/home`],
      ['product page', await productUrl(server.origin)],
    ]
    // one unmeasured load warms the server (first queries, file cache) so run 1 is not an outlier
    await lighthouseRun(pages[0][1], chrome.port)
    for (const [label, url] of pages) {
      const runs: Run[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(url, chrome.port))
      const m = (k: keyof Omit<Run, 'lcpElement'>) => median(runs.map((r) => r[k]))
      console.log(`\n${label} (${url}), ${RUNS} runs:`)
      for (const r of runs)
        console.log(
          `  score ${r.score.toFixed(2)}  FCP ${r.fcp.toFixed(0)} ms  LCP ${r.lcp.toFixed(0)} ms  TBT ${r.tbt.toFixed(0)} ms  ${(r.bytes / 1024).toFixed(0)} KB  LCP element: ${r.lcpElement.slice(0, 90)}`,
        )
      rows.push(
        atLeast(`Lighthouse mobile ${label}: performance score`, m('score'), 0.95, '', 2),
        atMost(`Lighthouse mobile ${label}: LCP`, m('lcp') / 1000, 1.5, 's', 2),
        atMost(`Lighthouse mobile ${label}: TBT`, m('tbt'), 150, 'ms'),
        context(`Lighthouse mobile ${label}: FCP`, `${(m('fcp') / 1000).toFixed(2)} s`),
        context(`Lighthouse mobile ${label}: bytes transferred`, `${(m('bytes') / 1024).toFixed(0)} KB`),
      )
    }
  } finally {
    await chrome.kill()
    await server.stop()
  }
  record('lighthouse', rows)
  printTable(
    `Lighthouse mobile, simulated slow 4G, median of ${RUNS} runs (Chromium ${process.env.CHROME_PATH ?? '/usr/bin/chromium'})`,
    rows,
  )
}

runBench(main)
