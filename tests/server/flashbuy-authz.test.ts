import { it } from 'node:test'
import assert from 'node:assert/strict'
import { describeEachDb, tokenFor, type TestContext } from './helpers'
import { clearFlashLedger, setFlashLedger } from '../support/flash-sale'

/**
 * Flash buy and accounts (issue 11): the token decides whose ship-to, whose purchases and whose price
 * a flash-buy call reaches. "Account-scoped data is always filtered by the token's account: another
 * account's id answers 404." Spec §5 check 1: "Not logged in: 'Please login for better experience'"
 * — apply-promo needs a login.
 */

const CN = { countrycode: 'cn', languagecode: 'en' }

async function call(
  c: TestContext,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const res = await c.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...CN, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    payload: opts.body as object | undefined,
  })
  return { status: res.statusCode, text: res.body, body: res.json() }
}

const accountOf = (c: TestContext, userName: string) =>
  c.db
    .selectFrom('users')
    .select('account_id')
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow()
    .then((u) => u.account_id)

describeEachDb("flash buy: one account never reaches another's ship-to or purchases", (ctx) => {
  it("apply-promo with another account's ship-to answers 404 exactly like an unknown one, and tells nothing of it", async () => {
    const approved = await tokenFor(ctx(), 'approved.cn')
    // distributor.cn's ship-to (and its address key is real)
    const theirs = await ctx()
      .db.selectFrom('ship_tos')
      .select(['address_key', 'company_or_institution', 'street_address'])
      .where('account_id', '=', await accountOf(ctx(), 'distributor.cn'))
      .executeTakeFirstOrThrow()
    const other = await call(ctx(), 'POST', '/flashbuy/promos/apply', {
      token: approved,
      body: { flashBuyId: 'FB-CN-001', shipTo: theirs.address_key, item: { quantity: 1 } },
    })
    const unknown = await call(ctx(), 'POST', '/flashbuy/promos/apply', {
      token: approved,
      body: { flashBuyId: 'FB-CN-001', shipTo: 'ST-0000000-00', item: { quantity: 1 } },
    })
    assert.equal(other.status, 404)
    assert.equal(other.body.reason, 'ADDRESS_NOT_FOUND')
    assert.deepEqual(other.body, unknown.body)
    for (const leak of [theirs.address_key, theirs.company_or_institution, theirs.street_address].filter(Boolean)) {
      assert.ok(!other.text.includes(String(leak)), `no ${leak} in the answer`)
    }
    // a PENDING ship-to of another account (lite.cn's) neither
    const pending = await call(ctx(), 'POST', '/flashbuy/promos/apply', {
      token: approved,
      body: { flashBuyId: 'FB-CN-001', shipTo: 'ST-PENDING-000456', item: { quantity: 1 } },
    })
    assert.deepEqual([pending.status, pending.body.reason], [404, 'ADDRESS_NOT_FOUND'])
    // its own ship-to is fine
    const own = await call(ctx(), 'POST', '/flashbuy/promos/apply', {
      token: approved,
      body: { flashBuyId: 'FB-CN-001', shipTo: 'ST-1000001-01', item: { quantity: 1 } },
    })
    assert.deepEqual([own.status, own.body.data.status], [200, 'success'])
  })

  it("another account's purchases never show in purchasedQty nor count against the caller's limit", async () => {
    const distributorAccount = await accountOf(ctx(), 'distributor.cn')
    // FB-CN-001: max 5, per-account limit 10; distributor.cn has bought 9
    await setFlashLedger(ctx().db, 'FB-CN-001', distributorAccount, 9)
    try {
      const approved = await tokenFor(ctx(), 'approved.cn')
      const distributor = await tokenFor(ctx(), 'distributor.cn')
      const detail = async (token?: string) =>
        (await call(ctx(), 'GET', '/flashbuy/detail/FB-CN-001', { token })).body.data.purchasedQty
      assert.equal(await detail(distributor), 9, 'its own purchases')
      assert.equal(await detail(approved), 0)
      assert.equal(await detail(), 0, 'anonymous: 0')
      const apply = async (token: string, quantity: number) =>
        (
          await call(ctx(), 'POST', '/flashbuy/promos/apply', {
            token,
            body: { flashBuyId: 'FB-CN-001', item: { quantity } },
          })
        ).body.data.status
      assert.equal(await apply(approved, 5), 'success')
      assert.equal(
        await apply(distributor, 2),
        'check_accountPurchaseLimitQty',
        '9 + 2 > 10 for the account that bought',
      )
    } finally {
      await clearFlashLedger(ctx().db, 'FB-CN-001', distributorAccount)
    }
  })

  it('apply-promo needs a login: anonymous, a bad or an expired token answer 401', async () => {
    const body = { flashBuyId: 'FB-CN-001', item: { quantity: 1 } }
    const anon = await call(ctx(), 'POST', '/flashbuy/promos/apply', { body })
    assert.equal(anon.status, 401)
    assert.equal(anon.body.success, false)
    assert.equal((await call(ctx(), 'POST', '/flashbuy/promos/apply', { body, token: 'not-a-jwt' })).status, 401)
    const expired = await tokenFor(ctx(), 'approved.cn', {
      ttlSeconds: 60,
      nowSeconds: Math.floor(Date.now() / 1000) - 3600,
    })
    assert.equal((await call(ctx(), 'POST', '/flashbuy/promos/apply', { body, token: expired })).status, 401)
  })

  it('a user of another country reaches neither the sale nor its apply-promo (404), whatever the countrycode header says', async () => {
    const inUser = await tokenFor(ctx(), 'approved.in')
    const detail = await call(ctx(), 'GET', '/flashbuy/detail/FB-CN-001', { token: inUser })
    assert.deepEqual([detail.status, detail.body.reason], [404, 'FLASH_NOT_FOUND'])
    const apply = await call(ctx(), 'POST', '/flashbuy/promos/apply', {
      token: inUser,
      body: { flashBuyId: 'FB-CN-001', item: { quantity: 1 } },
    })
    assert.deepEqual([apply.status, apply.body.reason], [404, 'FLASH_NOT_FOUND'])
    // its own country's sale, with its own ship-to and INR
    const own = await call(ctx(), 'POST', '/flashbuy/promos/apply', {
      token: inUser,
      body: { flashBuyId: 'FB-IN-001', shipTo: 'ST-5000001-01', item: { quantity: 1 } },
    })
    assert.deepEqual([own.status, own.body.data.status, own.body.data.currency], [200, 'success', 'INR'])
    assert.equal(own.body.data.taxes, 0, 'ENABLE_ORDER_TAX is off for in in the seed')
  })
})
