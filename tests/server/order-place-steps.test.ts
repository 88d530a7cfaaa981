import { it } from 'node:test'
import assert from 'node:assert/strict'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../server/db/schema'
import type { AuthUser } from '../../server/domains/auth'
import { loadLines } from '../../server/domains/order/place/load-lines'
import { price } from '../../server/domains/order/place/price'
import { allocate } from '../../server/domains/order/place/allocate'
import { checkoutDrafts, placementAnswer, BACKORDER_LEAD_DAYS } from '../../server/domains/order/place/drafts'
import { clearCart } from '../../server/domains/order/place/clear-cart'
import { shipToSnapshot, writeOrders, type OrderDraft } from '../../server/domains/order/write-orders'
import type { PricingLine, PricingResult } from '../../server/domains/cart'
import { ApiError } from '../../server/errors'
import { describeEachDb, tokenFor, auth, authUser, type TestContext, userRow } from './helpers'
import { orderableInStock } from '../support/orderable-products'

/**
 * The steps of order placement (server/domains/order/place/), each on its own against a real
 * database: loadLines → price → allocate → writeOrders (with the orders checkoutDrafts makes) →
 * clearCart. Every step runs in a transaction that is rolled back, so the steps leave nothing behind.
 */

const ROLLBACK = new Error('rollback')
async function rolledBack<T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  let out: T | undefined
  await db
    .transaction()
    .execute(async (trx) => {
      out = await fn(trx)
      throw ROLLBACK
    })
    .catch((e) => {
      if (e !== ROLLBACK) throw e
    })
  return out as T
}

/** the placement row a placement starts with (its answer is written when it ends) */
const startPlacement = (trx: Transaction<DB>, id: string, user: AuthUser) =>
  trx
    .insertInto('order_placements')
    .values({ id, user_id: user.id, account_id: user.accountId, request_hash: 'h', response: '{}' })
    .execute()

const requestOf = (user: AuthUser, language: 'en' | 'cn' = 'en') =>
  ({ user, locale: { language, country: user.country }, headers: {}, log: { info() {} } }) as unknown as FastifyRequest

async function activeProducts(db: Kysely<DB>, n: number, minStock = 50) {
  return orderableInStock(db, minStock)
    .select(['p.id', 'p.catalog_number'])
    .orderBy('p.id')
    .offset(40)
    .limit(n)
    .execute()
}

const rejects = async (p: Promise<unknown>, reason: string) =>
  assert.rejects(p, (e: unknown) => e instanceof ApiError && e.reason === reason)

describeEachDb('order placement steps', (ctx) => {
  const addToCart = async (c: TestContext, userName: string, items: { catalogNumber: string; quantity: number }[]) => {
    const u = await userRow(c.db, userName)
    await sql`DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ${u.id})`.execute(c.db)
    await sql`DELETE FROM cart_coupons WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ${u.id})`.execute(c.db)
    const t = await tokenFor(c, userName)
    const r = await c.app.inject({
      method: 'POST',
      url: '/api/cart/addItems',
      headers: auth(t, { countrycode: 'cn', languagecode: 'en' }),
      payload: { items },
    })
    assert.equal(r.statusCode, 200, r.body)
    return r.json().data.cart as { id: string; cartItems: { id: number; quantity: number }[] }
  }

  it("loadLines: the cart's lines in the order added and its codes; a changed skuList and an empty cart are refused", async () => {
    const c = ctx()
    const user = await authUser(c.db, 'distributor.cn')
    const [p1, p2] = await activeProducts(c.db, 2)
    const cart = await addToCart(c, 'distributor.cn', [
      { catalogNumber: p1.catalog_number, quantity: 3 },
      { catalogNumber: p2.catalog_number, quantity: 2 },
    ])
    const req = requestOf(user)
    const all = await rolledBack(c.db, (trx) => loadLines(trx, req, { addressKey: 'x', termsAccepted: true }))
    assert.deepEqual(
      all.lines.map((l) => [l.productId, l.quantity]),
      [
        [p1.id, 3],
        [p2.id, 2],
      ],
    )
    assert.equal(all.cartId, cart.id)
    assert.equal(all.staticQuoteId, null)
    assert.deepEqual(all.codes, [])
    assert.equal(all.titles.size, 2)
    // the buyer's confirmed lines only, and the body's codes over the cart's
    const one = await rolledBack(c.db, (trx) =>
      loadLines(trx, req, {
        addressKey: 'x',
        termsAccepted: true,
        promoCodes: ['ABC'],
        orderPreference: 'SC_PRIORITY',
        skuList: [{ cartItemId: cart.cartItems[1].id, quantity: 2 }],
      }),
    )
    assert.deepEqual(
      one.lines.map((l) => l.productId),
      [p2.id],
    )
    assert.deepEqual(one.codes, ['ABC'])
    assert.equal(one.preference, 'SC_PRIORITY')
    await rejects(
      rolledBack(c.db, (trx) =>
        loadLines(trx, req, {
          addressKey: 'x',
          termsAccepted: true,
          skuList: [{ cartItemId: cart.cartItems[0].id, quantity: 9 }],
        }),
      ),
      'CART_CHANGED',
    )
    await sql`DELETE FROM cart_items WHERE cart_id = ${cart.id}::uuid`.execute(c.db)
    await rejects(
      rolledBack(c.db, (trx) => loadLines(trx, req, { addressKey: 'x', termsAccepted: true })),
      'CART_EMPTY',
    )
  })

  it("loadLines: an S-quote's lines at the quote's prices", async () => {
    const c = ctx()
    const user = await authUser(c.db, 'approved.in')
    const q = await c.db
      .selectFrom('quotes')
      .select('static_quote_id')
      .where('account_id', '=', user.accountId)
      .where('status', '=', 'active')
      .where('expires_at', '>', new Date())
      .executeTakeFirstOrThrow()
    const loaded = await rolledBack(c.db, (trx) =>
      loadLines(trx, requestOf(user), {
        addressKey: 'x',
        termsAccepted: true,
        squoteDetail: { staticQuoteId: q.static_quote_id },
      }),
    )
    const ql = await c.db
      .selectFrom('quote_lines')
      .select(['product_id', 'quantity', 'final_price'])
      .where('static_quote_id', '=', q.static_quote_id)
      .orderBy('line_number')
      .execute()
    assert.equal(loaded.staticQuoteId, q.static_quote_id)
    assert.equal(loaded.cartId, null)
    assert.deepEqual(
      loaded.lines.map((l) => [l.productId, l.quantity]),
      ql.map((l) => [l.product_id, l.quantity]),
    )
    assert.deepEqual(
      ql.map((l) => loaded.quotePrices!.get(l.product_id)!.final),
      ql.map((l) => Number(l.final_price)),
    )
  })

  it("price: the server's prices; nothing priceable is CART_EMPTY and a discontinued line LINE_BLOCKED", async () => {
    const c = ctx()
    const user = await authUser(c.db, 'distributor.cn')
    const req = requestOf(user)
    const [p1, p2] = await activeProducts(c.db, 2)
    const loaded = {
      lines: [{ cartItemId: 1, productId: p1.id, quantity: 2 }],
      codes: [],
      cartId: null,
      staticQuoteId: null,
      preference: 'SMART_DISTRIBUTION' as const,
      titles: new Map(),
    }
    const priced = await rolledBack(c.db, (trx) => price(trx, req, loaded))
    assert.equal(priced.lines.length, 1)
    assert.equal(priced.lines[0].minor.lineTotal, priced.lines[0].minor.final! * 2)
    await rejects(
      rolledBack(c.db, (trx) => price(trx, req, { ...loaded, lines: [{ cartItemId: 1, productId: -1, quantity: 1 }] })),
      'CART_EMPTY',
    )
    await rejects(
      rolledBack(c.db, async (trx) => {
        await trx
          .updateTable('product_sales')
          .set({ sales_status: 'discontinued' })
          .where('product_id', '=', p2.id)
          .execute()
        return price(trx, req, {
          ...loaded,
          lines: [...loaded.lines, { cartItemId: 2, productId: p2.id, quantity: 1 }],
        })
      }),
      'LINE_BLOCKED',
    )
  })

  it('allocate: takes what stock covers, line by line, never below zero; the rest is left to backorder', async () => {
    const c = ctx()
    const [p1, p2] = await activeProducts(c.db, 2)
    const out = await rolledBack(c.db, async (trx) => {
      await trx.updateTable('product_stock').set({ quantity: 5 }).where('product_id', '=', p1.id).execute()
      await trx.updateTable('product_stock').set({ quantity: 0 }).where('product_id', '=', p2.id).execute()
      const alloc = await allocate(
        trx,
        [
          { lineNumber: 1, productId: p1.id, quantity: 3, deliveryChannel: 'TFS' },
          { lineNumber: 2, productId: p1.id, quantity: 4, deliveryChannel: 'TFS' },
          { lineNumber: 3, productId: p2.id, quantity: 2, deliveryChannel: 'TFS' },
          // an SC line without a supply centre gets nothing
          { lineNumber: 4, productId: p2.id, quantity: 1, deliveryChannel: 'SC' },
        ],
        null,
      )
      const stock = await trx
        .selectFrom('product_stock')
        .select(['product_id', 'quantity'])
        .where('product_id', 'in', [p1.id, p2.id])
        .orderBy('product_id')
        .execute()
      return { alloc, stock }
    })
    assert.deepEqual(
      [...out.alloc],
      [
        [1, 3],
        [2, 2],
        [3, 0],
        [4, 0],
      ],
    )
    assert.deepEqual(
      out.stock.map((s) => s.quantity),
      [0, 0],
    )
  })

  it('checkoutDrafts and placementAnswer: one order per channel, taxes split exactly, backorders dated, status 30', () => {
    const line = (n: number, ch: 'SC' | 'TFS', total: number, q = 1): PricingLine =>
      ({
        lineNumber: n,
        productId: 100 + n,
        sku: `S${n}`,
        catalogNumber: `C${n}`,
        productTitle: `T${n}`,
        size: '1 EA',
        image: null,
        quantity: q,
        deliveryChannel: ch,
        appliedPromoCodes: [],
        minor: { list: total / q + 10, unit: total / q, final: total / q, lineTotal: total },
      }) as unknown as PricingLine
    const priced = {
      currency: 'CNY',
      lines: [line(1, 'TFS', 3333), line(2, 'SC', 3333), line(3, 'TFS', 3334, 2)],
      validCodes: ['P1'],
      summary: { taxEnabled: true },
      summaryMinor: { taxes: 1300 },
      taxRateBasisPoints: 1300,
      supplyCenterId: 'SC-1',
    } as unknown as PricingResult
    const shipTo = {
      address_key: 'ST-1',
      account_number: '1',
      attention_to: null,
      company_or_institution: 'Lab',
      dept_or_lab: null,
      country: 'China',
      state_or_province: null,
      city: 'Shanghai',
      street_address: 'Road 1',
      building_or_room: null,
      zip_code: '200000',
      phone_number: null,
      address_status: 'ACTIVE' as const,
    }
    const now = Date.UTC(2026, 0, 1)
    const drafts = checkoutDrafts({
      placementId: 'p',
      user: { id: 'u', accountId: 1, registrationStatus: 'Siebel Approved' },
      body: { addressKey: 'ST-1', termsAccepted: true, poNumber: ' PO ' },
      shipTo,
      priced,
      alloc: new Map([
        [1, 1],
        [2, 0],
        [3, 2],
      ]),
      loaded: { titles: new Map(), staticQuoteId: null, preference: 'SMART_DISTRIBUTION' },
      now,
    })
    assert.deepEqual(
      drafts.map((d) => [d.deliveryChannel, d.orderType, d.totalAmount, d.status, d.statusCode, d.source, d.poNumber]),
      [
        ['SC', 'D1', 3333, 'SUBMITTED', 30, 'cart', 'PO'],
        ['TFS', 'ZOR', 6667, 'SUBMITTED', 30, 'cart', 'PO'],
      ],
    )
    assert.equal(drafts[0].taxes + drafts[1].taxes, 1300)
    assert.deepEqual(
      drafts.map((d) => d.charges),
      [[{ kind: 'Tax', amount: drafts[0].taxes }], [{ kind: 'Tax', amount: drafts[1].taxes }]],
    )
    assert.equal(drafts[0].supplyCenterId, 'SC-1')
    assert.equal(drafts[1].supplyCenterId, null)
    assert.deepEqual(drafts[0].shipTo, shipToSnapshot(shipTo))
    // the SC line had no stock: backordered, shipping BACKORDER_LEAD_DAYS later
    assert.deepEqual(
      drafts[0].lines.map((l) => [l.lineNumber, l.allocatedQty, l.backorderedQty]),
      [[1, 0, 1]],
    )
    assert.equal(new Date(drafts[0].lines[0].estimatedShipDate!).getTime(), now + BACKORDER_LEAD_DAYS * 86_400_000)
    assert.deepEqual(
      drafts[1].lines.map((l) => [l.lineNumber, l.allocatedQty, l.backorderedQty, l.estimatedShipDate]),
      [
        [1, 1, 0, null],
        [2, 2, 0, null],
      ],
    )
    const answer = placementAnswer(
      'p',
      drafts,
      [
        { id: 1, orderNumber: '5000001', salesOrderNumber: '55000001' },
        { id: 2, orderNumber: '5000002', salesOrderNumber: '15000001' },
      ],
      'ACTIVE',
      'CNY',
    )
    assert.equal(answer.salesOrderNumber, '15000001')
    assert.equal(answer.spSalesOrderNumber, '55000001')
    assert.equal(answer.pendingLtoOrderNumber, '5000001')
    assert.equal(answer.total, 113)
  })

  it('writeOrders: orders, lines and charges in one statement, numbered from the sequences in order; extra writes join the statement', async () => {
    const c = ctx()
    const user = await authUser(c.db, 'distributor.cn')
    const [p1] = await activeProducts(c.db, 1)
    const st = await c.db
      .selectFrom('ship_tos')
      .selectAll()
      .where('account_id', '=', user.accountId)
      .where('address_status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow()
    const draft = (ch: 'SC' | 'TFS', taxes: number): OrderDraft => ({
      placementId: '00000000-0000-4000-a000-000000000001',
      accountId: user.accountId,
      userId: user.id,
      orderType: ch === 'SC' ? 'D1' : 'ZOR',
      deliveryChannel: ch,
      supplyCenterId: null,
      status: 'SUBMITTED',
      statusCode: 30,
      source: 'cart',
      poNumber: null,
      remark: null,
      additionalEmails: ['a@b.cn'],
      shipTo: shipToSnapshot(st),
      billToNumber: null,
      currency: 'CNY',
      totalPriceAmount: 1200,
      totalAmount: 1000,
      taxes,
      handlingCharge: 0,
      charges: taxes ? [{ kind: 'Tax', amount: taxes }] : [],
      promoCodes: [],
      staticQuoteId: null,
      orderPreference: 'SMART_DISTRIBUTION',
      flashSaleId: null,
      contacts: null,
      lines: [1, 2].map((n) => ({
        lineNumber: n,
        productId: p1.id,
        sku: 'S',
        catalogNumber: p1.catalog_number,
        titleEn: 'E',
        titleZh: 'Z',
        size: '1',
        image: null,
        quantity: n,
        allocatedQty: n,
        backorderedQty: 0,
        estimatedShipDate: null,
        listPrice: null,
        unitPrice: 500,
        finalPrice: 500,
        lineTotal: 500 * n,
        deliveryChannel: ch,
        promoCodes: [],
      })),
    })
    const out = await rolledBack(c.db, async (trx) => {
      await startPlacement(trx, '00000000-0000-4000-a000-000000000001', user)
      const w = await writeOrders(trx, [draft('SC', 130), draft('TFS', 0)], {
        with: [sql`z AS (SELECT count(*)::int AS n FROM v)`],
        select: [sql`(SELECT n FROM z) AS seen`],
      })
      const ids = w.orders.map((o) => o.id)
      const orders = await trx.selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('id').execute()
      const lines = await trx
        .selectFrom('order_lines')
        .select(['order_id', 'line_number', 'quantity'])
        .where('order_id', 'in', ids)
        .orderBy('id')
        .execute()
      const charges = await trx
        .selectFrom('order_charges')
        .select(['order_id', 'kind', 'amount'])
        .where('order_id', 'in', ids)
        .execute()
      return { w, orders, lines, charges }
    })
    const [sc, tfs] = out.w.orders
    assert.equal(Number(tfs.orderNumber), Number(sc.orderNumber) + 1)
    assert.deepEqual(
      out.orders.map((o) => [o.order_number, o.sales_order_number, o.delivery_channel, o.ship_to_key]),
      [
        [sc.orderNumber, sc.salesOrderNumber, 'SC', st.address_key],
        [tfs.orderNumber, tfs.salesOrderNumber, 'TFS', st.address_key],
      ],
    )
    assert.deepEqual(out.orders[0].ship_to_snapshot, shipToSnapshot(st))
    assert.deepEqual(out.orders[0].additional_emails, ['a@b.cn'])
    assert.deepEqual(
      out.lines.map((l) => [l.order_id, l.line_number, l.quantity]),
      [
        [sc.id, 1, 1],
        [sc.id, 2, 2],
        [tfs.id, 1, 1],
        [tfs.id, 2, 2],
      ],
    )
    assert.deepEqual(
      out.charges.map((x) => [x.order_id, x.kind, Number(x.amount)]),
      [[sc.id, 'Tax', 130]],
    )
    assert.equal(out.w.lineRows, 4)
    assert.equal(out.w.chargeRows, 1)
    assert.equal(out.w.extra.seen, 2)
  })

  it("clearCart: the ordered lines and the cart's codes leave the cart, the answer is stored; a quote is ordered once", async () => {
    const c = ctx()
    const user = await authUser(c.db, 'distributor.cn')
    const [p1, p2] = await activeProducts(c.db, 2)
    const cart = await addToCart(c, 'distributor.cn', [
      { catalogNumber: p1.catalog_number, quantity: 1 },
      { catalogNumber: p2.catalog_number, quantity: 1 },
    ])
    const answer = {
      placementId: '00000000-0000-4000-a000-000000000002',
      orders: [
        {
          orderNumber: '9',
          salesOrderNumber: '19',
          orderType: 'ZOR',
          deliveryChannel: 'TFS',
          status: 'SUBMITTED',
          total: 1,
        },
      ],
      salesOrderNumber: '19',
      spSalesOrderNumber: null,
      addressStatus: 'ACTIVE',
      pendingLtoOrderNumber: null,
      currency: 'CNY',
      total: 1,
    } as const
    const out = await rolledBack(c.db, async (trx) => {
      await trx.insertInto('cart_coupons').values({ cart_id: cart.id, code: 'ANY' }).execute()
      await startPlacement(trx, answer.placementId, user)
      await clearCart(
        trx,
        {
          lines: [{ cartItemId: cart.cartItems[0].id, productId: p1.id, quantity: 1 }],
          cartId: cart.id,
          staticQuoteId: null,
        },
        { ...answer, orders: [...answer.orders] },
      )
      const items = await trx.selectFrom('cart_items').select('id').where('cart_id', '=', cart.id).execute()
      const coupons = await trx.selectFrom('cart_coupons').select('code').where('cart_id', '=', cart.id).execute()
      const stored = await trx
        .selectFrom('order_placements')
        .select('response')
        .where('id', '=', answer.placementId)
        .executeTakeFirstOrThrow()
      return { items, coupons, stored }
    })
    assert.deepEqual(
      out.items.map((i) => i.id),
      [cart.cartItems[1].id],
    )
    assert.deepEqual(out.coupons, [])
    assert.deepEqual(out.stored.response, answer)

    const q = await c.db
      .selectFrom('quotes')
      .select('static_quote_id')
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow()
    const quote = await rolledBack(c.db, async (trx) => {
      await startPlacement(trx, answer.placementId, user)
      await clearCart(
        trx,
        { lines: [], cartId: null, staticQuoteId: q.static_quote_id },
        { ...answer, orders: [...answer.orders] },
      )
      return trx
        .selectFrom('quotes')
        .select(['status', 'ordered_order_number'])
        .where('static_quote_id', '=', q.static_quote_id)
        .executeTakeFirstOrThrow()
    })
    assert.deepEqual(quote, { status: 'ordered', ordered_order_number: '9' })
  })
})
