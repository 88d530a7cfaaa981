import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'

/** Issue 4 seed (auth). Deterministic: no clocks beyond SEED_DATE, no unseeded randomness. */
/** Tables this seed fills (truncated by a reset seed). */
export const AUTH_SEED_TABLES: string[] = []

export async function seedAuth(_db: Kysely<DB>, _ctx: SeedContext): Promise<void> {}
