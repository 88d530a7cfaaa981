import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { FlashPlaceOrderBody, FlashPlaceOrderResult, FlashPlacedOrder } from '../../../../types'
import { flashBuyStatusAt, flashOrderStatusCode, quantityRefusal } from '../../../../types/flashbuy/rules'
import { taxOf, toMajorUnits, toMinor } from '../../../../types/order/totals'
import { ApiError } from '../../../errors'
import { taxRateFor } from '../../cart/tax'
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
 *      (purchased_qty + n <= limit), the order numbers from the sequences, the placements (with their
 *      answers), the orders, their lines and Tax charges. If the decrement or an upsert does not match
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

interface AddressRow {
  i: number
  ship_to_id: number | null
  address_status: 'ACTIVE' | 'PENDING' | null
  address_key: string | null
  account_number: string | null
  attention_to: string | null
  company_or_institution: string | null
  dept_or_lab: string | null
  country: string | null
  state_or_province: string | null
  city: string | null
  street_address: string | null
  building_or_room: string | null
  zip_code: string | null
  phone_number: string | null
  bill_ok: boolean
  sc_id: string | null
}

/** the sale with its product as the batch's first statement reads it (sales.ts's row, less what placement does not use) */
type SaleRow = Omit<SaleWithProduct, 'country' | 'start_at' | 'end_at' | 'display_text_en' | 'display_text_zh' | 'sort_order'> & {
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
  for (const c of new Set(items.map((i) => (i.country === 'in' ? 'in' : 'cn')))) rates.set(c, await taxRateFor(db, c as 'cn' | 'in'))
  return db.transaction().execute((trx) => decide(trx, saleId, items, rates))
}

async function decide(trx: Transaction<DB>, saleId: string, items: PlaceItem[], rates: Map<string, number | null>): Promise<Outcome[]> {
  const input = JSON.stringify(items.map((it, i) => ({
    i, u: it.userId, k: it.key, a: it.accountId, ak: it.body.addressKey, bt: it.body.billToNumber ?? '',
  })))
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
  const prior = new Map<number, { hash: string; response: unknown }>()
  for (const [i, h, r] of (parseJson(c.p) as [number, string, unknown][] | null) ?? []) prior.set(num(i), { hash: h, response: parseJson(r) })
  // ---- decide, in arrival order
  const outcomes: (Outcome | null)[] = items.map(() => null)
  const accepted: { i: number; it: PlaceItem; a: AddressRow; channel: 'SC' | 'TFS'; n: number }[] = []
  let remain = sale ? num(sale.remain_qty) : 0
  const limit = sale ? num(sale.account_purchase_limit_qty) : 0
  for (const [i, it] of items.entries()) {
    const req = it.req
    const a = byIndex.get(i)!
    const pr = prior.get(i)
    if (pr) {
      outcomes[i] = pr.hash === it.hash
        ? { kind: 'replayed', result: pr.response as FlashPlaceOrderResult }
        : { kind: 'refused', error: M.keyReused(req) }
      continue
    }
    if (!sale || sale.country !== it.country) { outcomes[i] = { kind: 'refused', error: M.saleNotFound(req) }; continue }
    if (a.ship_to_id === null) { outcomes[i] = { kind: 'refused', error: M.addressNotFound(req) }; continue }
    if (!a.bill_ok) { outcomes[i] = { kind: 'refused', error: M.billToNotFound(req) }; continue }
    const status = flashBuyStatusAt({ startAt: sale.start_at, endAt: sale.end_at, remainQty: remain }, num(sale.now_ms))
    if (status !== 'IN_PROGRESS') { outcomes[i] = { kind: 'refused', error: M.notInProgress(req, status) }; continue }
    const n = it.body.quantity
    const refusal = quantityRefusal(n, {
      minOrderQty: num(sale.min_order_qty), maxOrderQty: num(sale.max_order_qty), accountPurchaseLimitQty: limit,
      remainQty: remain, purchasedQty: ledger.get(it.accountId) ?? 0,
    }, true)
    if (refusal) { outcomes[i] = { kind: 'refused', error: M.quantityRefused(req, refusal) }; continue }
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

  // ---- the rows (the order numbers come from the sequences inside the write)
  const price = num(sale.flash_price)
  const list = sale.list_price === null ? null : num(sale.list_price)
  // spec §3 "Flash-buy detail: ... coupon" and "Order payload (flash buy): ... promoCodes": the sale's
  // coupon is the promotion the flash price comes from, so every order of the sale (and its line)
  // records it; the sale row is the source, not the client's promoCodes (issue 22 item 5)
  const promoCodes = JSON.stringify(sale.coupon ? [sale.coupon] : [])
  const orders: unknown[] = []
  const perAccount = new Map<number, number>()
  const pending = new Map<number, Omit<FlashPlacedOrder, 'orderNumber' | 'salesOrderNumber'>>()
  for (const x of accepted) {
    const { it, a, channel, n } = x
    const amount = price * n
    const rate = rates.get(it.country === 'in' ? 'in' : 'cn') ?? null
    const taxes = rate === null ? 0 : taxOf(amount, rate)
    const addressStatus = a.address_status!
    const status = addressStatus === 'PENDING' ? 'PENDING_ADDRESS_VALIDATION' as const : 'SUBMITTED' as const
    const statusCode = flashOrderStatusCode(it.registrationStatus, addressStatus)
    const placed = {
      orderType: channel === 'SC' ? 'D1' as const : 'ZOR' as const, deliveryChannel: channel, status, statusCode, addressStatus, quantity: n,
      unitPrice: toMajorUnits(price), currency: sale.currency, total: toMajorUnits(amount + taxes),
    }
    pending.set(x.i, placed)
    const b = it.body
    orders.push({
      i: x.i, p: crypto.randomUUID(), a: it.accountId, u: it.userId, k: it.key, h: it.hash, ot: placed.orderType, ch: channel,
      sc: channel === 'SC' ? a.sc_id : null, st: status, sc_code: statusCode, ast: addressStatus, po: b.poNumber?.trim() || null, rm: b.remark?.trim() || null,
      em: b.additionalEmail?.trim() ? [b.additionalEmail.trim()] : [],
      sk: a.address_key, san: a.account_number, bt: b.billToNumber || null,
      snap: {
        addressKey: a.address_key, accountNumber: a.account_number, attentionTo: a.attention_to, companyOrInstitution: a.company_or_institution,
        deptOrLab: a.dept_or_lab, country: a.country, stateOrProvince: a.state_or_province, city: a.city, streetAddress: a.street_address,
        buildingOrRoom: a.building_or_room, zipCode: a.zip_code, phoneNumber: a.phone_number,
      },
      tpa: (list ?? price) * n, ta: amount, tx: taxes, up: placed.unitPrice, tot: placed.total,
      ct: { receiver: b.receiver, invoiceReceiver: b.invoiceReceiver, invoiceAddress: b.invoiceAddress ?? null, invoiceTitle: b.invoiceTitle ?? null },
      q: n,
    })
    perAccount.set(it.accountId, (perAccount.get(it.accountId) ?? 0) + n)
  }
  const taken = accepted.reduce((s, x) => s + x.n, 0)
  const ledgerIn = JSON.stringify([...perAccount].map(([a, q]) => ({ a, q })))

  // ---- the write, one statement: decrement, ledger, numbers, placements (with their answers), orders, lines, charges
  const w = (await sql<{ remain: number | null; ledger_rows: number; placement_rows: number; order_rows: number; nums: unknown }>`
    WITH d AS (
      UPDATE flash_sales SET remain_qty = remain_qty - ${taken}::int, updated_at = now()
      WHERE id = ${saleId}::text AND remain_qty >= ${taken}::int RETURNING remain_qty
    ), l AS (
      INSERT INTO flash_sale_ledger AS g (flash_sale_id, account_id, purchased_qty)
      SELECT ${saleId}::text, x.a, x.q FROM json_to_recordset(${ledgerIn}::json) AS x(a int, q int) WHERE x.q <= ${limit}::int
      ON CONFLICT (flash_sale_id, account_id) DO UPDATE SET purchased_qty = g.purchased_qty + excluded.purchased_qty, updated_at = now()
      WHERE g.purchased_qty + excluded.purchased_qty <= ${limit}::int
      RETURNING g.account_id
    ), v AS MATERIALIZED (
      SELECT x.*, nextval('order_number_seq')::text AS o,
        (CASE WHEN x.ch = 'SC' THEN nextval('sales_order_sc_seq') ELSE nextval('sales_order_tfs_seq') END)::text AS so
      FROM json_to_recordset(${JSON.stringify(orders)}::json) AS x(i int, p uuid, a int, u text, k text, h text, ot text, ch text, sc text, st text, sc_code int, ast text,
        po text, rm text, em jsonb, sk text, san text, bt text, snap jsonb, tpa bigint, ta bigint, tx bigint, up numeric, tot numeric, ct jsonb, q int)
    ), p AS (
      INSERT INTO order_placements (id, user_id, account_id, idempotency_key, request_hash, response)
      SELECT v.p, v.u, v.a, v.k, v.h, jsonb_build_array(jsonb_build_object('orderNumber', v.o, 'salesOrderNumber', v.so, 'orderType', v.ot,
        'deliveryChannel', v.ch, 'status', v.st, 'statusCode', v.sc_code, 'addressStatus', v.ast, 'quantity', v.q, 'unitPrice', v.up,
        'currency', ${sale.currency}::text, 'total', v.tot))
      FROM v
      RETURNING id
    ), o AS (
      INSERT INTO orders (order_number, sales_order_number, placement_id, account_id, user_id, order_type, delivery_channel, supply_center_id,
        status, status_code, source, po_number, remark, additional_emails, ship_to_key, ship_to_account_number, bill_to_number, ship_to_snapshot,
        currency, total_price_amount, total_amount, taxes, handling_charge, promo_codes, flash_sale_id, contacts)
      SELECT v.o, v.so, v.p, v.a, v.u, v.ot, v.ch, v.sc, v.st, v.sc_code, 'flashbuy', v.po, v.rm, v.em, v.sk, v.san, v.bt, v.snap,
        ${sale.currency}::text, v.tpa, v.ta, v.tx, 0, ${promoCodes}::jsonb, ${saleId}::text, v.ct
      FROM v
      RETURNING id, order_number
    ), ln AS (
      INSERT INTO order_lines (order_id, line_number, product_id, sku, catalog_number, title_en, title_zh, size, image, quantity, allocated_qty,
        backordered_qty, estimated_ship_date, list_price, unit_price, final_price, line_total, delivery_channel, promo_codes)
      SELECT o.id, 1, ${sale.product_id}::int, ${sale.sku}::text, ${sale.catalog_number}::text, ${sale.title_en}::text, ${sale.title_zh}::text, ${sale.size}::text, ${sale.image}::text,
        v.q, v.q, 0, NULL, ${list}::bigint, ${price}::bigint, ${price}::bigint, v.ta, v.ch, ${promoCodes}::jsonb
      FROM o JOIN v ON v.o = o.order_number
      RETURNING id
    ), c AS (
      INSERT INTO order_charges (order_id, kind, amount)
      SELECT o.id, 'Tax', v.tx FROM o JOIN v ON v.o = o.order_number WHERE v.tx > 0
      RETURNING id
    )
    SELECT (SELECT remain_qty FROM d) AS remain, (SELECT count(*)::int FROM l) AS ledger_rows,
      (SELECT count(*)::int FROM p) AS placement_rows, (SELECT count(*)::int FROM ln) AS order_rows,
      (SELECT json_agg(json_build_array(v.i, v.o, v.so)) FROM v) AS nums`.execute(trx)).rows[0]
  if (w.remain === null || w.remain === undefined) throw new BatchMismatch('the stock decrement did not match')
  if (num(w.ledger_rows) !== perAccount.size) throw new BatchMismatch('a ledger upsert did not match')
  if (num(w.placement_rows) !== accepted.length || num(w.order_rows) !== accepted.length) throw new BatchMismatch('rows written differ from orders accepted')
  for (const [i, o, so] of parseJson(w.nums) as [number, string, string][]) {
    const placed: FlashPlacedOrder = { orderNumber: o, salesOrderNumber: so, ...pending.get(num(i))! }
    outcomes[num(i)] = { kind: 'placed', result: [placed], quantity: placed.quantity }
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
