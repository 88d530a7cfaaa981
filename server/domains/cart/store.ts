import crypto from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { FastifyRequest } from 'fastify'
import type { DB } from '../../db/schema'
import type { AuthUser } from '../auth'
import type { Cart, CartItem, AppliedCoupon } from '../../../types'
import { localized as msg } from '../../locale'

export { msg }
import { formatAnonymousCartId } from '../../../types/cart/cart-id'
import { couponTypeOf } from '../../../types/cart/coupons'
import { availabilityStatus as availabilityOf } from '../../../types/catalog/availability'
import { currencyFor, priceLines, shownLine } from './pricing'
import { displayInventory } from '../catalog'
import { refusal } from '../../lib/localized-refusal'

/**
 * Cart ownership and the cart answer. The token decides: a logged-in caller's cart is the row with
 * its user id (created on first use); a visitor's cart is the row with the gcId it holds. A gcId is
 * only honoured without a token (and by /cart/merge), so a user can never reach a cart by id.
 */

export interface CartRow {
  id: string
  user_id: string | null
  gc_id: string | null
  order_preference: 'SMART_DISTRIBUTION' | 'SC_PRIORITY'
  updated_at: Date
}

const cartColumns = ['id', 'user_id', 'gc_id', 'order_preference', 'updated_at'] as const

export const cartNotFound = refusal(404, 'NOT_FOUND', 'CART_NOT_FOUND', [
  'This cart does not exist or has been merged into an account',
  '购物车不存在或已合并到账户',
])

/** The caller's cart, or null (a visitor without a live gcId, a user who has none yet). */
export async function findCart(
  db: Kysely<DB>,
  user: AuthUser | null,
  gcId: string | undefined,
): Promise<CartRow | null> {
  if (user) {
    return (await db.selectFrom('carts').select(cartColumns).where('user_id', '=', user.id).executeTakeFirst()) ?? null
  }
  if (!gcId) return null
  return (
    (await db
      .selectFrom('carts')
      .select(cartColumns)
      .where('gc_id', '=', gcId)
      .where('status', '=', 'active')
      .executeTakeFirst()) ?? null
  )
}

/**
 * The caller's cart for a change: a user's is created on first use; a visitor without a gcId gets a
 * new anonymous cart with a server-minted id; a visitor with a gcId that is not live (merged, or
 * never minted here) is refused — ids are never chosen by clients.
 */
export async function cartForWrite(db: Kysely<DB>, req: FastifyRequest, gcId: string | undefined): Promise<CartRow> {
  const user = req.user
  if (user) {
    const existing = await db.selectFrom('carts').select(cartColumns).where('user_id', '=', user.id).executeTakeFirst()
    if (existing) return existing
    await db
      .insertInto('carts')
      .values({ user_id: user.id })
      .onConflict((oc) => oc.column('user_id').where('user_id', 'is not', null).doNothing())
      .execute()
    return db.selectFrom('carts').select(cartColumns).where('user_id', '=', user.id).executeTakeFirstOrThrow()
  }
  if (gcId) {
    const row = await findCart(db, null, gcId)
    if (!row) throw cartNotFound(req)
    return row
  }
  const id = formatAnonymousCartId(Date.now(), crypto.randomBytes(16))
  return db.insertInto('carts').values({ gc_id: id }).returning(cartColumns).executeTakeFirstOrThrow()
}

export const touch = (db: Kysely<DB>, cartId: string) =>
  db
    .updateTable('carts')
    .set({ updated_at: sql`now()` })
    .where('id', '=', cartId)
    .execute()

/**
 * Runs `fn` in a transaction that holds the cart's row lock (SELECT … FOR UPDATE): changes that read the cart's
 * codes and then write one (coupon apply) run one after the other per cart, so a rule over the set of codes
 * (section 5: "M and R, M and T, and R and T cannot be mixed. Only one each of P, D, R, M and T per order") holds
 * under concurrent requests too (issue 22, item 18: R and T raced on PostgreSQL were both stored).
 */
export async function withCartLocked<T>(
  db: Kysely<DB>,
  cartId: string,
  fn: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('carts').select('id').where('id', '=', cartId).forUpdate().executeTakeFirst()
    return fn(trx)
  })
}

/** Adds quantities to a cart: the same product sums, capped at 999. Returns line id and whether it was capped. */
export async function addToCart(
  db: Kysely<DB>,
  cartId: string,
  productId: number,
  quantity: number,
  source: string,
): Promise<{ id: number; capped: boolean }> {
  // one statement: the quantity before (for 'capped') and the upsert
  const q = Math.min(999, quantity)
  const row = await sql<{ id: number; quantity: number; prev: number | null }>`
    WITH prev AS (SELECT quantity FROM cart_items WHERE cart_id = ${cartId}::uuid AND product_id = ${productId})
    INSERT INTO cart_items (cart_id, product_id, quantity, source) VALUES (${cartId}::uuid, ${productId}, ${q}, ${source})
    ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = least(999, cart_items.quantity + excluded.quantity), updated_at = now()
    RETURNING id, quantity, (SELECT quantity FROM prev) AS prev`.execute(db)
  const r = row.rows[0]
  return { id: r.id, capped: (r.prev ?? 0) + quantity > 999 }
}

export async function cartLines(db: Kysely<DB>, cartId: string) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'product_id', 'quantity', 'added_at', 'updated_at'])
    .where('cart_id', '=', cartId)
    .orderBy('added_at')
    .orderBy('id')
    .execute()
}

export async function cartCodes(db: Kysely<DB>, cartId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cart_coupons')
    .select('code')
    .where('cart_id', '=', cartId)
    .orderBy('applied_at')
    .execute()
  return rows.map((r) => r.code)
}

/** For placement: the caller's cart with its lines and codes, or null. */
export async function loadCartForUser(
  db: Kysely<DB>,
  userId: string,
): Promise<{
  cartId: string
  orderPreference: 'SMART_DISTRIBUTION' | 'SC_PRIORITY'
  items: { id: number; productId: number; quantity: number }[]
  coupons: string[]
} | null> {
  const cart = await db
    .selectFrom('carts')
    .select(['id', 'order_preference'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!cart) return null
  const [items, coupons] = await Promise.all([cartLines(db, cart.id), cartCodes(db, cart.id)])
  return {
    cartId: cart.id,
    orderPreference: cart.order_preference,
    items: items.map((i) => ({ id: i.id, productId: i.product_id, quantity: i.quantity })),
    coupons,
  }
}

const EMPTY_SUMMARY = (currency: 'CNY' | 'INR') => ({
  currency,
  totalPriceAmount: 0,
  totalAmount: 0,
  taxes: 0,
  total: 0,
  savings: 0,
  taxEnabled: false,
  unpricedLines: 0,
})

/** The cart answer (types/cart/schemas.ts CartSchema), priced by the server. */
export async function cartAnswer(db: Kysely<DB>, req: FastifyRequest, cart: CartRow | null): Promise<Cart> {
  const user = req.user
  const currency = currencyFor(user, req.locale)
  if (!cart) {
    return {
      id: '',
      gcId: null,
      coupons: [],
      cartItems: [],
      isFirstCart: true,
      itemCount: 0,
      unitCount: 0,
      deliveryMode: 'Web',
      orderPreference: 'SMART_DISTRIBUTION',
      summary: EMPTY_SUMMARY(currency),
      updatedAt: new Date(0).toISOString(),
    }
  }
  const [items, meta] = await Promise.all([
    cartLines(db, cart.id),
    // the cart's codes and whether the account has ordered before, in one round trip
    sql<{ codes: string[]; has_orders: boolean }>`select
      coalesce((select json_agg(code order by applied_at) from cart_coupons where cart_id = ${cart.id}::uuid), '[]'::json) as codes,
      exists (select 1 from orders where account_id = ${user?.accountId ?? -1}) as has_orders`
      .execute(db)
      .then((r) => r.rows[0]),
  ])
  const codes = meta.codes
  const priced = await priceLines(
    db,
    user,
    req.locale,
    items.map((i) => ({ cartItemId: i.id, productId: i.product_id, quantity: i.quantity })),
    codes,
    { orderPreference: cart.order_preference },
  )
  const descriptions = codes.length
    ? new Map(
        (
          await db
            .selectFrom('coupons')
            .select(['code', 'description_en', 'description_zh'])
            .where('code', 'in', codes)
            .execute()
        ).map((c) => [c.code, req.locale.language === 'en' ? c.description_en : c.description_zh]),
      )
    : new Map<string, string>()
  const addedAt = new Map(items.map((i) => [i.id, i.added_at]))
  const cartItems: CartItem[] = priced.lines.map((l) => ({
    id: l.cartItemId!,
    ...shownLine(l),
    priceType: l.priceType,
    priceStatus: l.unitPrice === null ? 'no price' : 'orderable',
    salesStatus: l.salesStatus,
    deliveryChannel: l.deliveryChannel,
    isSmartProc: l.isSmartProc,
    spFlag: l.spFlag,
    availibilityCount: l.availableQuantity,
    displayInventory: displayInventory(l.deliveryChannel === 'SC' ? l.scStock : l.stock, req.locale.language),
    availability: availabilityOf(l.deliveryChannel === 'SC' ? l.scStock : l.stock, l.quantity),
    displayAttributeList: l.displayAttributeList,
    freeGoodItem: l.freeGoodItem,
    addedAt: new Date(addedAt.get(l.cartItemId!) ?? 0).toISOString(),
  }))
  const coupons: AppliedCoupon[] = priced.promos.map((p) => ({
    code: p.promoCode,
    type: couponTypeOf(p.promoCode),
    valid: p.valid,
    errorCode: p.errorCode,
    description: descriptions.get(p.promoCode) ?? '',
  }))
  const isFirstCart = !meta.has_orders
  const updatedAt = Math.max(new Date(cart.updated_at).getTime(), ...items.map((i) => new Date(i.updated_at).getTime()))
  return {
    id: cart.id,
    gcId: cart.gc_id,
    coupons,
    cartItems,
    isFirstCart,
    itemCount: cartItems.length,
    unitCount: cartItems.reduce((s, i) => s + i.quantity, 0),
    deliveryMode: priced.deliveryMode,
    orderPreference: cart.order_preference,
    summary: priced.summary,
    updatedAt: new Date(updatedAt).toISOString(),
  }
}
