import type { FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { localized as msg } from '../../../locale'
import { priceLines, type PricingResult } from '../../cart'
import type { LoadedLines } from './load-lines'
import { cartEmpty } from './messages'

/**
 * Step 2 of placement: the lines priced by the server only (cart/pricing.ts priceLines; the
 * client's figures are ignored), inside the placement's transaction. Nothing priceable gives 409
 * CART_EMPTY; a blocked line (discontinued, not online, lead only, no price) refuses the whole
 * order (409 LINE_BLOCKED).
 */
export async function price(trx: Transaction<DB>, req: FastifyRequest, loaded: LoadedLines): Promise<PricingResult> {
  const priced = await priceLines(trx, req.user!, req.locale, loaded.lines, loaded.codes, {
    quotePrices: loaded.quotePrices,
    orderPreference: loaded.preference,
  })
  if (priced.lines.length === 0) throw cartEmpty(req)
  if (priced.blockedLines.length) {
    throw new ApiError(
      409,
      'CONFLICT',
      msg(
        req,
        `These items cannot be ordered online: ${priced.blockedLines.map((b) => b.catalogNumber).join(', ')}`,
        `以下商品无法在线订购：${priced.blockedLines.map((b) => b.catalogNumber).join('、')}`,
      ),
      'LINE_BLOCKED',
    )
  }
  return priced
}
