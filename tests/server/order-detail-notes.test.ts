import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql } from 'kysely'
import { describeEachDb, tokenFor, auth, userRow } from './helpers'

/**
 * Issue 12 on the order detail: "Invoices link to the invoice records of the account screens", and
 * spec §9 "Surcharge orders: check the final price within 4 hours of submission". An order's invoices
 * are those of its sales order on a bill-to of the caller's own account: an invoice another account
 * holds under the same number is never shown.
 */
const EN = { countrycode: 'cn', languagecode: 'en' }

describeEachDb('order detail: invoices and surcharge', (ctx) => {
  const detail = async (token: string, orderNumber: string) => {
    const res = await ctx().app.inject({
      method: 'GET',
      url: `/api/order/detail/${orderNumber}`,
      headers: auth(token, EN),
    })
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data
  }
  const invoice = (billTo: string, number: string, salesOrderNumber: string) => ({
    bill_to_number: billTo,
    invoice_number: number,
    invoice_code: '031001900111',
    kind: 'general' as const,
    medium: 'e-invoice' as const,
    title: 'Test',
    tax_number: '91310000X',
    bank: 'Bank',
    bank_account: '0000',
    amount: 10000,
    currency: 'CNY' as const,
    status: 'issued' as const,
    delivery_number: null,
    sales_order_number: salesOrderNumber,
    issue_date: new Date(),
    due_date: new Date(Date.now() + 30 * 86_400_000),
  })

  it("lists the invoices of the order on the caller's bill-tos, with their bill-to for the invoice list; another account's invoice under the same number stays out", async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const user = await userRow(ctx(), 'approved.cn')
    const order = await ctx()
      .db.selectFrom('orders')
      .select(['order_number', 'sales_order_number'])
      .where('account_id', '=', user.account_id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    /** a bill-to of the user's account ('='), or of another account ('<>') */
    const billTo = (op: '=' | '<>') =>
      ctx()
        .db.selectFrom('bill_tos as b')
        .innerJoin('ship_tos as s', 's.id', 'b.ship_to_id')
        .select('b.account_number')
        .where('s.account_id', op, user.account_id)
        .where('b.account_number', 'is not', null)
        .executeTakeFirstOrThrow()
    const own = await billTo('=')
    const other = await billTo('<>')
    await ctx()
      .db.insertInto('invoices')
      .values([
        invoice(own.account_number!, 'INV-T-OWN-1', order.sales_order_number),
        invoice(other.account_number!, 'INV-T-OTHER-1', order.sales_order_number),
      ])
      .execute()
    try {
      const d = await detail(token, order.order_number)
      assert.deepEqual(d.invoiceNumbers, ['INV-T-OWN-1'])
      assert.deepEqual(d.invoices, [{ invoiceNumber: 'INV-T-OWN-1', billToNumber: own.account_number }])
    } finally {
      await sql`DELETE FROM invoices WHERE invoice_number IN ('INV-T-OWN-1', 'INV-T-OTHER-1')`.execute(ctx().db)
    }
  })

  it('marks an order with a surcharge line (spec §9: check the final price within 4 hours) and not one without', async () => {
    const token = await tokenFor(ctx(), 'approved.cn')
    const user = await userRow(ctx(), 'approved.cn')
    const orders = await ctx()
      .db.selectFrom('orders as o')
      .select([
        'o.order_number',
        sql<boolean>`exists (select 1 from order_lines l join product_catalog pc on pc.product_id = l.product_id where l.order_id = o.id and (pc.surcharge_cny is not null or pc.surcharge_inr is not null))`.as(
          's',
        ),
      ])
      .where('o.account_id', '=', user.account_id)
      .orderBy('o.id')
      .limit(400)
      .execute()
    const withS = orders.find((o) => o.s)
    const without = orders.find((o) => !o.s)
    assert.ok(without, 'an order without surcharge lines exists')
    assert.equal((await detail(token, without!.order_number)).surcharge, false)
    if (withS) assert.equal((await detail(token, withS.order_number)).surcharge, true)
    else {
      // no seeded order has one: give a line of the first order a surcharged product and see the flag
      const p = await ctx()
        .db.selectFrom('product_catalog')
        .select('product_id')
        .where('surcharge_cny', 'is not', null)
        .executeTakeFirstOrThrow()
      const line = await ctx()
        .db.selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['l.id', 'l.product_id', 'o.order_number'])
        .where('o.order_number', '=', without!.order_number)
        .executeTakeFirstOrThrow()
      await ctx().db.updateTable('order_lines').set({ product_id: p.product_id }).where('id', '=', line.id).execute()
      try {
        assert.equal((await detail(token, line.order_number)).surcharge, true)
      } finally {
        await ctx()
          .db.updateTable('order_lines')
          .set({ product_id: line.product_id })
          .where('id', '=', line.id)
          .execute()
      }
    }
  })
})
