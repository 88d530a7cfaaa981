/**
 * The gift centre in the compiled mini-program (TEST_WEAPP_DIR or dist/weapp), miniprogram-simulate
 * with the official wcc, against the real test server (issue 13: "The weapp check renders the gift
 * centre"):
 * - approved.cn (logged in with WeChat on My): the balance the server derives from the ledger, every
 *   cn gift on sale with its exchange status (spec §4 "normal, out of stock, exceeds limit,
 *   insufficient points, draw-only"), Redeem only on normal gifts; the point rules and point detail;
 * - the first screen within WeChat's audit lines (one setData <= 256 KB, <= 1,000 WXML nodes).
 */
const { appOnTestServer } = require('./harness')
const { hasClass, all, one, text } = require('./page-text')
const { LINES, measureFirstScreen } = require('./first-screen')

const CENTRE = 'packages/membership/gift-centre/index'
const RULES = 'packages/membership/rewards-rules/index'
const DETAIL = 'packages/membership/reward-detail/index'

describe('gift centre in miniprogram-simulate', () => {
  const sim = appOnTestServer(RULES)

  it('the point rules need no login', async () => {
    const comp = sim.h.open(RULES)
    expect(await sim.h.until(() => all(comp, 'pr-section').length === 4)).toBe(true)
    await sim.h.settle(comp)
    expect(text(comp)).toMatch(/CNY 1,000/)
    comp.detach()
  })

  it('approved.cn: the balance, each gift with its exchange status, Redeem only on normal gifts; the point detail', async () => {
    await sim.h.logInOnMy()
    const comp = sim.h.open(CENTRE)
    expect(await sim.h.until(() => all(comp, 'gc-gift').length >= 20, 20000)).toBe(true)
    await sim.h.settle(comp)
    const balance = Number(text(one(comp, 'gc-head__value')).replace(/,/g, ''))
    expect(balance).toBeGreaterThan(5000)
    const gifts = all(comp, 'gc-gift')
    const byStatus = (s) => gifts.filter((g) => hasClass(g, `gc-gift--${s}`))
    expect(byStatus('normal').length).toBeGreaterThan(10)
    expect(byStatus('out_of_stock').length).toBe(2) // the mug set and the mini centrifuge
    expect(byStatus('draw_only').length).toBe(2)
    expect(byStatus('insufficient_points').length).toBeGreaterThanOrEqual(1) // the vortex mixer, 120,000 points
    for (const g of byStatus('normal')) expect(one(g, 'gc-gift__action--off')).toBeFalsy()
    for (const g of byStatus('out_of_stock')) expect(one(g, 'gc-gift__action--off')).toBeTruthy()
    comp.detach()

    const detail = sim.h.open(DETAIL)
    expect(await sim.h.until(() => all(detail, 'pd-entry').length > 0, 20000)).toBe(true)
    await sim.h.settle(detail)
    expect(Number(text(one(detail, 'pd-balance__value')).replace(/,/g, ''))).toBe(balance)
    detail.detach()
  })

  it("the gift centre's first screen stays within WeChat's audit lines (one setData <= 256 KB, <= 1,000 WXML nodes)", async () => {
    const f = await measureFirstScreen(sim.h, CENTRE, { ready: (c) => c.querySelectorAll('.gc-gift').length >= 20 })
    process.stdout.write(
      `\nweapp gift centre: ${f.calls} setData, largest ${(f.largest / 1024).toFixed(1)} KB, ${f.nodes} nodes\n`,
    )
    expect([f.page, f.ready, f.settled]).toEqual([f.page, true, true])
    expect(f.calls).toBeGreaterThan(0)
    expect([f.page, f.largest <= LINES.setDataBytes, f.nodes <= LINES.nodes]).toEqual([f.page, true, true])
  })
})
