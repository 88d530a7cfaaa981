import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import type { ChangeFlashSale, CreateFlashSale, StaffFlashSale } from '../../../../types/flashbuy/staff-endpoints'
import { saleTermsRefusal, stockChangeAllowed } from '../../../../types/flashbuy/sale-rules'
import { ApiError } from '../../../errors'
import { flashDisplayText } from '../../../db/seed/flashbuy'
import { checkWindow, endWindow, instantOf, invalid, minorOf, notEnded, notFound, windowOf } from '../../marketing'
import { staffSalesQuery, toStaffSale } from './sales'

/**
 * Staff decisions on flash sales (issue 24): create, change, end. Each runs inside the caller's staffWrite
 * transaction with the sale row locked FOR UPDATE, the lock the placement batch takes too
 * (../place/commit.ts), so a staff change and buyers' orders of the same sale are decided one after the other.
 * The stock changes by a conditional UPDATE in SQL (total and remaining moved together, only while the new total
 * covers what is sold), the same kind of statement as the buyers' decrement (remain_qty >= n): the database has
 * the last word even if a writer outside this code ever skipped the lock.
 */

/** 'FB-CN-' + time and random: a sale id of the buyers' id pattern (^[A-Za-z0-9_-]+$, at most 40) */
const newSaleId = (country: 'cn' | 'in') =>
  `FB-${country.toUpperCase()}-${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`

const stockBelowSold = (id: string, sold: number) =>
  new ApiError(
    409,
    'CONFLICT',
    `Flash sale ${id} has sold ${sold}: its stock can be raised, or lowered to ${sold} at the least`,
    'FLASH_STOCK_BELOW_SOLD',
  )

async function lockedSale(trx: Transaction<DB>, id: string): Promise<StaffFlashSale> {
  const locked = await trx.selectFrom('flash_sales').select('id').where('id', '=', id).forUpdate().executeTakeFirst()
  if (!locked) throw notFound('flash sale', id)
  return toStaffSale(await staffSalesQuery(trx).where('f.id', '=', id).executeTakeFirstOrThrow())
}

const reread = async (trx: Transaction<DB>, id: string) =>
  toStaffSale(await staffSalesQuery(trx).where('f.id', '=', id).executeTakeFirstOrThrow())

/** the flash price in minor units, below the product's list price (types/flashbuy/sale-rules.ts) */
function priceOf(flashPrice: number, listPriceMajor: number | null): number {
  const flash = minorOf('flashPrice', flashPrice)
  const refused = saleTermsRefusal({
    flashPrice: flash,
    listPrice: listPriceMajor === null ? null : Math.round(listPriceMajor * 100),
  })
  if (refused) throw invalid(refused.field, refused.message)
  return flash
}

export async function createSale(
  trx: Transaction<DB>,
  req: FastifyRequest,
  b: CreateFlashSale,
): Promise<StaffFlashSale> {
  const id = newSaleId(b.country)
  const now = new Date()
  const { start, end } = windowOf(b, now)
  const listCol = b.country === 'in' ? 'p.list_price_inr' : 'p.list_price_cny'
  const product = await trx
    .selectFrom('products as p')
    .leftJoin('product_sales as ps', 'ps.product_id', 'p.id')
    .select(['p.id', 'p.lead_target', 'ps.sales_status', `${listCol} as list_price`])
    .where('p.catalog_number', '=', b.catalogNumber)
    .executeTakeFirst()
  if (!product) throw invalid('catalogNumber', `names no product: ${b.catalogNumber}`)
  // what the buyer could not order outside the sale cannot be sold in one: discontinued, not online, quote only
  if (product.sales_status !== 'active' || product.lead_target)
    throw invalid('catalogNumber', `is not orderable online: ${b.catalogNumber}`)
  const listPrice = product.list_price === null ? null : Number(product.list_price) / 100
  const flash = priceOf(b.flashPrice, listPrice)
  const text = flashDisplayText(start, b.country)
  await trx
    .insertInto('flash_sales')
    .values({
      id,
      country: b.country,
      product_id: product.id,
      currency: b.country === 'in' ? 'INR' : 'CNY',
      flash_price: flash,
      display_text_en: text.en,
      display_text_zh: text.zh,
      start_at: start,
      end_at: end,
      total_qty: b.totalQty,
      remain_qty: b.totalQty,
      min_order_qty: b.minOrderQty,
      max_order_qty: b.maxOrderQty,
      account_purchase_limit_qty: b.accountPurchaseLimitQty,
      delivery_channel: b.deliveryChannel ?? 'TFS',
      coupon: b.coupon ?? null,
      sort_order: b.sortOrder ?? 0,
      updated_by: req.staff!.id,
    })
    .execute()
  return reread(trx, id)
}

/**
 * A change of a sale that has not ended. A running sale keeps its start (it has begun: buyers have seen it open);
 * its price may change (a buyer who saw the old one is asked to confirm the new one before anything is placed,
 * FLASH_PRICE_CHANGED), its end may move (still ahead of now), its limits may change (the per-account limit holds
 * at each purchase: an account already above a lowered limit buys no more). The stock: raised, or lowered to what
 * is sold at the least (409 naming the sold count).
 */
export async function changeSale(trx: Transaction<DB>, req: FastifyRequest, id: string, b: ChangeFlashSale) {
  const before = notEnded(await lockedSale(trx, id), 'flash sale', id)
  const now = new Date()
  const start = b.startAt !== undefined ? instantOf('startAt', b.startAt) : new Date(before.startAt)
  const end = b.endAt !== undefined ? instantOf('endAt', b.endAt) : new Date(before.endAt)
  if (before.state === 'running' && start.getTime() !== new Date(before.startAt).getTime())
    throw new ApiError(409, 'CONFLICT', `Flash sale ${id} is running: its start cannot move`)
  checkWindow(start, end, now)
  const flash = b.flashPrice !== undefined ? priceOf(b.flashPrice, before.listPrice) : undefined

  if (b.totalQty !== undefined && b.totalQty !== before.totalQty) {
    const total = b.totalQty
    if (!stockChangeAllowed(total, before.soldQty)) throw stockBelowSold(id, before.soldQty)
    // total and remaining move together, only while the new total covers what is sold (the check constraint
    // 0 <= remain_qty <= total_qty holds either way)
    const moved = await sql<{ id: string }>`
      UPDATE flash_sales SET total_qty = ${total}::int, remain_qty = remain_qty + (${total}::int - total_qty)
      WHERE id = ${id}::text AND total_qty - remain_qty <= ${total}::int
      RETURNING id`.execute(trx)
    if (!moved.rows.length) throw stockBelowSold(id, (await reread(trx, id)).soldQty)
  }

  const startMoved = start.getTime() !== new Date(before.startAt).getTime()
  const text = startMoved ? flashDisplayText(start, before.country) : null
  await trx
    .updateTable('flash_sales')
    .set({
      ...(flash !== undefined ? { flash_price: flash } : {}),
      ...(b.minOrderQty !== undefined ? { min_order_qty: b.minOrderQty } : {}),
      ...(b.maxOrderQty !== undefined ? { max_order_qty: b.maxOrderQty } : {}),
      ...(b.accountPurchaseLimitQty !== undefined ? { account_purchase_limit_qty: b.accountPurchaseLimitQty } : {}),
      ...(b.deliveryChannel !== undefined ? { delivery_channel: b.deliveryChannel } : {}),
      ...(b.coupon !== undefined ? { coupon: b.coupon } : {}),
      ...(b.sortOrder !== undefined ? { sort_order: b.sortOrder } : {}),
      ...(text ? { display_text_en: text.en, display_text_zh: text.zh } : {}),
      start_at: start,
      end_at: end,
      updated_at: now,
      updated_by: req.staff!.id,
    })
    .where('id', '=', id)
    .execute()
  return { before, after: await reread(trx, id) }
}

/**
 * Ends a sale now: its window closes (end_at = now; a sale not started yet never opens), ended_at is set, so
 * placement refuses it (Over) and the buyers' sale list leaves it out. An ended sale is 409.
 */
export async function endSale(trx: Transaction<DB>, req: FastifyRequest, id: string) {
  const before = notEnded(await lockedSale(trx, id), 'flash sale', id)
  await endWindow(trx, req, 'flash_sales', before, (now) => ({ ended_at: now }))
  return { before, after: await reread(trx, id) }
}
