import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { RowRefusal, serveBulk } from '../../../lib/erp-bulk'
import { toMinor } from '../../../../types/money'
import { ERP_MAX_PDF_BYTES, type ErpInvoiceRow } from '../../../../types/platform/erp'
import { mailNotices, notifyBuyer, type NoticeMail } from '../notify'

/**
 * POST /api/erp/invoices (issue 24: the ERP posts "invoices (with the PDF)"), scope erp:invoices. An invoice is
 * upserted by its number within its bill-to (another bill-to's number is a 409), its PDF kept (invoice_files), and a
 * new one posts its debit to the bill-to's AR ledger. With `orderNo` it is the invoice of that order (same account):
 * the order's sales-order number links them (the order detail lists the invoices of its sales order), and the
 * order's buyer is told.
 */
export async function invoiceErpRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  serveBulk(app, opts.db, 'erpInvoices', async (trx, row) => {
    const { result, mail } = await applyInvoice(trx, row)
    return { result, afterCommit: mail ? () => mailNotices(app, [mail]) : undefined }
  })
}

const isPdf = (b: Buffer) => b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-'

function pdfOf(row: ErpInvoiceRow): Buffer | null {
  if (row.pdfBase64 === undefined) return null
  const pdf = Buffer.from(row.pdfBase64, 'base64')
  if (pdf.length > ERP_MAX_PDF_BYTES) {
    throw new RowRefusal(413, 'FILE_TOO_LARGE', `The PDF is over ${ERP_MAX_PDF_BYTES / 1024 / 1024} MB`)
  }
  if (!isPdf(pdf)) throw new RowRefusal(400, 'NOT_A_PDF', 'pdfBase64 is not a PDF')
  return pdf
}

export async function applyInvoice(
  trx: Transaction<DB>,
  row: ErpInvoiceRow,
): Promise<{ result: Record<string, unknown>; mail: NoticeMail | null }> {
  const issue = new Date(row.issueDate)
  const due = new Date(row.dueDate)
  if (due < issue) throw new RowRefusal(400, 'VALIDATION_ERROR', 'dueDate is before issueDate')
  if ((row.medium === 'paper') !== (row.deliveryNumber !== undefined)) {
    throw new RowRefusal(400, 'VALIDATION_ERROR', 'A paper invoice has a deliveryNumber; an e-invoice has none')
  }
  const pdf = pdfOf(row)
  const billTo = await trx
    .selectFrom('bill_to_settings')
    .select(['bill_to_number', 'account_id', 'currency', 'invoice_title', 'tax_number', 'bank', 'bank_account'])
    .where('bill_to_number', '=', row.billToNumber)
    .executeTakeFirst()
  if (!billTo) throw new RowRefusal(404, 'BILL_TO_NOT_FOUND', `No bill-to ${row.billToNumber}`)
  if (billTo.currency !== row.currency) {
    throw new RowRefusal(400, 'CURRENCY_MISMATCH', `Bill-to ${row.billToNumber} is invoiced in ${billTo.currency}`)
  }

  let order: { id: number; user_id: string; order_number: string; sales_order_number: string | null } | undefined
  if (row.orderNo) {
    order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id', 'order_number', 'sales_order_number'])
      .where('order_number', '=', row.orderNo)
      .where('account_id', '=', billTo.account_id)
      .forUpdate()
      .executeTakeFirst()
    if (!order) throw new RowRefusal(404, 'ORDER_NOT_FOUND', `No order ${row.orderNo} of this bill-to's account`)
    if (!order.sales_order_number) {
      // the order's sales order is what links it to its invoices (order detail); the ERP's first invoice names it
      await trx
        .updateTable('orders')
        .set({ sales_order_number: order.order_number })
        .where('id', '=', order.id)
        .execute()
      order.sales_order_number = order.order_number
    }
  }

  const values = {
    invoice_code: row.invoiceCode,
    kind: row.kind,
    medium: row.medium,
    title: billTo.invoice_title,
    tax_number: billTo.tax_number,
    bank: billTo.bank,
    bank_account: billTo.bank_account,
    amount: toMinor(row.amount),
    currency: row.currency,
    status: row.status,
    delivery_number: row.deliveryNumber ?? null,
    issue_date: issue,
    due_date: due,
    ...(order ? { sales_order_number: order.sales_order_number } : {}),
  }
  const existing = await trx
    .selectFrom('invoices')
    .select(['id', 'bill_to_number'])
    .where('invoice_number', '=', row.invoiceNumber)
    .forUpdate()
    .executeTakeFirst()
  if (existing && existing.bill_to_number !== row.billToNumber) {
    throw new RowRefusal(409, 'INVOICE_OF_ANOTHER_BILL_TO', `Invoice ${row.invoiceNumber} belongs to another bill-to`)
  }
  let invoiceId: number
  if (existing) {
    await trx.updateTable('invoices').set(values).where('id', '=', existing.id).execute()
    invoiceId = existing.id
  } else {
    const ins = await trx
      .insertInto('invoices')
      .values({ ...values, bill_to_number: row.billToNumber, invoice_number: row.invoiceNumber })
      .returning('id')
      .executeTakeFirstOrThrow()
    invoiceId = ins.id
    await trx
      .insertInto('ar_lines')
      .values({
        bill_to_number: row.billToNumber,
        posted_at: issue,
        document_number: row.invoiceNumber,
        line_type: 'invoice',
        invoice_number: row.invoiceNumber,
        description_en: `Invoice ${row.invoiceNumber}`,
        description_zh: `发票 ${row.invoiceNumber}`,
        debit: toMinor(row.amount),
        credit: 0,
        due_date: due,
      })
      .execute()
  }
  if (pdf) {
    const file = { file_name: `${row.invoiceNumber}.pdf`, content: pdf, updated_at: new Date() }
    await trx
      .insertInto('invoice_files')
      .values({ invoice_id: invoiceId, ...file })
      .onConflict((oc) => oc.column('invoice_id').doUpdateSet(file))
      .execute()
  }

  const mail =
    order && !existing
      ? await notifyBuyer(trx, {
          userId: order.user_id,
          category: 'order',
          title: { zh: `订单 ${order.order_number} 已开具发票`, en: `Invoice for order ${order.order_number}` },
          body: {
            zh: `发票 ${row.invoiceNumber}（${row.currency} ${row.amount.toFixed(2)}）已开具，可在订单详情和发票列表中查看。`,
            en: `Invoice ${row.invoiceNumber} (${row.currency} ${row.amount.toFixed(2)}) has been issued; see it on the order and in your invoice list.`,
          },
          link: { route: 'orderDetail', params: { orderNumber: order.order_number } },
        })
      : null
  return {
    result: { invoiceNumber: row.invoiceNumber, created: !existing, pdf: pdf !== null, orderNo: row.orderNo ?? null },
    mail,
  }
}
