import type { PromoResult, SalesStatus } from '../../../types'
import { computePrice, disclosedQuantity } from '../catalog'
import {
  checkCouponCombination,
  COUPON_SERVER_CODES,
  couponTypeOf,
  exceedsCouponSkuLimit,
} from '../../../types/cart/coupons'
import {
  deliveryChannelOf,
  deliveryModeOf,
  smartChannel,
  type DeliveryChannel,
  type OrderPreference,
} from '../../../types/cart/channel'
import { orderSavings, orderTotal, taxOf } from '../../../types/order/totals'
import { toMajor } from '../../../types/money'
import type { LoadedCoupons, PricingProducts, ProductRow } from './pricing-load'
import type { PricingLine, PricingLineInput, PricingResult, QuotePrice } from './pricing'

/**
 * The pure steps of priceLines (pricing.ts), in their order: unitPrices → applyCoupons →
 * channelLines → summarize. Money is minor units throughout; the answer's major units come last.
 */

/** a line on its way through the steps */
export interface WorkLine {
  index: number
  input: PricingLineInput
  p: ProductRow
  unit: number | null
  list: number | null
  priceType: PricingLine['priceType']
  salesStatus: SalesStatus
  /** after the coupons */
  lineTotal: number | null
  /** the coupons that lowered this line */
  codes: string[]
}

const major = (minor: number | null) => (minor === null ? null : toMajor(minor))

/** The codes as the coupon step reads them: trimmed, upper case, each once, blanks dropped. */
export const normalizeCodes = (promoCodes: string[]) => [
  ...new Set(promoCodes.map((c) => c.trim().toUpperCase()).filter(Boolean)),
]

/**
 * Step 1, lines at unit price: the S-quote's final price when ordering a quote, else the account's
 * price or the list price (catalog/pricing.ts computePrice). A line's sales status: discontinued,
 * not online, lead only (a lead-target product outside an S-quote), no price, else active. A line
 * whose product is unknown is dropped.
 */
export function unitPrices(
  input: PricingLineInput[],
  products: PricingProducts,
  quotePrices?: Map<number, QuotePrice>,
): WorkLine[] {
  return input.flatMap((l, i) => {
    const p = products.byId.get(l.productId)
    if (!p) return []
    const quote = quotePrices?.get(l.productId)
    let unit: number | null
    let list: number | null = p.list_price
    let priceType: PricingLine['priceType'] = null
    if (quote) {
      unit = quote.final
      list = quote.list
      priceType = 'discount'
    } else {
      const price = computePrice(p.list_price, products.accountPrices.get(p.id) ?? null)
      unit = price ? Math.round(price.amount * 100) : null
      priceType = price?.priceType ?? null
    }
    const salesStatus: SalesStatus =
      p.sales_status === 'discontinued'
        ? 'discontinued'
        : p.sales_status === 'notOnline'
          ? 'notOnline'
          : p.lead_target && !quote
            ? 'leadOnly'
            : unit === null
              ? 'noPrice'
              : 'active'
    return [
      {
        index: i,
        input: l,
        p,
        unit,
        list,
        priceType,
        salesStatus,
        lineTotal: unit === null ? null : unit * l.quantity,
        codes: [],
      },
    ]
  })
}

/**
 * Step 2, the coupons (types/cart/coupons.ts for the rules, COUPON_SERVER_CODES for the section 8
 * codes), each code in the order given: unknown / another country's / another account's code →
 * '10'; outside its window → '20'; a type already applied → 'SQ30'; a combination section 5 forbids
 * → its rule ('PD_MIX' or 'MRT_MIX'); on a quote, or no line it applies to, or an order below its
 * minimum → '30'; more than 30 SKUs under the code → valid, kept on the order, no immediate
 * reduction ('E1PQ60'). Percent codes lower each eligible line; amount codes of type M take the
 * amount off each eligible line, T off the order (spread over the lines in proportion); never below
 * zero. Lowers the lines' lineTotal and records the code on them.
 */
export function applyCoupons(
  work: WorkLine[],
  codes: string[],
  coupons: LoadedCoupons,
  ctx: { country: 'cn' | 'in'; accountId: number | null; quote: boolean; now: number },
): { promos: PromoResult[]; validCodes: string[] } {
  const promos: PromoResult[] = []
  const validCodes: string[] = []
  const priced = work.filter((w) => w.lineTotal !== null && w.salesStatus === 'active')
  for (const code of codes) {
    const c = coupons.rows.find((x) => x.code === code)
    const verdict = (errorCode: string | null, valid: boolean) => {
      promos.push({ promoCode: code, valid, errorCode })
      if (valid) validCodes.push(code)
    }
    if (coupons.blocked) {
      verdict(coupons.blocked, false)
      continue
    }
    const unknown =
      !c ||
      !c.active ||
      c.country !== ctx.country ||
      (c.account_id !== null && c.account_id !== ctx.accountId) ||
      couponTypeOf(code) !== c.coupon_type
    if (unknown) {
      verdict(COUPON_SERVER_CODES.unknown, false)
      continue
    }
    if (ctx.now < new Date(c.valid_from).getTime() || ctx.now >= new Date(c.valid_to).getTime()) {
      verdict(COUPON_SERVER_CODES.expired, false)
      continue
    }
    const combo = checkCouponCombination([...validCodes, code])
    if (!combo.ok) {
      verdict(combo.kind === 'SAME_TYPE' ? COUPON_SERVER_CODES.sameType : combo.kind, false)
      continue
    }
    if (ctx.quote) {
      verdict(COUPON_SERVER_CODES.notApplicable, false)
      continue
    }
    const skuSet = new Set(c.skus.map((s) => s.toUpperCase()))
    const eligibleLines = priced.filter((w) => skuSet.size === 0 || skuSet.has(w.p.catalog_number.toUpperCase()))
    const subtotal = priced.reduce((s, w) => s + w.lineTotal!, 0)
    if (eligibleLines.length === 0 || subtotal < c.min_amount) {
      verdict(COUPON_SERVER_CODES.notApplicable, false)
      continue
    }
    if (exceedsCouponSkuLimit(skuSet.size)) {
      verdict(COUPON_SERVER_CODES.manySkus, true)
      continue
    }
    if (c.percent_off !== null) {
      for (const w of eligibleLines) {
        w.lineTotal = Math.max(0, w.lineTotal! - Math.round((w.lineTotal! * c.percent_off) / 10000))
        w.codes.push(code)
      }
    } else if (c.coupon_type === 'T') {
      const base = eligibleLines.reduce((s, w) => s + w.lineTotal!, 0)
      let left = Math.min(c.amount_off!, base)
      eligibleLines.forEach((w, k) => {
        const share =
          k === eligibleLines.length - 1
            ? left
            : Math.min(left, Math.floor((c.amount_off! * w.lineTotal!) / Math.max(1, base)))
        w.lineTotal = Math.max(0, w.lineTotal! - share)
        left -= share
        w.codes.push(code)
      })
    } else {
      for (const w of eligibleLines) {
        w.lineTotal = Math.max(0, w.lineTotal! - c.amount_off!)
        w.codes.push(code)
      }
    }
    verdict(null, true)
  }
  return { promos, validCodes }
}

/**
 * Step 3, each line's channel and the answer's line (types/cart/channel.ts): a line wants SC when
 * the account has a default supply centre in operation ('Normal'); an applied code containing M
 * forces TFS. SMART_DISTRIBUTION (default): the warehouse serves what it has in stock ("A TFS
 * inventory match clears the smart flags"), the supply centre what only it has; SC_PRIORITY: the
 * supply centre serves whatever its stock covers.
 */
export function channelLines(
  work: WorkLine[],
  products: Pick<PricingProducts, 'scId' | 'free'>,
  opts: { preference: OrderPreference; validCodes: string[]; en: boolean },
): PricingLine[] {
  const scId = products.scId
  const wanted: DeliveryChannel = deliveryChannelOf(scId ? 'SP' : 'Web', opts.validCodes)
  return work.map((w, n) => {
    const stock = w.p.stock ?? 0
    const scStock = w.p.sc_stock ?? 0
    const q = w.input.quantity
    const decision = smartChannel({
      wanted,
      scStockMatch: scStock >= q,
      tfsStockMatch: opts.preference === 'SMART_DISTRIBUTION' && stock >= q,
    })
    const channelStock = decision.deliveryChannel === 'SC' ? scStock : stock
    const final = w.lineTotal === null ? null : Math.round(w.lineTotal / q)
    return {
      cartItemId: w.input.cartItemId,
      lineNumber: n + 1,
      productId: w.p.id,
      sku: w.p.sku,
      catalogNumber: w.p.catalog_number,
      productTitle: opts.en ? w.p.title_en : w.p.title_zh,
      size: w.p.size,
      image: w.p.image,
      quantity: q,
      listPrice: major(w.list),
      unitPrice: major(w.unit),
      finalPrice: major(final),
      lineTotal: major(w.lineTotal),
      freeGoodItem: products.free.get(w.p.id) ?? null,
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
}

/**
 * Step 4, the totals (types/order/totals.ts): of the active, priced lines only; the tax on the total
 * when the country's tax is on (rate in basis points), else none; the lines that are not active are
 * the blocked ones (an order refuses them).
 */
export function summarize(
  currency: 'CNY' | 'INR',
  lines: PricingLine[],
  taxRate: number | null,
): Pick<
  PricingResult,
  | 'summaryMinor'
  | 'summary'
  | 'deliveryMode'
  | 'scAmountMinor'
  | 'tfsAmountMinor'
  | 'taxRateBasisPoints'
  | 'blockedLines'
> {
  const counted = lines.filter((l) => l.salesStatus === 'active' && l.minor.lineTotal !== null)
  const totalAmount = counted.reduce((s, l) => s + l.minor.lineTotal!, 0)
  const totalPriceAmount = counted.reduce((s, l) => s + (l.minor.list ?? l.minor.unit!) * l.quantity, 0)
  const taxEnabled = taxRate !== null
  const taxes = taxEnabled ? taxOf(totalAmount, taxRate) : 0
  const summaryMinor = { totalPriceAmount, totalAmount, taxes }
  const scAmountMinor = counted.filter((l) => l.deliveryChannel === 'SC').reduce((s, l) => s + l.minor.lineTotal!, 0)
  return {
    summaryMinor,
    summary: {
      currency,
      totalPriceAmount: toMajor(totalPriceAmount),
      totalAmount: toMajor(totalAmount),
      taxes: toMajor(taxes),
      total: toMajor(orderTotal(summaryMinor, taxEnabled)),
      savings: toMajor(orderSavings(summaryMinor)),
      taxEnabled,
      unpricedLines: lines.length - counted.length,
    },
    deliveryMode: deliveryModeOf(counted.map((l) => l.deliveryChannel)),
    scAmountMinor,
    tfsAmountMinor: totalAmount - scAmountMinor,
    taxRateBasisPoints: taxRate ?? 0,
    blockedLines: lines
      .filter((l) => l.salesStatus !== 'active')
      .map((l) => ({ catalogNumber: l.catalogNumber, reason: l.salesStatus })),
  }
}
