import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { OrderDetail, PendingLto, SQuoteDetail, SQuoteSummary, LeadCart } from '../../../types'
import { ApiError, ok } from '../../errors'
import { localized as msg } from '../../locale'
import { tagRoutes, IDEMPOTENCY_KEY } from '../../lib/openapi'
import { serveEndpoint } from '../../lib/endpoint-route'
import { callerOrder } from '../../lib/account-rows'
import { orderEndpoints } from '../../../types/order/endpoints'
import { orderTotal, orderSavings } from '../../../types/order/totals'
import { countryOfCurrency, toMajor } from '../../../types/money'
import { addressLine } from '../../../types/account/address-rules'
import { carrierName } from '../../../types/order/carriers'
import { quoteLines, quoteNotFound, taxRateFor } from '../cart'
import { placeOrder } from './place'
import { orderHistoryRoutes } from './history'
import { enquiryRoutes } from './enquiries'
import { orderExportRoutes } from './export'
import { shownStatus } from '../../../types/order/lifecycle'
import { orderRequestRoutes } from './requests'
import { refusal } from '../../lib/localized-refusal'
import { serviceStaffRoutes } from './staff/enquiry-routes'
import { orderStaffRoutes } from './staff/routes'

/**
 * Order domain (spec §2, §3, §4): order detail, pending lead-time lines, S-quotes, leads and
 * placement (place/). Account data is scoped by the token: another account's order number or
 * quote id answers 404 and nothing is read; a user's lead cart is readable only by that user.
 */

const major = toMajor
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

const leadNotFound = refusal(404, 'NOT_FOUND', 'LEAD_CART_NOT_FOUND', [
  'This quote request list does not exist',
  '询价清单不存在',
])

/** Address snapshot → one line of text for the detail page. */
/**
 * The ship-to of an order as one line: company, department, then the address the way the app writes every
 * address (types/account/address-rules.ts addressLine: in the country's order, without the country's name,
 * which the snapshot keeps in English — "China" in a Chinese order detail, issue 22).
 */
const addressText = (s: Record<string, unknown>) => {
  const str = (k: string) => (typeof s[k] === 'string' ? (s[k] as string) : null)
  const iso = str('isoCountryCode') ?? (/^(india|in)$/i.test(str('country') ?? '') ? 'IN' : 'CN')
  const line = addressLine({
    stateOrProvince: str('stateOrProvince'),
    city: str('city'),
    streetAddress: str('streetAddress'),
    buildingOrRoom: str('buildingOrRoom'),
    zipCode: str('zipCode'),
    isoCountryCode: iso,
  })
  return [str('companyOrInstitution'), str('deptOrLab'), line]
    .filter((v): v is string => !!v && v.trim().length > 0)
    .join(', ')
}

const quoteStatus = (q: { status: string; expires_at: Date | string }, now = Date.now()) =>
  q.status === 'ordered'
    ? ('ordered' as const)
    : new Date(q.expires_at).getTime() <= now
      ? ('expired' as const)
      : ('active' as const)

export async function orderRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'order')
  const db = opts.db
  await app.register(orderHistoryRoutes, opts) // GET /order/list (history.ts)
  await app.register(enquiryRoutes, opts) // requests and enquiries, confirmation links (enquiries.ts)
  await app.register(orderExportRoutes, opts) // /order/export, /order/export/ticket, /order/export/file, /order/export/email (export.ts)
  await app.register(orderRequestRoutes, opts) // cancel / return requests and their files (requests.ts)

  // ---- GET /order/detail/:orderNumber — the caller's account's order only
  serveEndpoint(app, orderEndpoints.orderDetail, app.requireUser, async (req) => {
    const lang = req.locale.language
    const o = await callerOrder(db, req, req.params.orderNumber)
    const [lines, charges, shipments, related, invoices, surcharged] = await Promise.all([
      db.selectFrom('order_lines').selectAll().where('order_id', '=', o.id).orderBy('line_number').execute(),
      db.selectFrom('order_charges').select(['kind', 'amount']).where('order_id', '=', o.id).orderBy('id').execute(),
      db.selectFrom('shipments').selectAll().where('order_id', '=', o.id).orderBy('shipped_at').execute(),
      o.placement_id
        ? db
            .selectFrom('orders')
            .select('order_number')
            .where('placement_id', '=', o.placement_id)
            .where('id', '<>', o.id)
            .orderBy('id')
            .execute()
        : Promise.resolve([]),
      // its invoices: same sales order, and a bill-to of the caller's account only
      db
        .selectFrom('invoices as i')
        .innerJoin('bill_tos as b', 'b.account_number', 'i.bill_to_number')
        .innerJoin('ship_tos as s', 's.id', 'b.ship_to_id')
        .select(['i.invoice_number', 'i.bill_to_number'])
        .distinct()
        .where('i.sales_order_number', '=', o.sales_order_number)
        .where('s.account_id', '=', req.user!.accountId)
        .orderBy('i.invoice_number')
        .execute(),
      db
        .selectFrom('order_lines as l')
        .innerJoin('product_catalog as pc', 'pc.product_id', 'l.product_id')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('l.order_id', '=', o.id)
        .where((eb) => eb.or([eb('pc.surcharge_cny', 'is not', null), eb('pc.surcharge_inr', 'is not', null)]))
        .executeTakeFirst(),
    ])
    const tax = await taxEnabledFor(db, countryOfCurrency(o.currency))
    const sm = {
      totalPriceAmount: Number(o.total_price_amount),
      totalAmount: Number(o.total_amount),
      taxes: Number(o.taxes),
    }
    const snap = o.ship_to_snapshot as Record<string, unknown>
    const data: OrderDetail = {
      orderNumber: o.order_number,
      salesOrderNumber: o.sales_order_number,
      orderType: o.order_type,
      deliveryChannel: o.delivery_channel,
      // a staff hold shows as the spec's "on hold" (types/order/lifecycle.ts shownStatus)
      status: shownStatus(o.status, o.held_from) as OrderDetail['status'],
      statusCode: o.status_code,
      source: o.source as OrderDetail['source'],
      poNumber: o.po_number,
      remark: o.remark,
      createdAt: iso(o.created_at)!,
      currency: o.currency,
      summary: {
        currency: o.currency,
        totalPriceAmount: major(sm.totalPriceAmount),
        totalAmount: major(sm.totalAmount),
        taxes: major(sm.taxes),
        total: major(orderTotal(sm, tax || sm.taxes > 0) + Number(o.handling_charge)),
        savings: major(orderSavings(sm)),
        taxEnabled: tax || sm.taxes > 0,
        unpricedLines: 0,
      },
      charges: charges.map((c) => ({ kind: c.kind, amount: major(Number(c.amount)) })),
      promoCodes: o.promo_codes,
      shipTo: {
        addressKey: o.ship_to_key,
        accountNumber: o.ship_to_account_number,
        text: addressText(snap),
        attentionTo: typeof snap.attentionTo === 'string' ? snap.attentionTo : null,
      },
      billToNumber: o.bill_to_number,
      lines: lines.map((l) => ({
        lineNumber: l.line_number,
        sku: l.sku,
        catalogNumber: l.catalog_number,
        productTitle: lang === 'en' ? l.title_en : l.title_zh,
        size: l.size,
        image: l.image,
        quantity: l.quantity,
        allocatedQuantity: l.allocated_qty,
        backorderedQuantity: l.backordered_qty,
        estimatedShipDate: iso(l.estimated_ship_date),
        listPrice: l.list_price === null ? null : major(Number(l.list_price)),
        unitPrice: major(Number(l.unit_price)),
        finalPrice: major(Number(l.final_price)),
        lineTotal: major(Number(l.line_total)),
        deliveryChannel: l.delivery_channel,
      })),
      shipments: shipments.map((s) => ({
        carrier: carrierName(s.carrier, lang === 'en' ? 'en' : 'zh'),
        expressNumber: s.express_number,
        shippedAt: iso(s.shipped_at)!,
        signedAt: iso(s.signed_at),
        packageStatus: s.package_status,
      })),
      invoiceNumbers: invoices.map((i) => i.invoice_number),
      invoices: invoices.map((i) => ({ invoiceNumber: i.invoice_number, billToNumber: i.bill_to_number })),
      surcharge: (surcharged?.n ?? 0) > 0,
      placementId: o.placement_id ?? '',
      relatedOrderNumbers: related.map((x) => x.order_number),
    }
    return ok(data)
  })

  // ---- GET /order/pendingLto/:orderNumber — the lines waiting for stock
  serveEndpoint(app, orderEndpoints.pendingLto, app.requireUser, async (req) => {
    const o = await callerOrder(db, req, req.params.orderNumber)
    const lines = await db
      .selectFrom('order_lines')
      .select([
        'sku',
        'catalog_number',
        'title_en',
        'title_zh',
        'image',
        'quantity',
        'backordered_qty',
        'estimated_ship_date',
      ])
      .where('order_id', '=', o.id)
      .where('backordered_qty', '>', 0)
      .orderBy('line_number')
      .execute()
    const data: PendingLto = {
      orderNumber: o.order_number,
      salesOrderNumber: o.sales_order_number,
      createdAt: iso(o.created_at)!,
      items: lines.map((l) => ({
        sku: l.sku,
        catalogNumber: l.catalog_number,
        productTitle: req.locale.language === 'en' ? l.title_en : l.title_zh,
        image: l.image,
        quantity: l.quantity,
        backorderedQuantity: l.backordered_qty,
        estimatedShipDate: iso(l.estimated_ship_date),
      })),
    }
    return ok(data)
  })

  // ---- S-quotes (spec §3)
  serveEndpoint(app, orderEndpoints.quoteList, app.requireUser, async (req) => {
    const quotes = await accountQuotes(db, req.user!.accountId)
    const out: SQuoteSummary[] = quotes.map(({ quote, lines }) => ({
      orderHeader: quoteHeader(quote, lines),
      thumbnails: lines.slice(0, 4).map((l) => ({
        catalogNumber: l.catalog_number,
        image: l.image,
        productTitle: req.locale.language === 'en' ? l.title_en : l.title_zh,
      })),
    }))
    return ok(out)
  })

  serveEndpoint(app, orderEndpoints.quoteDetail, app.requireUser, async (req) => {
    const [found] = await accountQuotes(db, req.user!.accountId, req.params.staticQuoteId)
    if (!found) throw quoteNotFound(req)
    const data: SQuoteDetail = {
      orderHeader: quoteHeader(found.quote, found.lines),
      orderLineList: found.lines.map((l) => ({
        lineNumber: l.line_number,
        sku: l.sku,
        catalogNumber: l.catalog_number,
        productTitle: req.locale.language === 'en' ? l.title_en : l.title_zh,
        size: l.size,
        image: l.image,
        quantity: l.quantity,
        listPrice: major(Number(l.list_price)),
        unitPrice: major(Number(l.unit_price)),
        finalPrice: major(Number(l.final_price)),
      })),
    }
    return ok(data)
  })

  // ---- leads (request a quote): anonymous allowed; a user's lead cart belongs to that user only
  serveEndpoint(app, orderEndpoints.saveLeadItem, app.optionalUser, async (req) => {
    const b = req.body
    const user = req.user
    if (b.userId !== undefined && b.userId !== '' && b.userId !== user?.id) {
      throw new ApiError(
        403,
        'FORBIDDEN',
        msg(req, 'You can only add items to your own quote request', '只能向自己的询价清单添加商品'),
      )
    }
    const catalogNumber = b.catalogNumber?.trim()
    if (!catalogNumber) {
      throw new ApiError(
        400,
        'BAD_REQUEST',
        msg(req, 'Catalog number is not defined in product', '产品未定义货号'),
        'CATALOG_NUMBER_MISSING',
      )
    }
    const product = await db
      .selectFrom('products')
      .select(['title_en', 'title_zh', 'catalog_number'])
      .where(sql`upper(catalog_number)`, '=', catalogNumber.toUpperCase())
      .executeTakeFirst()
    const itemName =
      b.itemName?.trim() ||
      (product ? (req.locale.language === 'en' ? product.title_en : product.title_zh) : catalogNumber)
    const leadCartId = await db.transaction().execute(async (trx) => {
      let id = b.leadCartId
      if (id) {
        await ownLeadCart(trx, req, id, { forChange: true })
      } else {
        id = `LC-${crypto.randomBytes(18).toString('base64url')}`
        await trx
          .insertInto('lead_carts')
          .values({ lead_cart_id: id, user_id: user?.id ?? null })
          .execute()
      }
      const cn = product?.catalog_number ?? catalogNumber
      const existing = await trx
        .selectFrom('lead_items')
        .select(['id', 'item_count'])
        .where('lead_cart_id', '=', id)
        .where('catalog_number', '=', cn)
        .executeTakeFirst()
      if (existing) {
        await trx
          .updateTable('lead_items')
          .set({ item_count: Math.min(999, existing.item_count + b.itemCount) })
          .where('id', '=', existing.id)
          .execute()
      } else {
        const n = await trx
          .selectFrom('lead_items')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('lead_cart_id', '=', id)
          .executeTakeFirstOrThrow()
        if (n.n >= 200)
          throw new ApiError(
            409,
            'CONFLICT',
            msg(req, 'A quote request holds at most 200 items', '询价清单最多 200 个商品'),
            'LEAD_CART_FULL',
          )
        await trx
          .insertInto('lead_items')
          .values({
            lead_cart_id: id,
            catalog_number: cn,
            item_name: itemName.slice(0, 300),
            item_count: b.itemCount,
            price_status: b.priceStatus ?? null,
            product_flag: b.productFlag ?? null,
          })
          .execute()
      }
      return id
    })
    return ok({ leadCartId })
  })

  serveEndpoint(app, orderEndpoints.leadCart, app.optionalUser, async (req) => {
    const cart = await ownLeadCart(db, req, req.params.leadCartId)
    const items = await db
      .selectFrom('lead_items as li')
      .leftJoin('products as p', 'p.catalog_number', 'li.catalog_number')
      .select(['li.catalog_number', 'li.item_name', 'li.item_count', 'p.image', 'p.size'])
      .where('li.lead_cart_id', '=', cart.lead_cart_id)
      .orderBy('li.id')
      .execute()
    const data: LeadCart = {
      leadCartId: cart.lead_cart_id,
      items: items.map((i) => ({
        catalogNumber: i.catalog_number,
        itemName: i.item_name,
        itemCount: i.item_count,
        image: i.image ?? null,
        size: i.size ?? '',
      })),
      submitted: cart.submitted_request_id !== null,
    }
    return ok(data)
  })

  serveEndpoint(app, orderEndpoints.submitLead, app.optionalUser, async (req) => {
    const b = req.body
    const user = req.user
    const out = await db.transaction().execute(async (trx) => {
      const cart = await ownLeadCart(trx, req, b.leadCartId, { forChange: true })
      const items = await trx
        .selectFrom('lead_items')
        .select(['catalog_number', 'item_name', 'item_count'])
        .where('lead_cart_id', '=', cart.lead_cart_id)
        .orderBy('id')
        .execute()
      if (!items.length)
        throw new ApiError(409, 'CONFLICT', msg(req, 'Your quote request list is empty', '询价清单为空'), 'CART_EMPTY')
      const row = await trx
        .insertInto('service_requests')
        .values({
          kind: 'lead',
          user_id: user?.id ?? null,
          account_id: user?.accountId ?? null,
          lead_cart_id: cart.lead_cart_id,
          contact_name: b.contactName.trim(),
          phone: b.phone.trim(),
          email: b.email.trim(),
          company_or_institution: b.companyOrInstitution.trim(),
          city: b.city?.trim() || null,
          remark: b.remark?.trim() || null,
          items: JSON.stringify(
            items.map((i) => ({ catalogNumber: i.catalog_number, itemName: i.item_name, itemCount: i.item_count })),
          ),
          status: 'pending',
        })
        .returning(['request_id', 'created_at'])
        .executeTakeFirstOrThrow()
      await trx
        .updateTable('lead_carts')
        .set({ submitted_request_id: row.request_id })
        .where('lead_cart_id', '=', cart.lead_cart_id)
        .execute()
      return { requestId: row.request_id, createdAt: iso(row.created_at)! }
    })
    return ok(out)
  })

  // ---- POST /order/placeOrder (place/)
  serveEndpoint(
    app,
    orderEndpoints.placeOrder,
    app.requireUser,
    async (req) => {
      return ok(await placeOrder(db, req, req.body))
    },
    IDEMPOTENCY_KEY,
  )
  await app.register(serviceStaffRoutes, opts) // staff: enquiries and leads (staff/enquiry-routes.ts, issue 24)
  await app.register(orderStaffRoutes, opts) // staff: order review, hold, confirmation links, cancel / return decisions (staff/routes.ts, issue 24)
}

/** A lead cart of a user is that user's only; an anonymous one belongs to whoever holds its unguessable id. */
const leadOwnedBy = (cart: { user_id: string | null }, userId: string | null) =>
  cart.user_id === null || cart.user_id === userId

/**
 * The caller's lead cart of `id` (404 when it is another user's or unknown). `forChange`: locked FOR UPDATE (call
 * it inside the change's transaction) and refused with 409 LEAD_SUBMITTED once the request has been submitted.
 */
async function ownLeadCart(db: Kysely<DB>, req: FastifyRequest, id: string, opts: { forChange?: boolean } = {}) {
  let q = db.selectFrom('lead_carts').selectAll().where('lead_cart_id', '=', id)
  if (opts.forChange) q = q.forUpdate()
  const cart = await q.executeTakeFirst()
  if (!cart || !leadOwnedBy(cart, req.user?.id ?? null)) throw leadNotFound(req)
  if (opts.forChange && cart.submitted_request_id)
    throw new ApiError(
      409,
      'CONFLICT',
      msg(req, 'This quote request has already been submitted', '该询价已提交'),
      'LEAD_SUBMITTED',
    )
  return cart
}

async function taxEnabledFor(db: Kysely<DB>, country: 'cn' | 'in'): Promise<boolean> {
  return (await taxRateFor(db, country)) !== null
}

/** The account's S-quotes with their lines: newest first (at most 100), or only the one of `staticQuoteId`. */
async function accountQuotes(db: Kysely<DB>, accountId: number, staticQuoteId?: string) {
  let q = db.selectFrom('quotes').selectAll().where('account_id', '=', accountId)
  q =
    staticQuoteId === undefined
      ? q.orderBy('created_at', 'desc').limit(100)
      : q.where('static_quote_id', '=', staticQuoteId)
  const quotes = await q.execute()
  const lines = quotes.length
    ? await quoteLines(
        db,
        quotes.map((x) => x.static_quote_id),
      )
    : []
  return quotes.map((quote) => ({
    quote,
    lines: lines.filter((l) => l.static_quote_id === quote.static_quote_id),
  }))
}

function quoteHeader(
  q: {
    static_quote_id: string
    quote_number: string
    created_at: Date | string
    expires_at: Date | string
    status: string
    currency: 'CNY' | 'INR'
    delivery_channel: 'SP' | 'SC' | 'Web'
  },
  ls: { quantity: number; list_price: number | string; final_price: number | string }[],
): SQuoteDetail['orderHeader'] {
  return {
    staticQuoteId: q.static_quote_id,
    quoteNumber: q.quote_number,
    createdAt: iso(q.created_at)!,
    expiresAt: iso(q.expires_at)!,
    status: quoteStatus(q),
    currency: q.currency,
    totalPrice: major(ls.reduce((s, l) => s + Number(l.final_price) * l.quantity, 0)),
    totalListPrice: major(ls.reduce((s, l) => s + Number(l.list_price) * l.quantity, 0)),
    deliveryChannel: q.delivery_channel,
    itemCount: ls.length,
  }
}
