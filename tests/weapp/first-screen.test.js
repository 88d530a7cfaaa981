/**
 * The first screen of every tab page (the main package's pages) stays under WeChat's audit lines:
 * no single setData over 256 KB and no more than 1,000 WXML nodes, as a visitor and as the seeded
 * user approved.cn (logged in with WeChat, as in account.test.js), with data from the real test
 * server. A later change that grows a tab page past a line fails here.
 *
 * WEAPP_FIRST_SCREEN_OUT=<file> also writes the figures there as JSON (bench/sizes.mjs reads them).
 */
const fs = require('node:fs')
const path = require('node:path')
const { DIST, testServer, stubWechatLogin, launchApp } = require('./harness')
const { KB, LINES, noSkeleton, measureFirstScreen } = require('./first-screen')

/** the launched app (launchApp), shared by every check in order */
let h
const TAB_PAGES = JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8')).pages
/** what a tab page's first screen must show before it is measured, beyond "nothing still loading" */
const READY = {
  'pages/home/index': (comp) => noSkeleton(comp) && comp.querySelectorAll('.product-card').length > 0,
}
const measure = (page) => measureFirstScreen(h, page, { ready: READY[page] || noSkeleton })

describe('tab pages: first screen within the audit lines (setData 256 KB per call, 1,000 WXML nodes)', () => {
  let server
  const figures = []

  beforeAll(async () => {
    server = await testServer()
    h = launchApp({ apiOrigin: server.origin, beforeLaunch: () => stubWechatLogin() })
  })

  afterAll(async () => {
    const kb = (n) => `${(n / KB).toFixed(1).padStart(6)} KB`
    process.stdout.write(
      [
        `\nweapp first screens (lines: one setData <= ${LINES.setDataBytes / KB} KB, <= ${LINES.nodes} WXML nodes):`,
        ...figures.map(
          (f) =>
            `  ${f.as.padEnd(8)} ${f.page.padEnd(24)} setData ${String(f.calls).padStart(3)} calls, largest ${kb(f.largest)}, total ${kb(f.total)}   ${String(f.nodes).padStart(5)} nodes`,
        ),
        '',
        '',
      ].join('\n'),
    )
    if (process.env.WEAPP_FIRST_SCREEN_OUT)
      fs.writeFileSync(process.env.WEAPP_FIRST_SCREEN_OUT, JSON.stringify({ lines: LINES, figures }, null, 2))
    await server?.stop()
  })

  function expectWithinLines(f) {
    expect([f.page, 'ready', f.ready, 'settled', f.settled]).toEqual([f.page, 'ready', true, 'settled', true])
    expect(f.calls).toBeGreaterThan(0) // the hook saw the render: a 0 here means the measure broke, not a small page
    expect(f.nodes).toBeGreaterThan(1)
    expect([f.page, 'largest setData', f.largest <= LINES.setDataBytes]).toEqual([f.page, 'largest setData', true])
    expect([f.page, 'WXML nodes', f.nodes <= LINES.nodes]).toEqual([f.page, 'WXML nodes', true])
  }

  describe('as a visitor', () => {
    for (const page of TAB_PAGES) {
      it(page, async () => {
        const f = { as: 'visitor', ...(await measure(page)) }
        figures.push(f)
        expectWithinLines(f)
      })
    }
  })

  describe('as the seeded user approved.cn', () => {
    it('logs in with WeChat on My', async () => {
      await h.logInOnMy()
      await h.simulate.sleep(0)
    })

    for (const page of TAB_PAGES) {
      it(page, async () => {
        const f = { as: 'user', ...(await measure(page)) }
        figures.push(f)
        expectWithinLines(f)
      })
    }
  })
})
