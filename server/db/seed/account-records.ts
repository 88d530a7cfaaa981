import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'

/** Issue 4 seed (account-records). Deterministic: no clocks beyond SEED_DATE, no unseeded randomness. */
/** Tables this seed fills (truncated by a reset seed). */
export const ACCOUNT_RECORD_TABLES: string[] = []

export async function seedAccountRecords(_db: Kysely<DB>, _ctx: SeedContext): Promise<void> {}
