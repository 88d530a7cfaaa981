import type { FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { PlaceOrderBody } from '../../../../types'
import { orderableQuote, type PricingLineInput, type QuotePrice } from '../../cart'
import { cartChanged, cartEmpty } from './messages'

/** What is ordered: the quote's lines at the quote's prices, or the cart's lines (all, or the buyer's confirmed skuList). */
export interface LoadedLines {
  lines: PricingLineInput[]
  /** the promo codes to price with: the body's, else the cart's (none for a quote) */
  codes: string[]
  quotePrices?: Map<number, QuotePrice>
  /** the cart the lines come from (null for a quote) */
  cartId: string | null
  staticQuoteId: string | null
  preference: 'SMART_DISTRIBUTION' | 'SC_PRIORITY'
  /** each product's titles in both languages, as the order lines keep them */
  titles: Map<number, { title_en: string; title_zh: string }>
}

/**
 * Step 1 of placement. With squoteDetail the quote row is locked and must be the caller's account's,
 * active and unexpired (orderableQuote). Otherwise the cart row is locked (FOR UPDATE), so two keys
 * submitting the same cart give one order: the second finds it empty (409 CART_EMPTY). A skuList
 * that differs from the cart (a line missing, another quantity, a line twice) gives 409 CART_CHANGED.
 */
export async function loadLines(trx: Transaction<DB>, req: FastifyRequest, body: PlaceOrderBody): Promise<LoadedLines> {
  const user = req.user!
  const titles = new Map<number, { title_en: string; title_zh: string }>()
  if (body.squoteDetail) {
    const { quote, lines } = await orderableQuote(trx, req, body.squoteDetail.staticQuoteId, { lock: true })
    for (const l of lines) titles.set(l.product_id, l)
    return {
      lines: lines.map((l) => ({ cartItemId: null, productId: l.product_id, quantity: l.quantity })),
      codes: [],
      quotePrices: new Map(
        lines.map((l) => [
          l.product_id,
          { list: Number(l.list_price), unit: Number(l.unit_price), final: Number(l.final_price) },
        ]),
      ),
      cartId: null,
      staticQuoteId: quote.static_quote_id,
      preference: body.orderPreference ?? 'SMART_DISTRIBUTION',
      titles,
    }
  }
  const cart = await trx
    .selectFrom('carts')
    .select(['id', 'order_preference'])
    .where('user_id', '=', user.id)
    .forUpdate()
    .executeTakeFirst()
  const items = cart
    ? await trx
        .selectFrom('cart_items as ci')
        .innerJoin('products as p', 'p.id', 'ci.product_id')
        .select(['ci.id', 'ci.product_id', 'ci.quantity', 'p.title_en', 'p.title_zh'])
        .where('ci.cart_id', '=', cart.id)
        .orderBy('ci.added_at')
        .orderBy('ci.id')
        .execute()
    : []
  for (const i of items) titles.set(i.product_id, i)
  if (!cart || items.length === 0) throw cartEmpty(req)
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
  const codes =
    body.promoCodes ??
    (
      await trx.selectFrom('cart_coupons').select('code').where('cart_id', '=', cart.id).orderBy('applied_at').execute()
    ).map((c) => c.code)
  return {
    lines: chosen.map((i) => ({ cartItemId: i.id, productId: i.product_id, quantity: i.quantity })),
    codes,
    cartId: cart.id,
    staticQuoteId: null,
    preference: body.orderPreference ?? cart.order_preference,
    titles,
  }
}
