import type { Transaction } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'

/** Tables this module fills (emptied first by `db:seed --reset`), children before parents. */
export const MARKETING_TABLES: string[] = []

/** Marketing content, promotions and special columns. Deterministic from ctx.seed. */
export async function seedMarketing(_trx: Transaction<DB>, _ctx: SeedContext): Promise<void> {}
