import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { AuthUser } from '../auth'
import type { RequestLocale } from '../../locale'
import type { OrderSummary, PricedLine, PromoResult, SalesStatus } from '../../../types'
import { accountPricingEligible } from '../catalog'
import type { DeliveryMode, OrderPreference } from '../../../types/cart/channel'
import { countryOfCurrency, currencyOfCountry } from '../../../types/money'
import { loadCoupons, loadProducts } from './pricing-load'
import { applyCoupons, channelLines, normalizeCodes, summarize, unitPrices } from './pricing-steps'
import { taxRateFor } from './tax'

export { hasPendingAddressOnly } from './pricing-load'

/**
 * The one place the server prices lines: the cart answer, /order/applyPromotions and order
 * placement all call priceLines. Nothing the client sends is a price: the unit price is the
 * account's price when the caller is eligible (catalog/pricing.ts), or the S-quote's price when
 * ordering a quote; coupons and taxes are applied here.
 *
 * The steps: loadProducts and loadCoupons (pricing-load.ts, the reads), then unitPrices →
 * applyCoupons → channelLines → summarize (pricing-steps.ts, pure).
 * Each step's comment gives its rules (coupons: applyCoupons; channel: channelLines).
 */

export interface PricingLineInput {
  cartItemId: number | null
  productId: number
  quantity: number
}
export interface QuotePrice {
  list: number
  unit: number
  final: number
}

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

/** What a priced line shows wherever it is listed (the cart, the checkout): the product, the quantity and the prices. */
export const shownLine = (l: PricingLine) => ({
  sku: l.sku,
  catalogNumber: l.catalogNumber,
  productTitle: l.productTitle,
  size: l.size,
  image: l.image,
  quantity: l.quantity,
  listPrice: l.listPrice,
  unitPrice: l.unitPrice,
  finalPrice: l.finalPrice,
  lineTotal: l.lineTotal,
})

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
  currencyOfCountry(user ? user.country : locale.country)

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
  const country = countryOfCurrency(currency)
  const en = locale.language === 'en'
  const quote = !!opts.quotePrices
  const products = await loadProducts(
    db,
    user,
    currency,
    input.map((l) => l.productId),
    { en, accountPriced: accountPricingEligible(user) && !quote },
  )
  const taxRate = await taxRateFor(db, country)
  const work = unitPrices(input, products, opts.quotePrices)
  const codes = normalizeCodes(promoCodes)
  const coupons = await loadCoupons(db, user, codes)
  const { promos, validCodes } = applyCoupons(work, codes, coupons, {
    country,
    accountId: user?.accountId ?? null,
    quote,
    now: Date.now(),
  })
  const lines = channelLines(work, products, {
    preference: opts.orderPreference ?? 'SMART_DISTRIBUTION',
    validCodes,
    en,
  })
  return { currency, lines, promos, validCodes, ...summarize(currency, lines, taxRate), supplyCenterId: products.scId }
}
