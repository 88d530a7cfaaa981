import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { AuthUser } from '../auth'
import type {
  FlashApplyBody,
  FlashApplyResult,
  FlashApplyStatus,
  FlashBuyDetail,
  FlashBuyStatus,
  FlashSaleSummary,
} from '../../../types'
import type { FlashQuote } from '../../../types/flashbuy/schemas'
import { flashBuyStatusAt, quantityRefusal, REFUSAL_STATUS } from '../../../types/flashbuy/rules'
import { orderTotal, taxOf } from '../../../types/order/totals'
import { toMajor } from '../../../types/money'
import * as R from '../../lib/refusals'
import { accountShipTo } from '../../lib/account-rows'
import { accountPricingEligible, computePrice } from '../catalog'
import { defaultSupplyCentre, PRODUCT_LINE_COLUMNS, taxRateFor } from '../cart'
import { refusal } from '../../lib/localized-refusal'

/**
 * The flash sales as shoppers see them: the sale list, the detail (spec §3 "Flash-buy detail") and
 * apply-promo (§3 "Flash-buy apply-promo response", §5 the apply statuses). Every figure is read from
 * the database at the request: the status from the window and the stock at this moment (§4
 * "Flash-buy status"), the flash price, the stock, what the caller's account has bought already.
 * A sale belongs to one country: the caller's (the user's when logged in, else the countrycode
 * header); another country's sale answers 404 like an unknown one.
 */

/** how long an ended sale stays on the sale list ("expired") */
export const EXPIRED_LISTED_DAYS = 7
const DAY = 86_400_000
const LIST_MAX = 100

export type Country = 'cn' | 'in'
export const callerCountry = (req: FastifyRequest): Country =>
  (req.user ? req.user.country : req.locale.country) === 'in' ? 'in' : 'cn'

/** Sales with their product; `where` narrows them (by id, by country, by end). */
export function salesQuery(db: Kysely<DB>) {
  return db
    .selectFrom('flash_sales as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .select([
      'f.id',
      'f.country',
      'f.currency',
      'f.flash_price',
      'f.display_text_en',
      'f.display_text_zh',
      'f.start_at',
      'f.end_at',
      'f.total_qty',
      'f.remain_qty',
      'f.min_order_qty',
      'f.max_order_qty',
      'f.account_purchase_limit_qty',
      'f.delivery_channel',
      'f.coupon',
      'f.sort_order',
      'f.product_id',
      ...PRODUCT_LINE_COLUMNS,
      sql<number | null>`case when f.currency = 'INR' then p.list_price_inr else p.list_price_cny end`.as('list_price'),
    ])
}

/** A sale with its product, as salesQuery reads it. */
export type SaleRow = Awaited<ReturnType<ReturnType<typeof salesQuery>['execute']>>[number]

/** One sale of the caller's country, or null (unknown id and another country's sale alike). */
export async function loadSale(db: Kysely<DB>, id: string, country: Country): Promise<SaleRow | null> {
  return (await salesQuery(db).where('f.id', '=', id).where('f.country', '=', country).executeTakeFirst()) ?? null
}

export const saleNotFound = refusal(404, 'NOT_FOUND', 'FLASH_NOT_FOUND', [
  'This flash sale does not exist',
  '该秒杀活动不存在',
])

const iso = (d: Date | string) => new Date(d).toISOString()
const major = (minor: number | null) => (minor === null ? null : toMajor(minor))

export const saleStatus = (s: SaleRow, now = Date.now()): FlashBuyStatus =>
  flashBuyStatusAt({ startAt: s.start_at, endAt: s.end_at, remainQty: s.remain_qty }, now)

export function toSummary(s: SaleRow, lang: 'cn' | 'en', now = Date.now()): FlashSaleSummary {
  const status = saleStatus(s, now)
  return {
    id: s.id,
    sku: s.sku,
    catalogNumber: s.catalog_number,
    skuName: lang === 'en' ? s.title_en : s.title_zh,
    skuSize: s.size,
    image: s.image,
    // "Coming soon is blocked and shows display text instead of a price"
    flashPrice: status === 'COMING_SOON' ? null : toMajor(s.flash_price),
    originalPrice: major(s.list_price),
    currency: s.currency,
    displayText: lang === 'en' ? s.display_text_en : s.display_text_zh,
    flashBuyStatus: status,
    startAt: iso(s.start_at),
    endAt: iso(s.end_at),
    totalQty: s.total_qty,
    remainQty: s.remain_qty,
  }
}

const LIST_RANK: Record<FlashBuyStatus, number> = { IN_PROGRESS: 0, COMING_SOON: 1, SOLD_OUT: 2, OVER: 3 }

/**
 * The sale list of the caller's country: running sales first, then the coming ones (soonest first),
 * then the sold-out ones, then those that ended in the last EXPIRED_LISTED_DAYS days (latest first); not those
 * staff ended.
 */
export async function listSales(db: Kysely<DB>, req: FastifyRequest): Promise<FlashSaleSummary[]> {
  const now = Date.now()
  const rows = await salesQuery(db)
    .where('f.country', '=', callerCountry(req))
    .where('f.end_at', '>', new Date(now - EXPIRED_LISTED_DAYS * DAY))
    // a sale ended by staff (issue 24) leaves the list at once; one that ran its course stays a while as expired
    .where('f.ended_at', 'is', null)
    .orderBy('f.sort_order')
    .orderBy('f.id')
    .limit(LIST_MAX)
    .execute()
  const withStatus = rows.map((r) => ({ r, status: saleStatus(r, now) }))
  withStatus.sort(
    (a, b) =>
      LIST_RANK[a.status] - LIST_RANK[b.status] ||
      (a.status === 'COMING_SOON' ? +new Date(a.r.start_at) - +new Date(b.r.start_at) : 0) ||
      (a.status === 'OVER' ? +new Date(b.r.end_at) - +new Date(a.r.end_at) : 0) ||
      a.r.sort_order - b.r.sort_order ||
      (a.r.id < b.r.id ? -1 : 1),
  )
  return withStatus.map(({ r }) => toSummary(r, req.locale.language, now))
}

/** What the caller's account has bought of a sale (0 anonymous): its own ledger row only. */
export async function purchasedQty(db: Kysely<DB>, saleId: string, user: AuthUser | null): Promise<number> {
  if (!user) return 0
  const row = await db
    .selectFrom('flash_sale_ledger')
    .select('purchased_qty')
    .where('flash_sale_id', '=', saleId)
    .where('account_id', '=', user.accountId)
    .executeTakeFirst()
  return row?.purchased_qty ?? 0
}

/**
 * The caller's own price of the product outside the sale (spec §6: the account's price for a
 * logged-in user of an approved account, the list price otherwise; null when neither exists).
 */
async function currentPrice(db: Kysely<DB>, s: SaleRow, user: AuthUser | null): Promise<number | null> {
  let account: { price: number; priceType: 'yourPrice' | 'discount' | 'wop' } | null = null
  if (accountPricingEligible(user)) {
    const ap = await db
      .selectFrom('account_prices')
      .select(['price', 'price_type'])
      .where('account_id', '=', user!.accountId)
      .where('product_id', '=', s.product_id)
      .where('currency', '=', s.currency)
      .executeTakeFirst()
    if (ap) account = { price: ap.price, priceType: ap.price_type }
  }
  return computePrice(s.list_price, account)?.amount ?? null
}

export async function saleDetail(db: Kysely<DB>, req: FastifyRequest, id: string): Promise<FlashBuyDetail> {
  const s = await loadSale(db, id, callerCountry(req))
  if (!s) throw saleNotFound(req)
  const [bought, current] = await Promise.all([purchasedQty(db, s.id, req.user), currentPrice(db, s, req.user)])
  const summary = toSummary(s, req.locale.language)
  return {
    id: s.id,
    sku: s.sku,
    catalogNumber: s.catalog_number,
    skuName: summary.skuName,
    skuSize: s.size,
    skuImages: s.image ? [s.image] : [],
    flashPrice: summary.flashPrice,
    originalPrice: summary.originalPrice,
    currentPrice: current,
    currency: s.currency,
    displayText: summary.displayText,
    minOrderQty: s.min_order_qty,
    maxOrderQty: s.max_order_qty,
    accountPurchaseLimitQty: s.account_purchase_limit_qty,
    purchasedQty: bought,
    remainQty: s.remain_qty,
    totalQty: s.total_qty,
    flashBuyStatus: summary.flashBuyStatus,
    startAt: summary.startAt,
    endAt: summary.endAt,
    coupon: s.coupon,
    deliveryChannel: s.delivery_channel,
  }
}

/**
 * GET /flashbuy/quote/{id}?quantity (issue 22 item 4): the figures an order of `quantity` is charged now,
 * summed as placement sums them (place/commit.ts: list-or-flash price × n, flash price × n, taxOf at the
 * country's rate when ENABLE_ORDER_TAX is on, total = amount + taxes), so the screen shows the order's total.
 */
export async function quoteSale(
  db: Kysely<DB>,
  req: FastifyRequest,
  id: string,
  quantity: number,
): Promise<FlashQuote> {
  const country = callerCountry(req)
  const [s, taxRate] = await Promise.all([loadSale(db, id, country), taxRateFor(db, country)])
  if (!s) throw saleNotFound(req)
  const running = saleStatus(s) === 'IN_PROGRESS'
  const amount = running ? s.flash_price * quantity : 0
  const list = running ? (s.list_price ?? s.flash_price) * quantity : 0
  const taxes = taxRate === null ? 0 : taxOf(amount, taxRate)
  return {
    flashBuyId: s.id,
    quantity,
    unitPrice: running ? toMajor(s.flash_price) : null,
    summary: {
      currency: s.currency,
      totalPriceAmount: toMajor(list),
      totalAmount: toMajor(amount),
      taxes: toMajor(taxes),
      total: toMajor(orderTotal({ totalPriceAmount: list, totalAmount: amount, taxes }, taxRate !== null)),
      savings: toMajor(Math.max(0, list - amount)),
      taxEnabled: taxRate !== null,
      unpricedLines: running ? 0 : 1,
    },
  }
}

/**
 * POST /flashbuy/promos/apply: nothing is placed or reserved; the answer says whether the line could
 * be placed now and at which price. Business refusals are statuses of a 200 answer (spec §5: "The
 * server status values returned by the apply-promo call are check_minOrderQty, check_remainQty and
 * check_accountPurchaseLimitQty"; a sale that is not running is check_flashBuyStatus, an "other
 * status"). The unit price is the flash price in the database now: a price in the body is ignored.
 * A sale that is not running has no line (its price is not on offer; a coming one's is not shown yet).
 */
export async function applyFlashPromo(
  db: Kysely<DB>,
  req: FastifyRequest,
  body: FlashApplyBody,
): Promise<FlashApplyResult> {
  const user = req.user!
  if (user.registrationStatus !== 'Siebel Approved') throw R.registrationIncomplete(req)
  const country = callerCountry(req)
  const [s, shipTo, me] = await Promise.all([
    loadSale(db, body.flashBuyId, country),
    body.shipTo === undefined ? Promise.resolve(null) : accountShipTo(db, user.accountId, body.shipTo),
    db.selectFrom('users').select('siebel_row_id').where('id', '=', user.id).executeTakeFirst(),
  ])
  if (!s) throw saleNotFound(req)
  // only the caller's account's ship-to: another account's answers exactly like an unknown one
  if (body.shipTo !== undefined && !shipTo) throw R.shipToNotFound(req)

  const quantity = body.item.quantity
  const [bought, sc, taxRate] = await Promise.all([
    purchasedQty(db, s.id, user),
    s.delivery_channel === 'SC' ? defaultSupplyCentre(db, user) : Promise.resolve(null),
    taxRateFor(db, country),
  ])
  const running = saleStatus(s) === 'IN_PROGRESS'
  let status: FlashApplyStatus = 'check_flashBuyStatus'
  if (running) {
    const refusal = quantityRefusal(quantity, {
      minOrderQty: s.min_order_qty,
      maxOrderQty: s.max_order_qty,
      accountPurchaseLimitQty: s.account_purchase_limit_qty,
      remainQty: s.remain_qty,
      purchasedQty: bought,
    })
    status = refusal ? REFUSAL_STATUS[refusal] : 'success'
  }
  // "in flash buy only when the supply centre is present with operationStatus Normal" (spec §7)
  const deliveryChannel = s.delivery_channel === 'SC' && sc ? ('SC' as const) : ('TFS' as const)
  const coupon = s.coupon?.toUpperCase() ?? null
  const codes = [...new Set((body.promotionCodes ?? []).map((c) => c.trim()).filter(Boolean))]
  const totalAmount = running ? s.flash_price * quantity : 0
  const taxes = taxRate === null ? 0 : taxOf(totalAmount, taxRate)
  return {
    status,
    items: running
      ? [
          {
            skuId: s.id,
            sku: s.sku,
            catalogNumber: s.catalog_number,
            unitPrice: toMajor(s.flash_price),
            quantity,
            lineNumber: 1,
            deliveryChannel,
          },
        ]
      : [],
    promos: codes.map((c) => ({ promoCode: c, valid: coupon !== null && c.toUpperCase() === coupon })),
    currency: s.currency,
    totalAmount: toMajor(totalAmount),
    taxes: toMajor(taxes),
    total: toMajor(orderTotal({ totalPriceAmount: totalAmount, totalAmount, taxes }, taxRate !== null)),
    remainQty: s.remain_qty,
    scJobNumber: null,
    scOrderType: null,
    scSalesOrderNumber: null,
    tfsJobNumber: null,
    tfsOrderType: null,
    tfsSalesOrderNumber: null,
    shipTo: body.shipTo ?? null,
    siebelRowId: me?.siebel_row_id ?? null,
    squoteDetail: null,
  }
}
