import type { FastifyInstance } from 'fastify'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { AccountTable, DB } from '../../../db/schema'
import { ok } from '../../../errors'
import { pageOf } from '../../../lib/paging'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { toMajor } from '../../../../types/money'
import {
  accountStaffEndpoints,
  type AccountDetail,
  type AccountSummary,
} from '../../../../types/account/staff-endpoints'
import { arStatementOf } from '../ar'
import { billToSummary } from '../bill-to'
import { toInvoice } from '../invoices'
import { langOf } from '../common'
import { iso, notFound, userRef } from './common'

/**
 * Accounts and buyers for staff (issue 25, read-only; docs/admin-api/account.md): the accounts list (search by number
 * or name, country, a buyer's registration status), one account with its buyers, ship-tos, bill-tos, points and
 * latest orders, and finance's view of its invoices and AR statement (the buyer's own code: invoices.ts, ar.ts).
 * Staff see every account: an account is named by its id.
 *
 * Two reads cross into later domains (membership, order), which the account domain may not import
 * (.dependency-cruiser.cjs SERVER_DOMAIN_ORDER): the points balance is the sum of the member's points_entries, as
 * membership's ledger.ts counts it, and the recent orders are a plain read of the orders table. Both only read.
 */

const RECENT_ORDERS = 20

/** ILIKE's own characters taken literally */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The counts of the list's columns for the accounts of a page. */
async function countsOf(db: Kysely<DB>, ids: number[]) {
  if (!ids.length) return { users: new Map(), shipTos: new Map() }
  const users = await db
    .selectFrom('users')
    .select([
      'account_id',
      sql<number>`count(*)::int`.as('buyers'),
      sql<number>`(count(*) filter (where registration_status = 'Partially Registered'))::int`.as(
        'partiallyRegistered',
      ),
    ])
    .where('account_id', 'in', ids)
    .groupBy('account_id')
    .execute()
  const shipTos = await db
    .selectFrom('ship_tos')
    .select([
      'account_id',
      sql<number>`count(*)::int`.as('shipTos'),
      sql<number>`(count(*) filter (where address_status = 'PENDING'))::int`.as('pendingShipTos'),
    ])
    .where('account_id', 'in', ids)
    .groupBy('account_id')
    .execute()
  return {
    users: new Map(users.map((u) => [u.account_id, u])),
    shipTos: new Map(shipTos.map((s) => [s.account_id, s])),
  }
}

async function summaries(db: Kysely<DB>, rows: Selectable<AccountTable>[]): Promise<AccountSummary[]> {
  const { users, shipTos } = await countsOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((a) => ({
    id: a.id,
    accountNumber: a.account_number,
    name: a.name,
    accountType: a.account_type,
    country: a.country,
    buyers: Number(users.get(a.id)?.buyers ?? 0),
    partiallyRegistered: Number(users.get(a.id)?.partiallyRegistered ?? 0),
    shipTos: Number(shipTos.get(a.id)?.shipTos ?? 0),
    pendingShipTos: Number(shipTos.get(a.id)?.pendingShipTos ?? 0),
  }))
}

async function accountOr404(db: Kysely<DB>, id: number) {
  const a = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()
  if (!a) throw notFound('account', id)
  return a
}

/** The bill-tos of the account that have invoice and statement settings (what invoices and AR are kept by). */
const billingOf = (db: Kysely<DB>, accountId: number) =>
  db.selectFrom('bill_to_settings').selectAll().where('account_id', '=', accountId).orderBy('bill_to_number').execute()

const addressLines = (s: {
  address_key: string
  nick_name: string | null
  attention_to: string | null
  company_or_institution: string | null
  dept_or_lab: string | null
  country: string
  state_or_province: string | null
  city: string | null
  street_address: string | null
  building_or_room: string | null
  zip_code: string | null
  account_number: string | null
}) => ({
  addressKey: s.address_key,
  nickName: s.nick_name,
  attentionTo: s.attention_to,
  companyOrInstitution: s.company_or_institution,
  deptOrLab: s.dept_or_lab,
  country: s.country,
  stateOrProvince: s.state_or_province,
  city: s.city,
  streetAddress: s.street_address,
  buildingOrRoom: s.building_or_room,
  zipCode: s.zip_code,
  accountNumber: s.account_number,
})

async function detailOf(db: Kysely<DB>, a: Selectable<AccountTable>): Promise<AccountDetail> {
  const [summary] = await summaries(db, [a])
  const users = await db.selectFrom('users').selectAll().where('account_id', '=', a.id).orderBy('user_name').execute()
  // membership's balance (server/domains/membership/ledger.ts): the sum of the member's entries
  const points = users.length
    ? await db
        .selectFrom('points_entries')
        .select(['user_id', sql<string>`coalesce(sum(points), 0)`.as('balance')])
        .where(
          'user_id',
          'in',
          users.map((u) => u.id),
        )
        .groupBy('user_id')
        .execute()
    : []
  const balance = new Map(points.map((p) => [p.user_id, Number(p.balance)]))
  const shipTos = await db
    .selectFrom('ship_tos')
    .selectAll()
    .where('account_id', '=', a.id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  const billTos = shipTos.length
    ? await db
        .selectFrom('bill_tos')
        .selectAll()
        .where(
          'ship_to_id',
          'in',
          shipTos.map((s) => s.id),
        )
        .orderBy('ship_to_id')
        .orderBy('sort_order')
        .execute()
    : []
  const shipToKey = new Map(shipTos.map((s) => [s.id, s.address_key]))
  // the order domain's table, read only (the account domain comes before it and may not import it)
  const orders = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.order_number',
      'orders.sales_order_number',
      'orders.po_number',
      'orders.status',
      'orders.status_code',
      'orders.total_amount',
      'orders.currency',
      'orders.created_at',
      'users.user_name',
    ])
    .where('orders.account_id', '=', a.id)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(RECENT_ORDERS)
    .execute()
  const buyersList = users.map((u) => ({
    ...userRef(u),
    email: u.email,
    phone: u.phone,
    language: u.language,
    points: balance.get(u.id) ?? 0,
  }))
  return {
    ...summary,
    buyersList,
    shipTosList: shipTos.map((s) => ({
      ...addressLines(s),
      status: s.address_status,
      isDefault: s.is_default,
      webReference: s.web_reference,
      prePaymentAccount: s.pre_payment_account,
    })),
    billTos: billTos.map((b) => ({ ...addressLines(b), shipToKey: shipToKey.get(b.ship_to_id) ?? '' })),
    billing: (await billingOf(db, a.id)).map((s) => ({
      billToNumber: s.bill_to_number,
      title: s.invoice_title,
      currency: s.currency,
      invoiceFrequency: s.invoice_frequency,
      statementFrequency: s.statement_frequency,
      creditLimit: toMajor(s.credit_limit),
    })),
    points: buyersList.reduce((sum, b) => sum + b.points, 0),
    recentOrders: orders.map((o) => ({
      orderNumber: o.order_number,
      salesOrderNumber: o.sales_order_number,
      poNumber: o.po_number,
      status: o.status,
      statusCode: o.status_code,
      total: toMajor(o.total_amount),
      currency: o.currency,
      placedAt: iso(o.created_at),
      userName: o.user_name,
    })),
  }
}

export function accountReadRoutes(app: FastifyInstance, db: Kysely<DB>) {
  serveEndpoint(app, accountStaffEndpoints.accountList, null, async (req) => {
    const q = req.query
    let base = db.selectFrom('accounts')
    const text = q.q?.trim()
    if (text) {
      const like = likeText(text)
      base = base.where((eb) =>
        eb.or([eb('accounts.account_number', 'ilike', like), eb('accounts.name', 'ilike', like)]),
      )
    }
    if (q.country) base = base.where('accounts.country', '=', q.country)
    if (q.registrationStatus) {
      const status = q.registrationStatus
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .whereRef('users.account_id', '=', 'accounts.id')
            .where('users.registration_status', '=', status),
        ),
      )
    }
    const { rows, ...counts } = await pageOf(base, q, (b) =>
      // accounts with a number first, by number; then the self-registered ones by name
      b
        .selectAll('accounts')
        .orderBy(sql`accounts.account_number is null`)
        .orderBy('accounts.account_number')
        .orderBy('accounts.name')
        .orderBy('accounts.id'),
    )
    return ok({ items: await summaries(db, rows), ...counts })
  })

  serveEndpoint(app, accountStaffEndpoints.accountDetail, null, async (req) =>
    ok(await detailOf(db, await accountOr404(db, req.params.id))),
  )

  // finance: the invoices of the account's bill-tos (invoice.read)
  serveEndpoint(app, accountStaffEndpoints.accountInvoices, null, async (req) => {
    const a = await accountOr404(db, req.params.id)
    const q = req.query
    let base = db
      .selectFrom('invoices')
      .innerJoin('bill_to_settings', 'bill_to_settings.bill_to_number', 'invoices.bill_to_number')
      .where('bill_to_settings.account_id', '=', a.id)
    if (q.billTo) base = base.where('invoices.bill_to_number', '=', q.billTo)
    if (q.status) base = base.where('invoices.status', '=', q.status)
    if (q.kind) base = base.where('invoices.kind', '=', q.kind)
    const { rows, ...counts } = await pageOf(base, q, (b) =>
      b.selectAll('invoices').orderBy('invoices.issue_date', 'desc').orderBy('invoices.id', 'desc'),
    )
    return ok({ items: rows.map((i) => ({ ...toInvoice(i), billToNumber: i.bill_to_number })), ...counts })
  })

  // finance: one month of a bill-to's statement (ar.read); the buyer's statement, of any account
  serveEndpoint(app, accountStaffEndpoints.accountAr, null, async (req) => {
    const a = await accountOr404(db, req.params.id)
    const billing = await billingOf(db, a.id)
    const settings = req.query.billTo ? billing.find((s) => s.bill_to_number === req.query.billTo) : billing[0]
    if (!settings)
      throw notFound(`bill-to with a statement of account`, req.query.billTo ? `${a.id} ${req.query.billTo}` : a.id)
    return ok(
      await arStatementOf(
        db,
        { accountId: a.id, settings, summary: billToSummary(settings) },
        req.query.period,
        langOf(req),
      ),
    )
  })
}
