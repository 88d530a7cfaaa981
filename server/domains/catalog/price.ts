import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { AvailabilityRecord, AvailabilityRequest, PriceRecord, PriceResponse } from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import type { AuthUser } from '../auth'
import type { RequestLocale } from '../../locale'
import { computePrice } from './pricing'
import { toMajor } from '../../../types/money'
import { loadAccountPrices, pricingContext } from './summary'
import { asCatalogDb, assertOwnAccount, badRequest } from './common'
import { catalogEndpoints } from '../../../types/catalog/endpoints'

/**
 * POST /product/price (spec §3 "Price record per product", §7): prices per account, decided by the token.
 *  - listPrice / unitPrice: the catalogue (list) price per unit, or null (price on request);
 *  - efPrice: the account's own price (your price, discount or online offer) when the caller is eligible;
 *  - onlinePrice: the online-offer ('wop') price, when that is the account's price;
 *  - unFormattedPrice: what would be charged (the account price when lower, else list), null = no price;
 *  - priceType: yourPrice | discount | wop | list; priceAccess.status: orderable | no price.
 * Anonymous callers and Partially Registered (lite) users get list prices only (spec §6).
 *
 * POST /product/availability and POST /availability: per requested item, the available quantity and a
 * display string in the request language. Exact stock above 100 is never revealed: the answer is
 * '>100' and availableQuantity says only whether the asked quantity can be served (it is then the asked
 * quantity, at least 101) or not (101).
 */

export const STOCK_REVEAL_LIMIT = 100

function lookupKeys(catalogNumbers: string[]) {
  return [...new Set(catalogNumbers.flatMap((c) => [c.trim(), c.trim().toUpperCase()]))]
}

export function displayInventory(quantity: number, language: 'cn' | 'en'): string {
  if (quantity <= 0) return language === 'en' ? 'Out of stock' : '缺货'
  if (quantity > STOCK_REVEAL_LIMIT) return `>${STOCK_REVEAL_LIMIT}`
  return String(quantity)
}

/** The quantity we tell: exact up to 100; above, only whether `asked` can be served. */
export function disclosedQuantity(stock: number, asked: number): number {
  if (stock <= STOCK_REVEAL_LIMIT) return Math.max(0, stock)
  return stock >= asked ? Math.max(asked, STOCK_REVEAL_LIMIT + 1) : STOCK_REVEAL_LIMIT + 1
}

export function priceRoutes(app: FastifyInstance, db: Kysely<DB>) {
  const cdb = asCatalogDb(db)

  serveEndpoint(app, catalogEndpoints.prices, app.optionalUser, async (req) => {
    await assertOwnAccount(db, req.user, req.body.accountNumber)
    const wanted = [...(req.body.items ?? []).map((i) => i.catalogNumber), ...(req.body.catalogNumbers ?? [])]
    if (wanted.length === 0)
      throw badRequest('body/items or body/catalogNumbers must list at least one catalogue number')
    const pctx = pricingContext(req)
    const rows = await cdb
      .selectFrom('products as p')
      .select([
        'p.id',
        'p.catalog_number',
        pctx.currency === 'INR' ? 'p.list_price_inr as list_price' : 'p.list_price_cny as list_price',
      ])
      .where('p.catalog_number', 'in', lookupKeys(wanted))
      .execute()
    const aps = await loadAccountPrices(
      db,
      pctx,
      rows.map((x) => x.id),
    )
    const byUpper = new Map(rows.map((x) => [x.catalog_number.toUpperCase(), x]))
    const products: PriceRecord[] = []
    const done = new Set<number>()
    for (const c of wanted) {
      const x = byUpper.get(c.trim().toUpperCase())
      if (!x || done.has(x.id)) continue // unknown numbers are absent; one record per product
      done.add(x.id)
      const ap = aps.get(x.id) ?? null
      const price = computePrice(x.list_price, ap)
      const list = x.list_price === null ? null : toMajor(x.list_price)
      const accountPriceApplies = !!ap && price !== null && price.priceType !== 'list'
      products.push({
        catalogNumber: x.catalog_number,
        currency: pctx.currency,
        listPrice: list,
        unitPrice: list,
        efPrice: accountPriceApplies ? price!.amount : null,
        onlinePrice: accountPriceApplies && price!.priceType === 'wop' ? price!.amount : null,
        unFormattedPrice: price ? price.amount : null,
        priceType: price ? price.priceType : null,
        priceAccess: { status: price ? 'orderable' : 'no price' },
      })
    }
    const data: PriceResponse = { products }
    return ok(data)
  })

  const availability = async (req: { body: AvailabilityRequest; user: AuthUser | null; locale: RequestLocale }) => {
    await assertOwnAccount(db, req.user, req.body.accountNumber)
    const rows = await cdb
      .selectFrom('products as p')
      .leftJoin('product_stock as s', 's.product_id', 'p.id')
      .select(['p.catalog_number', 's.quantity'])
      .where('p.catalog_number', 'in', lookupKeys(req.body.items.map((i) => i.catalogNumber)))
      .execute()
    const byUpper = new Map(rows.map((x) => [x.catalog_number.toUpperCase(), x]))
    const out: AvailabilityRecord[] = []
    for (const item of req.body.items) {
      const x = byUpper.get(item.catalogNumber.trim().toUpperCase())
      if (!x) continue // unknown catalogue numbers are absent
      const stock = x.quantity ?? 0
      out.push({
        catalogNumber: x.catalog_number,
        availableQuantity: disclosedQuantity(stock, item.quantity),
        displayInventory: displayInventory(stock, req.locale.language),
      })
    }
    return ok(out)
  }
  for (const e of [catalogEndpoints.availability, catalogEndpoints.availabilityShort]) {
    serveEndpoint(app, e, app.optionalUser, (req) => availability(req))
  }
}
