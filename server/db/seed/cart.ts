import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'

/** Cart-domain seed: product sales status, assay ids, supply-centre stock, coupons (issue 9). */
export const CART_SEED_TABLES = ['cart_coupons', 'cart_items', 'carts', 'coupons', 'supply_center_stock', 'product_assays', 'product_sales']

export async function seedCart(_db: Kysely<DB>, _ctx: SeedContext): Promise<void> {
  // filled in by the cart domain
}
