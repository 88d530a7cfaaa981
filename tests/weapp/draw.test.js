/**
 * The lucky draw in the compiled mini-program (TEST_WEAPP_DIR or dist/weapp), miniprogram-simulate with
 * the official wcc, against the real test server (issue 13: "The weapp check renders the gift centre and
 * the draw"; this file: the draw):
 * - the draw screen for approved.cn (logged in with WeChat on My, as first-screen.js): the activity tabs
 *   of the seeded cn activities, the running wheel with one segment per prize, the draw button, the
 *   counts, the prizes and the rules;
 * - the first screen within WeChat's audit lines (one setData <= 256 KB, <= 1,000 WXML nodes).
 */
const { appOnTestServer } = require('./harness')
const { all, one, text } = require('./page-text')
const { LINES, measureFirstScreen } = require('./first-screen')

const DRAW = 'packages/membership/lucky-draw/index'

describe('lucky draw in miniprogram-simulate', () => {
  const sim = appOnTestServer(DRAW)

  it('the draw screen for approved.cn: activity tabs, the running wheel with a segment per prize, the button, counts, prizes, rules', async () => {
    await sim.h.logInOnMy()
    const comp = sim.h.open(DRAW)
    expect(
      await sim.h.until(() => comp.querySelectorAll('.ld-tab').length >= 4 && !!comp.querySelector('.ld-wheel')),
    ).toBe(true)
    await sim.h.settle(comp)
    const wheelPrizes = 8 // the seeded LD-CN-WHEEL
    expect(all(comp, 'ld-tab').length).toBe(4)
    expect(all(comp, 'ld-wheel__label').length).toBe(wheelPrizes)
    expect(text(one(comp, 'ld-go'))).toMatch(/^(Spin \(10 points\)|转一次（10 积分）)$/)
    expect(text(comp.querySelector('.ld-act'))).toMatch(/3/)
    expect(all(comp, 'ld-prize').length).toBe(wheelPrizes)
    expect(text(one(comp, 'ld-rules')).length).toBeGreaterThan(20)
    expect(one(comp, 'ld-balance')).toBeTruthy()
    expect(comp.querySelector('.member-blocked')).toBeFalsy()
    comp.detach()
  })

  it("the first screen stays within WeChat's audit lines (one setData <= 256 KB, <= 1,000 WXML nodes)", async () => {
    const f = await measureFirstScreen(sim.h, DRAW, {
      ready: (c) => !!c.querySelector('.ld-wheel') && c.querySelectorAll('.ld-wheel__label').length >= 8,
    })
    process.stdout.write(
      `\nweapp lucky draw: ${f.calls} setData, largest ${(f.largest / 1024).toFixed(1)} KB, ${f.nodes} nodes\n`,
    )
    expect([f.page, f.ready, f.settled]).toEqual([f.page, true, true])
    expect(f.calls).toBeGreaterThan(0)
    expect([f.page, f.largest <= LINES.setDataBytes, f.nodes <= LINES.nodes]).toEqual([f.page, true, true])
  })
})
