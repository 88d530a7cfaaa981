import type { FastifyInstance } from 'fastify'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { DB } from '../../db/schema'
import type { InvoiceTable } from '../../db/schema-account'
import type { Invoice, InvoiceListResult } from '../../../types'
import { ok } from '../../errors'
import { iso, ownAccountRoute } from './common'
import { paging } from '../../lib/paging'
import { toMajor } from '../../../types/money'
import { ownBillToSettings } from './bill-to'
import { accountEndpoints } from '../../../types/account/endpoints'

/** GET /invoice/list: the invoices of one of the caller's bill-tos, newest first, paged and filtered. */
export async function invoiceRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  ownAccountRoute(app, accountEndpoints.invoiceList, async (req) => {
    const q = req.query
    const { summary } = await ownBillToSettings(req, db, q.billToAccountNumber)
    const { page, pageSize, offset } = paging(q)
    let base = db.selectFrom('invoices').where('bill_to_number', '=', q.billToAccountNumber)
    if (q.status) base = base.where('status', '=', q.status)
    if (q.kind) base = base.where('kind', '=', q.kind)
    const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
    const rows = await base
      .selectAll()
      .orderBy('issue_date', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute()
    const list: Invoice[] = rows.map(toInvoice)
    const data: InvoiceListResult = { billTo: summary, list, total, page, pageSize }
    return ok(data)
  })
}

/** An invoices row as the buyer (GET /invoice/list) and staff (GET /admin/accounts/:id/invoices) read it. */
export const toInvoice = (i: Selectable<InvoiceTable>): Invoice => ({
  invoiceNumber: i.invoice_number,
  invoiceCode: i.invoice_code,
  kind: i.kind,
  medium: i.medium,
  title: i.title,
  taxNumber: i.tax_number,
  bank: i.bank,
  bankAccount: i.bank_account,
  amount: toMajor(i.amount),
  currency: i.currency,
  status: i.status,
  deliveryNumber: i.delivery_number,
  salesOrderNumber: i.sales_order_number,
  issueDate: iso(i.issue_date),
  dueDate: iso(i.due_date),
})
