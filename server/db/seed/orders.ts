import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'

/** Order-domain seed: 12 months of order history per demo account, shipments, S-quotes (issue 9). */
export const ORDER_SEED_TABLES = [
  'service_requests', 'lead_items', 'lead_carts', 'quote_lines', 'quotes', 'shipments', 'order_charges', 'order_lines',
  'orders', 'order_placements',
]

export async function seedOrders(_db: Kysely<DB>, _ctx: SeedContext): Promise<void> {
  // filled in by the order domain
}
