import { sql, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'

/** what allocation needs of a priced line */
export interface AllocatableLine {
  lineNumber: number
  productId: number
  quantity: number
  deliveryChannel: 'SC' | 'TFS'
}

/**
 * Step 3 of placement: stock for each line (lineNumber → allocated quantity). Warehouse stock
 * (product_stock) serves TFS lines, the supply centre's (supply_center_stock) SC lines. The rows are
 * locked in product order, warehouse first (one lock order for every placement: no deadlocks); each
 * product gives min(stock, wanted) and keeps the rest, never below zero (a check constraint too).
 * What stock cannot cover is backordered (drafts.ts).
 */
export async function allocate(
  trx: Transaction<DB>,
  lines: AllocatableLine[],
  scId: string | null,
): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  const want = (ch: 'SC' | 'TFS') => {
    const m = new Map<number, number>()
    for (const l of lines) if (l.deliveryChannel === ch) m.set(l.productId, (m.get(l.productId) ?? 0) + l.quantity)
    return m
  }
  const take = async (ch: 'SC' | 'TFS') => {
    const w = want(ch)
    if (!w.size || (ch === 'SC' && !scId)) return new Map<number, number>()
    const ids = [...w.keys()].sort((a, b) => a - b)
    const rows =
      ch === 'TFS'
        ? await trx
            .selectFrom('product_stock')
            .select(['product_id', 'quantity'])
            .where('product_id', 'in', ids)
            .orderBy('product_id')
            .forUpdate()
            .execute()
        : await trx
            .selectFrom('supply_center_stock')
            .select(['product_id', 'quantity'])
            .where('supply_center_id', '=', scId!)
            .where('product_id', 'in', ids)
            .orderBy('product_id')
            .forUpdate()
            .execute()
    const have = new Map(rows.map((r) => [r.product_id, r.quantity]))
    const left = new Map<number, number>()
    const updates: [number, number][] = []
    for (const id of ids) {
      const stock = have.get(id) ?? 0
      const n = Math.min(stock, w.get(id)!)
      left.set(id, n)
      if (n > 0) updates.push([id, n])
    }
    if (updates.length) {
      const values = sql.join(updates.map(([id, n]) => sql`(${id}::int, ${n}::int)`))
      if (ch === 'TFS') {
        await sql`UPDATE product_stock s SET quantity = s.quantity - LEAST(s.quantity, v.n), updated_at = now() FROM (VALUES ${values}) AS v(id, n) WHERE s.product_id = v.id`.execute(
          trx,
        )
      } else {
        await sql`UPDATE supply_center_stock s SET quantity = s.quantity - LEAST(s.quantity, v.n) FROM (VALUES ${values}) AS v(id, n)
          WHERE s.supply_center_id = ${scId} AND s.product_id = v.id`.execute(trx)
      }
    }
    return left
  }
  // always warehouse first, then the supply centre: one lock order for every placement
  const tfs = await take('TFS')
  const sc = await take('SC')
  for (const l of lines) {
    const pool = l.deliveryChannel === 'SC' ? sc : tfs
    const a = Math.min(pool.get(l.productId) ?? 0, l.quantity)
    pool.set(l.productId, (pool.get(l.productId) ?? 0) - a)
    out.set(l.lineNumber, a)
  }
  return out
}
