import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { ArLine, ArStatement } from '../../../types'
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
    const billTo = req.query.billToAccountNumber
    const { settings, summary } = await ownBillToSettings(req, db, billTo)
    const country = countryOfCurrency(settings.currency)
    const lang = langOf(req)

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
    const period = req.query.period ?? periods[0] ?? current
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
      .where('account_id', '=', me(req).accountId)
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
    return ok(data)
  })
}
