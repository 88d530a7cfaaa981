import type { FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../db/schema'
import type { BillToSettingsTable } from '../../db/schema-account'
import type { BillToSummary } from '../../../types'
import { assertOwnBillTo, me, notFound } from './common'

/**
 * The invoice / statement settings of one of the caller's bill-tos, for the invoice list and the AR
 * statement. 403 when the bill-to is not the caller's (checked before anything else is read).
 */
export async function ownBillToSettings(req: FastifyRequest, db: Kysely<DB>, billTo: string) {
  await assertOwnBillTo(req, db, billTo)
  const s = await db
    .selectFrom('bill_to_settings')
    .selectAll()
    .where('bill_to_number', '=', billTo)
    .where('account_id', '=', me(req).accountId)
    .executeTakeFirst()
  if (!s) throw notFound(req, 'No invoice records for this bill-to yet', '该收票方暂无发票记录')
  return { settings: s, summary: billToSummary(s) }
}

/** What the invoice list and the statement say of their bill-to. */
export const billToSummary = (s: Selectable<BillToSettingsTable>): BillToSummary => ({
  accountNumber: s.bill_to_number,
  title: s.invoice_title,
  invoiceFrequency: s.invoice_frequency,
  statementFrequency: s.statement_frequency,
  currency: s.currency,
})
