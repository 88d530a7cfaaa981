import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { describeEachDb, tokenFor, auth, type TestContext, userRow } from './helpers'
import { orderableInStock } from '../support/orderable-products'

/**
 * The order IDOR matrix: "every account-scoped call checks ownership (another user's … quote id,
 * order number must be refused with 403/404 and change nothing)". approved.cn attacks the other
 * accounts' orders, quotes, lead carts and addresses; each attempt is refused and no row changes.
 */

const EN = { countrycode: 'cn', languagecode: 'en' }

async function snapshot(ctx: TestContext) {
  const r = await sql<{ o: number; l: number; p: number; li: number; sr: number; q: string; st: number; ci: number }>`
    SELECT (SELECT count(*)::int FROM orders) AS o, (SELECT count(*)::int FROM order_lines) AS l,
           (SELECT count(*)::int FROM order_placements) AS p, (SELECT count(*)::int FROM lead_items) AS li,
           (SELECT count(*)::int FROM service_requests) AS sr,
           (SELECT string_agg(static_quote_id || ':' || status, ',' ORDER BY static_quote_id) FROM quotes) AS q,
           (SELECT sum(quantity)::int FROM product_stock) AS st, (SELECT count(*)::int FROM cart_items) AS ci`.execute(
    ctx.db,
  )
  return r.rows[0]
}

describeEachDb('order authz', (ctx) => {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    body?: unknown,
    extra: Record<string, string> = {},
  ) => {
    const headers = token ? auth(token, { ...EN, ...extra }) : { ...EN, ...extra }
    const res = await ctx().app.inject({ method, url: `/api${url}`, headers, payload: body as object | undefined })
    return { status: res.statusCode, body: res.json() }
  }
  const accountOf = async (name: string) => await userRow(ctx(), name)

  it('order numbers, quote ids, lead carts and addresses of another account are refused and nothing changes', async () => {
    const attacker = await tokenFor(ctx(), 'approved.cn')
    const victim = await tokenFor(ctx(), 'distributor.cn')
    const dist = await accountOf('distributor.cn')
    const india = await accountOf('approved.in')
    const theirOrder = await ctx()
      .db.selectFrom('orders')
      .select('order_number')
      .where('account_id', '=', dist.account_id!)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
    const theirQuote = await ctx()
      .db.selectFrom('quotes')
      .select('static_quote_id')
      .where('account_id', '=', india.account_id!)
      .where('status', '=', 'active')
      .where('expires_at', '>', new Date())
      .orderBy('static_quote_id')
      .limit(1)
      .executeTakeFirstOrThrow()
    // the victim's own lead cart
    const cat = (
      await ctx().db.selectFrom('products').select('catalog_number').orderBy('id').limit(1).executeTakeFirstOrThrow()
    ).catalog_number
    const lead = await call('POST', '/save/leadItem', victim, { catalogNumber: cat, itemCount: 1 })
    assert.equal(lead.status, 200)
    const leadId = lead.body.data.leadCartId
    // something in the attacker's cart, so a placement would have something to order
    const stockRow = await orderableInStock(ctx().db, 51)
      .select('p.catalog_number')
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    assert.equal(
      (
        await call('POST', '/cart/addItems', attacker, {
          items: [{ catalogNumber: stockRow.catalog_number, quantity: 1 }],
        })
      ).status,
      200,
    )

    const before = await snapshot(ctx())
    const place = (body: Record<string, unknown>) =>
      call(
        'POST',
        '/order/placeOrder',
        attacker,
        { termsAccepted: true, ...body },
        { 'idempotency-key': `authz-${Math.random().toString(36).slice(2)}` },
      )

    const attempts: [string, Promise<{ status: number; body: any }>, number][] = [
      ['order detail', call('GET', `/order/detail/${theirOrder.order_number}`, attacker), 404],
      ['pending LTO', call('GET', `/order/pendingLto/${theirOrder.order_number}`, attacker), 404],
      ['quote detail', call('GET', `/quote/detail/${theirQuote.static_quote_id}`, attacker), 404],
      [
        'order their quote',
        place({ addressKey: 'ST-1000001-01', squoteDetail: { staticQuoteId: theirQuote.static_quote_id } }),
        404,
      ],
      ['their ship-to', place({ addressKey: 'ST-3000001-01' }), 404],
      ['their bill-to on my ship-to', place({ addressKey: 'ST-1000001-01', billToNumber: '4000001' }), 404],
      ['read their lead cart', call('GET', `/lead/cart/${leadId}`, attacker), 404],
      ['read their lead cart anonymously', call('GET', `/lead/cart/${leadId}`, null), 404],
      [
        'add to their lead cart',
        call('POST', '/save/leadItem', attacker, { catalogNumber: cat, itemCount: 5, leadCartId: leadId }),
        404,
      ],
      [
        'submit their lead cart',
        call('POST', '/lead/submit', attacker, {
          leadCartId: leadId,
          contactName: 'x',
          phone: '1',
          email: 'a@b.cn',
          companyOrInstitution: 'x',
        }),
        404,
      ],
      [
        'lead item as another userId',
        call('POST', '/save/leadItem', attacker, { catalogNumber: cat, itemCount: 1, userId: dist.id }),
        403,
      ],
      ['anonymous order detail', call('GET', `/order/detail/${theirOrder.order_number}`, null), 401],
    ]
    for (const [name, p, want] of attempts) {
      const r = await p
      assert.equal(r.status, want, `${name}: ${JSON.stringify(r.body)}`)
      assert.equal(r.body.success, false)
    }
    assert.deepEqual(await snapshot(ctx()), before)
    // the quote list shows only the caller's account's quotes
    const mine = await call('GET', '/quote/list', attacker)
    const own = await accountOf('approved.cn')
    const ownIds = (
      await ctx().db.selectFrom('quotes').select('static_quote_id').where('account_id', '=', own.account_id!).execute()
    )
      .map((q) => q.static_quote_id)
      .sort()
    assert.deepEqual(mine.body.data.map((q: any) => q.orderHeader.staticQuoteId).sort(), ownIds)
    assert.ok(!mine.body.data.some((q: any) => q.orderHeader.staticQuoteId === theirQuote.static_quote_id))
    // the owner still reads their own lead cart
    assert.equal((await call('GET', `/lead/cart/${leadId}`, victim)).status, 200)
  })
})
