import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { FlashPlaceOrderBody, FlashPlaceOrderResult, FlashPlacedOrder } from '../../../../types'
import { flashBuyStatusAt, quantityRefusal } from '../../../../types/flashbuy/rules'
import { taxOf } from '../../../../types/order/totals'
import { toMajor, toMinor } from '../../../../types/money'
import { placedOrderStatus } from '../../../../types/order/placed-status'
import { ApiError } from '../../../errors'
import { taxRateFor } from '../../cart'
import { priorOf, type StoredAnswer } from '../../../lib/idempotency'
import { orderPlacedEvents, shipToSnapshot, writeOrders, type OrderDraft, type ShipToColumns } from '../../order'
import { emitEvents } from '../../platform'
import * as M from './messages'
import type { SaleRow as SaleWithProduct } from '../sales'

/**
 * One group commit for one sale: a batch of placement requests decided in arrival order in one
 * transaction under the sale row's lock, written with one statement, committed once.
 *
 *   1. one read: the sale row locked FOR UPDATE SKIP LOCKED (price, window, stock, limits: the
 *      database's, now), each request's ship-to (the caller's account's only), whether its bill-to
 *      belongs to that ship-to, the account's default supply centre in operation, the ledger rows of
 *      the batch's accounts and each key's earlier placement. When another transaction holds the
 *      row: FOR UPDATE (waiting), then the ledger and placements again, read after the lock, so every
 *      earlier holder on any instance has committed;
 *   2. the decisions, in arrival order, in memory;
 *   3. one write: the conditional stock decrement (remain_qty >= n), the conditional ledger upsert
 *      (purchased_qty + n <= limit), the placements (with their answers) and the orders with their
 *      numbers, lines and Tax charges, written by the order domain's writeOrders
 *      (order/write-orders.ts) in the same statement. If the decrement or an upsert does not match
 *      what was decided, the batch throws and rolls back: the database has the last word.
 *
 * Requests refused here write nothing; a replay writes nothing.
 */

export interface PlaceItem {
  req: FastifyRequest
  body: FlashPlaceOrderBody
  key: string
  hash: string
  userId: string
  accountId: number
  registrationStatus: string
  country: string
}

export type Outcome =
  | { kind: 'placed'; result: FlashPlaceOrderResult; quantity: number }
  | { kind: 'replayed'; result: FlashPlaceOrderResult }
  | { kind: 'refused'; error: ApiError }

/** an item's ship-to (its columns null when the caller has no such address), bill-to check and SC */
type AddressRow = { [K in keyof ShipToColumns]: ShipToColumns[K] | null } & {
  i: number
  ship_to_id: number | null
  address_status: 'ACTIVE' | 'PENDING' | null
  bill_ok: boolean
  sc_id: string | null
}

/** the sale with its product as the batch's first statement reads it (sales.ts's row, less what placement does not use) */
type SaleRow = Omit<
  SaleWithProduct,
  'country' | 'start_at' | 'end_at' | 'display_text_en' | 'display_text_zh' | 'sort_order'
> & {
  country: string
  start_at: Date | string
  end_at: Date | string
  now_ms: number
}

const num = (v: unknown) => Number(v)
const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)

/** Decides and commits one batch; one outcome per item, in order. Throws when the batch as a whole failed (nothing committed). */
export async function commitBatch(db: Kysely<DB>, saleId: string, items: PlaceItem[]): Promise<Outcome[]> {
  // tax flags are cached (30 s) outside the transaction
  const rates = new Map<string, number | null>()
  for (const c of new Set(items.map((i) => (i.country === 'in' ? 'in' : 'cn'))))
    rates.set(c, await taxRateFor(db, c as 'cn' | 'in'))
  return db.transaction().execute((trx) => decide(trx, saleId, items, rates))
}

async function decide(
  trx: Transaction<DB>,
  saleId: string,
  items: PlaceItem[],
  rates: Map<string, number | null>,
): Promise<Outcome[]> {
  const input = JSON.stringify(
    items.map((it, i) => ({
      i,
      u: it.userId,
      k: it.key,
      a: it.accountId,
      ak: it.body.addressKey,
      bt: it.body.billToNumber ?? '',
    })),
  )
  const accounts = JSON.stringify([...new Set(items.map((i) => i.accountId))])
  // the sale row; the price, window, stock and limits as the database has them now
  const saleSelect = sql`SELECT s.id, s.country, s.product_id, s.currency, s.flash_price, s.start_at, s.end_at, s.total_qty, s.remain_qty,
      s.min_order_qty, s.max_order_qty, s.account_purchase_limit_qty, s.delivery_channel, s.coupon,
      p.sku, p.catalog_number, p.title_en, p.title_zh, p.size, p.image,
      CASE WHEN s.currency = 'INR' THEN p.list_price_inr ELSE p.list_price_cny END AS list_price,
      (extract(epoch from clock_timestamp()) * 1000)::float8 AS now_ms
    FROM flash_sales s JOIN products p ON p.id = s.product_id
    WHERE s.id = ${saleId}::text`
  // the keys' earlier placements and what the batch's accounts have bought of the sale
  const ledgerSelect = sql`(SELECT json_agg(json_build_array(g.account_id, g.purchased_qty)) FROM flash_sale_ledger g
        WHERE g.flash_sale_id = ${saleId}::text AND g.account_id IN (SELECT value::int FROM json_array_elements_text(${accounts}::json)))`
  const priorSelect = sql`(SELECT json_agg(json_build_array(v.i, p.request_hash, p.response)) FROM json_to_recordset(${input}::json) AS v(i int, u text, k text)
        JOIN order_placements p ON p.user_id = v.u AND p.idempotency_key = v.k AND p.idempotency_key IS NOT NULL)`

  // ---- 1. one statement: the sale row locked if nobody holds it (SKIP LOCKED), the ship-tos (the
  // caller's account's only), bill-tos and supply centres, the ledger and the earlier placements
  const firstQ = sql<{ sale: SaleRow | null; addr: AddressRow[] | null; l: unknown; p: unknown }>`
    WITH s AS (${saleSelect} FOR UPDATE OF s SKIP LOCKED)
    SELECT (SELECT row_to_json(s) FROM s) AS sale,
      (SELECT json_agg(a ORDER BY a.i) FROM (
        SELECT v.i, st.id AS ship_to_id, st.address_status, st.address_key, st.account_number, st.attention_to, st.company_or_institution,
          st.dept_or_lab, st.country, st.state_or_province, st.city, st.street_address, st.building_or_room, st.zip_code, st.phone_number,
          (v.bt = '' OR EXISTS (SELECT 1 FROM bill_tos b WHERE b.ship_to_id = st.id AND b.account_number = v.bt)) AS bill_ok,
          (SELECT sc.supply_center_id FROM supply_centers sc WHERE sc.account_id = v.a AND sc.is_default AND sc.operation_status = 'Normal' ORDER BY sc.id LIMIT 1) AS sc_id
        FROM json_to_recordset(${input}::json) AS v(i int, u text, k text, a int, ak text, bt text)
        LEFT JOIN ship_tos st ON st.account_id = v.a AND st.address_key = v.ak) a) AS addr,
      ${ledgerSelect} AS l, ${priorSelect} AS p`
  const first = (await firstQ.execute(trx)).rows[0]
  const addr = (parseJson(first.addr) as AddressRow[] | null) ?? []
  const byIndex = new Map(addr.map((r) => [num(r.i), r]))
  let sale = parseJson(first.sale) as SaleRow | null
  let c = { l: first.l, p: first.p }
  if (!sale) {
    // ---- 2. the row is held by another batch (or the sale does not exist): wait for the lock, then
    // read the ledger and placements again, so every earlier holder's commit is seen
    sale = (await sql<SaleRow>`${saleSelect} FOR UPDATE OF s`.execute(trx)).rows[0] ?? null
    c = (await sql<{ l: unknown; p: unknown }>`SELECT ${ledgerSelect} AS l, ${priorSelect} AS p`.execute(trx)).rows[0]
  }
  // (had another transaction committed between this statement's snapshot and the lock, the
  // ledger read here could be short of it: the conditional upsert below then refuses to match and the
  // batch falls back, so a stale read can cost time but never an over-limit sale)
  const ledger = new Map<number, number>()
  for (const [a, q] of (parseJson(c.l) as [number, number][] | null) ?? []) ledger.set(num(a), num(q))
  const stored = new Map<number, StoredAnswer<FlashPlaceOrderResult>>()
  for (const [i, h, r] of (parseJson(c.p) as [number, string, unknown][] | null) ?? [])
    stored.set(num(i), { hash: h, answer: parseJson(r) as FlashPlaceOrderResult })
  // ---- decide, in arrival order
  const outcomes: (Outcome | null)[] = items.map(() => null)
  const accepted: { i: number; it: PlaceItem; a: AddressRow; channel: 'SC' | 'TFS'; n: number }[] = []
  let remain = sale ? num(sale.remain_qty) : 0
  const limit = sale ? num(sale.account_purchase_limit_qty) : 0
  for (const [i, it] of items.entries()) {
    const req = it.req
    const a = byIndex.get(i)!
    // the key's earlier placement (server/lib/idempotency.ts): the same body is replayed, another refused
    const prior = priorOf(stored.get(i), it.hash)
    if (prior) {
      outcomes[i] =
        prior.kind === 'replay'
          ? { kind: 'replayed', result: prior.answer }
          : { kind: 'refused', error: M.keyReused(req) }
      continue
    }
    if (!sale || sale.country !== it.country) {
      outcomes[i] = { kind: 'refused', error: M.saleNotFound(req) }
      continue
    }
    if (a.ship_to_id === null) {
      outcomes[i] = { kind: 'refused', error: M.addressNotFound(req) }
      continue
    }
    if (!a.bill_ok) {
      outcomes[i] = { kind: 'refused', error: M.billToNotFound(req) }
      continue
    }
    const status = flashBuyStatusAt({ startAt: sale.start_at, endAt: sale.end_at, remainQty: remain }, num(sale.now_ms))
    if (status !== 'IN_PROGRESS') {
      outcomes[i] = { kind: 'refused', error: M.notInProgress(req, status) }
      continue
    }
    const n = it.body.quantity
    const refusal = quantityRefusal(
      n,
      {
        minOrderQty: num(sale.min_order_qty),
        maxOrderQty: num(sale.max_order_qty),
        accountPurchaseLimitQty: limit,
        remainQty: remain,
        purchasedQty: ledger.get(it.accountId) ?? 0,
      },
      true,
    )
    if (refusal) {
      outcomes[i] = { kind: 'refused', error: M.quantityRefused(req, refusal) }
      continue
    }
    if (it.body.expectedUnitPrice !== undefined && toMinor(it.body.expectedUnitPrice) !== num(sale.flash_price)) {
      outcomes[i] = { kind: 'refused', error: M.priceChanged(req) }
      continue
    }
    remain -= n
    ledger.set(it.accountId, (ledger.get(it.accountId) ?? 0) + n)
    // spec §7: flash buy uses the supply centre only when it is present with operationStatus Normal
    const channel = sale.delivery_channel === 'SC' && a.sc_id ? 'SC' : 'TFS'
    accepted.push({ i, it, a, channel, n })
  }
  if (!accepted.length || !sale) return outcomes as Outcome[]

  // ---- the orders (written by the order domain's writer, with their numbers from the sequences)
  const price = num(sale.flash_price)
  const list = sale.list_price === null ? null : num(sale.list_price)
  // spec §3 "Flash-buy detail: ... coupon" and "Order payload (flash buy): ... promoCodes": the sale's
  // coupon is the promotion the flash price comes from, so every order of the sale (and its line)
  // records it; the sale row is the source, not the client's promoCodes (issue 22 item 5)
  const promoCodes = sale.coupon ? [sale.coupon] : []
  const drafts: OrderDraft[] = []
  const placements: {
    i: number
    p: string
    u: string
    a: number
    k: string
    h: string
    answer: Omit<FlashPlacedOrder, 'orderNumber' | 'salesOrderNumber'>
  }[] = []
  const perAccount = new Map<number, number>()
  for (const [d, x] of accepted.entries()) {
    const { it, a, channel, n } = x
    const amount = price * n
    const rate = rates.get(it.country === 'in' ? 'in' : 'cn') ?? null
    const taxes = rate === null ? 0 : taxOf(amount, rate)
    const addressStatus = a.address_status!
    const { status, statusCode } = placedOrderStatus(it.registrationStatus, addressStatus)
    const answer = {
      orderType: channel === 'SC' ? ('D1' as const) : ('ZOR' as const),
      deliveryChannel: channel,
      status,
      statusCode,
      addressStatus,
      quantity: n,
      unitPrice: toMajor(price),
      currency: sale.currency,
      total: toMajor(amount + taxes),
    }
    const b = it.body
    const placementId = crypto.randomUUID()
    placements.push({ i: d, p: placementId, u: it.userId, a: it.accountId, k: it.key, h: it.hash, answer })
    drafts.push({
      placementId,
      accountId: it.accountId,
      userId: it.userId,
      orderType: answer.orderType,
      deliveryChannel: channel,
      supplyCenterId: channel === 'SC' ? a.sc_id : null,
      status,
      statusCode,
      source: 'flashbuy',
      poNumber: b.poNumber?.trim() || null,
      remark: b.remark?.trim() || null,
      additionalEmails: b.additionalEmail?.trim() ? [b.additionalEmail.trim()] : [],
      shipTo: shipToSnapshot(a as ShipToColumns),
      billToNumber: b.billToNumber || null,
      currency: sale.currency,
      totalPriceAmount: (list ?? price) * n,
      totalAmount: amount,
      taxes,
      handlingCharge: 0,
      charges: taxes > 0 ? [{ kind: 'Tax', amount: taxes }] : [],
      promoCodes,
      staticQuoteId: null,
      orderPreference: 'SMART_DISTRIBUTION',
      flashSaleId: saleId,
      contacts: {
        receiver: b.receiver,
        invoiceReceiver: b.invoiceReceiver,
        invoiceAddress: b.invoiceAddress ?? null,
        invoiceTitle: b.invoiceTitle ?? null,
      },
      lines: [
        {
          lineNumber: 1,
          productId: sale.product_id,
          sku: sale.sku,
          catalogNumber: sale.catalog_number,
          titleEn: sale.title_en,
          titleZh: sale.title_zh,
          size: sale.size,
          image: sale.image,
          quantity: n,
          allocatedQty: n,
          backorderedQty: 0,
          estimatedShipDate: null,
          listPrice: list,
          unitPrice: price,
          finalPrice: price,
          lineTotal: amount,
          deliveryChannel: channel,
          promoCodes,
        },
      ],
    })
    perAccount.set(it.accountId, (perAccount.get(it.accountId) ?? 0) + n)
  }
  const taken = accepted.reduce((s, x) => s + x.n, 0)
  const ledgerIn = JSON.stringify([...perAccount].map(([a, q]) => ({ a, q })))

  // ---- the write, one statement: the decrement, the ledger, the orders (numbers, lines, charges) and the placements with their answers
  const w = await writeOrders(trx, drafts, {
    with: [
      sql`d AS (
        UPDATE flash_sales SET remain_qty = remain_qty - ${taken}::int, updated_at = now()
        WHERE id = ${saleId}::text AND remain_qty >= ${taken}::int RETURNING remain_qty
      )`,
      sql`l AS (
        INSERT INTO flash_sale_ledger AS g (flash_sale_id, account_id, purchased_qty)
        SELECT ${saleId}::text, x.a, x.q FROM json_to_recordset(${ledgerIn}::json) AS x(a int, q int) WHERE x.q <= ${limit}::int
        ON CONFLICT (flash_sale_id, account_id) DO UPDATE SET purchased_qty = g.purchased_qty + excluded.purchased_qty, updated_at = now()
        WHERE g.purchased_qty + excluded.purchased_qty <= ${limit}::int
        RETURNING g.account_id
      )`,
      sql`p AS (
        INSERT INTO order_placements (id, user_id, account_id, idempotency_key, request_hash, response)
        SELECT x.p, x.u, x.a, x.k, x.h, jsonb_build_array(jsonb_build_object('orderNumber', v.o, 'salesOrderNumber', v.so) || x.answer)
        FROM json_to_recordset(${JSON.stringify(placements)}::json) AS x(i int, p uuid, u text, a int, k text, h text, answer jsonb)
          JOIN v ON v.i = x.i
        RETURNING id
      )`,
    ],
    select: [
      sql`(SELECT remain_qty FROM d) AS remain`,
      sql`(SELECT count(*)::int FROM l) AS ledger_rows`,
      sql`(SELECT count(*)::int FROM p) AS placement_rows`,
    ],
  })
  const { remain: remainAfter, ledger_rows: ledgerRows, placement_rows: placementRows } = w.extra
  if (remainAfter === null || remainAfter === undefined) throw new BatchMismatch('the stock decrement did not match')
  if (num(ledgerRows) !== perAccount.size) throw new BatchMismatch('a ledger upsert did not match')
  if (num(placementRows) !== accepted.length || w.lineRows !== accepted.length)
    throw new BatchMismatch('rows written differ from orders accepted')
  // issue 24: the ERP hears of each order in the batch's transaction (the outbox), one statement for the batch
  await emitEvents(trx, orderPlacedEvents(drafts, w.orders))
  for (const [d, o] of w.orders.entries()) {
    const pl = placements[d]
    const placed: FlashPlacedOrder = { orderNumber: o.orderNumber, salesOrderNumber: o.salesOrderNumber, ...pl.answer }
    outcomes[accepted[d].i] = { kind: 'placed', result: [placed], quantity: placed.quantity }
  }
  return outcomes as Outcome[]
}

/** The database refused what the batch decided (another writer outside this engine): the batch rolls back and its requests run one by one. */
export class BatchMismatch extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BatchMismatch'
  }
}
