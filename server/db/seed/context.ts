import type { SeedProduct } from './catalog'

/** What the core seed hands to the domain seeds that run after it, in the same transaction. */
export interface SeedContext {
  seed: number
  products: SeedProduct[]
  /** catalog number -> products.id */
  productIds: Map<string, number>
  /** category code -> categories.id */
  categoryIds: Map<string, number>
}
