import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'
import { inBatches } from './batches'
import { createRng, type Rng } from './prng'
import { DEMO_ACCOUNTS, type SeedAccount } from './accounts'
import { marketingAnchor } from './marketing'
import { ORDER_STATUS_CODES, type OrderStatusCode } from '../../../types/order/schemas'
import { shipToSnapshot, writeOrders, type OrderDraft, type OrderLineDraft } from '../../domains/order/write-orders'
import { BACKORDER_LEAD_DAYS } from '../../domains/order/place/drafts'
import { seedOrderRequests } from './order-requests'

/**
 * Order-domain seed: 12 months of order history per approved demo account (approved.cn,
 * distributor.cn, approved.in — lite.cn cannot order), shipments, charges, backordered lines and
 * S-quotes (issue 9). Deterministic from ctx.seed and the seed day (SEED_DATE, marketingAnchor()).
 * Numbers stay below the sequences' starts of migration 0007 (orders < 5000000, TFS sales orders
 * < 15000000, SC sales orders < 55000000, quotes Q<year>-0001xx), so placed orders never collide.
 */
export { ORDER_TABLES as ORDER_SEED_TABLES } from '../migrations/0007_cart_order'

const DAY = 86_400_000
const BATCH = 1000

/** statuses that have left the warehouse */
const SHIPPED_STATUSES: OrderStatusCode[] = ['SHIPPED', 'COMPLETED', 'Waiting for Delivery']
const CARRIERS = {
  cn: [
    { name: '顺丰速运', prefix: 'SF' },
    { name: '京东物流', prefix: 'JDVA' },
    { name: 'EMS', prefix: 'EM' },
  ],
  in: [
    { name: 'Blue Dart', prefix: '' },
    { name: 'Delhivery', prefix: '' },
  ],
}
const SOURCES = ['cart', 'cart', 'cart', 'quickOrder', 'reorder', 'squote', 'web', 'phone'] as const

/** A deterministic uuid from the rng (placements of the history). */
const uuidFrom = (r: Rng) => {
  const h = r.hex(32)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const poNumber = (r: Rng, year: number): string | null => {
  const x = r.next()
  if (x < 0.3) return null
  if (x < 0.65) return `PO-${year}-${String(r.int(1, 99999)).padStart(5, '0')}`
  if (x < 0.9) return `45000${r.digits(5)}`
  return `课题组-${r.int(100, 999)}`
}

export async function seedOrders(db: Kysely<DB>, ctx: SeedContext): Promise<void> {
  const r = createRng(ctx.seed ^ 0x0dde5)
  const anchor = marketingAnchor().getTime()
  const users = await db.selectFrom('users').select(['id', 'account_id', 'user_name']).execute()
  const accountOf = new Map(users.map((u) => [u.user_name, u]))
  const approved = DEMO_ACCOUNTS.filter(
    (a) => a.user.registrationStatus === 'Siebel Approved' && a.shipTos.some((s) => s.addressStatus === 'ACTIVE'),
  )

  const priced = (currency: 'CNY' | 'INR') =>
    ctx.products
      .map((p) => ({
        p,
        id: ctx.productIds.get(p.catalogNumber)!,
        list: currency === 'INR' ? p.listPriceInr : p.listPriceCny,
      }))
      .filter((x): x is typeof x & { list: number } => x.list !== null && x.list >= 500)
  const pools = { CNY: priced('CNY').slice(0, 800), INR: priced('INR').slice(0, 800) }

  const placements: {
    id: string
    user_id: string
    account_id: number
    idempotency_key: null
    request_hash: string
    response: string
    created_at: Date
  }[] = []
  const orders: OrderDraft[] = []
  const shipmentOf = new Map<string, Record<string, unknown>>()
  // the snapshots are made from the ship_tos rows the seed wrote, as placement makes them
  const shipToRows = new Map(
    (await db.selectFrom('ship_tos').selectAll().execute()).map((s) => [`${s.account_id}:${s.address_key}`, s]),
  )
  let orderSeq = 3_200_000
  let tfsSeq = 13_100_000
  let scSeq = 53_100_000

  for (const acc of approved) {
    const u = accountOf.get(acc.user.userName)
    if (!u?.account_id) continue
    const currency = acc.country === 'in' ? 'INR' : 'CNY'
    const pool = pools[currency]
    const taxBp = acc.country === 'in' ? 1800 : 1300
    const shipTos = acc.shipTos.filter((s) => s.addressStatus === 'ACTIVE')
    const sc = acc.supplyCenters.find((s) => s.isDefault) ?? null
    const count = r.int(60, 120)
    for (let i = 0; i < count; i++) {
      // every status at least once, then weighted to what an account's history looks like
      const status: OrderStatusCode =
        i < ORDER_STATUS_CODES.length
          ? ORDER_STATUS_CODES[i]
          : r.weighted([
              { w: 45, v: 'COMPLETED' as OrderStatusCode },
              { w: 10, v: 'SHIPPED' as OrderStatusCode },
              { w: 6, v: 'CANCELLED' as OrderStatusCode },
              { w: 6, v: 'IN_PROGRESS' as OrderStatusCode },
              { w: 4, v: 'Waiting for Delivery' as OrderStatusCode },
              { w: 3, v: 'ORDER_SUBMITTED' as OrderStatusCode },
            ])
      const open = !['COMPLETED', 'CANCELLED', 'SHIPPED', 'Waiting for Delivery'].includes(status)
      // open orders are recent; finished ones anywhere in the 12 months
      const ageDays = open ? r.int(0, 20) : r.int(3, 364)
      const createdAt = new Date(anchor - ageDays * DAY - r.int(1, 10 * 3600) * 1000 - 8 * 3600 * 1000)
      const shipTo = r.pick(shipTos)
      const billTo = shipTo.billTos.length ? r.pick(shipTo.billTos) : null
      const placementId = uuidFrom(r)
      placements.push({
        id: placementId,
        user_id: u.id,
        account_id: u.account_id,
        idempotency_key: null,
        request_hash: 'seed',
        response: '{}',
        created_at: createdAt,
      })
      const halves: ('SC' | 'TFS')[] = sc
        ? r.weighted([
            { w: 4, v: ['TFS'] as ('SC' | 'TFS')[] },
            { w: 3, v: ['SC'] as ('SC' | 'TFS')[] },
            { w: 2, v: ['SC', 'TFS'] as ('SC' | 'TFS')[] },
          ])
        : ['TFS']
      const po = poNumber(r, new Date(createdAt).getUTCFullYear())
      const source = r.pick(SOURCES)
      const remark = r.chance(0.15)
        ? acc.country === 'in'
          ? 'Please deliver before 5 pm'
          : '请工作日送货，周末实验室无人'
        : null
      for (const channel of halves) {
        const orderNumber = String(orderSeq++)
        const orderType =
          channel === 'TFS'
            ? 'ZOR'
            : r.weighted([
                { w: 6, v: 'D1' as const },
                { w: 3, v: 'D2' as const },
                { w: 1, v: 'CR' as const },
              ])
        const salesOrderNumber = String(channel === 'TFS' ? tfsSeq++ : scSeq++)
        const nLines = r.int(1, 8)
        const chosen = new Set<number>()
        const lines: OrderLineDraft[] = []
        let listTotal = 0
        let total = 0
        for (let ln = 1; ln <= nLines; ln++) {
          let x = r.pick(pool)
          while (chosen.has(x.id)) x = r.pick(pool)
          chosen.add(x.id)
          const qty = r.weighted([
            { w: 5, v: 1 },
            { w: 3, v: 2 },
            { w: 2, v: r.int(3, 10) },
            { w: 1, v: r.int(10, 50) },
          ])
          const unit = r.chance(0.4) ? Math.round(x.list * (0.75 + r.next() * 0.2)) : x.list
          const backordered =
            (status === 'PENDING' || status === 'IN_PROGRESS' || status === 'SUBMITTED' || (open && r.chance(0.2))) &&
            ln === 1
              ? Math.max(1, Math.ceil(qty / 2))
              : 0
          listTotal += x.list * qty
          total += unit * qty
          lines.push({
            lineNumber: ln,
            productId: x.id,
            sku: x.p.sku,
            catalogNumber: x.p.catalogNumber,
            titleEn: x.p.titleEn,
            titleZh: x.p.titleZh,
            size: x.p.size,
            image: x.p.image,
            quantity: qty,
            allocatedQty: qty - backordered,
            backorderedQty: backordered,
            estimatedShipDate: backordered
              ? new Date(createdAt.getTime() + BACKORDER_LEAD_DAYS * DAY).toISOString()
              : null,
            listPrice: x.list,
            unitPrice: unit,
            finalPrice: unit,
            lineTotal: unit * qty,
            deliveryChannel: channel,
            promoCodes: [],
          })
        }
        const taxes = Math.round((total * taxBp) / 10000)
        const handling = total < (currency === 'INR' ? 500_000 : 50_000) ? (currency === 'INR' ? 25_000 : 2_000) : 0
        const shipped = SHIPPED_STATUSES.includes(status)
        let shipment: Record<string, unknown> | null = null
        if (shipped) {
          const carrier = r.pick(CARRIERS[acc.country])
          const shippedAt = new Date(createdAt.getTime() + r.int(1, 4) * DAY)
          const signed = status === 'COMPLETED' ? new Date(shippedAt.getTime() + r.int(1, 3) * DAY) : null
          shipment = {
            carrier: carrier.name,
            express_number: acc.country === 'in' ? r.digits(11) : `${carrier.prefix}${r.digits(12)}`,
            shipped_at: shippedAt.toISOString(),
            signed_at: signed ? signed.toISOString() : null,
            package_status: signed ? 'SIGNED' : status === 'Waiting for Delivery' ? 'OUT_FOR_DELIVERY' : 'IN_TRANSIT',
          }
        }
        const charges: OrderDraft['charges'] = [{ kind: 'Tax', amount: taxes }]
        if (handling) charges.push({ kind: 'HandlingCharge', amount: handling })
        orders.push({
          orderNumber,
          salesOrderNumber,
          placementId,
          accountId: u.account_id,
          userId: u.id,
          orderType,
          deliveryChannel: channel,
          supplyCenterId: channel === 'SC' ? sc!.supplyCenterId : null,
          status,
          statusCode: status === 'PENDING_ADDRESS_VALIDATION' || status === 'PENDING_APPROVAL' ? 270 : 30,
          source,
          poNumber: po,
          remark,
          additionalEmails: [],
          shipTo: shipToSnapshot(shipToRows.get(`${u.account_id}:${shipTo.addressKey}`)!),
          billToNumber: billTo?.accountNumber ?? null,
          currency,
          totalPriceAmount: listTotal,
          totalAmount: total,
          taxes,
          handlingCharge: handling,
          charges,
          promoCodes: [],
          staticQuoteId: null,
          orderPreference: 'SMART_DISTRIBUTION',
          flashSaleId: null,
          contacts: null,
          lines,
          createdAt: createdAt.toISOString(),
          updatedAt: new Date(createdAt.getTime() + (shipped ? 5 : 1) * DAY).toISOString(),
        })
        if (shipment) shipmentOf.set(orderNumber, shipment)
      }
    }
  }

  await inBatches(placements, BATCH, (c) => db.insertInto('order_placements').values(c).execute())
  // the history's orders go through the one order writer, with their own numbers and dates
  const ids = new Map<string, number>()
  await inBatches(orders, BATCH, async (c) => {
    for (const o of (await writeOrders(db, c)).orders) ids.set(o.orderNumber, o.id)
  })
  const shipments = orders.flatMap((o) =>
    shipmentOf.has(o.orderNumber!) ? [{ ...shipmentOf.get(o.orderNumber!)!, order_id: ids.get(o.orderNumber!)! }] : [],
  )
  await inBatches(shipments, BATCH, (c) =>
    db
      .insertInto('shipments')
      .values(c as never)
      .execute(),
  )

  const seeded = orders.map((o) => ({
    order_number: o.orderNumber!,
    account_id: o.accountId,
    source: o.source,
    created_at: o.createdAt as string,
  }))
  await seedQuotes(db, ctx, r, anchor, approved, accountOf, pools, seeded)
  await seedOrderRequests(db, anchor)
}

/** what seedQuotes needs of a seeded order */
interface SeededOrder {
  order_number: string
  account_id: number
  source: string
  created_at: string
}

async function seedQuotes(
  db: Kysely<DB>,
  _ctx: SeedContext,
  r: Rng,
  anchor: number,
  approved: SeedAccount[],
  accountOf: Map<string, { id: string; account_id: number | null }>,
  pools: Record<'CNY' | 'INR', { p: { sku: string }; id: number; list: number }[]>,
  orders: SeededOrder[],
) {
  // an ordered quote names the order it became: a real order of its account, placed after the quote was
  // made (the account's earliest S-quote order after it, else its earliest order after it), and that
  // order carries the quote's id (issue 22 item 6: one consistent world)
  const taken = new Set<string>()
  const orderedAs = (accountId: number, after: Date, expires: Date, quoteId: string): string | null => {
    const later = orders
      .filter(
        (o) =>
          o.account_id === accountId &&
          !taken.has(o.order_number) &&
          Date.parse(o.created_at) > after.getTime() &&
          Date.parse(o.created_at) < expires.getTime(),
      )
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
    const o = later.find((x) => x.source === 'squote') ?? later[0]
    if (!o) return null
    taken.add(o.order_number)
    linked.push({ orderNumber: o.order_number, quoteId })
    return o.order_number
  }
  const linked: { orderNumber: string; quoteId: string }[] = []
  const quotes: Record<string, unknown>[] = []
  const qlines: Record<string, unknown>[] = []
  let n = 120
  const year = new Date(anchor).getUTCFullYear()
  for (const acc of approved) {
    const u = accountOf.get(acc.user.userName)
    if (!u?.account_id) continue
    const currency = acc.country === 'in' ? 'INR' : 'CNY'
    const cc = acc.country.toUpperCase()
    const count = r.int(3, 6)
    for (let i = 0; i < count; i++) {
      // the first expired, the second ordered, the rest active and expiring in 7–30 days
      const kind = i === 0 ? 'expired' : i === 1 ? 'ordered' : 'active'
      const createdAt = new Date(anchor - r.int(kind === 'active' ? 2 : 40, kind === 'active' ? 20 : 90) * DAY)
      const expiresAt =
        kind === 'expired'
          ? new Date(anchor - r.int(1, 10) * DAY)
          : kind === 'ordered'
            ? new Date(anchor + r.int(5, 20) * DAY)
            : new Date(anchor + r.int(7, 30) * DAY)
      const num = n++
      const id = `SQ-${cc}-${String(num).padStart(6, '0')}`
      quotes.push({
        static_quote_id: id,
        quote_number: `Q${year}-${String(num).padStart(6, '0')}`,
        account_id: u.account_id,
        user_id: u.id,
        currency,
        delivery_channel: acc.supplyCenters.length ? r.pick(['SP', 'SC', 'Web'] as const) : 'Web',
        status: kind === 'ordered' ? 'ordered' : 'active',
        created_at: createdAt.toISOString(),
        expires_at: expiresAt.toISOString(),
        ordered_order_number: kind === 'ordered' ? orderedAs(u.account_id, createdAt, expiresAt, id) : null,
      })
      const pool = pools[currency]
      const chosen = new Set<number>()
      const nl = r.int(2, 9)
      for (let ln = 1; ln <= nl; ln++) {
        let x = r.pick(pool)
        while (chosen.has(x.id)) x = r.pick(pool)
        chosen.add(x.id)
        const unit = Math.min(x.list - 1, Math.round(x.list * (0.6 + r.next() * 0.3)))
        qlines.push({
          static_quote_id: id,
          line_number: ln,
          product_id: x.id,
          quantity: r.int(1, 20),
          list_price: x.list,
          unit_price: unit,
          final_price: unit,
        })
      }
    }
  }
  await db
    .insertInto('quotes')
    .values(quotes as never)
    .execute()
  await inBatches(qlines, BATCH, (c) =>
    db
      .insertInto('quote_lines')
      .values(c as never)
      .execute(),
  )
  for (const l of linked)
    await db
      .updateTable('orders')
      .set({ static_quote_id: l.quoteId })
      .where('order_number', '=', l.orderNumber)
      .execute()
}
