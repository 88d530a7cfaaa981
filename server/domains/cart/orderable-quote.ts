import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../errors'
import { localized } from '../../locale'
import { PRODUCT_LINE_COLUMNS } from './pricing-load'
import { refusal } from '../../lib/localized-refusal'

export const quoteNotFound = refusal(404, 'NOT_FOUND', 'QUOTE_NOT_FOUND', ['Quote details not found', '未找到报价详情'])

/**
 * The lines of S-quotes, by quote then line number, with their products (prices in minor units, product
 * titles in both languages): the quote pages (order/routes.ts) and ordering or pricing a quote (orderableQuote).
 */
export async function quoteLines(db: Kysely<DB>, staticQuoteIds: string[]) {
  return db
    .selectFrom('quote_lines as ql')
    .innerJoin('products as p', 'p.id', 'ql.product_id')
    .select([
      'ql.static_quote_id',
      'ql.product_id',
      'ql.line_number',
      'ql.quantity',
      'ql.list_price',
      'ql.unit_price',
      'ql.final_price',
      ...PRODUCT_LINE_COLUMNS,
    ])
    .where('ql.static_quote_id', 'in', staticQuoteIds)
    .orderBy('ql.static_quote_id')
    .orderBy('ql.line_number')
    .execute()
}

/**
 * An S-quote the caller may order or price (spec §3 S-quote; issue 9 "ordering from a quote at its
 * prices until it expires"): the caller's account's, active and unexpired, with its lines (quoteLines).
 * `lock` takes the quote row FOR UPDATE (placement, inside its transaction). Used by
 * /order/applyPromotions and /order/placeOrder.
 */
export async function orderableQuote(
  db: Kysely<DB>,
  req: FastifyRequest,
  staticQuoteId: string,
  opts: { lock?: boolean } = {},
) {
  let q = db
    .selectFrom('quotes')
    .selectAll()
    .where('static_quote_id', '=', staticQuoteId)
    .where('account_id', '=', req.user!.accountId)
  if (opts.lock) q = q.forUpdate()
  const quote = await q.executeTakeFirst()
  if (!quote) throw quoteNotFound(req)
  if (quote.status !== 'active' || new Date(quote.expires_at).getTime() <= Date.now()) {
    throw new ApiError(
      409,
      'CONFLICT',
      localized(req, 'This quote has expired or has already been ordered', '该报价已过期或已下单'),
      'QUOTE_EXPIRED',
    )
  }
  return { quote, lines: await quoteLines(db, [staticQuoteId]) }
}
