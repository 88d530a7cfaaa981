import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * The one writer of orders: checkout and S-quote placement (place/), flash buy
 * (flashbuy/place/commit.ts) and the seeded history (db/seed/orders.ts) all write their orders here.
 *
 * One statement writes a batch of orders with their lines and charges. Each order takes its order
 * number from order_number_seq and its sales order number from sales_order_sc_seq (SC) or
 * sales_order_tfs_seq (TFS), in the drafts' order, unless the draft brings its own (the seed).
 * A caller may add its own writes to the same statement (`with`): they may read `v`, one row per
 * order with the draft's index `i`, its order number `o` and its sales order number `so`.
 */

/** The ship-to as it was when ordered (orders.ship_to_snapshot). */
export interface ShipToSnapshot {
  addressKey: string
  accountNumber: string | null
  attentionTo: string | null
  companyOrInstitution: string | null
  deptOrLab: string | null
  country: string | null
  stateOrProvince: string | null
  city: string | null
  streetAddress: string | null
  buildingOrRoom: string | null
  zipCode: string | null
  phoneNumber: string | null
}

/** the ship_tos columns a snapshot is made of */
export interface ShipToColumns {
  address_key: string
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
}

export const shipToSnapshot = (s: ShipToColumns): ShipToSnapshot => ({
  addressKey: s.address_key,
  accountNumber: s.account_number,
  attentionTo: s.attention_to,
  companyOrInstitution: s.company_or_institution,
  deptOrLab: s.dept_or_lab,
  country: s.country,
  stateOrProvince: s.state_or_province,
  city: s.city,
  streetAddress: s.street_address,
  buildingOrRoom: s.building_or_room,
  zipCode: s.zip_code,
  phoneNumber: s.phone_number,
})

/** One order line; money in minor units. */
export interface OrderLineDraft {
  lineNumber: number
  productId: number
  sku: string
  catalogNumber: string
  titleEn: string
  titleZh: string
  size: string
  image: string | null
  quantity: number
  allocatedQty: number
  backorderedQty: number
  estimatedShipDate: Date | string | null
  listPrice: number | null
  unitPrice: number
  finalPrice: number
  lineTotal: number
  deliveryChannel: 'SC' | 'TFS'
  promoCodes: string[]
}

/** One order as placed; money in minor units. */
export interface OrderDraft {
  placementId: string
  accountId: number
  userId: string
  orderType: 'D1' | 'D2' | 'CR' | 'ZOR'
  deliveryChannel: 'SC' | 'TFS'
  supplyCenterId: string | null
  status: string
  statusCode: number
  source: string
  poNumber: string | null
  remark: string | null
  additionalEmails: string[]
  shipTo: ShipToSnapshot
  billToNumber: string | null
  currency: 'CNY' | 'INR'
  totalPriceAmount: number
  totalAmount: number
  taxes: number
  handlingCharge: number
  /** order_charges rows: placement writes a Tax charge when taxes > 0 */
  charges: { kind: 'Tax' | 'HandlingCharge'; amount: number }[]
  promoCodes: string[]
  staticQuoteId: string | null
  orderPreference: 'SMART_DISTRIBUTION' | 'SC_PRIORITY'
  flashSaleId: string | null
  contacts: Record<string, unknown> | null
  lines: OrderLineDraft[]
  /** the seed's history only: its own numbers and times (placement takes the sequences' and now()) */
  orderNumber?: string
  salesOrderNumber?: string
  createdAt?: Date | string
  updatedAt?: Date | string
}

export interface WrittenOrder {
  id: number
  orderNumber: string
  salesOrderNumber: string
}

export interface WriteOrdersOptions {
  /** more CTEs of the same statement, e.g. `p AS (INSERT … FROM v …)`; they may read v (i, o, so) */
  with?: RawBuilder<unknown>[]
  /** more output columns, e.g. `(SELECT count(*)::int FROM p) AS placement_rows` */
  select?: RawBuilder<unknown>[]
}

export interface WriteOrdersResult {
  /** the orders written, in the drafts' order */
  orders: WrittenOrder[]
  lineRows: number
  chargeRows: number
  /** the extra output columns asked for */
  extra: Record<string, unknown>
}

const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString())

/** Writes the orders (with their lines and charges) in one statement; see the module comment. */
export async function writeOrders(
  db: Kysely<DB> | Transaction<DB>,
  drafts: OrderDraft[],
  opts: WriteOrdersOptions = {},
): Promise<WriteOrdersResult> {
  if (!drafts.length) return { orders: [], lineRows: 0, chargeRows: 0, extra: {} }
  const rows = JSON.stringify(
    drafts.map((d, i) => ({
      i,
      p: d.placementId,
      a: d.accountId,
      u: d.userId,
      ot: d.orderType,
      ch: d.deliveryChannel,
      sc: d.supplyCenterId,
      st: d.status,
      sc_code: d.statusCode,
      src: d.source,
      po: d.poNumber,
      rm: d.remark,
      em: d.additionalEmails,
      sk: d.shipTo.addressKey,
      san: d.shipTo.accountNumber,
      bt: d.billToNumber,
      snap: d.shipTo,
      cur: d.currency,
      tpa: d.totalPriceAmount,
      ta: d.totalAmount,
      tx: d.taxes,
      hc: d.handlingCharge,
      promo: d.promoCodes,
      sq: d.staticQuoteId,
      pref: d.orderPreference,
      fs: d.flashSaleId,
      ct: d.contacts,
      onum: d.orderNumber ?? null,
      sonum: d.salesOrderNumber ?? null,
      ca: iso(d.createdAt),
      ua: iso(d.updatedAt),
      charges: d.charges.map((c, k) => ({ k, kind: c.kind, amount: c.amount })),
      lines: d.lines.map((l) => ({
        n: l.lineNumber,
        pid: l.productId,
        sku: l.sku,
        cn: l.catalogNumber,
        ten: l.titleEn,
        tzh: l.titleZh,
        size: l.size,
        img: l.image,
        q: l.quantity,
        aq: l.allocatedQty,
        bq: l.backorderedQty,
        esd: iso(l.estimatedShipDate),
        lp: l.listPrice,
        up: l.unitPrice,
        fp: l.finalPrice,
        lt: l.lineTotal,
        ch: l.deliveryChannel,
        promo: l.promoCodes,
      })),
    })),
  )
  const more = opts.with?.length ? sql`, ${sql.join(opts.with, sql`, `)}` : sql``
  const moreSelect = opts.select?.length ? sql`, ${sql.join(opts.select, sql`, `)}` : sql``
  // (a CASE and COALESCE evaluate nextval only when it is taken: the seed's own numbers use none)
  const r = (
    await sql<{ nums: unknown; line_rows: number; charge_rows: number } & Record<string, unknown>>`
    WITH v AS MATERIALIZED (
      SELECT x.*, COALESCE(x.onum, nextval('order_number_seq')::text) AS o,
        COALESCE(x.sonum, (CASE WHEN x.ch = 'SC' THEN nextval('sales_order_sc_seq') ELSE nextval('sales_order_tfs_seq') END)::text) AS so
      FROM json_to_recordset(${rows}::json) AS x(i int, p uuid, a int, u text, ot text, ch text, sc text, st text, sc_code int, src text,
        po text, rm text, em jsonb, sk text, san text, bt text, snap jsonb, cur text, tpa bigint, ta bigint, tx bigint, hc bigint,
        promo jsonb, sq text, pref text, fs text, ct jsonb, onum text, sonum text, ca timestamptz, ua timestamptz, charges json, lines json)
    ), o AS (
      INSERT INTO orders (order_number, sales_order_number, placement_id, account_id, user_id, order_type, delivery_channel, supply_center_id,
        status, status_code, source, po_number, remark, additional_emails, ship_to_key, ship_to_account_number, bill_to_number, ship_to_snapshot,
        currency, total_price_amount, total_amount, taxes, handling_charge, promo_codes, static_quote_id, order_preference, flash_sale_id, contacts,
        created_at, updated_at)
      SELECT v.o, v.so, v.p, v.a, v.u, v.ot, v.ch, v.sc, v.st, v.sc_code, v.src, v.po, v.rm, v.em, v.sk, v.san, v.bt, v.snap,
        v.cur, v.tpa, v.ta, v.tx, v.hc, v.promo, v.sq, v.pref, v.fs, v.ct, COALESCE(v.ca, now()), COALESCE(v.ua, v.ca, now())
      FROM v ORDER BY v.i
      RETURNING id, order_number
    ), ln AS (
      INSERT INTO order_lines (order_id, line_number, product_id, sku, catalog_number, title_en, title_zh, size, image, quantity, allocated_qty,
        backordered_qty, estimated_ship_date, list_price, unit_price, final_price, line_total, delivery_channel, promo_codes)
      SELECT o.id, l.n, l.pid, l.sku, l.cn, l.ten, l.tzh, l.size, l.img, l.q, l.aq, l.bq, l.esd, l.lp, l.up, l.fp, l.lt, l.ch, l.promo
      FROM o JOIN v ON v.o = o.order_number
        CROSS JOIN LATERAL json_to_recordset(v.lines) AS l(n int, pid int, sku text, cn text, ten text, tzh text, size text, img text, q int,
          aq int, bq int, esd timestamptz, lp bigint, up bigint, fp bigint, lt bigint, ch text, promo jsonb)
      ORDER BY v.i, l.n
      RETURNING id
    ), c AS (
      INSERT INTO order_charges (order_id, kind, amount)
      SELECT o.id, k.kind, k.amount FROM o JOIN v ON v.o = o.order_number
        CROSS JOIN LATERAL json_to_recordset(v.charges) AS k(k int, kind text, amount bigint)
      ORDER BY v.i, k.k
      RETURNING id
    )${more}
    SELECT (SELECT json_agg(json_build_array(v.i, o.id, v.o, v.so) ORDER BY v.i) FROM v JOIN o ON o.order_number = v.o) AS nums,
      (SELECT count(*)::int FROM ln) AS line_rows, (SELECT count(*)::int FROM c) AS charge_rows${moreSelect}`.execute(
      db,
    )
  ).rows[0]
  const { nums, line_rows, charge_rows, ...extra } = r
  const orders = ((parseJson(nums) as [number, number, string, string][] | null) ?? []).map(
    ([, id, orderNumber, salesOrderNumber]) => ({ id: Number(id), orderNumber, salesOrderNumber }),
  )
  return { orders, lineRows: Number(line_rows), chargeRows: Number(charge_rows), extra }
}
