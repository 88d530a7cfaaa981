import type { Kysely } from 'kysely'
import type { FastifyRequest } from 'fastify'
import type { DB } from '../../db/schema'
import type { LineResult } from '../../../types'
import { priceLines } from './pricing'
import { addToCart } from './store'

/**
 * Adding catalogue numbers to a cart with a verdict per line (product page, quick add, quick order,
 * assay id, reorder): only orderable products enter the cart; the others are reported as unknown,
 * discontinued, notOnline ("not orderable online"), quoteOnly (request a quote) or noPrice. The same
 * product twice sums, capped at 999 ('capped').
 */
export interface LineRequest { line: number; catalogNumber: string; quantity: number }

/** catalogue number (as typed) → product id, matched case-insensitively */
export async function productIdsByCatalogNumber(db: Kysely<DB>, numbers: string[]): Promise<Map<string, { id: number; catalogNumber: string }>> {
  const keys = [...new Set(numbers.flatMap((n) => [n.trim(), n.trim().toUpperCase()]))].filter(Boolean)
  const out = new Map<string, { id: number; catalogNumber: string }>()
  if (keys.length === 0) return out
  const rows = await db.selectFrom('products').select(['id', 'catalog_number']).where('catalog_number', 'in', keys).execute()
  for (const r of rows) out.set(r.catalog_number.toUpperCase(), { id: r.id, catalogNumber: r.catalog_number })
  return out
}

export async function addLines(db: Kysely<DB>, req: FastifyRequest, cartId: string, wanted: LineRequest[], source: string): Promise<LineResult[]> {
  const ids = await productIdsByCatalogNumber(db, wanted.map((w) => w.catalogNumber))
  const known = wanted.flatMap((w) => {
    const p = ids.get(w.catalogNumber.trim().toUpperCase())
    return p ? [{ cartItemId: null, productId: p.id, quantity: Math.min(999, w.quantity) }] : []
  })
  const priced = await priceLines(db, req.user, req.locale, known, [])
  const byProduct = new Map(priced.lines.map((l) => [l.productId, l]))
  const results: LineResult[] = []
  for (const w of wanted) {
    const p = ids.get(w.catalogNumber.trim().toUpperCase())
    const l = p ? byProduct.get(p.id) : undefined
    if (!p || !l) {
      results.push({ line: w.line, catalogNumber: w.catalogNumber.trim(), quantity: w.quantity, status: 'unknown', productTitle: null, cartItemId: null })
      continue
    }
    if (l.salesStatus !== 'active') {
      results.push({ line: w.line, catalogNumber: p.catalogNumber, quantity: w.quantity, status: l.salesStatus, productTitle: l.productTitle, cartItemId: null })
      continue
    }
    const added = await addToCart(db, cartId, p.id, w.quantity, source)
    results.push({ line: w.line, catalogNumber: p.catalogNumber, quantity: w.quantity, status: added.capped ? 'capped' : 'added', productTitle: l.productTitle, cartItemId: added.id })
  }
  return results
}
