import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { pageOf } from '../../../lib/paging'
import { asCatalogDb } from '../common'
import { catalogNorm } from '../search'
import {
  PRODUCT_ACCOUNT_PRICES_SHOWN,
  type AdminProduct,
  type AdminProductDetail,
} from '../../../../types/catalog/staff-endpoints'

/**
 * The console's reads of the catalogue (issue 25, permission catalogue.read): products by catalogue number, SKU or
 * title and category, and one product with its family's sizes, list and account prices and its stock by location.
 * Amounts are stored in minor units (fen, paise) and answered in major units.
 */

const major = (minor: number | null) => (minor === null ? null : minor / 100)
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null)

function productsFrom(db: Kysely<DB>) {
  return asCatalogDb(db)
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('product_stock as s', 's.product_id', 'p.id')
    .leftJoin('product_sales as ps', 'ps.product_id', 'p.id')
}

const PRODUCT_COLUMNS = [
  'p.id',
  'p.sku',
  'p.catalog_number',
  'p.title_en',
  'p.title_zh',
  'p.size',
  'p.brand',
  'p.list_price_cny',
  'p.list_price_inr',
  'c.code as category_code',
  'c.name_en as category_en',
  'c.name_zh as category_zh',
  's.quantity as stock',
  'ps.sales_status',
] as const

type ProductRow = {
  id: number
  sku: string
  catalog_number: string
  title_en: string
  title_zh: string
  size: string
  brand: string
  list_price_cny: number | null
  list_price_inr: number | null
  category_code: string
  category_en: string
  category_zh: string
  stock: number | null
  sales_status: AdminProduct['salesStatus'] | null
}

const product = (r: ProductRow): AdminProduct => ({
  id: r.id,
  sku: r.sku,
  catalogNumber: r.catalog_number,
  titleEn: r.title_en,
  titleZh: r.title_zh,
  size: r.size,
  brand: r.brand,
  category: { code: r.category_code, nameEn: r.category_en, nameZh: r.category_zh },
  listPriceCny: major(r.list_price_cny),
  listPriceInr: major(r.list_price_inr),
  stock: r.stock ?? 0,
  salesStatus: r.sales_status ?? 'active',
})

/** The category with this code and all below it (ids); null when no category has the code. */
async function categorySubtree(db: Kysely<DB>, code: string): Promise<number[] | null> {
  const all = await db.selectFrom('categories').select(['id', 'code', 'parent_id']).execute()
  const root = all.find((c) => c.code === code)
  if (!root) return null
  const ids = [root.id]
  for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parent_id === ids[i]) ids.push(c.id)
  return ids
}

const likePattern = (s: string) => s.replace(/[\\%_]/g, '\\$&')

export async function listProducts(
  db: Kysely<DB>,
  q: { q?: string; category?: string; page?: number; pageSize?: number },
): Promise<{ items: AdminProduct[]; total: number; page: number; pageSize: number }> {
  let base = productsFrom(db)
  if (q.category) {
    const ids = await categorySubtree(db, q.category)
    if (!ids) return { items: [], total: 0, page: q.page ?? 1, pageSize: q.pageSize ?? 25 }
    base = base.where('p.category_id', 'in', ids)
  }
  const text = q.q?.trim()
  if (text) {
    const norm = catalogNorm(text)
    const words = text.toLowerCase().split(/\s+/).filter(Boolean)
    base = base.where((eb) =>
      eb.or([
        ...(norm ? [eb('p.catalog_norm', 'like', `${likePattern(norm)}%`)] : []),
        eb(sql<string>`lower(p.sku)`, '=', text.toLowerCase()),
        eb.and(
          words.map((w) =>
            eb.or([
              eb(sql<string>`lower(p.title_en)`, 'like', `%${likePattern(w)}%`),
              eb('p.title_zh', 'like', `%${likePattern(w)}%`),
            ]),
          ),
        ),
      ]),
    )
  }
  const { rows, total, page, pageSize } = await pageOf(
    base,
    q,
    (b) => b.select(PRODUCT_COLUMNS).orderBy('p.catalog_number').orderBy('p.id'),
    25,
  )
  return { items: (rows as ProductRow[]).map(product), total, page, pageSize }
}

export async function productDetail(db: Kysely<DB>, id: number): Promise<AdminProductDetail> {
  const r = (await productsFrom(db).select(PRODUCT_COLUMNS).where('p.id', '=', id).executeTakeFirst()) as
    ProductRow | undefined
  if (!r) throw new ApiError(404, 'NOT_FOUND', `No product ${id}`)
  const family = await db
    .selectFrom('product_catalog')
    .select('family_id')
    .where('product_id', '=', id)
    .executeTakeFirst()
  const sizes = family?.family_id
    ? await db
        .selectFrom('products as p')
        .innerJoin('product_catalog as pc', 'pc.product_id', 'p.id')
        .select(['p.id', 'p.sku', 'p.catalog_number', 'p.size', 'p.list_price_cny', 'p.list_price_inr'])
        .where('pc.family_id', '=', family.family_id)
        .orderBy('p.catalog_number')
        .limit(100)
        .execute()
    : [r]
  const pricesBase = db
    .selectFrom('account_prices as ap')
    .innerJoin('accounts as a', 'a.id', 'ap.account_id')
    .where('ap.product_id', '=', id)
  const [{ total: accountPricesTotal }, prices, warehouses, centres, central] = await Promise.all([
    pricesBase.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    pricesBase
      .select(['a.account_number', 'a.name', 'a.country', 'ap.currency', 'ap.price', 'ap.price_type'])
      .orderBy('a.account_number')
      .orderBy('a.id')
      .limit(PRODUCT_ACCOUNT_PRICES_SHOWN)
      .execute(),
    db
      .selectFrom('warehouse_stock')
      .select(['warehouse', 'quantity', 'updated_at'])
      .where('product_id', '=', id)
      .orderBy('warehouse')
      .execute(),
    db
      .selectFrom('supply_center_stock as st')
      .leftJoin('supply_center_options as o', 'o.supply_center_id', 'st.supply_center_id')
      .select(['st.supply_center_id', 'st.quantity', 'o.name_en', 'o.name_zh'])
      .where('st.product_id', '=', id)
      .orderBy('st.supply_center_id')
      .execute(),
    db.selectFrom('product_stock').select(['quantity', 'updated_at']).where('product_id', '=', id).executeTakeFirst(),
  ])
  return {
    ...product(r),
    sizes: sizes.map((s) => ({
      id: s.id,
      sku: s.sku,
      catalogNumber: s.catalog_number,
      size: s.size,
      listPriceCny: major(s.list_price_cny),
      listPriceInr: major(s.list_price_inr),
    })),
    accountPrices: prices.map((p) => ({
      accountNumber: p.account_number,
      accountName: p.name,
      country: p.country,
      currency: p.currency,
      price: p.price / 100,
      priceType: p.price_type,
    })),
    accountPricesTotal: Number(accountPricesTotal),
    stockByLocation: [
      {
        kind: 'central' as const,
        location: 'WAREHOUSE',
        nameEn: null,
        nameZh: null,
        quantity: central?.quantity ?? 0,
        updatedAt: iso(central?.updated_at),
      },
      ...warehouses.map((w) => ({
        kind: 'warehouse' as const,
        location: w.warehouse,
        nameEn: null,
        nameZh: null,
        quantity: w.quantity,
        updatedAt: iso(w.updated_at),
      })),
      ...centres.map((c) => ({
        kind: 'supplyCentre' as const,
        location: c.supply_center_id,
        nameEn: c.name_en,
        nameZh: c.name_zh,
        quantity: c.quantity,
        updatedAt: null,
      })),
    ],
  }
}
