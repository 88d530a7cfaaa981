/**
 * Flash buy in the compiled mini-program (TEST_WEAPP_DIR or dist/weapp), miniprogram-simulate with the
 * official wcc, against the real test server (issue 11: "The weapp check renders the sale list and
 * the submit screen"):
 * - the flash-sale list: the on-sale, soon and expired sections, each seeded sale with its sale-list
 *   label (spec section 4), Purchase now only on running sales, display text for a coming-soon one;
 * - the submit screen for FB-CN-001 as approved.cn (logged in with WeChat on My, as first-screen.js):
 *   the delivery address, the product card, the quantity with its remaining/min/max hints (spec
 *   section 2), the total and Submit order;
 * - both first screens within WeChat's audit lines (one setData <= 256 KB, <= 1,000 WXML nodes).
 */
const { call, appOnTestServer } = require('./harness')
const { all, one, text } = require('./page-text')
const { LINES, measureFirstScreen } = require('./first-screen')

const LIST = 'packages/flashbuy/flash-sale/index'
const SUBMIT = 'packages/flashbuy/submit/index'

describe('flash buy in miniprogram-simulate', () => {
  const sim = appOnTestServer(LIST)

  it('the flash-sale list: sections, sale-list labels, prices, and Purchase now only on running sales', async () => {
    // the sales as the server lists them (Taro's mini-program template keeps no data-* attributes: items are found by name)
    const listed = (
      await call(sim.server.origin, 'GET', '/api/flashbuy/list', { countrycode: 'cn', languagecode: 'cn' })
    ).data
    const comp = sim.h.open(LIST)
    expect(await sim.h.until(() => comp.querySelectorAll('.fs-item').length === listed.length)).toBe(true)
    await sim.h.settle(comp)
    const item = (id) => {
      const sale = listed.find((x) => x.id === id)
      return all(comp, 'fs-item').find(
        (el) => text(one(el, 'fs-item__name')) === sale.skuName && text(el).includes(sale.catalogNumber),
      )
    }
    const inGroup = (group, id) => one(comp, `fs-group--${group}`).contains(item(id))
    // spec section 4 sale-list labels, in whichever language the simulated phone has
    const running = item('FB-CN-001')
    expect(inGroup('onSale', 'FB-CN-001')).toBe(true)
    expect(text(one(running, 'fs-item__label'))).toMatch(/^(in progress|进行中)$/)
    expect(text(one(running, 'fs-item__flash'))).toMatch(/¥[\d,]+\.\d\d/)
    expect(text(one(running, 'fs-item__list'))).toMatch(/¥[\d,]+\.\d\d/)
    expect(text(one(running, 'fs-item__stock'))).toMatch(/146/)
    expect(one(running, 'fs-item__action--buy')).toBeTruthy()
    // "Coming soon is blocked and shows display text instead of a price"
    const soon = item('FB-CN-007')
    expect(inGroup('soon', 'FB-CN-007')).toBe(true)
    expect(text(one(soon, 'fs-item__label'))).toMatch(/^(soon|即将开抢)$/)
    expect(text(one(soon, 'fs-item__display')).length).toBeGreaterThan(0)
    expect(one(soon, 'fs-item__flash')).toBeFalsy()
    expect(one(soon, 'fs-item__action--buy')).toBeFalsy()
    expect(one(soon, 'fs-item__action--comingSoon')).toBeTruthy()
    expect(inGroup('onSale', 'FB-CN-006')).toBe(true) // sold out in its running window: listed after the sales with stock
    expect(one(item('FB-CN-006'), 'fs-item__label--soldOut')).toBeTruthy()
    expect(one(item('FB-CN-006'), 'fs-item__action--empty')).toBeTruthy()
    expect(inGroup('expired', 'FB-CN-008')).toBe(true)
    expect(one(item('FB-CN-008'), 'fs-item__label--expired')).toBeTruthy()
    expect(one(item('FB-CN-008'), 'fs-item__action--expired')).toBeTruthy()
    // Purchase now exactly on the running sales
    expect(comp.querySelectorAll('.fs-item__action--buy').length).toBe(
      listed.filter((x) => x.flashBuyStatus === 'IN_PROGRESS').length,
    )
    comp.detach()
  })

  it('the submit screen for FB-CN-001 as approved.cn: address, product card, quantity hints, total and Submit order', async () => {
    await sim.h.logInOnMy()
    const comp = sim.h.open(SUBMIT, { id: 'FB-CN-001', qty: '2' })
    expect(
      await sim.h.until(() => !!comp.querySelector('.fb-product') && !!comp.querySelector('.fb-address .address-card')),
    ).toBe(true)
    await sim.h.settle(comp)
    expect(comp.querySelector('.fb-product__badge--inProgress')).toBeTruthy()
    expect(comp.querySelector('.fb-status')).toBeFalsy() // no blocking message on a running sale
    expect(text(comp.querySelector('.fb-address'))).toContain('张江实验室')
    const product = comp.querySelector('.fb-product')
    expect(text(product)).toContain('MA1-67393')
    expect(text(one(product, 'fb-product__flash'))).toMatch(/¥[\d,]+\.\d\d/)
    expect(text(one(product, 'fb-product__list'))).toMatch(/¥[\d,]+\.\d\d/)
    expect(text(comp.querySelector('.fb-qty__remaining'))).toMatch(/146/)
    expect(text(comp.querySelector('.fb-qty__min'))).toMatch(/1/)
    expect(text(comp.querySelector('.fb-qty__max'))).toMatch(/5/) // logged in: the maximum order quantity
    expect(comp.querySelector('.fb-qty__input')).toBeTruthy()
    expect(text(comp.querySelector('.fb-bar__submit'))).toMatch(/^(Submit order|提交订单)$/)
    expect(text(comp.querySelector('.fb-bar__value'))).toMatch(/¥[\d,]+\.\d\d/)
    expect(comp.querySelector('.fb-reminder')).toBeTruthy()
    expect(comp.querySelector('.fb-terms__row')).toBeTruthy()
    comp.detach()
  })

  it("both first screens stay within WeChat's audit lines (one setData <= 256 KB, <= 1,000 WXML nodes)", async () => {
    const list = await measureFirstScreen(sim.h, LIST, { ready: (c) => c.querySelectorAll('.fs-item').length >= 8 })
    const submit = await measureFirstScreen(sim.h, SUBMIT, {
      query: { id: 'FB-CN-001', qty: '1' },
      ready: (c) => !!c.querySelector('.fb-product') && !!c.querySelector('.fb-address .address-card'),
    })
    process.stdout.write(
      `\nweapp flash buy: list ${list.calls} setData, largest ${(list.largest / 1024).toFixed(1)} KB, ${list.nodes} nodes; submit ${submit.calls} setData, largest ${(submit.largest / 1024).toFixed(1)} KB, ${submit.nodes} nodes\n`,
    )
    for (const f of [list, submit]) {
      expect([f.page, f.ready, f.settled]).toEqual([f.page, true, true])
      expect(f.calls).toBeGreaterThan(0)
      expect([f.page, f.largest <= LINES.setDataBytes, f.nodes <= LINES.nodes]).toEqual([f.page, true, true])
    }
  })
})
