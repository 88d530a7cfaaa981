import type { Transaction } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'

/** Tables this module fills (emptied first by `db:seed --reset`), children before parents. */
export const CATALOG_EXTRA_TABLES: string[] = []

/** Catalogue extras: documents, variants, origins, descriptions. Deterministic from ctx.seed. */
export async function seedCatalogExtras(_trx: Transaction<DB>, _ctx: SeedContext): Promise<void> {}
