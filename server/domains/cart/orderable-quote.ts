import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { ApiError } from '../../errors'
import { localized } from '../../locale'

/**
 * An S-quote the caller may order or price (spec §3 S-quote; issue 9 "ordering from a quote at its
 * prices until it expires"): the caller's account's, active and unexpired, with its lines (prices in
 * minor units, product titles in both languages). `lock` takes the quote row FOR UPDATE (placement,
 * inside its transaction). Used by /order/applyPromotions and /order/placeOrder.
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
  if (!quote)
    throw new ApiError(404, 'NOT_FOUND', localized(req, 'Quote details not found', '未找到报价详情'), 'QUOTE_NOT_FOUND')
  if (quote.status !== 'active' || new Date(quote.expires_at).getTime() <= Date.now()) {
    throw new ApiError(
      409,
      'CONFLICT',
      localized(req, 'This quote has expired or has already been ordered', '该报价已过期或已下单'),
      'QUOTE_EXPIRED',
    )
  }
  const lines = await db
    .selectFrom('quote_lines as ql')
    .innerJoin('products as p', 'p.id', 'ql.product_id')
    .select([
      'ql.product_id',
      'ql.quantity',
      'ql.list_price',
      'ql.unit_price',
      'ql.final_price',
      'ql.line_number',
      'p.title_en',
      'p.title_zh',
    ])
    .where('ql.static_quote_id', '=', staticQuoteId)
    .orderBy('ql.line_number')
    .execute()
  return { quote, lines }
}
