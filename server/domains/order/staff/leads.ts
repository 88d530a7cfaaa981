import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { paging } from '../../../lib/paging'
import { staffWrite } from '../../staff'
import { notifyBuyer, mailNotices } from '../../account'
import { emitEvent } from '../../platform'
import { computePrice } from '../../catalog'
import { quoteLines } from '../../cart'
import { currencyOfCountry, toMajor, toMinor } from '../../../../types/money'
import type { Currency } from '../../../../types/common'
import type { QueryOf } from '../../../../types/endpoint'
import type { serviceStaffEndpoints } from '../../../../types/service/staff-endpoints'
import type {
  LeadQuoteBody,
  LeadState,
  StaffLeadDetail,
  StaffLeadSummary,
} from '../../../../types/service/staff-schemas'
import type { SQuoteDetail } from '../../../../types/order/schemas'
import { addStaffEntry, lockOpenRequest, requestRow, requestRows, requesterOf, type RequestRow } from './enquiries'
import { staffText } from './reply-files'

/**
 * Leads for staff (issue 24: "Leads (RQ-...): turned into an S-quote for the account (lines, prices, expiry), which
 * the buyer then sees and orders"). A lead is a request of kind 'lead' (POST /lead/submit, spec
 * /lead-generation/ordersubmit). Quoting one creates an S-quote of the lead's account exactly like the quotes the
 * buyer already lists and orders (quotes, quote_lines: GET /quote/list, POST /order/placeOrder with squoteDetail),
 * links it to the lead, adds an 'approved' entry to the lead's history, notifies the buyer and reports
 * 'quote.created'.
 *
 * Prices are decided here, never taken on trust: each catalogue number must exist and be on sale (not discontinued,
 * not "not orderable online"); a line's unit price is the staff's (positive, at most 2 decimals, not above the list
 * price) or else the account's own price (its account price for an approved account, else the list price), in the
 * account's currency; a product without any price in that currency must be given one. The quote expires in the
 * future, at most a year ahead.
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())
const DAY = 86_400_000
const MAX_VALIDITY = 366 * DAY

const leadNotFound = (id: string) => new ApiError(404, 'NOT_FOUND', `No lead ${id}`, 'LEAD_NOT_FOUND')
const bad = (message: string, reason?: string) => new ApiError(400, 'VALIDATION_ERROR', message, reason)

const stateOf = (r: { static_quote_id: string | null; status: string }): LeadState =>
  r.static_quote_id ? 'quoted' : r.status === 'completed' ? 'closed' : 'open'

const currencyOf = (r: RequestRow): Currency | null =>
  r.account_id === null ? null : currencyOfCountry(r.account_country)

async function quoteNumbers(db: Kysely<DB>, ids: string[]) {
  if (!ids.length) return new Map<string, string>()
  const rows = await db
    .selectFrom('quotes')
    .select(['static_quote_id', 'quote_number'])
    .where('static_quote_id', 'in', ids)
    .execute()
  return new Map(rows.map((q) => [q.static_quote_id, q.quote_number]))
}

const summaryOf = (r: RequestRow, numbers: Map<string, string>): StaffLeadSummary => ({
  requestId: r.request_id,
  state: stateOf(r),
  status: r.status,
  createdAt: iso(r.created_at)!,
  ...requesterOf(r),
  currency: currencyOf(r),
  itemCount: r.items.length,
  staticQuoteId: r.static_quote_id,
  quoteNumber: r.static_quote_id ? (numbers.get(r.static_quote_id) ?? null) : null,
  quotedAt: iso(r.quoted_at),
})

export async function listLeads(
  db: Kysely<DB>,
  q: QueryOf<typeof serviceStaffEndpoints.leadStaffList>,
): Promise<{ items: StaffLeadSummary[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize, offset } = paging(q, 20)
  let base = requestRows(db).where('s.kind', '=', 'lead')
  if (q.status === 'quoted') base = base.where('s.static_quote_id', 'is not', null)
  if (q.status === 'open') base = base.where('s.static_quote_id', 'is', null).where('s.status', '<>', 'completed')
  if (q.status === 'closed') base = base.where('s.static_quote_id', 'is', null).where('s.status', '=', 'completed')
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom(base.as('b'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
    base.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(pageSize).offset(offset).execute(),
  ])
  const numbers = await quoteNumbers(
    db,
    rows.flatMap((r) => (r.static_quote_id ? [r.static_quote_id] : [])),
  )
  return { items: rows.map((r) => summaryOf(r, numbers)), total, page, pageSize }
}

/** The products of catalogue numbers (any case) with their sales status and prices in `currency` for the account. */
async function productsFor(
  db: Kysely<DB>,
  catalogNumbers: string[],
  currency: Currency,
  account: { id: number; priced: boolean } | null,
) {
  // an empty list matches nothing (and `in ()` is not SQL)
  const wanted = catalogNumbers.length ? catalogNumbers.map((c) => c.toUpperCase()) : ['']
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('product_sales as ps', 'ps.product_id', 'p.id')
    .leftJoin('account_prices as ap', (j) =>
      j
        .onRef('ap.product_id', '=', 'p.id')
        .on('ap.account_id', '=', account?.priced ? account.id : -1)
        .on('ap.currency', '=', currency),
    )
    .select([
      'p.id',
      'p.catalog_number',
      'ps.sales_status',
      currency === 'INR' ? 'p.list_price_inr as list_price' : 'p.list_price_cny as list_price',
      'ap.price as ap_price',
      'ap.price_type as ap_type',
    ])
    .where(sql`upper(p.catalog_number)`, 'in', wanted)
    .execute()
  return new Map(rows.map((p) => [p.catalog_number.toUpperCase(), p]))
}
type ProductRow = NonNullable<ReturnType<Awaited<ReturnType<typeof productsFor>>['get']>>

/** The account's price of a product in minor units (account price for an approved account, else list), or null. */
const accountPrice = (p: ProductRow): number | null => {
  const list = p.list_price === null ? null : Number(p.list_price)
  const price = computePrice(
    list,
    p.ap_price === null || p.ap_type === null ? null : { price: Number(p.ap_price), priceType: p.ap_type },
  )
  return price ? toMinor(price.amount) : null
}

/** Whether the lead's buyer gets account prices (spec §6: an approved user of an account with a number). */
async function accountPriced(db: Kysely<DB>, r: { user_id: string | null; account_id: number | null }) {
  if (r.account_id === null || r.user_id === null) return null
  const u = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['u.registration_status', 'a.account_number'])
    .where('u.id', '=', r.user_id)
    .executeTakeFirst()
  return { id: r.account_id, priced: !!u && u.registration_status === 'Siebel Approved' && !!u.account_number }
}

async function quoteOf(db: Kysely<DB>, staticQuoteId: string): Promise<SQuoteDetail | null> {
  const q = await db.selectFrom('quotes').selectAll().where('static_quote_id', '=', staticQuoteId).executeTakeFirst()
  if (!q) return null
  const lines = await quoteLines(db, [staticQuoteId])
  const now = Date.now()
  return {
    orderHeader: {
      staticQuoteId: q.static_quote_id,
      quoteNumber: q.quote_number,
      createdAt: iso(q.created_at)!,
      expiresAt: iso(q.expires_at)!,
      status: q.status === 'ordered' ? 'ordered' : new Date(q.expires_at).getTime() <= now ? 'expired' : 'active',
      currency: q.currency,
      totalPrice: toMajor(lines.reduce((s, l) => s + Number(l.final_price) * l.quantity, 0)),
      totalListPrice: toMajor(lines.reduce((s, l) => s + Number(l.list_price) * l.quantity, 0)),
      deliveryChannel: q.delivery_channel,
      itemCount: lines.length,
    },
    orderLineList: lines.map((l) => ({
      lineNumber: l.line_number,
      sku: l.sku,
      catalogNumber: l.catalog_number,
      productTitle: l.title_en,
      size: l.size,
      image: l.image,
      quantity: l.quantity,
      listPrice: toMajor(Number(l.list_price)),
      unitPrice: toMajor(Number(l.unit_price)),
      finalPrice: toMajor(Number(l.final_price)),
    })),
  }
}

export async function leadDetail(db: Kysely<DB>, requestId: string): Promise<StaffLeadDetail> {
  const r = await requestRow(db, requestId)
  if (!r || r.kind !== 'lead') throw leadNotFound(requestId)
  const currency = currencyOf(r) ?? 'CNY'
  const products = await productsFor(
    db,
    r.items.map((i) => i.catalogNumber),
    currency,
    await accountPriced(db, r),
  )
  const quote = r.static_quote_id ? await quoteOf(db, r.static_quote_id) : null
  return {
    ...summaryOf(r, new Map(quote ? [[quote.orderHeader.staticQuoteId, quote.orderHeader.quoteNumber]] : [])),
    phone: r.phone,
    email: r.email,
    city: r.city,
    remark: r.remark,
    items: r.items.map((i) => {
      const p = products.get(i.catalogNumber.toUpperCase())
      const ap = p ? accountPrice(p) : null
      return {
        catalogNumber: i.catalogNumber,
        itemName: i.itemName,
        itemCount: i.itemCount,
        known: !!p,
        salesStatus: p ? (p.sales_status ?? 'active') : null,
        listPrice: p && p.list_price !== null ? toMajor(Number(p.list_price)) : null,
        accountPrice: ap === null ? null : toMajor(ap),
      }
    }),
    quote,
  }
}

/** The expiry of the body: a valid instant, in the future, at most a year ahead. */
function expiryOf(s: string, now = Date.now()): Date {
  const d = new Date(s)
  if (!/^\d{4}-\d{2}-\d{2}/.test(s) || Number.isNaN(d.getTime()))
    throw bad('body/expiresAt is not a date', 'EXPIRY_INVALID')
  if (d.getTime() <= now) throw bad('body/expiresAt must be in the future', 'EXPIRY_PAST')
  if (d.getTime() > now + MAX_VALIDITY) throw bad('body/expiresAt is more than a year ahead', 'EXPIRY_TOO_FAR')
  return d
}

interface PricedLine {
  productId: number
  catalogNumber: string
  quantity: number
  list: number
  unit: number
}

/** The quote's lines priced and checked (see the top of this file); the first problem is a 400 naming the line. */
async function pricedLines(
  trx: Transaction<DB>,
  lines: { catalogNumber: string; quantity: number; unitPrice?: number }[],
  currency: Currency,
  account: { id: number; priced: boolean } | null,
): Promise<PricedLine[]> {
  const products = await productsFor(
    trx,
    lines.map((l) => l.catalogNumber.trim()),
    currency,
    account,
  )
  const seen = new Set<number>()
  return lines.map((l, i) => {
    const at = `body/lines/${i}`
    const p = products.get(l.catalogNumber.trim().toUpperCase())
    if (!p) throw bad(`${at}: no product ${l.catalogNumber}`, 'PRODUCT_NOT_FOUND')
    if (seen.has(p.id)) throw bad(`${at}: ${p.catalog_number} is quoted twice`, 'LINE_DUPLICATE')
    seen.add(p.id)
    if (p.sales_status === 'discontinued' || p.sales_status === 'notOnline')
      throw bad(`${at}: ${p.catalog_number} is not orderable (${p.sales_status})`, 'PRODUCT_NOT_ORDERABLE')
    const list = p.list_price === null ? null : Number(p.list_price)
    let unit: number
    if (l.unitPrice !== undefined) {
      unit = toMinor(l.unitPrice)
      if (Math.abs(unit - l.unitPrice * 100) > 1e-6 || unit <= 0)
        throw bad(`${at}/unitPrice: a positive amount with at most 2 decimals`, 'PRICE_INVALID')
      if (list !== null && unit > list)
        throw bad(
          `${at}/unitPrice ${l.unitPrice} is above the list price ${toMajor(list)} ${currency}`,
          'PRICE_ABOVE_LIST',
        )
    } else {
      const own = accountPrice(p)
      if (own === null)
        throw bad(`${at}: ${p.catalog_number} has no price in ${currency}; give a unitPrice`, 'PRICE_REQUIRED')
      unit = own
    }
    return { productId: p.id, catalogNumber: p.catalog_number, quantity: l.quantity, list: list ?? unit, unit }
  })
}

const pad6 = (n: number) => String(n).padStart(6, '0')

export async function quoteLead(
  app: FastifyInstance,
  db: Kysely<DB>,
  req: FastifyRequest,
  requestId: string,
  body: LeadQuoteBody,
): Promise<StaffLeadDetail> {
  const expiresAt = expiryOf(body.expiresAt)
  const note = body.note === undefined ? null : staffText(body.note) || null
  await staffWrite(
    db,
    req,
    { permission: 'lead.quote', action: 'lead.quote', entity: 'service_request', entityId: requestId },
    async (trx) => {
      const s = await lockOpenRequest(trx, requestId).catch((e: ApiError) => {
        throw e.statusCode === 404 ? leadNotFound(requestId) : e
      })
      if (s.kind !== 'lead') throw leadNotFound(requestId)
      if (s.static_quote_id)
        throw new ApiError(409, 'CONFLICT', `Lead ${requestId} is already quoted (${s.static_quote_id})`, 'LEAD_QUOTED')
      if (s.account_id === null || s.user_id === null)
        throw new ApiError(
          409,
          'CONFLICT',
          `Lead ${requestId} was sent without signing in: there is no account to quote for`,
          'LEAD_WITHOUT_ACCOUNT',
        )
      const account = await trx
        .selectFrom('accounts')
        .select(['id', 'country', 'account_number'])
        .where('id', '=', s.account_id)
        .executeTakeFirstOrThrow()
      const currency = currencyOfCountry(account.country)
      const asked = body.lines ?? s.items.map((i) => ({ catalogNumber: i.catalogNumber, quantity: i.itemCount }))
      const lines = await pricedLines(trx, asked, currency, await accountPriced(trx, s))

      const { n } = (await sql<{ n: string }>`SELECT nextval('quote_number_seq') AS n`.execute(trx)).rows[0]
      const cc = currency === 'INR' ? 'IN' : 'CN'
      const staticQuoteId = `SQ-${cc}-${pad6(Number(n))}`
      const quoteNumber = `Q${new Date().getUTCFullYear()}-${pad6(Number(n))}`
      await trx
        .insertInto('quotes')
        .values({
          static_quote_id: staticQuoteId,
          quote_number: quoteNumber,
          account_id: s.account_id,
          user_id: s.user_id,
          currency,
          delivery_channel: 'Web',
          status: 'active',
          expires_at: expiresAt,
          ordered_order_number: null,
        })
        .execute()
      await trx
        .insertInto('quote_lines')
        .values(
          lines.map((l, i) => ({
            static_quote_id: staticQuoteId,
            line_number: i + 1,
            product_id: l.productId,
            quantity: l.quantity,
            list_price: l.list,
            unit_price: l.unit,
            final_price: l.unit,
          })),
        )
        .execute()
      await trx
        .updateTable('service_requests')
        .set({ static_quote_id: staticQuoteId, quoted_at: new Date(), quoted_by: req.staff!.id })
        .where('request_id', '=', requestId)
        .execute()
      const total = lines.reduce((sum, l) => sum + l.unit * l.quantity, 0)
      const until = expiresAt.toISOString().slice(0, 10)
      const { interactionId, status } = await addStaffEntry(trx, req, s, {
        status: 'approved',
        comment: [`S-quote ${quoteNumber} / 报价 ${quoteNumber}: ${toMajor(total)} ${currency}, ${until}`, note]
          .filter(Boolean)
          .join('\n'),
      })
      const mail = await notifyBuyer(trx, {
        userId: s.user_id,
        category: 'order',
        title: { zh: `您的询价 ${requestId} 已报价`, en: `Your quote for ${requestId} is ready` },
        body: {
          zh: `报价 ${quoteNumber}：共 ${lines.length} 个商品，合计 ${toMajor(total)} ${currency}，有效期至 ${until}。${note ? `\n${note}` : ''}`,
          en: `Quote ${quoteNumber}: ${lines.length} item${lines.length > 1 ? 's' : ''}, ${toMajor(total)} ${currency} in all, valid until ${until}.${note ? `\n${note}` : ''}`,
        },
        link: { route: 'quoteDetail', params: { staticQuoteId } },
      })
      await emitEvent(trx, 'quote.created', {
        staticQuoteId,
        quoteNumber,
        requestId,
        accountNumber: account.account_number,
        currency,
        expiresAt: expiresAt.toISOString(),
        total: toMajor(total),
        lines: lines.map((l, i) => ({
          lineNumber: i + 1,
          catalogNumber: l.catalogNumber,
          quantity: l.quantity,
          listPrice: toMajor(l.list),
          unitPrice: toMajor(l.unit),
        })),
      })
      return {
        before: { status: s.status, staticQuoteId: null },
        after: {
          status,
          staticQuoteId,
          quoteNumber,
          interactionId,
          currency,
          expiresAt: expiresAt.toISOString(),
          lines: lines.map((l) => ({
            catalogNumber: l.catalogNumber,
            quantity: l.quantity,
            unit: l.unit,
            list: l.list,
          })),
        },
        result: undefined,
        afterCommit: () => mailNotices(app, [mail]),
      }
    },
  )
  return leadDetail(db, requestId)
}
