import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { AuthUser } from '../auth/plugin'
import type { RequestLocale } from '../../locale'
import type { OrderSummary, PricedLine, PromoResult, SalesStatus } from '../../../types'
import { accountPricingEligible, computePrice } from '../catalog/pricing'
import { disclosedQuantity } from '../catalog/price'
import { checkCouponCombination, COUPON_SERVER_CODES, couponTypeOf, exceedsCouponSkuLimit } from '../../../types/cart/coupons'
import { deliveryChannelOf, deliveryModeOf, smartChannel, type DeliveryChannel, type DeliveryMode, type OrderPreference } from '../../../types/cart/channel'
import { orderSavings, orderTotal, taxOf, toMajorUnits } from '../../../types/order/totals'
import { taxRateFor } from './tax'

/**
 * The one place the server prices lines: the cart answer, /order/applyPromotions and order
 * placement all call priceLines. Nothing the client sends is a price: the unit price is the
 * account's price when the caller is eligible (catalog/pricing.ts), or the S-quote's price when
 * ordering a quote; coupons and taxes are applied here.
 *
 * Coupons (types/cart/coupons.ts for the rules, COUPON_SERVER_CODES for the section 8 codes):
 * unknown / another country's / another account's code → '10'; outside its window → '20'; no line
 * it applies to, or an order below its minimum → '30'; a type already applied → 'SQ30'; a
 * combination section 5 forbids → its rule ('PD_MIX' or 'MRT_MIX', shown with the section 5 sentence); more than 30 SKUs under the code → valid, kept on the
 * order, no immediate reduction ('E1PQ60', informational); a lite user → 'SQ50' (contact service);
 * an account without an ACTIVE ship-to → 'PENDING_ADDRESS_VALIDATION'. Percent codes lower each
 * eligible line; amount codes of type M take the amount off each eligible line, T off the order
 * (spread over the lines in proportion); never below zero.
 *
 * Channel (types/cart/channel.ts): a line wants SC when the account has a default supply centre in
 * operation ('Normal'); an applied code containing M forces TFS. SMART_DISTRIBUTION (default): the
 * warehouse serves what it has in stock ("A TFS inventory match clears the smart flags"), the
 * supply centre what only it has; SC_PRIORITY: the supply centre serves whatever its stock covers.
 */

export interface PricingLineInput { cartItemId: number | null; productId: number; quantity: number }
export interface QuotePrice { list: number; unit: number; final: number }

export interface PricingLine extends PricedLine {
  productId: number
  minor: { list: number | null; unit: number | null; final: number | null; lineTotal: number | null }
  salesStatus: SalesStatus
  priceType: 'list' | 'yourPrice' | 'discount' | 'wop' | null
  /** warehouse stock and the default supply centre's stock */
  stock: number
  scStock: number
  supplyCenterId: string | null
  isSmartProc: boolean
  spFlag: boolean
  displayAttributeList: { displayName: string; displayValue: string }[]
}

export interface PricingResult {
  currency: 'CNY' | 'INR'
  lines: PricingLine[]
  promos: PromoResult[]
  /** the codes that are valid (kept on an order) */
  validCodes: string[]
  summaryMinor: { totalPriceAmount: number; totalAmount: number; taxes: number }
  summary: OrderSummary
  deliveryMode: DeliveryMode
  scAmountMinor: number
  tfsAmountMinor: number
  taxRateBasisPoints: number
  blockedLines: { catalogNumber: string; reason: string }[]
  supplyCenterId: string | null
}

export const currencyFor = (user: AuthUser | null, locale: RequestLocale): 'CNY' | 'INR' =>
  (user ? user.country : locale.country) === 'in' ? 'INR' : 'CNY'

/** The caller's default supply centre in operation (spec §3: "operationStatus (Normal counts as active)"). */
export async function defaultSupplyCentre(db: Kysely<DB>, user: AuthUser | null): Promise<string | null> {
  if (!user) return null
  const row = await db
    .selectFrom('supply_centers')
    .select('supply_center_id')
    .where('account_id', '=', user.accountId)
    .where('is_default', '=', true)
    .where('operation_status', '=', 'Normal')
    .executeTakeFirst()
  return row?.supply_center_id ?? null
}

/** An account whose ship-tos are all PENDING has no usable address (spec §4 "A single default shipTo in PENDING status counts as no usable address"). */
export async function hasPendingAddressOnly(db: Kysely<DB>, user: AuthUser): Promise<boolean> {
  const row = await db
    .selectFrom('ship_tos')
    .select(sql<number>`count(*) filter (where address_status = 'ACTIVE')::int`.as('active'))
    .where('account_id', '=', user.accountId)
    .executeTakeFirstOrThrow()
  return row.active === 0
}

const major = (minor: number | null) => (minor === null ? null : toMajorUnits(minor))

export async function priceLines(
  db: Kysely<DB>,
  user: AuthUser | null,
  locale: RequestLocale,
  input: PricingLineInput[],
  promoCodes: string[],
  opts: { trx?: Kysely<DB>; quotePrices?: Map<number, QuotePrice>; orderPreference?: OrderPreference } = {},
): Promise<PricingResult> {
  // placement prices inside its transaction: opts.trx (or a transaction passed as db) reads what it will write
  if (opts.trx) db = opts.trx
  const currency = currencyFor(user, locale)
  const country = currency === 'INR' ? 'in' : 'cn'
  const en = locale.language === 'en'
  const ids = [...new Set(input.map((l) => l.productId))]
  const eligible = accountPricingEligible(user)
  const accountId = eligible && !opts.quotePrices ? user!.accountId : -1
  // one round trip: products with sales status, stock, the default supply centre's stock, the
  // account's price and the free good
  const scSub = sql<string | null>`(select supply_center_id from supply_centers where account_id = ${user?.accountId ?? -1} and is_default and operation_status = 'Normal' limit 1)`
  const rows = ids.length === 0 ? [] : await db
    .selectFrom('products as p')
    .leftJoin('product_sales as ps', 'ps.product_id', 'p.id')
    .leftJoin('product_stock as st', 'st.product_id', 'p.id')
    .leftJoin('supply_center_stock as sc', (j) => j.onRef('sc.product_id', '=', 'p.id').on('sc.supply_center_id', '=', scSub))
    .leftJoin('account_prices as ap', (j) => j.onRef('ap.product_id', '=', 'p.id').on('ap.account_id', '=', accountId).on('ap.currency', '=', currency))
    .select([
      'p.id', 'p.sku', 'p.catalog_number', 'p.title_en', 'p.title_zh', 'p.size', 'p.image', 'p.lead_target', 'p.attributes',
      currency === 'INR' ? 'p.list_price_inr as list_price' : 'p.list_price_cny as list_price',
      'ps.sales_status', 'st.quantity as stock', 'sc.quantity as sc_stock', 'ap.price as ap_price', 'ap.price_type as ap_type',
      scSub.as('sc_id'),
      sql<string | null>`(select ${sql.ref(en ? 'name_en' : 'name_zh')} from product_free_goods f where f.product_id = p.id and f.kind = 'free' limit 1)`.as('free_name'),
      sql<string | null>`(select pic from product_free_goods f where f.product_id = p.id and f.kind = 'free' limit 1)`.as('free_pic'),
    ])
    .where('p.id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  const scId = rows[0]?.sc_id ?? null
  const taxRate = await taxRateFor(db, country)
  const accountPrices = new Map(rows.filter((r) => r.ap_price !== null).map((r) => [r.id, { price: r.ap_price!, priceType: r.ap_type! }]))
  const freeById = new Map(rows.filter((r) => r.free_name !== null).map((r) => [r.id, { productName: r.free_name!, productPic: r.free_pic }]))

  // 1. lines at unit price
  const work = input.flatMap((l, i) => {
    const p = byId.get(l.productId)
    if (!p) return []
    const quote = opts.quotePrices?.get(l.productId)
    let unit: number | null
    let list: number | null = p.list_price
    let priceType: PricingLine['priceType'] = null
    if (quote) {
      unit = quote.final
      list = quote.list
      priceType = 'discount'
    } else {
      const price = computePrice(p.list_price, accountPrices.get(p.id) ?? null)
      unit = price ? Math.round(price.amount * 100) : null
      priceType = price?.priceType ?? null
    }
    const salesStatus: SalesStatus = p.sales_status === 'discontinued' ? 'discontinued' : p.sales_status === 'notOnline' ? 'notOnline'
      : p.lead_target && !quote ? 'quoteOnly' : unit === null ? 'noPrice' : 'active'
    return [{
      index: i, input: l, p, unit, list, priceType, salesStatus,
      lineTotal: unit === null ? null : unit * l.quantity,
      codes: [] as string[],
    }]
  })
  const priced = work.filter((w) => w.lineTotal !== null && w.salesStatus === 'active')

  // 2. coupons
  const promos: PromoResult[] = []
  const validCodes: string[] = []
  const codes = [...new Set(promoCodes.map((c) => c.trim().toUpperCase()).filter(Boolean))]
  if (codes.length) {
    const blocked = !user ? COUPON_SERVER_CODES.unknown
      : user.registrationStatus === 'Partially Registered' ? 'SQ50'
      : (await hasPendingAddressOnly(db, user)) ? COUPON_SERVER_CODES.pendingAddress : null
    const couponRows = blocked ? [] : await db.selectFrom('coupons').selectAll().where('code', 'in', codes).execute()
    const now = Date.now()
    for (const code of codes) {
      const c = couponRows.find((x) => x.code === code)
      const verdict = (errorCode: string | null, valid: boolean) => { promos.push({ promoCode: code, valid, errorCode }); if (valid) validCodes.push(code) }
      if (blocked) { verdict(blocked, false); continue }
      if (!c || !c.active || c.country !== country || (c.account_id !== null && c.account_id !== user!.accountId) || couponTypeOf(code) !== c.coupon_type) { verdict(COUPON_SERVER_CODES.unknown, false); continue }
      if (now < new Date(c.valid_from).getTime() || now >= new Date(c.valid_to).getTime()) { verdict(COUPON_SERVER_CODES.expired, false); continue }
      const combo = checkCouponCombination([...validCodes, code])
      if (!combo.ok) { verdict(combo.kind === 'SAME_TYPE' ? COUPON_SERVER_CODES.sameType : combo.kind, false); continue }
      if (opts.quotePrices) { verdict(COUPON_SERVER_CODES.notApplicable, false); continue }
      const skuSet = new Set(c.skus.map((s) => s.toUpperCase()))
      const eligibleLines = priced.filter((w) => skuSet.size === 0 || skuSet.has(w.p.catalog_number.toUpperCase()))
      const subtotal = priced.reduce((s, w) => s + w.lineTotal!, 0)
      if (eligibleLines.length === 0 || subtotal < c.min_amount) { verdict(COUPON_SERVER_CODES.notApplicable, false); continue }
      if (exceedsCouponSkuLimit(skuSet.size)) { verdict(COUPON_SERVER_CODES.manySkus, true); continue }
      if (c.percent_off !== null) {
        for (const w of eligibleLines) { w.lineTotal = Math.max(0, w.lineTotal! - Math.round((w.lineTotal! * c.percent_off) / 10000)); w.codes.push(code) }
      } else if (c.coupon_type === 'T') {
        const base = eligibleLines.reduce((s, w) => s + w.lineTotal!, 0)
        let left = Math.min(c.amount_off!, base)
        eligibleLines.forEach((w, k) => {
          const share = k === eligibleLines.length - 1 ? left : Math.min(left, Math.floor((c.amount_off! * w.lineTotal!) / Math.max(1, base)))
          w.lineTotal = Math.max(0, w.lineTotal! - share)
          left -= share
          w.codes.push(code)
        })
      } else {
        for (const w of eligibleLines) { w.lineTotal = Math.max(0, w.lineTotal! - c.amount_off!); w.codes.push(code) }
      }
      verdict(null, true)
    }
  }

  // 3. channel, availability, output
  const preference = opts.orderPreference ?? 'SMART_DISTRIBUTION'
  const wanted: DeliveryChannel = deliveryChannelOf(scId ? 'SP' : 'Web', validCodes)
  const lines: PricingLine[] = work.map((w, n) => {
    const stock = w.p.stock ?? 0
    const scStock = w.p.sc_stock ?? 0
    const q = w.input.quantity
    const decision = smartChannel({ wanted, scStockMatch: scStock >= q, tfsStockMatch: preference === 'SMART_DISTRIBUTION' && stock >= q })
    const channelStock = decision.deliveryChannel === 'SC' ? scStock : stock
    const final = w.lineTotal === null ? null : Math.round(w.lineTotal / q)
    return {
      cartItemId: w.input.cartItemId,
      lineNumber: n + 1,
      productId: w.p.id,
      sku: w.p.sku,
      catalogNumber: w.p.catalog_number,
      productTitle: en ? w.p.title_en : w.p.title_zh,
      size: w.p.size,
      image: w.p.image,
      quantity: q,
      listPrice: major(w.list),
      unitPrice: major(w.unit),
      finalPrice: major(final),
      lineTotal: major(w.lineTotal),
      freeGoodItem: freeById.get(w.p.id) ?? null,
      deliveryChannel: decision.deliveryChannel,
      availableQuantity: disclosedQuantity(channelStock, q),
      appliedPromoCodes: w.codes,
      minor: { list: w.list, unit: w.unit, final, lineTotal: w.lineTotal },
      salesStatus: w.salesStatus,
      priceType: w.priceType,
      stock,
      scStock,
      supplyCenterId: decision.deliveryChannel === 'SC' ? scId : null,
      isSmartProc: decision.isSmartProc,
      spFlag: decision.spFlag,
      displayAttributeList: w.p.attributes ?? [],
    }
  })

  const counted = lines.filter((l) => l.salesStatus === 'active' && l.minor.lineTotal !== null)
  const totalAmount = counted.reduce((s, l) => s + l.minor.lineTotal!, 0)
  const totalPriceAmount = counted.reduce((s, l) => s + (l.minor.list ?? l.minor.unit!) * l.quantity, 0)
  const taxEnabled = taxRate !== null
  const taxes = taxEnabled ? taxOf(totalAmount, taxRate) : 0
  const summaryMinor = { totalPriceAmount, totalAmount, taxes }
  const scAmountMinor = counted.filter((l) => l.deliveryChannel === 'SC').reduce((s, l) => s + l.minor.lineTotal!, 0)
  return {
    currency,
    lines,
    promos,
    validCodes,
    summaryMinor,
    summary: {
      currency,
      totalPriceAmount: toMajorUnits(totalPriceAmount),
      totalAmount: toMajorUnits(totalAmount),
      taxes: toMajorUnits(taxes),
      total: toMajorUnits(orderTotal(summaryMinor, taxEnabled)),
      savings: toMajorUnits(orderSavings(summaryMinor)),
      taxEnabled,
      unpricedLines: lines.length - counted.length,
    },
    deliveryMode: deliveryModeOf(counted.map((l) => l.deliveryChannel)),
    scAmountMinor,
    tfsAmountMinor: totalAmount - scAmountMinor,
    taxRateBasisPoints: taxRate ?? 0,
    blockedLines: lines.filter((l) => l.salesStatus !== 'active').map((l) => ({ catalogNumber: l.catalogNumber, reason: l.salesStatus })),
    supplyCenterId: scId,
  }
}
