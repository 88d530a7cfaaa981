import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../db/schema'
import type { ArLine, ArStatement, BillToSummary } from '../../../types'
import type { BillToSettingsTable } from '../../db/schema-account'
import { ok } from '../../errors'
import { iso, langOf, me, ownAccountRoute } from './common'
import { countryOfCurrency, toMajor } from '../../../types/money'
import { ownBillToSettings } from './bill-to'
import { countryClock, countryInstant } from '../../../types/country-time'
import { accountEndpoints } from '../../../types/account/endpoints'

/** 'YYYY-MM' of an instant in the bill-to's local calendar. */
export function periodOf(t: Date, country: string): string {
  return countryClock(t, country).format('YYYY-MM')
}
/** The instant a local month starts. */
function periodStart(period: string, country: string): number {
  return countryInstant(`${period}-01`, country).getTime()
}
const nextPeriod = (p: string) => {
  const [y, m] = p.split('-').map(Number)
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}
/** Every month from `first` to `last`, newest first. */
function periodRange(first: string, last: string): string[] {
  const out: string[] = []
  for (let p = first; p <= last; p = nextPeriod(p)) out.unshift(p)
  return out
}

/**
 * GET /ar/statement: one month of a bill-to's accounts-receivable ledger.
 * openingBalance = everything posted before the month; each line's balance runs from it;
 * closingBalance = openingBalance + invoiced (debits) − paid (payments and credit notes).
 * overdueAmount = the open invoices past their due date.
 */
export async function arRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  ownAccountRoute(app, accountEndpoints.arStatement, async (req) => {
    const { settings, summary } = await ownBillToSettings(req, db, req.query.billToAccountNumber)
    return ok(
      await arStatementOf(db, { accountId: me(req).accountId, settings, summary }, req.query.period, langOf(req)),
    )
  })
}

/**
 * The statement of one month (`period`, default the latest) of a bill-to whose settings are read already: the buyer's
 * route above (their own bill-to) and the staff's (server/domains/account/staff/accounts.ts, any account's).
 */
export async function arStatementOf(
  db: Kysely<DB>,
  of: { accountId: number; settings: Selectable<BillToSettingsTable>; summary: BillToSummary },
  requestedPeriod: string | undefined,
  lang: string,
): Promise<ArStatement> {
  const { settings, summary } = of
  const billTo = settings.bill_to_number
  const country = countryOfCurrency(settings.currency)

  const lines = await db
    .selectFrom('ar_lines')
    .selectAll()
    .where('bill_to_number', '=', billTo)
    .orderBy('posted_at')
    .orderBy('id')
    .execute()
  const invoices = await db
    .selectFrom('invoices')
    .select(['invoice_number', 'status', 'amount'])
    .where('bill_to_number', '=', billTo)
    .execute()
  const overdueInvoices = new Set(invoices.filter((i) => i.status === 'overdue').map((i) => i.invoice_number))
  const overdueMinor = invoices.filter((i) => i.status === 'overdue').reduce((s, i) => s + i.amount, 0)

  // a statement for every month from the first posting up to the current month
  const current = periodOf(new Date(), country)
  const periods = lines.length ? periodRange(periodOf(new Date(lines[0].posted_at), country), current) : []
  const period = requestedPeriod ?? periods[0] ?? current
  const from = periodStart(period, country)
  const to = periodStart(nextPeriod(period), country)

  let opening = 0
  let invoiced = 0
  let paid = 0
  const out: ArLine[] = []
  for (const l of lines) {
    const t = new Date(l.posted_at).getTime()
    if (t < from) {
      opening += l.debit - l.credit
      continue
    }
    if (t >= to) break
    invoiced += l.debit
    paid += l.credit
    out.push({
      date: iso(l.posted_at),
      documentNumber: l.document_number,
      type: l.line_type,
      description: lang === 'en' ? l.description_en : l.description_zh,
      debit: toMajor(l.debit),
      credit: toMajor(l.credit),
      balance: toMajor(opening + invoiced - paid),
      dueDate: l.due_date ? iso(l.due_date) : null,
      overdue: l.line_type === 'invoice' && !!l.invoice_number && overdueInvoices.has(l.invoice_number),
    })
  }

  const credit = await db
    .selectFrom('credit_records')
    .select('update_time')
    .where('account_id', '=', of.accountId)
    .where('bill_to', '=', billTo)
    .orderBy('update_time', 'desc')
    .executeTakeFirst()
  const data: ArStatement = {
    billTo: summary,
    period,
    periods,
    openingBalance: toMajor(opening),
    invoiced: toMajor(invoiced),
    paid: toMajor(paid),
    closingBalance: toMajor(opening + invoiced - paid),
    overdueAmount: toMajor(overdueMinor),
    creditLimit: toMajor(settings.credit_limit),
    lines: out,
    updateTime: credit ? iso(credit.update_time) : null,
  }
  return data
}
