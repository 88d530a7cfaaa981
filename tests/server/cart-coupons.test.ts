import { it } from 'node:test'
import assert from 'node:assert/strict'
import { describeEachDb, tokenFor, auth, type TestContext, apiCaller, userRow } from './helpers'
import { couponMessageKey } from '../../types/cart/coupons'
import { orderableProducts } from '../support/orderable-products'

/**
 * Coupon verdicts beyond the mixes (cart.test.ts): the seeded codes of server/db/seed/cart.ts, each
 * verdict with its section 8 code, mapped by the app with couponMessageKey.
 */

const CN = { countrycode: 'cn', languagecode: 'en' }

async function couponSkus(ctx: TestContext, code: string, n: number): Promise<string[]> {
  const c = await ctx.db.selectFrom('coupons').select('skus').where('code', '=', code).executeTakeFirstOrThrow()
  const rows = await orderableProducts(ctx.db)
    .select('p.catalog_number')
    .where('p.catalog_number', 'in', c.skus)
    .orderBy('p.catalog_number')
    .limit(n)
    .execute()
  assert.equal(rows.length, n, `${code} has ${n} orderable SKUs`)
  return rows.map((r) => r.catalog_number)
}

describeEachDb('cart coupons', (ctx) => {
  const call = apiCaller(ctx, CN)

  it('"more than 30 SKUs under one code": the code is valid and kept, with the informational E1PQ60 and no immediate reduction', async () => {
    const token = await tokenFor(ctx(), 'distributor.cn')
    const [sku] = await couponSkus(ctx(), 'P-BULK5', 1)
    await call('POST', '/cart/addItems', { token, body: { items: [{ catalogNumber: sku, quantity: 2 }] } })
    const r = await call('POST', '/cart/coupon/apply', { token, body: { code: 'P-BULK5' } })
    assert.deepEqual([r.body.data.coupon.valid, r.body.data.coupon.errorCode], [true, 'E1PQ60'])
    assert.equal(couponMessageKey('E1PQ60'), 'COUPON_INFO_CASE_2')
    const line = r.body.data.cart.cartItems.find((i: { catalogNumber: string }) => i.catalogNumber === sku)
    assert.equal(line.finalPrice, line.unitPrice)
    assert.deepEqual(
      r.body.data.cart.coupons.map((c: { code: string }) => c.code),
      ['P-BULK5'],
    )
    // a second P code: "one each per order" → SQ30, not kept
    const second = await call('POST', '/cart/coupon/apply', { token, body: { code: 'P-ANTIBODY10' } })
    assert.deepEqual([second.body.data.coupon.valid, second.body.data.coupon.errorCode], [false, 'SQ30'])
    assert.equal(couponMessageKey('SQ30'), 'COUPON_ERR_MAX_CODES')
    assert.deepEqual(
      second.body.data.cart.coupons.map((c: { code: string }) => c.code),
      ['P-BULK5'],
    )
    await call('POST', '/cart/coupon/remove', { token, body: { code: 'P-BULK5' } })
    assert.equal((await call('GET', '/cart/query', { token })).body.data.coupons.length, 0)
  })

  it("an account-specific code works for its account only; another country's code is unknown (10); a code for no line of the cart is 30", async () => {
    const approved = await tokenFor(ctx(), 'approved.cn')
    const distributor = await tokenFor(ctx(), 'distributor.cn')
    const [sku] = await couponSkus(ctx(), 'D-PCR15', 1)
    for (const token of [approved, distributor])
      await call('POST', '/cart/addItems', { token, body: { items: [{ catalogNumber: sku, quantity: 1 }] } })
    const mine = await call('POST', '/cart/coupon/apply', { token: approved, body: { code: 'D-APPROVED7' } })
    assert.deepEqual([mine.body.data.coupon.valid, mine.body.data.coupon.errorCode], [true, null])
    const theirs = await call('POST', '/cart/coupon/apply', { token: distributor, body: { code: 'D-APPROVED7' } })
    assert.deepEqual([theirs.body.data.coupon.valid, theirs.body.data.coupon.errorCode], [false, '10'])
    assert.equal(theirs.body.data.cart.coupons.length, 0)
    // the offer list shows the account's own code to its account only
    const offers = async (token: string) =>
      (await call('GET', '/cart/coupon/list', { token })).body.data.map((o: { code: string }) => o.code)
    assert.ok((await offers(approved)).includes('D-APPROVED7'))
    const distOffers = await offers(distributor)
    assert.ok(!distOffers.includes('D-APPROVED7'))
    assert.ok(
      !distOffers.includes('P-EXPIRED20') &&
        !distOffers.includes('D-FUTURE12') &&
        !distOffers.includes('P-ANTIBODY10IN'),
    )
    assert.ok(['P-ANTIBODY10', 'D-PCR15', 'R-REAGENT8', 'M-PLASTIC5', 'T-TRIAL50'].every((c) => distOffers.includes(c)))
    const india = await call('POST', '/cart/coupon/apply', { token: distributor, body: { code: 'P-ANTIBODY10IN' } })
    assert.equal(india.body.data.coupon.errorCode, '10')
    // T-TRIAL50 needs an order of ¥500 (min_amount on the account-priced subtotal): below it, 30
    const subtotal = (await call('POST', '/order/applyPromotions', { token: distributor, body: { promoCodes: [] } }))
      .body.data.summary.totalAmount
    const trial = (
      await call('POST', '/order/applyPromotions', { token: distributor, body: { promoCodes: ['T-TRIAL50'] } })
    ).body.data
    assert.deepEqual([trial.promos[0].valid, trial.promos[0].errorCode], subtotal < 500 ? [false, '30'] : [true, null])
    assert.equal(trial.summary.totalAmount, subtotal < 500 ? subtotal : Math.round((subtotal - 50) * 100) / 100)
    await call('POST', '/cart/coupon/remove', { token: approved, body: { code: 'D-APPROVED7' } })
  })

  it('"lite users ... cannot apply codes": codes sent to /order/applyPromotions by a lite user are refused (SQ50) and change no price', async () => {
    const lite = await tokenFor(ctx(), 'lite.cn')
    const [sku] = await couponSkus(ctx(), 'P-ANTIBODY10', 1)
    await call('POST', '/cart/addItems', { token: lite, body: { items: [{ catalogNumber: sku, quantity: 1 }] } })
    const plain = await call('POST', '/order/applyPromotions', { token: lite, body: { promoCodes: [] } })
    const coded = await call('POST', '/order/applyPromotions', {
      token: lite,
      body: { promoCodes: ['P-ANTIBODY10'], isLiteUser: false },
    })
    assert.deepEqual(coded.body.data.promos, [{ promoCode: 'P-ANTIBODY10', valid: false, errorCode: 'SQ50' }])
    assert.equal(couponMessageKey('SQ50'), 'COUPON_ERR_CONTACT')
    assert.deepEqual(coded.body.data.summary, plain.body.data.summary)
    // the refusal of /cart/coupon/apply is in the request's language (Chinese by default)
    const zh = await ctx().app.inject({
      method: 'POST',
      url: '/api/cart/coupon/apply',
      headers: auth(lite),
      payload: { code: 'P-ANTIBODY10' },
    })
    assert.equal(zh.statusCode, 403)
    assert.match(zh.json().message, /[\u4e00-\u9fff]/)
  })

  // Issue 22, item 18: "R and T coupons raced on PostgreSQL are both stored (only T is priced). The combination
  // rule must hold under concurrency, like every other rule." Spec §5: "M and R, M and T, and R and T cannot be
  // mixed. Only one each of P, D, R, M and T per order."
  it('"R and T cannot be mixed" holds under concurrency: R and T applied at the same moment, one is kept and the other refused (MRT_MIX)', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const u = await userRow(ctx(), 'approved.cn')
    // an order over T-TRIAL50's ¥500 minimum, so that both codes are valid on their own
    const p = await orderableProducts(ctx().db)
      .select(['p.catalog_number', 'p.list_price_cny'])
      .where('p.list_price_cny', '>', 0)
      .orderBy('p.list_price_cny', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    await call('POST', '/cart/addItems', {
      token,
      body: { items: [{ catalogNumber: p.catalog_number, quantity: 20 }] },
    })
    const alone = (await call('POST', '/order/applyPromotions', { token, body: { promoCodes: ['T-TRIAL50'] } })).body
      .data.promos[0]
    assert.equal(alone.valid, true, 'T-TRIAL50 is valid on this cart by itself')
    assert.equal(
      (await call('POST', '/order/applyPromotions', { token, body: { promoCodes: ['R-REAGENT8'] } })).body.data
        .promos[0].valid,
      true,
    )
    const stored = async () =>
      (
        await ctx()
          .db.selectFrom('cart_coupons as cc')
          .innerJoin('carts as c', 'c.id', 'cc.cart_id')
          .select('cc.code')
          .where('c.user_id', '=', u.id)
          .where('c.status', '=', 'active')
          .execute()
      )
        .map((r) => r.code)
        .sort()
    const clear = async () => {
      for (const code of ['R-REAGENT8', 'T-TRIAL50'])
        await call('POST', '/cart/coupon/remove', { token, body: { code } })
    }
    await clear()
    for (let round = 0; round < 8; round++) {
      const pair = round % 2 ? ['T-TRIAL50', 'R-REAGENT8'] : ['R-REAGENT8', 'T-TRIAL50']
      const answers = await Promise.all(
        pair.map((code) => call('POST', '/cart/coupon/apply', { token, body: { code } })),
      )
      for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body))
      const verdicts = answers.map(
        (a) => a.body.data.coupon as { code: string; valid: boolean; errorCode: string | null },
      )
      const kept = verdicts.filter((v) => v.valid)
      assert.equal(kept.length, 1, `round ${round}: exactly one of R and T is accepted: ${JSON.stringify(verdicts)}`)
      assert.deepEqual(
        verdicts.filter((v) => !v.valid).map((v) => v.errorCode),
        ['MRT_MIX'],
      )
      assert.deepEqual(await stored(), [kept[0].code], `round ${round}: only the accepted code is stored`)
      const cart = (await call('GET', '/cart/query', { token })).body.data
      assert.deepEqual(
        cart.coupons.map((c: { code: string; valid: boolean }) => [c.code, c.valid]),
        [[kept[0].code, true]],
      )
      await clear()
    }
    assert.deepEqual(await stored(), [])
  })
})
