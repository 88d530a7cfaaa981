import { sql, type Kysely } from 'kysely'
import type { FastifyRequest } from 'fastify'
import type { DB } from '../../db/schema'
import type { LineResult, SalesStatus } from '../../../types'
import { currencyFor } from './pricing'
import { accountPricingEligible } from '../catalog'
import { addToCart } from './store'

/**
 * Adding catalogue numbers to a cart with a verdict per line (product page, quick add, quick order,
 * assay id, reorder): only orderable products enter the cart; the others are reported as unknown,
 * discontinued, notOnline ("not orderable online"), leadOnly (request a quote) or noPrice. The same
 * product twice sums, capped at 999 ('capped').
 */
export interface LineRequest {
  line: number
  catalogNumber: string
  quantity: number
}

/** A body's lines in their order, numbered from 1 unless they carry their own number (quick order). */
export const numberedLines = (lines: { line?: number; catalogNumber: string; quantity: number }[]): LineRequest[] =>
  lines.map((l, i) => ({ line: l.line ?? i + 1, catalogNumber: l.catalogNumber, quantity: l.quantity }))

/** the keys to look typed catalogue numbers up by: each as typed (trimmed) and upper-cased, once */
const lookupKeys = (numbers: string[]) =>
  [...new Set(numbers.flatMap((n) => [n.trim(), n.trim().toUpperCase()]))].filter(Boolean)

/** catalogue number (as typed) → product id, matched case-insensitively */
export async function productIdsByCatalogNumber(
  db: Kysely<DB>,
  numbers: string[],
): Promise<Map<string, { id: number; catalogNumber: string }>> {
  const keys = lookupKeys(numbers)
  const out = new Map<string, { id: number; catalogNumber: string }>()
  if (keys.length === 0) return out
  const rows = await db
    .selectFrom('products')
    .select(['id', 'catalog_number'])
    .where('catalog_number', 'in', keys)
    .execute()
  for (const r of rows) out.set(r.catalog_number.toUpperCase(), { id: r.id, catalogNumber: r.catalog_number })
  return out
}

/**
 * The verdict needs only the product's sales status, quote-only flag and whether the caller has a
 * price (list, or the account's when eligible): one query for all lines, no full pricing.
 */
export async function addLines(
  db: Kysely<DB>,
  req: FastifyRequest,
  cartId: string,
  wanted: LineRequest[],
  source: string,
): Promise<LineResult[]> {
  const keys = lookupKeys(wanted.map((w) => w.catalogNumber))
  const user = req.user
  const currency = currencyFor(user, req.locale)
  const accountId = accountPricingEligible(user) ? user!.accountId : -1
  const rows =
    keys.length === 0
      ? []
      : await db
          .selectFrom('products as p')
          .leftJoin('product_sales as ps', 'ps.product_id', 'p.id')
          .leftJoin('account_prices as ap', (j) =>
            j.onRef('ap.product_id', '=', 'p.id').on('ap.account_id', '=', accountId).on('ap.currency', '=', currency),
          )
          .select([
            'p.id',
            'p.catalog_number',
            'p.lead_target',
            'ps.sales_status',
            'ap.price as ap_price',
            currency === 'INR' ? 'p.list_price_inr as list_price' : 'p.list_price_cny as list_price',
            req.locale.language === 'en' ? 'p.title_en as title' : 'p.title_zh as title',
          ])
          .where('p.catalog_number', 'in', keys)
          .execute()
  const byUpper = new Map(rows.map((r) => [r.catalog_number.toUpperCase(), r]))
  const results: LineResult[] = []
  const toAdd: { w: LineRequest; productId: number; catalogNumber: string; title: string; index: number }[] = []
  for (const w of wanted) {
    const p = byUpper.get(w.catalogNumber.trim().toUpperCase())
    if (!p) {
      results.push({
        line: w.line,
        catalogNumber: w.catalogNumber.trim(),
        quantity: w.quantity,
        status: 'unknown',
        productTitle: null,
        cartItemId: null,
      })
      continue
    }
    const status: SalesStatus =
      p.sales_status === 'discontinued'
        ? 'discontinued'
        : p.sales_status === 'notOnline'
          ? 'notOnline'
          : p.lead_target
            ? 'leadOnly'
            : p.list_price === null && p.ap_price === null
              ? 'noPrice'
              : 'active'
    if (status !== 'active') {
      results.push({
        line: w.line,
        catalogNumber: p.catalog_number,
        quantity: w.quantity,
        status,
        productTitle: p.title,
        cartItemId: null,
      })
      continue
    }
    toAdd.push({ w, productId: p.id, catalogNumber: p.catalog_number, title: p.title, index: results.length })
    results.push({
      line: w.line,
      catalogNumber: p.catalog_number,
      quantity: w.quantity,
      status: 'added',
      productTitle: p.title,
      cartItemId: null,
    })
  }
  if (toAdd.length) {
    // All of one request's lines in one transaction. A cart line is not an order: its commit does not
    // wait for the disk flush (synchronous_commit off for this transaction only — a crash may lose the
    // last few milliseconds of cart changes, never an order; placement keeps the server's setting).
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit TO off`.execute(trx)
      for (const a of toAdd) {
        const added = await addToCart(trx, cartId, a.productId, a.w.quantity, source)
        results[a.index] = { ...results[a.index], status: added.capped ? 'capped' : 'added', cartItemId: added.id }
      }
    })
  }
  return results
}
