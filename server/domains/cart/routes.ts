import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { CouponOffer, ApplyPromotionsResult, LineResult, SkuDeliveryChannelResult } from '../../../types'
import { ApiError, ok } from '../../errors'
import { tagRoutes } from '../../lib/openapi'
import { serveEndpoint } from '../../lib/endpoint-route'
import { callerOrder } from '../../lib/account-rows'
import { cartEndpoints } from '../../../types/cart/endpoints'
import { couponBlockedFor, couponTypeOf } from '../../../types/cart/coupons'
import { smartChannel } from '../../../types/cart/channel'
import {
  cartAnswer,
  cartForWrite,
  cartNotFound,
  findCart,
  msg,
  touch,
  cartCodes,
  cartLines,
  withCartLocked,
} from './store'
import { addLines, numberedLines, productIdsByCatalogNumber } from './lines'
import { orderableQuote } from './orderable-quote'
import { defaultSupplyCentre, hasPendingAddressOnly, priceLines, shownLine, type QuotePrice } from './pricing'
import { refusal } from '../../lib/localized-refusal'
import { cartStaffRoutes } from './staff/routes'

/**
 * Cart domain (spec §3, §4, §7, §8): the cart calls, coupons, the delivery-channel lookup and
 * /order/applyPromotions (the checkout's pricing). See store.ts for ownership rules.
 */
export async function cartRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'cart')
  const db = opts.db

  serveEndpoint(app, cartEndpoints.queryCart, app.optionalUser, async (req) => {
    return ok(await cartAnswer(db, req, await findCart(db, req.user, req.query.gcId)))
  })

  serveEndpoint(app, cartEndpoints.mergeCart, app.requireUser, async (req) => {
    const user = req.user!
    const result = await db.transaction().execute(async (trx) => {
      // one merge per anonymous cart: the row is claimed atomically (a concurrent merge waits, then finds it merged).
      // Coupons need a login (/cart/coupon/apply), so an anonymous cart has none to carry over: the user's own
      // codes stay, and each is judged again for the merged lines on the next pricing.
      const anon = await trx
        .updateTable('carts')
        .set({ status: 'merged', merged_into_user_id: user.id, merged_at: sql`now()`, updated_at: sql`now()` })
        .where('gc_id', '=', req.query.gcId)
        .where('status', '=', 'active')
        .returning('id')
        .executeTakeFirst()
      if (!anon) {
        const prior = await trx
          .selectFrom('carts')
          .select('merged_into_user_id')
          .where('gc_id', '=', req.query.gcId)
          .executeTakeFirst()
        return { mergedLines: 0, alreadyMerged: prior?.merged_into_user_id === user.id }
      }
      const mine = await cartForWrite(trx, req, undefined)
      const moved = await sql<{ n: number }>`
      WITH ins AS (
        INSERT INTO cart_items (cart_id, product_id, quantity, source)
        SELECT ${mine.id}::uuid, product_id, quantity, source FROM cart_items WHERE cart_id = ${anon.id}::uuid
        ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = least(999, cart_items.quantity + excluded.quantity), updated_at = now()
        RETURNING 1
      ) SELECT count(*)::int AS n FROM ins`.execute(trx)
      await trx.deleteFrom('cart_items').where('cart_id', '=', anon.id).execute()
      await touch(trx, mine.id)
      return { mergedLines: moved.rows[0]?.n ?? 0, alreadyMerged: false }
    })
    return ok({ cart: await cartAnswer(db, req, await findCart(db, user, undefined)), ...result })
  })

  /**
   * The add calls: the caller's cart for a change (store.ts cartForWrite), each line's verdict (`add`, mostly
   * lines.ts addLines), then the verdicts with the cart after the change and its gcId (null for a user's cart).
   */
  const addAndAnswer = async (
    req: FastifyRequest,
    gcId: string | undefined,
    add: (cartId: string) => Promise<LineResult[]>,
  ) => {
    const cart = await cartForWrite(db, req, gcId)
    const results = await add(cart.id)
    return ok({ results, cart: await cartAnswer(db, req, cart), gcId: cart.gc_id })
  }

  serveEndpoint(app, cartEndpoints.addItems, app.optionalUser, async (req) =>
    addAndAnswer(req, req.body.gcId, (cartId) =>
      addLines(db, req, cartId, numberedLines(req.body.items), req.body.items[0].source ?? 'product'),
    ),
  )

  serveEndpoint(app, cartEndpoints.quickAdd, app.optionalUser, async (req) =>
    addAndAnswer(req, req.body.gcId, (cartId) =>
      addLines(db, req, cartId, numberedLines(req.body.lines), req.body.lines.length > 1 ? 'quickOrder' : 'quickAdd'),
    ),
  )

  serveEndpoint(app, cartEndpoints.addAssay, app.optionalUser, async (req) => {
    const assay = await db
      .selectFrom('product_assays as a')
      .innerJoin('products as p', 'p.id', 'a.product_id')
      .select('p.catalog_number')
      .where(sql`lower(a.assay_id)`, '=', req.body.assayId.trim().toLowerCase())
      .executeTakeFirst()
    const quantity = req.body.quantity ?? 1
    return addAndAnswer(req, req.body.gcId, async (cartId) =>
      assay
        ? addLines(db, req, cartId, [{ line: 1, catalogNumber: assay.catalog_number, quantity }], 'assay')
        : [
            {
              line: 1,
              catalogNumber: req.body.assayId.trim(),
              quantity,
              status: 'unknownAssay' as const,
              productTitle: null,
              cartItemId: null,
            },
          ],
    )
  })

  serveEndpoint(app, cartEndpoints.reorder, app.requireUser, async (req) => {
    const order = await callerOrder(db, req, req.body.orderNumber.trim())
    const lines = await db
      .selectFrom('order_lines')
      .select(['line_number', 'catalog_number', 'quantity'])
      .where('order_id', '=', order.id)
      .orderBy('line_number')
      .execute()
    // a user's cart (its gcId is null)
    return addAndAnswer(req, undefined, (cartId) =>
      addLines(
        db,
        req,
        cartId,
        lines.map((l) => ({ line: l.line_number, catalogNumber: l.catalog_number, quantity: l.quantity })),
        'reorder',
      ),
    )
  })

  serveEndpoint(app, cartEndpoints.deleteItems, app.optionalUser, async (req) => {
    const cart = await findCart(db, req.user, req.body.gcId)
    if (!cart) throw req.user ? lineNotFound(req) : cartNotFound(req) // a user's cart exists for them even before its row does
    const ids = req.body.items.map((i) => i.id)
    const owned = await db
      .selectFrom('cart_items')
      .select('id')
      .where('cart_id', '=', cart.id)
      .where('id', 'in', ids)
      .execute()
    if (owned.length !== new Set(ids).size) throw lineNotFound(req)
    const del = await db
      .deleteFrom('cart_items')
      .where('cart_id', '=', cart.id)
      .where('id', 'in', ids)
      .executeTakeFirst()
    await touch(db, cart.id)
    return ok({ status: 'ok' as const, deleted: Number(del.numDeletedRows), cart: await cartAnswer(db, req, cart) })
  })

  serveEndpoint(app, cartEndpoints.setQuantity, app.optionalUser, async (req) => {
    const cart = await findCart(db, req.user, req.body.gcId)
    if (!cart) throw req.user ? lineNotFound(req) : cartNotFound(req) // a user's cart exists for them even before its row does
    const upd = await db
      .updateTable('cart_items')
      .set({ quantity: req.body.quantity, updated_at: sql`now()` })
      .where('id', '=', req.body.id)
      .where('cart_id', '=', cart.id)
      .executeTakeFirst()
    if (Number(upd.numUpdatedRows) === 0) throw lineNotFound(req)
    return ok(await cartAnswer(db, req, cart))
  })

  serveEndpoint(app, cartEndpoints.setPreference, app.optionalUser, async (req) => {
    const cart = await cartForWrite(db, req, req.body.gcId)
    await db
      .updateTable('carts')
      .set({ order_preference: req.body.orderPreference, updated_at: sql`now()` })
      .where('id', '=', cart.id)
      .execute()
    return ok(await cartAnswer(db, req, { ...cart, order_preference: req.body.orderPreference }))
  })

  // ---- coupons: login required; lite users and accounts without an active address cannot use codes (spec §6)
  async function assertCouponsAllowed(req: FastifyRequest) {
    const user = req.user!
    const blocked = couponBlockedFor({
      registrationStatus: user.registrationStatus,
      hasPendingAddress: await hasPendingAddressOnly(db, user),
    })
    if (blocked === 'lite')
      throw new ApiError(
        403,
        'FORBIDDEN',
        msg(req, 'Please complete your registration to use promo codes', '请先完成注册后再使用优惠码'),
        'COUPON_NOT_ALLOWED',
      )
    if (blocked === 'pendingAddress')
      throw new ApiError(
        403,
        'FORBIDDEN',
        msg(
          req,
          'Your address is pending validation; promo codes can be used once it is approved',
          '您的地址正在审核中，审核通过后方可使用优惠码',
        ),
        'PENDING_ADDRESS_VALIDATION',
      )
  }

  serveEndpoint(app, cartEndpoints.applyCoupon, app.requireUser, async (req) => {
    await assertCouponsAllowed(req)
    const code = req.body.code.trim().toUpperCase()
    const cart = await cartForWrite(db, req, undefined)
    // the codes are read, judged with the new one and stored under the cart's lock: two applies to one cart
    // (R and T sent at once) are judged one after the other, never both against the same empty set
    const verdict = await withCartLocked(db, cart.id, async (trx) => {
      const items = await cartLines(trx, cart.id)
      const codes = await cartCodes(trx, cart.id)
      const priced = await priceLines(
        trx,
        req.user,
        req.locale,
        items.map((i) => ({ cartItemId: i.id, productId: i.product_id, quantity: i.quantity })),
        [...codes.filter((c) => c !== code), code],
        { orderPreference: cart.order_preference },
      )
      const v = priced.promos.find((p) => p.promoCode === code) ?? { promoCode: code, valid: false, errorCode: '10' }
      if (v.valid) {
        await trx
          .insertInto('cart_coupons')
          .values({ cart_id: cart.id, code })
          .onConflict((oc) => oc.columns(['cart_id', 'code']).doNothing())
          .execute()
        await touch(trx, cart.id)
      }
      return v
    })
    const description = verdict.valid
      ? ((await db
          .selectFrom('coupons')
          .select(['description_en', 'description_zh'])
          .where('code', '=', code)
          .executeTakeFirst()) ?? null)
      : null
    return ok({
      coupon: {
        code,
        type: couponTypeOf(code),
        valid: verdict.valid,
        errorCode: verdict.errorCode,
        description: description
          ? req.locale.language === 'en'
            ? description.description_en
            : description.description_zh
          : '',
      },
      cart: await cartAnswer(db, req, cart),
    })
  })

  serveEndpoint(app, cartEndpoints.removeCoupon, app.requireUser, async (req) => {
    const cart = await cartForWrite(db, req, undefined)
    await db
      .deleteFrom('cart_coupons')
      .where('cart_id', '=', cart.id)
      .where('code', '=', req.body.code.trim().toUpperCase())
      .execute()
    await touch(db, cart.id)
    return ok(await cartAnswer(db, req, cart))
  })

  serveEndpoint(app, cartEndpoints.listCoupons, app.requireUser, async (req) => {
    const user = req.user!
    const cart = await findCart(db, user, undefined)
    const applied = new Set(cart ? await cartCodes(db, cart.id) : [])
    const rows = await db
      .selectFrom('coupons')
      .selectAll()
      .where('country', '=', user.country === 'in' ? 'in' : 'cn')
      .where('active', '=', true)
      .where((eb) => eb.or([eb('account_id', 'is', null), eb('account_id', '=', user.accountId)]))
      .where('valid_from', '<=', sql<Date>`now()`)
      .where('valid_to', '>', sql<Date>`now()`)
      .orderBy('coupon_type')
      .orderBy('code')
      .execute()
    const offers: CouponOffer[] = rows.map((c) => ({
      code: c.code,
      type: c.coupon_type,
      description: req.locale.language === 'en' ? c.description_en : c.description_zh,
      validFrom: new Date(c.valid_from).toISOString(),
      validTo: new Date(c.valid_to).toISOString(),
      skuCount: c.skus.length,
      applied: applied.has(c.code),
    }))
    return ok(offers)
  })

  // ---- spec §7 POST /sc/getSkuDeliveryChannel: the supply centre serves what its stock covers
  serveEndpoint(app, cartEndpoints.skuDeliveryChannel, app.requireUser, async (req) => {
    const user = req.user!
    const shipTo = await db
      .selectFrom('ship_tos')
      .select('id')
      .where('account_id', '=', user.accountId)
      .where('account_number', '=', req.body.shipToNum)
      .executeTakeFirst()
    if (!shipTo)
      throw new ApiError(
        403,
        'FORBIDDEN',
        msg(req, "This ship-to is not one of your account's", '该收货地址不属于您的账户'),
      )
    const scId = await defaultSupplyCentre(db, user)
    const ids = await productIdsByCatalogNumber(
      db,
      req.body.items.map((i) => i.catalogNumber),
    )
    const productIds = [...ids.values()].map((p) => p.id)
    const stock =
      productIds.length === 0
        ? []
        : await db
            .selectFrom('products as p')
            .leftJoin('product_stock as st', 'st.product_id', 'p.id')
            .leftJoin('supply_center_stock as sc', (j) =>
              j.onRef('sc.product_id', '=', 'p.id').on('sc.supply_center_id', '=', scId ?? ''),
            )
            .select(['p.id', 'st.quantity as stock', 'sc.quantity as sc_stock'])
            .where('p.id', 'in', productIds)
            .execute()
    const byId = new Map(stock.map((s) => [s.id, s]))
    const out: SkuDeliveryChannelResult = { productDeliveryItems: {} }
    for (const it of req.body.items) {
      const p = ids.get(it.catalogNumber.trim().toUpperCase())
      if (!p) continue
      const s = byId.get(p.id)
      out.productDeliveryItems[p.catalogNumber] = smartChannel({
        wanted: scId ? 'SC' : 'TFS',
        scStockMatch: (s?.sc_stock ?? 0) >= it.quantity,
        tfsStockMatch: false,
      })
    }
    return ok(out)
  })

  // ---- POST /order/applyPromotions (spec §7): the checkout's prices, computed here from the database
  serveEndpoint(app, cartEndpoints.applyPromotions, app.optionalUser, async (req) => {
    const body = req.body
    let lines: { cartItemId: number | null; productId: number; quantity: number }[]
    let codes: string[]
    let quotePrices: Map<number, QuotePrice> | undefined
    let preference = body.orderPreference
    if (body.squoteDetail) {
      if (!req.user)
        throw new ApiError(
          401,
          'TOKEN_INVALID',
          msg(req, 'Please login for better experience', '请登录以获得更好的体验'),
        )
      const q = await orderableQuote(db, req, body.squoteDetail.staticQuoteId)
      lines = q.lines.map((l) => ({ cartItemId: null, productId: l.product_id, quantity: l.quantity }))
      quotePrices = new Map(
        q.lines.map((l) => [l.product_id, { list: l.list_price, unit: l.unit_price, final: l.final_price }]),
      )
      codes = []
    } else {
      const cart = await findCart(db, req.user, body.gcId)
      const items = cart ? await cartLines(db, cart.id) : []
      const wanted = body.skuList?.filter((s) => s.cartItemId !== undefined).map((s) => s.cartItemId!)
      const chosen = wanted && wanted.length ? items.filter((i) => wanted.includes(i.id)) : items
      if (wanted && wanted.length && chosen.length !== new Set(wanted).size) throw lineNotFound(req)
      lines = chosen.map((i) => ({ cartItemId: i.id, productId: i.product_id, quantity: i.quantity }))
      codes = body.promoCodes ?? (cart ? await cartCodes(db, cart.id) : [])
      preference ??= cart?.order_preference
    }
    const priced = await priceLines(db, req.user, req.locale, lines, codes, {
      quotePrices,
      orderPreference: preference,
    })
    const data: ApplyPromotionsResult = {
      promos: priced.promos,
      itemList: priced.lines.map((l) => ({
        cartItemId: l.cartItemId,
        lineNumber: l.lineNumber,
        ...shownLine(l),
        freeGoodItem: l.freeGoodItem,
        deliveryChannel: l.deliveryChannel,
        availableQuantity: l.availableQuantity,
        appliedPromoCodes: l.appliedPromoCodes,
      })),
      summary: priced.summary,
      deliveryMode: priced.deliveryMode,
      scAmount: priced.scAmountMinor / 100,
      tfsAmount: priced.tfsAmountMinor / 100,
      blockedLines: priced.blockedLines,
    }
    return ok(data)
  })

  // ---- staff: coupons (issue 24)
  await app.register(cartStaffRoutes, opts)
}

const lineNotFound = refusal(404, 'NOT_FOUND', 'CART_LINE_NOT_FOUND', [
  'This item is not in your cart',
  '该商品不在您的购物车中',
])
