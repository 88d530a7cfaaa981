import { it } from 'node:test'
import assert from 'node:assert/strict'
import { auth, describeEachDb, tokenFor, userRow, type TestContext } from './helpers'
import { staffToken } from './staff-helpers'
import { buyerPrice, clientCredentialsToken, erpClient, postRows, sendRows, type ErpClient } from './erp-helpers'
import { ERP_MAX_ROWS } from '../../types/platform/erp'

/**
 * Issue 24, "The ERP integration", In: "an integration client (OAuth 2 client credentials from the embedded provider,
 * scoped) posts ... invoices (with the PDF), stock per warehouse and supply centre, account prices ... Each call is
 * idempotent by the sender's id; bulk calls take up to 1,000 rows and answer per row."
 * (Order status changes and shipments: tests/server/erp-orders.test.ts.)
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64')

describeEachDb('the inbound ERP API: clients, catalogue and invoices (issue 24)', (ctx: () => TestContext) => {
  let erp: ErpClient
  let catalogNumber: string
  let accountNumber: string
  let billToNumber: string
  let buyer: string

  it('set-up: an administrator makes an integration client; its token comes from the provider (client credentials)', async () => {
    const { app, db } = ctx()
    erp = await erpClient(app, db)
    const u = await userRow(ctx(), 'approved.cn')
    const account = await db
      .selectFrom('accounts')
      .select('account_number')
      .where('id', '=', u.account_id)
      .executeTakeFirstOrThrow()
    accountNumber = account.account_number!
    const bt = await db
      .selectFrom('bill_to_settings')
      .select('bill_to_number')
      .where('account_id', '=', u.account_id)
      .where('currency', '=', 'CNY')
      .orderBy('bill_to_number')
      .executeTakeFirstOrThrow()
    billToNumber = bt.bill_to_number
    const p = await db
      .selectFrom('products')
      .select('catalog_number')
      .where('list_price_cny', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    catalogNumber = p.catalog_number
    buyer = await tokenFor(ctx(), 'approved.cn')
    // the secret is answered once and never written to the audit log
    const entry = await db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', erp.clientId)
      .executeTakeFirstOrThrow()
    assert.equal(entry.action, 'integration.create')
    assert.ok(!JSON.stringify(entry.after).includes(erp.clientSecret))
  })

  it('who may call: no token, a buyer token or a staff token is 401; a token without the scope is 403; a revoked client is 401 at once', async () => {
    const { app, db } = ctx()
    const row = [{ id: 'auth-1', catalogNumber, warehouse: 'WH-SH', quantity: 1 }]
    assert.equal((await postRows(app, null, 'stock', row)).statusCode, 401)
    assert.equal((await postRows(app, buyer, 'stock', row)).statusCode, 401)
    assert.equal((await postRows(app, await staffToken(db, 'staff-administrator'), 'stock', row)).statusCode, 401)
    // a wrong secret gets no token
    assert.equal((await clientCredentialsToken(app, erp.clientId, 'not-the-secret')).status, 401)
    const invoicesOnly = await erpClient(app, db, ['erp:invoices'])
    const refused = await postRows(app, invoicesOnly.token, 'stock', row)
    assert.equal(refused.statusCode, 403, refused.body)
    // a client cannot ask for a scope it was not given
    const more = await clientCredentialsToken(app, invoicesOnly.clientId, invoicesOnly.clientSecret, 'erp:catalogue')
    assert.notEqual(more.status, 200, JSON.stringify(more.body))
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/admin/integration-clients/${invoicesOnly.clientId}/revoke`,
      headers: auth(await staffToken(db, 'staff-administrator')),
    })
    assert.equal(revoke.statusCode, 200, revoke.body)
    const after = await postRows(app, invoicesOnly.token, 'invoices', [{ id: 'x' }])
    assert.equal(after.statusCode, 401, 'the token of a revoked client is refused although it has not expired')
    assert.equal((await clientCredentialsToken(app, invoicesOnly.clientId, invoicesOnly.clientSecret)).status, 401)
    // nothing reached the stock
    assert.equal(
      (await db.selectFrom('warehouse_stock').select('product_id').execute()).length,
      0,
      'no refused call wrote stock',
    )
  })

  it('stock per warehouse: the product stock is the sum of its warehouses; a supply centre keeps its own; bad rows are answered per row', async () => {
    const { app, db } = ctx()
    const sc = await db.selectFrom('supply_center_options').select('supply_center_id').executeTakeFirstOrThrow()
    const a = await sendRows(app, erp.token, 'stock', [
      { id: 'st-1', catalogNumber, warehouse: 'WH-SH', quantity: 40 },
      { id: 'st-2', catalogNumber, warehouse: 'WH-BJ', quantity: 2 },
      { id: 'st-3', catalogNumber, supplyCentre: sc.supply_center_id, quantity: 7 },
      { id: 'st-4', catalogNumber: 'NO-SUCH-CAT', warehouse: 'WH-SH', quantity: 1 },
      { id: 'st-5', catalogNumber, quantity: -1 },
      { id: 'st-6', catalogNumber, warehouse: 'WH-SH', supplyCentre: sc.supply_center_id, quantity: 1 },
    ])
    assert.deepEqual(
      a.results.map((r) => [r.id, r.status]),
      [
        ['st-1', 200],
        ['st-2', 200],
        ['st-3', 200],
        ['st-4', 404],
        ['st-5', 400],
        ['st-6', 400],
      ],
    )
    assert.equal(a.accepted, 3)
    assert.equal(a.refused, 3)
    assert.match(a.results[4].message!, /quantity/)
    const p = await db
      .selectFrom('products')
      .select('id')
      .where('catalog_number', '=', catalogNumber)
      .executeTakeFirstOrThrow()
    const stock = await db
      .selectFrom('product_stock')
      .select('quantity')
      .where('product_id', '=', p.id)
      .executeTakeFirstOrThrow()
    assert.equal(stock.quantity, 42)
    const scStock = await db
      .selectFrom('supply_center_stock')
      .select('quantity')
      .where('product_id', '=', p.id)
      .where('supply_center_id', '=', sc.supply_center_id)
      .executeTakeFirstOrThrow()
    assert.equal(scStock.quantity, 7)
    // the buyer's availability shows it
    const res = await app.inject({
      method: 'POST',
      url: '/api/product/availability',
      headers: { ...auth(buyer), languagecode: 'en' },
      payload: { items: [{ catalogNumber, quantity: 1 }] },
    })
    assert.equal(res.statusCode, 200, res.body)
    assert.equal(res.json().data.products?.[0]?.availableQuantity ?? res.json().data[0]?.availableQuantity, 42)
  })

  it('idempotent by the sender id: the same row again is replayed and changes nothing; the same id with other content is 409; a refused row can be corrected under its id', async () => {
    const { app, db } = ctx()
    const again = await sendRows(app, erp.token, 'stock', [
      { id: 'st-1', catalogNumber, warehouse: 'WH-SH', quantity: 40 },
    ])
    assert.equal(again.results[0].replayed, true)
    assert.equal(again.results[0].status, 200)
    const reused = await sendRows(app, erp.token, 'stock', [
      { id: 'st-1', catalogNumber, warehouse: 'WH-SH', quantity: 99 },
    ])
    assert.equal(reused.results[0].status, 409)
    assert.equal(reused.results[0].code, 'ID_REUSED')
    const p = await db
      .selectFrom('products')
      .select('id')
      .where('catalog_number', '=', catalogNumber)
      .executeTakeFirstOrThrow()
    const stock = await db
      .selectFrom('product_stock')
      .select('quantity')
      .where('product_id', '=', p.id)
      .executeTakeFirstOrThrow()
    assert.equal(stock.quantity, 42, 'neither the replay nor the reused id changed the stock')
    const fixed = await sendRows(app, erp.token, 'stock', [
      { id: 'st-5', catalogNumber, warehouse: 'WH-GZ', quantity: 8 },
    ])
    assert.equal(fixed.results[0].status, 200, JSON.stringify(fixed.results[0]))
    // one call, the same id twice: the second is the first's replay
    const twice = await sendRows(app, erp.token, 'stock', [
      { id: 'st-7', catalogNumber, warehouse: 'WH-CD', quantity: 1 },
      { id: 'st-7', catalogNumber, warehouse: 'WH-CD', quantity: 1 },
    ])
    assert.deepEqual(
      twice.results.map((r) => r.replayed ?? false),
      [false, true],
    )
  })

  it(`bulk calls take up to ${ERP_MAX_ROWS} rows: more is refused whole (400) and none is applied`, async () => {
    const { app, db } = ctx()
    const rows = Array.from({ length: ERP_MAX_ROWS + 1 }, (_, i) => ({
      id: `big-${i}`,
      catalogNumber,
      warehouse: 'WH-BIG',
      quantity: 1,
    }))
    assert.equal((await postRows(app, erp.token, 'stock', rows)).statusCode, 400)
    assert.equal((await postRows(app, erp.token, 'stock', [])).statusCode, 400)
    const n = await db.selectFrom('warehouse_stock').select('product_id').where('warehouse', '=', 'WH-BIG').execute()
    assert.equal(n.length, 0)
  })

  it("account prices: the buyer's price follows the ERP's; another currency than the account's is refused; null removes it", async () => {
    const { app } = ctx()
    const set = await sendRows(app, erp.token, 'account-prices', [
      { id: 'ap-1', accountNumber, catalogNumber, currency: 'CNY', price: 123.45, priceType: 'yourPrice' },
      { id: 'ap-2', accountNumber, catalogNumber, currency: 'INR', price: 1 },
      { id: 'ap-3', accountNumber: 'NO-SUCH-ACCOUNT', catalogNumber, currency: 'CNY', price: 1 },
    ])
    assert.deepEqual(
      set.results.map((r) => r.status),
      [200, 400, 404],
    )
    assert.equal((await buyerPrice(ctx().app, buyer, catalogNumber)).unFormattedPrice, 123.45)
    const removed = await sendRows(app, erp.token, 'account-prices', [
      { id: 'ap-4', accountNumber, catalogNumber, currency: 'CNY', price: null },
    ])
    assert.equal(removed.results[0].status, 200)
    assert.notEqual((await buyerPrice(ctx().app, buyer, catalogNumber)).unFormattedPrice, 123.45)
  })

  it('invoices with their PDF: the buyer sees the invoice in the bill-to list and on its order, is told, and the AR ledger has its debit', async () => {
    const { app, db } = ctx()
    const u = await userRow(ctx(), 'approved.cn')
    const order = await db
      .selectFrom('orders')
      .select(['order_number'])
      .where('user_id', '=', u.id)
      .where('bill_to_number', '=', billToNumber)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    const row = {
      id: 'inv-1',
      invoiceNumber: 'ERP-INV-0001',
      invoiceCode: '044031900111',
      billToNumber,
      ...(order ? { orderNo: order.order_number } : {}),
      kind: 'general',
      medium: 'e-invoice',
      amount: 1288.5,
      currency: 'CNY',
      status: 'issued',
      issueDate: '2026-11-20T08:00:00Z',
      dueDate: '2026-12-20T08:00:00Z',
      pdfBase64: PDF,
    }
    const a = await sendRows(app, erp.token, 'invoices', [
      row,
      { ...row, id: 'inv-2', invoiceNumber: 'ERP-INV-0002', pdfBase64: Buffer.from('not a pdf').toString('base64') },
      { ...row, id: 'inv-3', invoiceNumber: 'ERP-INV-0003', medium: 'paper' },
      { ...row, id: 'inv-4', invoiceNumber: 'ERP-INV-0004', currency: 'INR' },
    ])
    assert.deepEqual(
      a.results.map((r) => [r.id, r.status, r.code ?? null]),
      [
        ['inv-1', 200, null],
        ['inv-2', 400, 'NOT_A_PDF'],
        ['inv-3', 400, 'VALIDATION_ERROR'],
        ['inv-4', 400, 'CURRENCY_MISMATCH'],
      ],
    )
    const list = await app.inject({
      method: 'GET',
      url: `/api/invoice/list?billToAccountNumber=${billToNumber}&page=1&pageSize=50`,
      headers: { ...auth(buyer), languagecode: 'en' },
    })
    assert.equal(list.statusCode, 200, list.body)
    const inv = (list.json().data.list as { invoiceNumber: string; amount: number }[]).find(
      (i) => i.invoiceNumber === 'ERP-INV-0001',
    )
    assert.ok(inv, 'the buyer lists the invoice')
    assert.equal(inv.amount, 1288.5)
    const ar = await db
      .selectFrom('ar_lines')
      .select(['debit', 'line_type'])
      .where('invoice_number', '=', 'ERP-INV-0001')
      .execute()
    assert.deepEqual(ar, [{ debit: 128850, line_type: 'invoice' }])
    const file = await db
      .selectFrom('invoice_files as f')
      .innerJoin('invoices as i', 'i.id', 'f.invoice_id')
      .select('f.content')
      .where('i.invoice_number', '=', 'ERP-INV-0001')
      .executeTakeFirstOrThrow()
    assert.equal(Buffer.from(file.content).toString('base64'), PDF)
    if (order) {
      const detail = await app.inject({
        method: 'GET',
        url: `/api/order/detail/${order.order_number}`,
        headers: { ...auth(buyer), languagecode: 'en' },
      })
      assert.equal(detail.statusCode, 200, detail.body)
      assert.ok((detail.json().data.invoiceNumbers as string[]).includes('ERP-INV-0001'), 'the order lists its invoice')
      const note = await db
        .selectFrom('notifications')
        .select(['title_en'])
        .where('user_id', '=', u.id)
        .where('title_en', 'like', `%${order.order_number}%`)
        .executeTakeFirst()
      assert.ok(note, 'the buyer is told')
    }
    // a status update of the same invoice (paid) updates it and adds no second AR debit
    const paid = await sendRows(app, erp.token, 'invoices', [{ ...row, id: 'inv-1-paid', status: 'paid' }])
    assert.equal(paid.results[0].status, 200)
    const lines = await db.selectFrom('ar_lines').select('id').where('invoice_number', '=', 'ERP-INV-0001').execute()
    assert.equal(lines.length, 1)
    // the same number under another bill-to is refused
    const other = await db
      .selectFrom('bill_to_settings')
      .select('bill_to_number')
      .where('bill_to_number', '!=', billToNumber)
      .where('currency', '=', 'CNY')
      .executeTakeFirst()
    if (other) {
      const clash = await sendRows(app, erp.token, 'invoices', [
        { ...row, id: 'inv-clash', billToNumber: other.bill_to_number, orderNo: undefined },
      ])
      assert.equal(clash.results[0].status, 409)
    }
  })
})
