import { it } from 'node:test'
import assert from 'node:assert/strict'
import { sql, type RawBuilder } from 'kysely'
import { describeEachDb, tokenFor, auth } from './helpers'

/**
 * The seed is one consistent world (issue 22 item 6: "the seed's invoices and notifications carry order
 * numbers that no seeded order has. The seed must be one consistent world: every invoice, notification,
 * shipment and request points at a real order of its account").
 *
 * Each check below is one reference of the seeded database, walked with SQL joins; it lists the rows
 * whose reference dangles (no such row, or a row of another account), so a failure names them. Then
 * the two places where a buyer saw the dangling references: an order's invoices on the order detail
 * (spec §9 order detail "Invoices link to the invoice records of the account screens") and a
 * notification's link to its order (an "Order not found" screen).
 */

const EN = { countrycode: 'cn', languagecode: 'en' }

/** the account a bill-to number belongs to (bill_tos hang under an account's ship-tos) */
const billToAccount = (billTo: RawBuilder<unknown>) =>
  sql`(SELECT s.account_id FROM bill_tos b JOIN ship_tos s ON s.id = b.ship_to_id WHERE b.account_number = ${billTo} LIMIT 1)`

/** name → a query giving one text per dangling reference */
const CHECKS: Record<string, RawBuilder<{ bad: string }>> = {
  'invoice → a bill-to of a seeded account': sql`
    SELECT i.invoice_number AS bad FROM invoices i WHERE ${billToAccount(sql`i.bill_to_number`)} IS NULL`,
  "invoice → the sales order of a real order of its bill-to (and of the bill-to's account)": sql`
    SELECT i.invoice_number || ' → ' || i.sales_order_number AS bad FROM invoices i
    WHERE i.sales_order_number IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM orders o WHERE o.sales_order_number = i.sales_order_number AND o.bill_to_number = i.bill_to_number
        AND o.account_id = ${billToAccount(sql`i.bill_to_number`)})`,
  'invoice → issued after its order was placed': sql`
    SELECT i.invoice_number AS bad FROM invoices i JOIN orders o ON o.sales_order_number = i.sales_order_number
    WHERE i.issue_date < o.created_at`,
  'AR line → an invoice of its bill-to': sql`
    SELECT l.document_number AS bad FROM ar_lines l
    WHERE l.invoice_number IS NOT NULL AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.invoice_number = l.invoice_number AND i.bill_to_number = l.bill_to_number)`,
  'notification → a seeded user': sql`
    SELECT n.id AS bad FROM notifications n WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)`,
  "order notification → a real order of the user's account, named in its texts": sql`
    SELECT n.id || ' → ' || coalesce(n.link_params::json->>'orderNumber', '(none)') AS bad FROM notifications n JOIN users u ON u.id = n.user_id
    WHERE (n.category = 'order' OR n.link_route = 'orderDetail') AND NOT EXISTS (
      SELECT 1 FROM orders o WHERE o.order_number = n.link_params::json->>'orderNumber' AND o.account_id = u.account_id
        AND n.link_route = 'orderDetail' AND position(o.order_number in n.body_en) > 0 AND position(o.order_number in n.body_zh) > 0)`,
  "shipping notification → the carrier's tracking number of that order": sql`
    SELECT n.id AS bad FROM notifications n JOIN orders o ON o.order_number = n.link_params::json->>'orderNumber'
    WHERE n.title_en = 'Order shipped' AND NOT EXISTS (
      SELECT 1 FROM shipments s WHERE s.order_id = o.id AND position(s.express_number in n.body_en) > 0)`,
  "bill-to notification → a bill-to of the user's account": sql`
    SELECT n.id AS bad FROM notifications n JOIN users u ON u.id = n.user_id
    WHERE n.link_params::json->>'billToAccountNumber' IS NOT NULL
      AND ${billToAccount(sql`n.link_params::json->>'billToAccountNumber'`)} IS DISTINCT FROM u.account_id`,
  'shipment → a real order that has left the warehouse': sql`
    SELECT s.id::text AS bad FROM shipments s LEFT JOIN orders o ON o.id = s.order_id
    WHERE o.id IS NULL OR o.status NOT IN ('SHIPPED', 'COMPLETED', 'Waiting for Delivery')`,
  "order → its placement, ship-to and bill-to are its account's": sql`
    SELECT o.order_number AS bad FROM orders o
    WHERE (o.placement_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_placements p WHERE p.id = o.placement_id AND p.account_id = o.account_id))
      OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.account_id = o.account_id)
      OR NOT EXISTS (SELECT 1 FROM ship_tos s WHERE s.address_key = o.ship_to_key AND s.account_id = o.account_id)
      OR (o.bill_to_number IS NOT NULL AND ${billToAccount(sql`o.bill_to_number`)} IS DISTINCT FROM o.account_id)`,
  'order line, charge → a real order': sql`
    SELECT 'line ' || l.id AS bad FROM order_lines l WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id)
    UNION ALL SELECT 'charge ' || c.id FROM order_charges c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id)`,
  'cancel/return request → a real order of its account': sql`
    SELECT r.request_number AS bad FROM order_requests r
    WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id AND o.account_id = r.account_id)
      OR (r.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.account_id = r.account_id))`,
  'order confirmation → a real order': sql`
    SELECT c.token_hash AS bad FROM order_confirmations c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id)`,
  'ordered S-quote → a real order of its account that carries the quote; an active one → none': sql`
    SELECT q.static_quote_id AS bad FROM quotes q
    WHERE (q.status = 'ordered') <> (q.ordered_order_number IS NOT NULL)
      OR (q.ordered_order_number IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM orders o WHERE o.order_number = q.ordered_order_number AND o.account_id = q.account_id
          AND o.static_quote_id = q.static_quote_id AND o.created_at > q.created_at))`,
  'order with an S-quote id → a quote of its account': sql`
    SELECT o.order_number AS bad FROM orders o
    WHERE o.static_quote_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.static_quote_id = o.static_quote_id AND q.account_id = o.account_id)`,
  "request / enquiry → its user's account; its history → the request": sql`
    SELECT r.request_id AS bad FROM service_requests r
    WHERE r.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.account_id IS NOT DISTINCT FROM r.account_id)
    UNION ALL SELECT 'interaction ' || i.id FROM request_interactions i WHERE NOT EXISTS (SELECT 1 FROM service_requests r WHERE r.request_id = i.request_id)`,
  'flash-buy order → its sale': sql`
    SELECT o.order_number AS bad FROM orders o WHERE o.source = 'flashbuy' AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.id = o.flash_sale_id)`,
}

describeEachDb('the seed is one consistent world', (ctx) => {
  for (const [name, query] of Object.entries(CHECKS)) {
    it(name, async () => {
      const rows = (await query.execute(ctx().db)).rows.map((r) => r.bad)
      assert.deepEqual(
        rows,
        [],
        `dangling: ${rows.slice(0, 20).join(', ')}${rows.length > 20 ? ` … (${rows.length})` : ''}`,
      )
    })
  }

  it('the world is not empty: invoices bill orders, notifications name orders, quotes were ordered', async () => {
    const r = (
      await sql<{ inv: number; notes: number; quotes: number }>`
      SELECT (SELECT count(*)::int FROM invoices WHERE sales_order_number IS NOT NULL) AS inv,
        (SELECT count(*)::int FROM notifications WHERE link_route = 'orderDetail') AS notes,
        (SELECT count(*)::int FROM quotes WHERE ordered_order_number IS NOT NULL) AS quotes`.execute(ctx().db)
    ).rows[0]
    assert.ok(r.inv > 50, `invoices with a sales order: ${r.inv}`)
    assert.ok(r.notes >= 6, `order notifications: ${r.notes}`)
    assert.ok(r.quotes >= 3, `ordered quotes: ${r.quotes}`)
  })

  it('every order notification opens its order for its user (no "Order not found")', async () => {
    const notes = (
      await sql<{ user_name: string; order_number: string }>`
      SELECT u.user_name, n.link_params::json->>'orderNumber' AS order_number FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE n.link_route = 'orderDetail' ORDER BY n.id`.execute(ctx().db)
    ).rows
    assert.ok(notes.length > 0)
    for (const n of notes) {
      const token = await tokenFor(ctx(), n.user_name)
      const res = await ctx().app.inject({ url: `/api/order/detail/${n.order_number}`, headers: auth(token, EN) })
      assert.equal(res.statusCode, 200, `${n.user_name} ${n.order_number}: ${res.body.slice(0, 200)}`)
      assert.equal(res.json().data.orderNumber, n.order_number)
    }
  })

  it('an order\'s invoices appear on its detail, linked to their bill-to (spec §9: "Invoices link to the invoice records")', async () => {
    const rows = (
      await sql<{ user_name: string; order_number: string; invoices: string[] }>`
      SELECT u.user_name, o.order_number, array_agg(i.invoice_number ORDER BY i.invoice_number) AS invoices
      FROM orders o JOIN users u ON u.id = o.user_id
      JOIN invoices i ON i.sales_order_number = o.sales_order_number AND i.bill_to_number = o.bill_to_number
      GROUP BY u.user_name, o.order_number ORDER BY u.user_name, o.order_number`.execute(ctx().db)
    ).rows
    const users = new Set(rows.map((r) => r.user_name))
    assert.deepEqual(
      [...users].sort(),
      ['approved.cn', 'approved.in'],
      'the two accounts with invoices have invoiced orders',
    )
    // the first and last invoiced order of each user
    const sample = [...users].flatMap((u) => {
      const own = rows.filter((r) => r.user_name === u)
      return [own[0], own[own.length - 1]]
    })
    for (const s of sample) {
      const token = await tokenFor(ctx(), s.user_name)
      const res = await ctx().app.inject({ url: `/api/order/detail/${s.order_number}`, headers: auth(token, EN) })
      assert.equal(res.statusCode, 200, res.body.slice(0, 200))
      assert.deepEqual(res.json().data.invoiceNumbers, s.invoices, `${s.user_name} ${s.order_number}`)
    }
  })
})
