import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { PlaceOrderBody, PlaceOrderResult } from '../../../types'
import { ApiError } from '../../errors'
import { localized as msg } from '../../locale'
import { taxOf, toMajorUnits } from '../../../types/order/totals'
import { orderableQuote } from './orderable-quote'
import { priceLines, type PricingLine, type QuotePrice } from '../cart/pricing'

/**
 * POST /order/placeOrder (spec §4, §7). One transaction does everything or nothing:
 *
 * 1. the placement row (user, Idempotency-Key, sha256 of the canonical body) is inserted first; the
 *    unique index order_placements_key_uq makes a concurrent duplicate wait until the first commits
 *    and then fail with 23505 — it then reads the committed row and replays its answer (same body)
 *    or refuses (another body → 409 IDEMPOTENCY_KEY_REUSED). A rolled-back first attempt leaves no
 *    row, so the retry places the order.
 * 2. the cart row is locked (FOR UPDATE): two keys submitting the same cart give one order, the
 *    second finds the cart empty (409 CART_EMPTY). With squoteDetail the quote row is locked and
 *    must be the caller's account's, active and unexpired; it becomes 'ordered'.
 * 3. lines are priced by priceLines (the client's figures are ignored); a blocked line refuses the
 *    whole order (409 LINE_BLOCKED); a skuList that differs from the cart gives 409 CART_CHANGED.
 * 4. stock is allocated under row locks taken in product order (no deadlocks), never below zero:
 *    warehouse stock (product_stock) for TFS lines, the supply centre's (supply_center_stock) for
 *    SC lines. What stock cannot cover is backordered with an estimated ship date of
 *    BACKORDER_LEAD_DAYS after the order (the standard replenishment lead time quoted to buyers).
 * 5. one SC order (D1) and/or one TFS order (ZOR), numbered from the sequences; status SUBMITTED,
 *    status code 30 (Siebel Approved account, ACTIVE ship-to) else 270 (spec §4); Tax charge when
 *    taxes > 0; ship-to snapshot; the valid promo codes; the ordered cart lines and the cart's coupons
 *    are deleted; the answer is stored in the placement and committed with the orders.
 */

export const BACKORDER_LEAD_DAYS = 14
const DAY = 86_400_000
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,128}$/


/** JSON with sorted object keys: the same body always hashes the same. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(v)
}
export const requestHash = (body: unknown) => crypto.createHash('sha256').update(canonicalJson(body)).digest('hex')

const keyReused = (req: FastifyRequest) => new ApiError(409, 'CONFLICT',
  msg(req, 'This Idempotency-Key was already used for a different order', '该幂等键已用于另一笔订单'), 'IDEMPOTENCY_KEY_REUSED')

async function replayOrRefuse(db: Kysely<DB>, req: FastifyRequest, key: string, hash: string): Promise<PlaceOrderResult | null> {
  const prior = await db.selectFrom('order_placements').select(['request_hash', 'response'])
    .where('user_id', '=', req.user!.id).where('idempotency_key', '=', key).executeTakeFirst()
  if (!prior) return null
  if (prior.request_hash !== hash) throw keyReused(req)
  return prior.response as unknown as PlaceOrderResult
}

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505'

export async function placeOrder(db: Kysely<DB>, req: FastifyRequest, body: PlaceOrderBody): Promise<PlaceOrderResult> {
  const user = req.user!
  const raw = req.headers['idempotency-key']
  const key = Array.isArray(raw) ? raw[0] : raw
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'BAD_REQUEST', msg(req, 'The Idempotency-Key header is required (8–128 characters: letters, digits, _ : . -)', '缺少 Idempotency-Key 请求头（8–128 个字母、数字或 _ : . -）'), 'IDEMPOTENCY_KEY_INVALID')
  }
  if (user.registrationStatus !== 'Siebel Approved') {
    throw new ApiError(403, 'FORBIDDEN', msg(req, 'Please complete your registration before placing an order', '请先完成注册再下单'), 'REGISTRATION_INCOMPLETE')
  }
  const hash = requestHash(body)
  const prior = await replayOrRefuse(db, req, key, hash)
  if (prior) return prior

  const shipTo = await db.selectFrom('ship_tos').selectAll().where('account_id', '=', user.accountId).where('address_key', '=', body.addressKey).executeTakeFirst()
  if (!shipTo) throw new ApiError(404, 'NOT_FOUND', msg(req, 'Shipping address not found', '未找到该收货地址'), 'ADDRESS_NOT_FOUND')
  if (shipTo.address_status !== 'ACTIVE') {
    throw new ApiError(409, 'CONFLICT', msg(req, 'This shipping address is under review; orders can be placed once it is approved', '该收货地址正在审核中，审核通过后方可下单'), 'ADDRESS_UNDER_REVIEW')
  }
  if (body.billToNumber) {
    const bt = await db.selectFrom('bill_tos').select('id').where('ship_to_id', '=', shipTo.id).where('account_number', '=', body.billToNumber).executeTakeFirst()
    if (!bt) throw new ApiError(404, 'NOT_FOUND', msg(req, 'This billing address does not belong to the shipping address', '该开票地址不属于所选收货地址'), 'BILL_TO_NOT_FOUND')
  }

  try {
    return await db.transaction().execute((trx) => placeInTransaction(trx, req, body, key, hash, shipTo))
  } catch (e) {
    if (isUniqueViolation(e)) {
      // a concurrent request with the same key committed first: replay its answer or refuse
      const again = await replayOrRefuse(db, req, key, hash)
      if (again) return again
    }
    throw e
  }
}

type ShipToRow = { id: number; address_key: string; account_number: string | null; address_status: 'ACTIVE' | 'PENDING' } & Record<string, unknown>

async function placeInTransaction(trx: Transaction<DB>, req: FastifyRequest, body: PlaceOrderBody, key: string, hash: string, shipTo: ShipToRow): Promise<PlaceOrderResult> {
  const user = req.user!
  const placement = await trx.insertInto('order_placements')
    .values({ user_id: user.id, account_id: user.accountId, idempotency_key: key, request_hash: hash, response: '{}' })
    .returning('id').executeTakeFirstOrThrow()

  // ---- what is ordered: the quote's lines at the quote's prices, or the cart's lines
  let lines: { cartItemId: number | null; productId: number; quantity: number }[]
  let codes: string[]
  let quotePrices: Map<number, QuotePrice> | undefined
  let cartId: string | null = null
  let staticQuoteId: string | null = null
  let preference: 'SMART_DISTRIBUTION' | 'SC_PRIORITY' = body.orderPreference ?? 'SMART_DISTRIBUTION'
  const titles = new Map<number, { title_en: string; title_zh: string }>()
  if (body.squoteDetail) {
    const { quote: q, lines: ql } = await orderableQuote(trx, req, body.squoteDetail.staticQuoteId, { lock: true })
    for (const l of ql) titles.set(l.product_id, l)
    lines = ql.map((l) => ({ cartItemId: null, productId: l.product_id, quantity: l.quantity }))
    quotePrices = new Map(ql.map((l) => [l.product_id, { list: Number(l.list_price), unit: Number(l.unit_price), final: Number(l.final_price) }]))
    codes = []
    staticQuoteId = q.static_quote_id
  } else {
    const cart = await trx.selectFrom('carts').select(['id', 'order_preference']).where('user_id', '=', user.id).forUpdate().executeTakeFirst()
    const items = cart
      ? await trx.selectFrom('cart_items as ci').innerJoin('products as p', 'p.id', 'ci.product_id')
        .select(['ci.id', 'ci.product_id', 'ci.quantity', 'p.title_en', 'p.title_zh']).where('ci.cart_id', '=', cart.id).orderBy('ci.added_at').orderBy('ci.id').execute()
      : []
    for (const i of items) titles.set(i.product_id, i)
    if (!cart || items.length === 0) throw new ApiError(409, 'CONFLICT', msg(req, 'Your cart is empty', '购物车为空'), 'CART_EMPTY')
    cartId = cart.id
    preference = body.orderPreference ?? cart.order_preference
    let chosen = items
    if (body.skuList && body.skuList.length) {
      // the buyer confirmed these lines and quantities: any difference from the cart refuses the order
      const byId = new Map(items.map((i) => [i.id, i]))
      const picked = new Set<number>()
      for (const s of body.skuList) {
        const it = s.cartItemId !== undefined ? byId.get(s.cartItemId) : undefined
        if (!it || it.quantity !== s.quantity || picked.has(it.id)) throw cartChanged(req)
        picked.add(it.id)
      }
      chosen = items.filter((i) => picked.has(i.id))
    }
    lines = chosen.map((i) => ({ cartItemId: i.id, productId: i.product_id, quantity: i.quantity }))
    codes = body.promoCodes ?? (await trx.selectFrom('cart_coupons').select('code').where('cart_id', '=', cart.id).orderBy('applied_at').execute()).map((c) => c.code)
  }

  // ---- prices: the server's only
  const priced = await priceLines(trx, user, req.locale, lines, codes, { quotePrices, orderPreference: preference })
  if (priced.lines.length === 0) throw new ApiError(409, 'CONFLICT', msg(req, 'Your cart is empty', '购物车为空'), 'CART_EMPTY')
  if (priced.blockedLines.length) {
    throw new ApiError(409, 'CONFLICT', msg(req,
      `These items cannot be ordered online: ${priced.blockedLines.map((b) => b.catalogNumber).join(', ')}`,
      `以下商品无法在线订购：${priced.blockedLines.map((b) => b.catalogNumber).join('、')}`), 'LINE_BLOCKED')
  }

  // ---- stock: locked in product order, allocated up to what is there, the rest backordered
  const alloc = await allocate(trx, priced.lines, priced.supplyCenterId)

  // ---- one order per channel
  const now = Date.now()
  const byChannel = (['SC', 'TFS'] as const).map((ch) => ({ ch, lines: priced.lines.filter((l) => l.deliveryChannel === ch) })).filter((g) => g.lines.length)
  const statusCode = user.registrationStatus === 'Siebel Approved' && shipTo.address_status === 'ACTIVE' ? 30 : 270
  const snapshot = {
    addressKey: shipTo.address_key, accountNumber: shipTo.account_number, attentionTo: shipTo.attention_to, companyOrInstitution: shipTo.company_or_institution,
    deptOrLab: shipTo.dept_or_lab, country: shipTo.country, stateOrProvince: shipTo.state_or_province, city: shipTo.city, streetAddress: shipTo.street_address,
    buildingOrRoom: shipTo.building_or_room, zipCode: shipTo.zip_code, phoneNumber: shipTo.phone_number,
  }
  const rate = priced.summary.taxEnabled ? priced.taxRateBasisPoints : null
  let taxLeft = priced.summaryMinor.taxes
  const placed: PlaceOrderResult['orders'] = []
  let pendingLto: string | null = null
  let grand = 0
  // the order numbers of both halves in one round trip (a CASE only calls nextval when taken)
  const hasSc = byChannel.some((g) => g.ch === 'SC')
  const hasTfs = byChannel.some((g) => g.ch === 'TFS')
  const nums = (await sql<{ o1: string; o2: string | null; sc: string | null; tfs: string | null }>`SELECT nextval('order_number_seq')::text AS o1,
      CASE WHEN ${byChannel.length > 1}::boolean THEN nextval('order_number_seq')::text END AS o2,
      CASE WHEN ${hasSc}::boolean THEN nextval('sales_order_sc_seq')::text END AS sc,
      CASE WHEN ${hasTfs}::boolean THEN nextval('sales_order_tfs_seq')::text END AS tfs`.execute(trx)).rows[0]
  for (const [gi, g] of byChannel.entries()) {
    const amount = g.lines.reduce((s, l) => s + l.minor.lineTotal!, 0)
    const listAmount = g.lines.reduce((s, l) => s + (l.minor.list ?? l.minor.unit!) * l.quantity, 0)
    // the split orders' taxes add up to the checkout's tax exactly
    const taxes = rate === null ? 0 : gi === byChannel.length - 1 ? taxLeft : Math.min(taxLeft, taxOf(amount, rate))
    taxLeft -= taxes
    const orderNumber = (gi === 0 ? nums.o1 : nums.o2)!
    const salesOrderNumber = (g.ch === 'SC' ? nums.sc : nums.tfs)!
    const order = await trx.insertInto('orders').values({
      order_number: orderNumber, sales_order_number: salesOrderNumber, placement_id: placement.id, account_id: user.accountId, user_id: user.id,
      order_type: g.ch === 'SC' ? 'D1' : 'ZOR', delivery_channel: g.ch, supply_center_id: g.ch === 'SC' ? priced.supplyCenterId : null,
      status: 'SUBMITTED', status_code: statusCode, source: staticQuoteId ? 'squote' : 'cart', po_number: body.poNumber?.trim() || null,
      remark: body.remark?.trim() || null, additional_emails: JSON.stringify(body.additionalEmails ?? []), ship_to_key: shipTo.address_key,
      ship_to_account_number: shipTo.account_number, bill_to_number: body.billToNumber ?? null, ship_to_snapshot: JSON.stringify(snapshot),
      currency: priced.currency, total_price_amount: listAmount, total_amount: amount, taxes, handling_charge: 0,
      promo_codes: JSON.stringify(priced.validCodes), static_quote_id: staticQuoteId, order_preference: preference,
    }).returning('id').executeTakeFirstOrThrow()
    let backordered = false
    await trx.insertInto('order_lines').values(g.lines.map((l, i) => {
      const a = alloc.get(l.lineNumber)!
      if (a < l.quantity) backordered = true
      return {
        order_id: order.id, line_number: i + 1, product_id: l.productId, sku: l.sku, catalog_number: l.catalogNumber,
        title_en: titles.get(l.productId)?.title_en ?? l.productTitle, title_zh: titles.get(l.productId)?.title_zh ?? l.productTitle, size: l.size, image: l.image, quantity: l.quantity,
        allocated_qty: a, backordered_qty: l.quantity - a, estimated_ship_date: a < l.quantity ? new Date(now + BACKORDER_LEAD_DAYS * DAY) : null,
        list_price: l.minor.list, unit_price: l.minor.unit!, final_price: l.minor.final!, line_total: l.minor.lineTotal!,
        delivery_channel: g.ch, promo_codes: JSON.stringify(l.appliedPromoCodes),
      }
    })).execute()
    if (taxes > 0) await trx.insertInto('order_charges').values({ order_id: order.id, kind: 'Tax', amount: taxes }).execute()
    if (backordered && !pendingLto) pendingLto = orderNumber
    const total = amount + taxes
    grand += total
    placed.push({ orderNumber, salesOrderNumber, orderType: g.ch === 'SC' ? 'D1' : 'ZOR', deliveryChannel: g.ch, status: 'SUBMITTED', total: toMajorUnits(total) })
  }

  // ---- the cart lines ordered and the cart's codes leave the cart; a quote is ordered once
  const tfs = placed.find((p) => p.deliveryChannel === 'TFS')
  const sc = placed.find((p) => p.deliveryChannel === 'SC')
  if (staticQuoteId) {
    await trx.updateTable('quotes').set({ status: 'ordered', ordered_order_number: (tfs ?? sc)!.orderNumber }).where('static_quote_id', '=', staticQuoteId).execute()
  }
  const response: PlaceOrderResult = {
    placementId: placement.id,
    orders: placed,
    salesOrderNumber: (tfs ?? sc)?.salesOrderNumber ?? null,
    spSalesOrderNumber: sc?.salesOrderNumber ?? null,
    addressStatus: shipTo.address_status,
    pendingLtoOrderNumber: pendingLto,
    currency: priced.currency,
    total: toMajorUnits(grand),
  }
  const store = sql`UPDATE order_placements SET response = ${JSON.stringify(response)}::jsonb WHERE id = ${placement.id}::uuid`
  if (cartId) {
    const ids = lines.map((l) => l.cartItemId).filter((x): x is number => x !== null)
    await sql`WITH d AS (DELETE FROM cart_items WHERE cart_id = ${cartId}::uuid AND id = ANY(${ids}::int[])),
      c AS (DELETE FROM cart_coupons WHERE cart_id = ${cartId}::uuid),
      t AS (UPDATE carts SET updated_at = now() WHERE id = ${cartId}::uuid)
      ${store}`.execute(trx)
  } else {
    await store.execute(trx)
  }
  return response
}

const cartChanged = (req: FastifyRequest) =>
  new ApiError(409, 'CONFLICT', msg(req, 'Your cart has changed since you reviewed it; please check it again', '购物车内容已变化，请重新确认'), 'CART_CHANGED')

/**
 * Allocates stock to each line (keyed by lineNumber → allocated quantity): locks the rows in product
 * order, takes min(stock, quantity) and writes the new quantity. Never below zero (check constraint too).
 */
async function allocate(trx: Transaction<DB>, lines: PricingLine[], scId: string | null): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  const want = (ch: 'SC' | 'TFS') => {
    const m = new Map<number, number>()
    for (const l of lines) if (l.deliveryChannel === ch) m.set(l.productId, (m.get(l.productId) ?? 0) + l.quantity)
    return m
  }
  const take = async (ch: 'SC' | 'TFS') => {
    const w = want(ch)
    if (!w.size || (ch === 'SC' && !scId)) return new Map<number, number>()
    const ids = [...w.keys()].sort((a, b) => a - b)
    const rows = ch === 'TFS'
      ? await trx.selectFrom('product_stock').select(['product_id', 'quantity']).where('product_id', 'in', ids).orderBy('product_id').forUpdate().execute()
      : await trx.selectFrom('supply_center_stock').select(['product_id', 'quantity']).where('supply_center_id', '=', scId!).where('product_id', 'in', ids).orderBy('product_id').forUpdate().execute()
    const have = new Map(rows.map((r) => [r.product_id, r.quantity]))
    const left = new Map<number, number>()
    const updates: [number, number][] = []
    for (const id of ids) {
      const stock = have.get(id) ?? 0
      const n = Math.min(stock, w.get(id)!)
      left.set(id, n)
      if (n > 0) updates.push([id, n])
    }
    if (updates.length) {
      const values = sql.join(updates.map(([id, n]) => sql`(${id}::int, ${n}::int)`))
      if (ch === 'TFS') {
        await sql`UPDATE product_stock s SET quantity = s.quantity - LEAST(s.quantity, v.n), updated_at = now() FROM (VALUES ${values}) AS v(id, n) WHERE s.product_id = v.id`.execute(trx)
      } else {
        await sql`UPDATE supply_center_stock s SET quantity = s.quantity - LEAST(s.quantity, v.n) FROM (VALUES ${values}) AS v(id, n) WHERE s.supply_center_id = ${scId} AND s.product_id = v.id`.execute(trx)
      }
    }
    return left
  }
  // always warehouse first, then the supply centre: one lock order for every placement
  const tfs = await take('TFS')
  const sc = await take('SC')
  for (const l of lines) {
    const pool = l.deliveryChannel === 'SC' ? sc : tfs
    const a = Math.min(pool.get(l.productId) ?? 0, l.quantity)
    pool.set(l.productId, (pool.get(l.productId) ?? 0) - a)
    out.set(l.lineNumber, a)
  }
  return out
}
