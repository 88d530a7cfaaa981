import { sql, type Kysely, type Selectable } from 'kysely'
import type { DB } from '../../db/schema'
import type { CouponTable } from '../../db/schema-order'
import type { AuthUser } from '../auth'
import { COUPON_SERVER_CODES } from '../../../types/cart/coupons'

/**
 * What priceLines reads (pricing.ts): the products with what prices them, and the coupons. The
 * steps that use these reads are pure (pricing-steps.ts).
 */

/** An account whose ship-tos are all PENDING has no usable address (spec §4 "A single default shipTo in PENDING status counts as no usable address"). */
export async function hasPendingAddressOnly(db: Kysely<DB>, user: AuthUser): Promise<boolean> {
  const row = await db
    .selectFrom('ship_tos')
    .select(sql<number>`count(*) filter (where address_status = 'ACTIVE')::int`.as('active'))
    .where('account_id', '=', user.accountId)
    .executeTakeFirstOrThrow()
  return row.active === 0
}

/** The product columns a listed line shows (`products as p`): sku, catalogue number, titles, size and image. */
export const PRODUCT_LINE_COLUMNS = [
  'p.sku',
  'p.catalog_number',
  'p.title_en',
  'p.title_zh',
  'p.size',
  'p.image',
] as const

async function productRows(
  db: Kysely<DB>,
  user: AuthUser | null,
  currency: 'CNY' | 'INR',
  ids: number[],
  accountId: number,
  en: boolean,
) {
  const scSub = sql<
    string | null
  >`(select supply_center_id from supply_centers where account_id = ${user?.accountId ?? -1} and is_default and operation_status = 'Normal' limit 1)`
  return db
    .selectFrom('products as p')
    .leftJoin('product_sales as ps', 'ps.product_id', 'p.id')
    .leftJoin('product_stock as st', 'st.product_id', 'p.id')
    .leftJoin('supply_center_stock as sc', (j) =>
      j.onRef('sc.product_id', '=', 'p.id').on('sc.supply_center_id', '=', scSub),
    )
    .leftJoin('account_prices as ap', (j) =>
      j.onRef('ap.product_id', '=', 'p.id').on('ap.account_id', '=', accountId).on('ap.currency', '=', currency),
    )
    .select([
      'p.id',
      ...PRODUCT_LINE_COLUMNS,
      'p.lead_target',
      'p.attributes',
      currency === 'INR' ? 'p.list_price_inr as list_price' : 'p.list_price_cny as list_price',
      'ps.sales_status',
      'st.quantity as stock',
      'sc.quantity as sc_stock',
      'ap.price as ap_price',
      'ap.price_type as ap_type',
      scSub.as('sc_id'),
      sql<
        string | null
      >`(select ${sql.ref(en ? 'name_en' : 'name_zh')} from product_free_goods f where f.product_id = p.id and f.kind = 'free' limit 1)`.as(
        'free_name',
      ),
      sql<
        string | null
      >`(select pic from product_free_goods f where f.product_id = p.id and f.kind = 'free' limit 1)`.as('free_pic'),
    ])
    .where('p.id', 'in', ids)
    .execute()
}

export type ProductRow = Awaited<ReturnType<typeof productRows>>[number]

export interface PricingProducts {
  byId: Map<number, ProductRow>
  /** the caller's default supply centre in operation, if any */
  scId: string | null
  /** the account's own prices (minor units), by product */
  accountPrices: Map<number, { price: number; priceType: NonNullable<ProductRow['ap_type']> }>
  /** the free good given with a product, in the request's language */
  free: Map<number, { productName: string; productPic: string | null }>
}

/**
 * One round trip: the products with their sales status, warehouse stock, the default supply
 * centre's stock, the account's price (only when `accountPriced`: an eligible caller not ordering
 * a quote) and the free good.
 */
export async function loadProducts(
  db: Kysely<DB>,
  user: AuthUser | null,
  currency: 'CNY' | 'INR',
  productIds: number[],
  opts: { en: boolean; accountPriced: boolean },
): Promise<PricingProducts> {
  const ids = [...new Set(productIds)]
  const rows =
    ids.length === 0
      ? []
      : await productRows(db, user, currency, ids, opts.accountPriced ? user!.accountId : -1, opts.en)
  return {
    byId: new Map(rows.map((r) => [r.id, r])),
    scId: rows[0]?.sc_id ?? null,
    accountPrices: new Map(
      rows.filter((r) => r.ap_price !== null).map((r) => [r.id, { price: r.ap_price!, priceType: r.ap_type! }]),
    ),
    free: new Map(
      rows
        .filter((r) => r.free_name !== null)
        .map((r) => [r.id, { productName: r.free_name!, productPic: r.free_pic }]),
    ),
  }
}

export type CouponRow = Selectable<CouponTable>

/** What the coupon step works from: a refusal of every code for this caller, or the coupon rows of the codes. */
export interface LoadedCoupons {
  /** the server code every code gets for this caller: anonymous '10', a lite user 'SQ50', no ACTIVE ship-to 'PENDING_ADDRESS_VALIDATION' */
  blocked: string | null
  rows: CouponRow[]
}

/** The coupons of `codes` (already normalized, pricing-steps.ts normalizeCodes), unless the caller may use none. */
export async function loadCoupons(db: Kysely<DB>, user: AuthUser | null, codes: string[]): Promise<LoadedCoupons> {
  if (!codes.length) return { blocked: null, rows: [] }
  const blocked = !user
    ? COUPON_SERVER_CODES.unknown
    : user.registrationStatus === 'Partially Registered'
      ? 'SQ50'
      : (await hasPendingAddressOnly(db, user))
        ? COUPON_SERVER_CODES.pendingAddress
        : null
  const rows = blocked ? [] : await db.selectFrom('coupons').selectAll().where('code', 'in', codes).execute()
  return { blocked, rows }
}
