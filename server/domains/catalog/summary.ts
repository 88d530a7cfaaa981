import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { currencyOfCountry } from '../../../types/money'
import type { ProductSummary } from '../../../types'
import { accountPricingEligible, computePrice } from './pricing'
import { toMajor } from '../../../types/money'

/**
 * The one ProductSummary mapping (product list, search, selection tools, product page, dual-origin list):
 * title in the request language, list price in the request country's currency, and the caller's account
 * price when the caller is eligible for one (spec §6: approved accounts only; lite users and anonymous
 * visitors see list prices).
 */
export type AccountPrice = { price: number; priceType: 'yourPrice' | 'discount' | 'wop' }

export interface PricingContext {
  currency: 'CNY' | 'INR'
  language: 'cn' | 'en'
  /** the account whose prices apply, or null (anonymous, lite, no account) */
  accountId: number | null
}

export function pricingContext(req: FastifyRequest): PricingContext {
  const user = req.user
  return {
    currency: currencyOfCountry(req.locale.country),
    language: req.locale.language,
    accountId: accountPricingEligible(user) ? user!.accountId : null,
  }
}

/** Column names for a summary row of `products as p` in this context. */
export function summaryColumns(ctx: PricingContext) {
  return {
    title: ctx.language === 'en' ? ('p.title_en' as const) : ('p.title_zh' as const),
    listPrice: ctx.currency === 'INR' ? ('p.list_price_inr' as const) : ('p.list_price_cny' as const),
  }
}

/** The columns of a SummaryRow, selected from `products as p` in this context. */
export function summarySelection(ctx: PricingContext) {
  const cols = summaryColumns(ctx)
  return [
    'p.id',
    'p.sku',
    'p.catalog_number',
    `${cols.title} as title`,
    'p.size',
    'p.brand',
    'p.image',
    `${cols.listPrice} as list_price`,
    'p.lead_target',
  ] as const
}

export interface SummaryRow {
  id: number
  sku: string
  catalog_number: string
  title: string
  size: string
  brand: string
  image: string | null
  list_price: number | null
  lead_target: boolean
}

/** Account prices of one account for a set of products (primary-key lookups); empty when not eligible. */
export async function loadAccountPrices(
  db: Kysely<DB>,
  ctx: PricingContext,
  productIds: number[],
): Promise<Map<number, AccountPrice>> {
  const out = new Map<number, AccountPrice>()
  if (ctx.accountId === null || productIds.length === 0) return out
  const aps = await db
    .selectFrom('account_prices')
    .select(['product_id', 'price', 'price_type'])
    .where('account_id', '=', ctx.accountId)
    .where('currency', '=', ctx.currency)
    .where('product_id', 'in', productIds)
    .execute()
  for (const a of aps) out.set(a.product_id, { price: a.price, priceType: a.price_type })
  return out
}

export function toSummary(row: SummaryRow, ctx: PricingContext, accountPrice: AccountPrice | null): ProductSummary {
  const price = computePrice(row.list_price, accountPrice)
  return {
    sku: row.sku,
    catalogNumber: row.catalog_number,
    productTitle: row.title,
    size: row.size,
    brand: row.brand,
    image: row.image,
    currency: ctx.currency,
    listPrice: row.list_price === null ? null : toMajor(row.list_price),
    price,
    priceAccess: { status: price ? 'orderable' : 'no price' },
    leadTarget: row.lead_target,
  }
}

/** Summary rows (title and list price of the context) of the given products, in the given order; unknown ids skipped. */
export async function summaryRowsByIds(db: Kysely<DB>, ctx: PricingContext, ids: number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('products as p').select(summarySelection(ctx)).where('p.id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** Summaries of the given products, in the given order (unknown ids are skipped). */
export async function summariesByIds(db: Kysely<DB>, ctx: PricingContext, ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return []
  const [rows, aps] = await Promise.all([summaryRowsByIds(db, ctx, ids), loadAccountPrices(db, ctx, ids)])
  return rows.map((r) => toSummary(r, ctx, aps.get(r.id) ?? null))
}
